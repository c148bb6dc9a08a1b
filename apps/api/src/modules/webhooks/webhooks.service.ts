/**
 * Webhook subscriptions of an organisation (contract webhooks.ts), managed by its admins: a URL the SSRF guard
 * lets through (CRAWL_ALLOW_HOSTS opens private addresses, as for the crawler), the events sent there, and a
 * signing secret shown once. The delivery log, "send again" and "send test event" go through the same delivery
 * job as the events themselves.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreatedWebhook,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSubscription,
} from '@argo/contract';
import { webhookUrlRefusal } from '@argo/engine';
import type { Database } from '../../db/client';
import type { WebhookDeliveryRow } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { webhookDeliverJob } from '../../jobs/definitions/webhook-jobs';
import type { JobQueue } from '../../jobs/queue';
import { recordWebhookEvent } from './webhook-events';
import {
  deleteSubscription,
  findDelivery,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  reopenDelivery,
  type SubscriptionListRow,
} from './webhooks.repository';

/** Subscriptions one organisation may have: enough for every tool it uses, few enough to deliver promptly. */
const MAX_SUBSCRIPTIONS = 20;

export interface WebhookServiceDeps {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** CRAWL_ALLOW_HOSTS: private addresses a webhook URL may point to. */
  allowAddresses: readonly string[];
}

const toSubscription = (row: SubscriptionListRow): WebhookSubscription => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  description: row.description,
  created_at: row.createdAt.toISOString(),
  created_by: row.creator
    ? { id: row.creator.id, email: row.creator.email, name: row.creator.name || null }
    : null,
});

const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  subscription_id: row.subscriptionId,
  event_id: row.eventId,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  last_status_code: row.lastStatusCode,
  last_error: row.lastError,
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  delivered_at: row.deliveredAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export async function listWebhooks(db: Database, actor: ActorUser): Promise<WebhookSubscription[]> {
  return (await listSubscriptions(db, actor.accountId)).map(toSubscription);
}

export async function createWebhook(
  deps: WebhookServiceDeps,
  actor: ActorUser,
  body: { url: string; events: WebhookEventType[]; description?: string | null },
): Promise<CreatedWebhook> {
  const refusal = webhookUrlRefusal(body.url, deps.allowAddresses);
  if (refusal) {
    throw badRequest(
      `url: ${refusal}. Use the receiver's public address, or ask your administrator to add it to CRAWL_ALLOW_HOSTS.`,
      'url',
    );
  }
  const existing = await listSubscriptions(deps.db, actor.accountId);
  if (existing.length >= MAX_SUBSCRIPTIONS) {
    throw conflict(
      `An organisation may have at most ${MAX_SUBSCRIPTIONS} webhook subscriptions. Delete one first.`,
    );
  }
  const secret = `whsec_${randomBytes(32).toString('hex')}`;
  const id = await insertSubscription(deps.db, {
    accountId: actor.accountId,
    url: body.url,
    events: body.events,
    description: body.description ?? null,
    secret,
    createdBy: actor.id,
  });
  const [row] = await listSubscriptions(deps.db, actor.accountId, id);
  if (!row) throw new Error('The new webhook subscription was not found');
  return { subscription: toSubscription(row), secret };
}

export async function removeWebhook(db: Database, actor: ActorUser, id: string): Promise<void> {
  if (!(await deleteSubscription(db, actor.accountId, id)))
    throw notFound('A webhook subscription with this id');
}

export async function listWebhookDeliveries(
  db: Database,
  actor: ActorUser,
  subscriptionId: string,
  query: { page: number; page_size: number },
) {
  const [subscription] = await listSubscriptions(db, actor.accountId, subscriptionId);
  if (!subscription) throw notFound('A webhook subscription with this id');
  const { rows, total } = await listDeliveries(
    db,
    actor.accountId,
    subscriptionId,
    query.page,
    query.page_size,
  );
  return { items: rows.map(toDelivery), total, page: query.page, page_size: query.page_size };
}

/** A `webhook.test` event to this one subscription, logged and retried like any other. */
export async function sendTestEvent(
  deps: WebhookServiceDeps,
  actor: ActorUser,
  subscriptionId: string,
): Promise<WebhookDelivery> {
  const [subscription] = await listSubscriptions(deps.db, actor.accountId, subscriptionId);
  if (!subscription) throw notFound('A webhook subscription with this id');
  const [delivery] = await recordWebhookEvent(
    deps.db,
    deps.jobs,
    {
      accountId: actor.accountId,
      id: `evt_test_${randomUUID().replaceAll('-', '')}`,
      type: WEBHOOK_TEST_EVENT,
      data: { message: 'A test event from Argo.', subscription_id: subscriptionId, sent_by: actor.email },
    },
    subscriptionId,
  );
  if (!delivery) throw new Error('The test delivery was not recorded');
  return toDelivery(delivery);
}

/** Sends a delivery again (same event id and body), whatever its state, unless an attempt is in flight. */
export async function resendDelivery(
  deps: WebhookServiceDeps,
  actor: ActorUser,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const reopened = await reopenDelivery(deps.db, actor.accountId, deliveryId);
  if (!reopened) {
    if (await findDelivery(deps.db, actor.accountId, deliveryId)) {
      throw conflict('This delivery is being sent right now. Try again in a few seconds.');
    }
    throw notFound('A webhook delivery with this id');
  }
  await deps.jobs.enqueue(webhookDeliverJob, { delivery_id: reopened.id, attempts: reopened.attempts });
  return toDelivery(reopened);
}
