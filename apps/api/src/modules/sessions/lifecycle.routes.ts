import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { cancelSession, restartSession, retrySession } from './lifecycle.service';

/** cancel / retry / restart: 409 with the status named when the status does not allow it. */
export function registerLifecycleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, jobs } = deps;

  route(app, routes.sessionsCancel, async ({ params, request }) =>
    cancelSession(db, requireUser(request), params.id),
  );

  route(app, routes.sessionsRetry, async ({ params, request }) =>
    retrySession(db, jobs, requireUser(request), params.id),
  );

  route(app, routes.sessionsRestart, async ({ params, request }) =>
    restartSession(db, jobs, requireUser(request), params.id),
  );
}
