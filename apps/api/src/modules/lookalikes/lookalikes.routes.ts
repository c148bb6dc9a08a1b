import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { clearSessionSeeds, rankLookalikesFor, setSessionSeeds } from './lookalikes.service';

export function registerLookalikeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  route(app, routes.lookalikesRank, async ({ body, request }) =>
    rankLookalikesFor(db, requireUser(request), body),
  );

  route(app, routes.lookalikesSetSeeds, async ({ params, body, request }) =>
    setSessionSeeds(db, requireUser(request), params.id, body),
  );

  route(app, routes.lookalikesClearSeeds, async ({ params, request }) => {
    await clearSessionSeeds(db, requireUser(request), params.id);
    return undefined;
  });
}
