import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { createCrmDeps } from './crm.deps';
import {
  cancelCrmJob,
  connectCrm,
  disconnectCrm,
  getCrmJob,
  getCrmJobLog,
  listCrmConnections,
  listSessionCrmJobs,
  startCrmPush,
  startCrmSync,
} from './crm.service';

export function registerCrmRoutes(app: FastifyInstance, { db, jobs, config }: AppDeps) {
  const deps = { db, jobs, crm: createCrmDeps(config) };

  route(app, routes.crmConnections, async ({ request }) => listCrmConnections(db, requireUser(request)));

  route(app, routes.crmConnect, async ({ request, params, body }) =>
    connectCrm(deps, requireUser(request), params.provider, body),
  );

  route(app, routes.crmDisconnect, async ({ request, params }) => {
    await disconnectCrm(db, requireUser(request), params.provider);
    return undefined;
  });

  route(app, routes.crmSync, async ({ request, params }) =>
    startCrmSync(deps, requireUser(request), params.provider),
  );

  route(app, routes.crmPush, async ({ request, params, body }) =>
    startCrmPush(deps, requireUser(request), params.id, body),
  );

  route(app, routes.crmSessionJobs, async ({ request, params }) =>
    listSessionCrmJobs(db, requireUser(request), params.id),
  );

  route(app, routes.crmJob, async ({ request, params }) => getCrmJob(db, requireUser(request), params.id));

  route(app, routes.crmJobLog, async ({ request, params, query }) =>
    getCrmJobLog(db, requireUser(request), params.id, query),
  );

  route(app, routes.crmJobCancel, async ({ request, params }) =>
    cancelCrmJob(db, requireUser(request), params.id),
  );
}
