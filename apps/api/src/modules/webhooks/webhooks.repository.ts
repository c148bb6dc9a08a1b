import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  users,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../db/schema';

export interface SubscriptionListRow extends Omit<WebhookSubscriptionRow, 'secret'> {
  creator: { id: string; email: string; name: string } | null;
}

const subscriptionColumns = {
  id: webhookSubscriptions.id,
  accountId: webhookSubscriptions.accountId,
  url: webhookSubscriptions.url,
  events: webhookSubscriptions.events,
  description: webhookSubscriptions.description,
  createdBy: webhookSubscriptions.createdBy,
  createdAt: webhookSubscriptions.createdAt,
  creatorEmail: users.email,
  creatorName: users.name,
};

export async function listSubscriptions(
  db: DatabaseExecutor,
  accountId: string,
  id?: string,
): Promise<SubscriptionListRow[]> {
  const rows = await db
    .select(subscriptionColumns)
    .from(webhookSubscriptions)
    .leftJoin(users, eq(users.id, webhookSubscriptions.createdBy))
    .where(
      and(eq(webhookSubscriptions.accountId, accountId), id ? eq(webhookSubscriptions.id, id) : undefined),
    )
    .orderBy(desc(webhookSubscriptions.createdAt), webhookSubscriptions.id);
  return rows.map(({ creatorEmail, creatorName, ...row }) => ({
    ...row,
    creator:
      row.createdBy && creatorEmail !== null
        ? { id: row.createdBy, email: creatorEmail, name: creatorName ?? '' }
        : null,
  }));
}

export async function insertSubscription(
  db: DatabaseExecutor,
  values: Pick<
    WebhookSubscriptionRow,
    'accountId' | 'url' | 'events' | 'description' | 'secret' | 'createdBy'
  >,
): Promise<string> {
  const [row] = await db
    .insert(webhookSubscriptions)
    .values(values)
    .returning({ id: webhookSubscriptions.id });
  return (row as { id: string }).id;
}

export async function deleteSubscription(
  db: DatabaseExecutor,
  accountId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.accountId, accountId)))
    .returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

export async function listDeliveries(
  db: DatabaseExecutor,
  accountId: string,
  subscriptionId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.accountId, accountId),
    eq(webhookDeliveries.subscriptionId, subscriptionId),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findDelivery(
  db: DatabaseExecutor,
  accountId: string,
  id: string,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.accountId, accountId)));
  return row ?? null;
}

export interface NewDelivery {
  eventId: string;
  eventType: string;
  body: string;
  data: unknown;
}

/**
 * One delivery of the event to each subscription of the account that names its type (or to `onlyTo`, whatever it
 * names: the test event). An event already recorded for a subscription is not recorded again.
 */
export async function insertDeliveries(
  db: DatabaseExecutor,
  accountId: string,
  event: NewDelivery,
  onlyTo?: string,
): Promise<WebhookDeliveryRow[]> {
  const rows = await db.execute<{ id: string }>(sql`
    insert into webhook_deliveries (account_id, subscription_id, event_id, event_type, body, data, next_attempt_at)
    select s.account_id, s.id, ${event.eventId}, ${event.eventType}, ${event.body}, ${JSON.stringify(event.data)}::jsonb,
      now()
    from webhook_subscriptions s
    where s.account_id = ${accountId}::uuid
      and ${onlyTo ? sql`s.id = ${onlyTo}::uuid` : sql`${event.eventType} = any(s.events)`}
    on conflict (subscription_id, event_id) do nothing
    returning id`);
  if (rows.rows.length === 0) return [];
  const ids = rows.rows.map((r) => r.id);
  return db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
}

/** Whether any subscription of the account names this event type (most accounts have none: one cheap read). */
export async function hasSubscribers(
  db: DatabaseExecutor,
  accountId: string,
  eventType: string,
): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (
      select 1 from webhook_subscriptions where account_id = ${accountId}::uuid and ${eventType} = any(events)
    ) as found`);
  return result.rows[0]?.found === true;
}

/** A delivery made due again by "send again": pending, tried for another 24 hours; null while an attempt is in flight. */
export async function reopenDelivery(
  db: DatabaseExecutor,
  accountId: string,
  id: string,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      retryUntil: sql`now() + interval '24 hours'`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.accountId, accountId),
        sql`(${webhookDeliveries.sendingUntil} is null or ${webhookDeliveries.sendingUntil} < now())`,
      ),
    )
    .returning();
  return row ?? null;
}

export interface ClaimedDelivery extends Record<string, unknown> {
  id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Takes the delivery for one attempt: only while it is pending, no other attempt holds it, and the job is the one
 * expected (`attempts` as the job was queued for, or an attempt whose holder died: its lease ran out without a
 * result). The lease keeps a second worker and "send again" from sending at the same time; a delivered row is
 * never taken again.
 */
export async function claimDelivery(
  db: DatabaseExecutor,
  id: string,
  expectedAttempts: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery | null> {
  const result = await db.execute<ClaimedDelivery>(sql`
    update webhook_deliveries d
    set attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = null,
        sending_until = now() + make_interval(secs => ${leaseSeconds})
    from webhook_subscriptions s
    where d.id = ${id}::uuid and s.id = d.subscription_id and d.status = 'pending'
      and (d.sending_until is null or d.sending_until < now())
      and (d.attempts = ${expectedAttempts} or d.sending_until is not null)
    returning d.id, d.event_id, d.event_type, d.body, d.attempts, s.url, s.secret`);
  return result.rows[0] ?? null;
}

/** Records a 2xx: delivered, never sent again by itself. */
export async function recordDelivered(db: DatabaseExecutor, id: string, statusCode: number): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries
    set status = 'delivered', delivered_at = now(), last_status_code = ${statusCode}, last_error = null,
        sending_until = null, next_attempt_at = null
    where id = ${id}::uuid`);
}

/**
 * Records a failed attempt; the next one is due in `retryInSeconds` unless that passes the delivery's retry window,
 * when it is given up (`failed`). Answers whether another attempt is due.
 */
export async function recordFailure(
  db: DatabaseExecutor,
  id: string,
  failure: { statusCode: number | null; error: string },
  retryInSeconds: number,
): Promise<{ retry: boolean; attempts: number }> {
  const result = await db.execute<{ retry: boolean; attempts: number }>(sql`
    update webhook_deliveries
    set last_status_code = ${failure.statusCode}, last_error = ${failure.error}, sending_until = null,
        status = case when now() + make_interval(secs => ${retryInSeconds}) <= retry_until then 'pending' else 'failed' end,
        next_attempt_at = case when now() + make_interval(secs => ${retryInSeconds}) <= retry_until
          then now() + make_interval(secs => ${retryInSeconds}) end
    where id = ${id}::uuid
    returning status = 'pending' as retry, attempts`);
  return result.rows[0] ?? { retry: false, attempts: 0 };
}
