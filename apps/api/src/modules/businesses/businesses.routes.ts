import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { getResults } from './businesses.service';

export function registerBusinessRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, routes.sessionsResults, async ({ params, query, request }) =>
    getResults(deps.db, requireUser(request), params.id, query),
  );
}
