import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import {
  addAccountSuppressions,
  listAccountSuppressions,
  removeAccountSuppression,
} from './suppressions.service';

export function registerPrivacyRoutes(app: FastifyInstance, { db }: AppDeps) {
  route(app, routes.suppressionsList, async ({ request }) =>
    listAccountSuppressions(db, requireUser(request)),
  );

  route(app, routes.suppressionsAdd, async ({ request, body }) =>
    addAccountSuppressions(db, requireUser(request), body),
  );

  route(app, routes.suppressionsRemove, async ({ request, params }) => {
    await removeAccountSuppression(db, requireUser(request), params.id);
    return undefined;
  });
}
