import { bigint, customType, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAtColumn, timestamptz } from './columns';
import { sessions } from './sessions';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** How a run was started: the first run, a retry of its failed items, or a restart (a new run id). */
export type SessionRunMode = 'run' | 'retry' | 'restart';

/** A business as the progress screens list the latest ones. */
export interface LatestBusinessEntry {
  name: string;
  domain: string | null;
  phone: string | null;
  city: string | null;
  category: string | null;
  source: string;
}

/**
 * The run a session's worker is on (one row per session, replaced by each new run). `run_id` is the run the
 * businesses are written under; it equals `sessions.run_id` except while a restart runs, which switches it on
 * success. `token` names the queued job that may work on it (a job carrying another token is stale and leaves);
 * `claim` the attempt of that job working on it now (a newer attempt takes over, the older one stops).
 * `state` is the resumable cursor: for an import the last committed line, for a search the tiles and their state.
 */
export const sessionRuns = pgTable('session_runs', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull(),
  mode: text('mode').$type<SessionRunMode>().notNull(),
  token: uuid('token').notNull(),
  jobId: text('job_id'),
  claim: uuid('claim'),
  state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * The businesses an enrichment of "all matching the filters" covers, chosen when it was queued:
   * kept out of `state`, which every commit rewrites, so 100,000 ids are written once.
   */
  scopeIds: uuid('scope_ids').array(),
  latest: jsonb('latest').$type<LatestBusinessEntry[]>().notNull().default([]),
  /** When the current attempt started, and `progress.done` then: the rate counts this attempt's work only. */
  attemptStartedAt: timestamptz('attempt_started_at'),
  doneAtAttemptStart: integer('done_at_attempt_start').notNull().default(0),
  createdAt: createdAtColumn(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** An uploaded CSV, kept in PostgreSQL so that any worker process can read it (and a restart re-import it). */
export const sessionFiles = pgTable('session_files', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type'),
  size: bigint('size', { mode: 'number' }).notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAtColumn(),
});

/** CSV rows an import refused, with their physical line and the reason in plain words. */
export const sessionRejectedRows = pgTable(
  'session_rejected_rows',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').notNull(),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.runId, t.line] })],
);

/**
 * Rows an import took in without a value it could not read (a website that is no web address, an email that is no
 * address…), with their physical line and what was left empty in plain words: the row is imported, the user is told.
 */
export const sessionImportNotes = pgTable(
  'session_import_notes',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').notNull(),
    line: integer('line').notNull(),
    note: text('note').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.runId, t.line] })],
);

/**
 * Every match key (domain, phone, name + address) of the businesses of a run → the dedupe_key of the business
 * that has it, so a record found in a later batch, tile, source or after a resume joins the business stored
 * earlier (engine README: MergedBusiness.match_keys).
 */
export const businessMatchKeys = pgTable(
  'business_match_keys',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').notNull(),
    key: text('key').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.runId, t.key] })],
);

/** Geocoding answers shared by every worker process (Nominatim's policy asks to cache). */
export const geocodeCache = pgTable('geocode_cache', {
  key: text('key').primaryKey(),
  value: jsonb('value'),
  createdAt: createdAtColumn(),
});

export type SessionRunRow = typeof sessionRuns.$inferSelect;
/** What a session's progress figures read of its run (lifecycle.service getRunInfo). */
export type SessionRunSummary = Pick<
  SessionRunRow,
  'runId' | 'mode' | 'latest' | 'attemptStartedAt' | 'doneAtAttemptStart'
>;
