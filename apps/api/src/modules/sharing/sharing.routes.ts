import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { grantSessionAccess, listSessionSharedUsers, revokeSessionAccess } from './sharing.service';

export function registerSharingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  route(app, routes.sharingGrant, async ({ params, body, request }) =>
    grantSessionAccess(db, requireUser(request), params.id, body),
  );

  route(app, routes.sharingRevoke, async ({ params, query, request }) => {
    await revokeSessionAccess(db, requireUser(request), params.id, query.user_id);
    return undefined;
  });

  route(app, routes.sharingList, async ({ params, request }) =>
    listSessionSharedUsers(db, requireUser(request), params.id),
  );
}
