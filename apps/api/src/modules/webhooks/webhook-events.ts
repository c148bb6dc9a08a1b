/**
 * Announcing events to the organisation's webhook subscriptions: each event becomes one delivery row per
 * subscription that names its type (its body fixed then, the same bytes on every attempt) and one delivery job.
 * The event id is stable (derived from what happened, e.g. the run that completed), so announcing the same event
 * twice delivers it once per subscription.
 *
 * A session run announces its end with announceRunFinished, which neither waits nor throws: a webhook can never
 * fail or slow the run it reports on.
 */
import { createHash } from 'node:crypto';
import type { WebhookEventType } from '@argo/contract';
import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import type { WebhookDeliveryRow } from '../../db/schema';
import type { JobDispatch, JobLogger } from '../../jobs/define-job';
import { webhookDeliverJob } from '../../jobs/definitions/webhook-jobs';
import { hasSubscribers, insertDeliveries } from './webhooks.repository';

export interface WebhookEvent {
  accountId: string;
  id: string;
  type: WebhookEventType | 'webhook.test';
  data: Record<string, unknown>;
  createdAt?: Date;
}

/** A stable event id from what makes the event unique: `evt_` and 32 hex characters. */
const eventIdOf = (...parts: string[]) =>
  `evt_${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)}`;

/** The JSON body every attempt sends: `{ id, type, created_at, data }`. */
const eventBody = (event: WebhookEvent) =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: (event.createdAt ?? new Date()).toISOString(),
    data: event.data,
  });

/** Records the event's deliveries and queues their first attempts; answers the deliveries made. */
export async function recordWebhookEvent(
  db: DatabaseExecutor,
  jobs: Pick<JobDispatch, 'enqueue'>,
  event: WebhookEvent,
  onlyTo?: string,
): Promise<WebhookDeliveryRow[]> {
  const deliveries = await insertDeliveries(
    db,
    event.accountId,
    { eventId: event.id, eventType: event.type, body: eventBody(event), data: event.data },
    onlyTo,
  );
  for (const delivery of deliveries) {
    await jobs.enqueue(webhookDeliverJob, { delivery_id: delivery.id, attempts: 0 });
  }
  return deliveries;
}

export interface RunFinished {
  accountId: string;
  sessionId: string;
  runId: string;
  /** The run's job token: the signal events the run recorded carry it (signal_events.run_id). */
  token?: string;
  stage: 'discovering' | 'importing' | 'enriching';
  status: 'completed' | 'failed';
  progress: { total: number; done: number; failed: number };
  error?: string | null;
}

/** The event a finished run makes: an enrichment's end, else a session's. */
const typeOf = (run: RunFinished): WebhookEventType =>
  run.status === 'failed'
    ? 'session.failed'
    : run.stage === 'enriching'
      ? 'enrichment.completed'
      : 'session.completed';

async function announce(db: DatabaseExecutor, jobs: Pick<JobDispatch, 'enqueue'>, run: RunFinished) {
  await announceEnd(db, jobs, run);
  if (run.stage === 'enriching' && run.status === 'completed' && run.token)
    await announceSignals(db, jobs, run);
}

/**
 * The changes a finished enrichment recorded (modules/signals), one event each, once they are committed: the
 * event id is the signal event's, so a run announced again delivers none twice.
 */
async function announceSignals(db: DatabaseExecutor, jobs: Pick<JobDispatch, 'enqueue'>, run: RunFinished) {
  if (!(await hasSubscribers(db, run.accountId, 'signal.recorded'))) return;
  const found = await db.execute<Record<string, unknown>>(sql`
    select e.id, e.type, e.key, e.before, e.after, e.evidence, e.page, e.occurred_at,
      b.id as business_id, b.name as business_name, b.website, s.name as session_name
    from signal_events e join businesses b on b.id = e.business_id join sessions s on s.id = e.session_id
    where e.session_id = ${run.sessionId}::uuid and e.run_id = ${run.token}::uuid
    order by e.occurred_at, e.id`);
  for (const row of found.rows) {
    const occurredAt = new Date(row.occurred_at as string);
    await recordWebhookEvent(db, jobs, {
      accountId: run.accountId,
      id: eventIdOf('signal.recorded', row.id as string),
      type: 'signal.recorded',
      createdAt: occurredAt,
      data: {
        signal: {
          id: row.id,
          type: row.type,
          key: row.key,
          before: row.before ?? null,
          after: row.after ?? null,
          evidence: row.evidence ?? null,
          page: row.page ?? null,
          occurred_at: occurredAt.toISOString(),
        },
        business: { id: row.business_id, name: row.business_name, website: row.website ?? null },
        session: { id: run.sessionId, name: row.session_name },
      },
    });
  }
}

async function announceEnd(db: DatabaseExecutor, jobs: Pick<JobDispatch, 'enqueue'>, run: RunFinished) {
  const type = typeOf(run);
  if (!(await hasSubscribers(db, run.accountId, type))) return;
  const found = await db.execute<{ name: string; type: string }>(sql`
    select name, type from sessions where id = ${run.sessionId}::uuid`);
  const session = found.rows[0];
  if (!session) return;
  const finishedAt = new Date();
  await recordWebhookEvent(db, jobs, {
    accountId: run.accountId,
    id: eventIdOf(type, run.sessionId, run.runId),
    type,
    createdAt: finishedAt,
    data: {
      session: { id: run.sessionId, name: session.name, type: session.type, status: run.status },
      run: { id: run.runId, stage: run.stage },
      progress: run.progress,
      ...(run.status === 'failed' ? { error: run.error ?? null } : {}),
      finished_at: finishedAt.toISOString(),
    },
  });
}

/** Announces a run's end to the subscriptions; never waited for, never throws (a failure is logged). */
export function announceRunFinished(
  ctx: { db: DatabaseExecutor; jobs?: Pick<JobDispatch, 'enqueue'>; log: JobLogger },
  run: RunFinished,
): void {
  const { jobs } = ctx;
  if (!jobs) return;
  announce(ctx.db, jobs, run).catch((error: unknown) =>
    ctx.log.warn({ err: error, sessionId: run.sessionId }, 'could not announce the run to webhooks'),
  );
}
