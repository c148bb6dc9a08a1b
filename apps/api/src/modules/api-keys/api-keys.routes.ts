import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

export function registerApiKeyRoutes(app: FastifyInstance, { db }: AppDeps) {
  route(app, routes.apiKeysList, async ({ request }) => listApiKeys(db, requireUser(request)));

  route(app, routes.apiKeysCreate, async ({ request, body }) => createApiKey(db, requireUser(request), body));

  route(app, routes.apiKeysRevoke, async ({ request, params }) => {
    await revokeApiKey(db, requireUser(request), params.id);
    return undefined;
  });
}
