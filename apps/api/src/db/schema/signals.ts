import type { AnalyzerType } from '@argo/contract';
import type { PageVersion } from '@argo/engine';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { businesses } from './businesses';
import { createdAtColumn, idColumn, timestamptz, updatedAtColumn } from './columns';
import { sessions } from './sessions';
import { users } from './users';

/**
 * What enrichment runs saw of a business, one row per fact kind and value (engine signals/facts.ts): a run that
 * sees the same value again extends the last row (`seen_until`, `runs`), so the table grows with changes, not
 * with runs. `run_key` is the last run that saw it (the enrichment's job token), so a retried run counts once.
 */
export const observations = pgTable(
  'observations',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    valueHash: text('value_hash').notNull(),
    /** The page and the words each item was read from (not hashed). */
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull().default({}),
    pageUrl: text('page_url'),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    seenUntil: timestamptz('seen_until').notNull().defaultNow(),
    runs: integer('runs').notNull().default(1),
    runKey: uuid('run_key').notNull(),
  },
  (t) => [index('observations_business_kind').on(t.businessId, t.kind, t.firstSeenAt.desc())],
);
export type ObservationRow = typeof observations.$inferSelect;

/**
 * What changed at a business between two observations (engine signals/events.ts). One row per business, run,
 * type and key: a retried run never records an event twice.
 */
export const signalEvents = pgTable(
  'signal_events',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    key: text('key').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    evidence: jsonb('evidence').$type<{ page: string | null; text: string | null } | null>(),
    page: text('page'),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    runId: uuid('run_id').notNull(),
  },
  (t) => [
    unique('signal_events_business_run_type_key').on(t.businessId, t.runId, t.type, t.key),
    index('signal_events_account_time').on(t.accountId, t.occurredAt.desc()),
    index('signal_events_session_time').on(t.sessionId, t.occurredAt.desc()),
  ],
);
export type SignalEventRow = typeof signalEvents.$inferSelect;

export type WatchFrequency = 'daily' | 'weekly' | 'monthly';

/**
 * A session (or some of its businesses) re-enriched on a schedule with the analyzers of its last enrichment.
 * One per session. `next_run_at` null while paused; the signals tick starts what is due.
 */
export const signalWatches = pgTable(
  'signal_watches',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    businessIds: uuid('business_ids').array(),
    /** The analyzers each run repeats: those of the session's enrichment when the watch was made. */
    types: text('types').array().$type<AnalyzerType[]>().notNull(),
    frequency: text('frequency').$type<WatchFrequency>().notNull(),
    status: text('status').$type<'active' | 'paused'>().notNull().default('active'),
    nextRunAt: timestamptz('next_run_at'),
    lastRunAt: timestamptz('last_run_at'),
    lastError: text('last_error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('signal_watches_session').on(t.sessionId),
    index('signal_watches_due').on(t.nextRunAt).where(sql`${t.status} = 'active'`),
  ],
);
export type SignalWatchRow = typeof signalWatches.$inferSelect;

export type SignalDigest = 'off' | 'daily' | 'weekly';

/**
 * A user's signals: when they last marked them seen ("new since I last looked"; null: never), and their email
 * digest of what changed (`off`, `daily`, `weekly`) with when the last one was due.
 */
export const signalReads = pgTable('signal_reads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamptz('seen_at'),
  digest: text('digest').$type<SignalDigest>().notNull().default('off'),
  digestSentAt: timestamptz('digest_sent_at'),
});

/**
 * The pages a business's last crawl read, each with its server validators (ETag, Last-Modified) and a hash of its
 * text: a watched re-enrichment asks for them again conditionally (engine crawl/recrawl.ts), and a site whose
 * every page is as it was is not analysed again.
 */
export const pageVersions = pgTable('page_versions', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  pages: jsonb('pages').$type<PageVersion[]>().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
