import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { registerLifecycleRoutes } from './lifecycle.routes';
import {
  changeSession,
  createSession,
  getSessionInfo,
  listVisibleSessions,
  removeSession,
} from './sessions.service';

export function registerSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // cancel / retry / restart start and stop work: lifecycle.*.ts.
  registerLifecycleRoutes(app, deps);

  route(app, routes.sessionsCreate, async ({ body, request }) =>
    createSession(db, requireUser(request), body),
  );

  route(app, routes.sessionsInfo, async ({ params, request }) =>
    getSessionInfo(db, requireUser(request), params.id),
  );

  route(app, routes.sessionsList, async ({ query, request }) =>
    listVisibleSessions(db, requireUser(request), query),
  );

  route(app, routes.sessionsUpdate, async ({ params, body, request }) =>
    changeSession(db, requireUser(request), params.id, body),
  );

  route(app, routes.sessionsDelete, async ({ params, request }) => {
    await removeSession(db, requireUser(request), params.id);
    return undefined;
  });
}
