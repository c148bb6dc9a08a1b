import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { createAccount, getMyAccount, updateMyAccount } from './accounts.service';

export function registerAccountRoutes(app: FastifyInstance, { db }: AppDeps) {
  route(app, routes.accountsMe, async ({ request }) => getMyAccount(db, request.actor));

  route(app, routes.accountsCreate, async ({ request, body }) => createAccount(db, request.actor, body));

  route(app, routes.accountsUpdate, async ({ request, body }) =>
    updateMyAccount(db, requireUser(request), body),
  );
}
