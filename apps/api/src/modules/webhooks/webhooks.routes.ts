import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import {
  createWebhook,
  listWebhookDeliveries,
  listWebhooks,
  removeWebhook,
  resendDelivery,
  sendTestEvent,
  type WebhookServiceDeps,
} from './webhooks.service';

export function registerWebhookRoutes(app: FastifyInstance, { db, jobs, config }: AppDeps) {
  const deps: WebhookServiceDeps = { db, jobs, allowAddresses: config.CRAWL_ALLOW_HOSTS };

  route(app, routes.webhooksList, async ({ request }) => listWebhooks(db, requireUser(request)));

  route(app, routes.webhooksCreate, async ({ request, body }) =>
    createWebhook(deps, requireUser(request), body),
  );

  route(app, routes.webhooksDelete, async ({ request, params }) => {
    await removeWebhook(db, requireUser(request), params.id);
    return undefined;
  });

  route(app, routes.webhooksDeliveries, async ({ request, params, query }) =>
    listWebhookDeliveries(db, requireUser(request), params.id, query),
  );

  route(app, routes.webhooksTest, async ({ request, params }) =>
    sendTestEvent(deps, requireUser(request), params.id),
  );

  route(app, routes.webhooksResend, async ({ request, params }) =>
    resendDelivery(deps, requireUser(request), params.id),
  );
}
