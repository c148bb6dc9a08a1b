import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAtColumn, idColumn, timestamptz } from './columns';
import { users } from './users';

/**
 * API keys: a user's bearer tokens `argo_live_<prefix>_<secret>`. Only the SHA-256 of the whole key is kept
 * (`secret_hash`, hex); `prefix` finds the row and is shown in lists. A key acts as its `user_id` within `scope`;
 * it stops working when revoked, expired, or when its user is disabled or deleted (the row goes with the user).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scope: text('scope').$type<'read' | 'read_write'>().notNull(),
    expiresAt: timestamptz('expires_at'),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('api_keys_prefix').on(t.prefix),
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
    check('api_keys_scope_check', sql`${t.scope} in ('read', 'read_write')`),
  ],
);

/**
 * An organisation's webhook subscription: a URL and the event types sent to it. `secret` signs every delivery
 * (HMAC-SHA256), so it is kept as it is: Argo must compute signatures with it.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    secret: text('secret').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('webhook_subscriptions_account_idx').on(t.accountId)],
);

/**
 * One event to one subscription. (subscription_id, event_id) is unique, so an event is delivered once per
 * subscription however often it is announced. `body` is the exact JSON sent, the same bytes on every attempt.
 * `sending_until` is the lease of the attempt in flight: a second worker (or "send again") does not send while it
 * holds, and a delivered row is never sent again by a retry.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    data: jsonb('data').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    sendingUntil: timestamptz('sending_until'),
    /** When the next automatic attempt is due; null when none is (delivered, given up). */
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** Failed attempts are tried again until then: 24 hours from the event, or from "send again". */
    retryUntil: timestamptz('retry_until').notNull().default(sql`now() + interval '24 hours'`),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('webhook_deliveries_subscription_event').on(t.subscriptionId, t.eventId),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
