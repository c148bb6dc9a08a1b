import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import { isCognitoProvider } from '../../auth/cognito-provider';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { conflict } from '../../http/errors';
import { route } from '../../http/route';
import {
  assignRole,
  assignVenture,
  deleteAccountUser,
  listAccountSessions,
  listAccountUsers,
  listAccountVentures,
  removeVenture,
} from './admin.service';
import { NO_COGNITO_POOL_MESSAGE, syncCognitoUsers } from './cognito-sync.service';

export function registerAdminRoutes(app: FastifyInstance, { db, identity }: AppDeps) {
  route(app, routes.adminListUsers, async ({ request, query }) =>
    listAccountUsers(db, requireUser(request), query),
  );

  route(app, routes.adminAssignRole, async ({ request, body }) =>
    assignRole(db, requireUser(request), body.user_id, body.role),
  );

  route(app, routes.adminAssignVenture, async ({ request, body }) =>
    assignVenture(db, requireUser(request), body.user_id, body.venture_id),
  );

  route(app, routes.adminRemoveVenture, async ({ request, body }) =>
    removeVenture(db, requireUser(request), body.user_id, body.venture_id),
  );

  route(app, routes.adminDeleteUser, async ({ request, params }) => {
    await deleteAccountUser(db, requireUser(request), params.id);
    return undefined;
  });

  route(app, routes.adminListSessions, async ({ request, query }) =>
    listAccountSessions(db, requireUser(request), query),
  );

  route(app, routes.adminListVentures, async ({ request }) => listAccountVentures(db, requireUser(request)));

  // Registered with either provider, so the API (and its OpenAPI document) is the same in both modes; with the
  // built-in sign-in there is no pool, which a 409 says in words rather than a bare 404.
  route(app, routes.adminSyncCognitoUsers, async ({ request }) => {
    const actor = requireUser(request);
    if (!isCognitoProvider(identity)) throw conflict(NO_COGNITO_POOL_MESSAGE);
    return syncCognitoUsers(db, actor, () =>
      identity.listPoolUsers().catch((error: unknown) => {
        request.log.error({ err: error }, 'Cognito ListUsers failed');
        throw error;
      }),
    );
  });
}
