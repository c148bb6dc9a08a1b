import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAtColumn, idColumn, timestamptz, updatedAtColumn } from './columns';
import { users } from './users';
import { ventures } from './ventures';

export const sessionType = pgEnum('session_type', ['search', 'competitors', 'import']);
export const sessionStatus = pgEnum('session_status', [
  'draft',
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
]);
export const shareAccess = pgEnum('share_access', ['view', 'edit']);

/**
 * One discovery job and everything it found. `run_id` names the current run: a restart writes its
 * businesses under a new run id and switches this column when it succeeds, so results are replaced atomically.
 * `owner_id` has no cascade: a user who still owns sessions cannot be deleted until they are handed over or
 * deleted (deleting the whole account still works, as both cascade in the same statement).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    ventureId: uuid('venture_id').references(() => ventures.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    type: sessionType('type').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    status: sessionStatus('status').notNull().default('draft'),
    stage: text('stage'),
    progressTotal: integer('progress_total').notNull().default(0),
    progressDone: integer('progress_done').notNull().default(0),
    progressFailed: integer('progress_failed').notNull().default(0),
    error: text('error'),
    runId: uuid('run_id'),
    /**
     * The imported file's own columns kept as business attributes (businesses.attributes), in file order:
     * `key` (stable, used in filters and the API), the file's header as `label`, and the type every value of the
     * column was read as. Empty for sessions that imported nothing.
     */
    attributeColumns: jsonb('attribute_columns')
      .$type<{ key: string; label: string; type: 'number' | 'date' | 'boolean' | 'text' }[]>()
      .notNull()
      .default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    finishedAt: timestamptz('finished_at'),
  },
  // DESC NULLS FIRST is what a plain ORDER BY created_at DESC asks for, so the index serves it.
  (t) => [
    index('sessions_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst()),
    index('sessions_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
    index('sessions_account_status_idx').on(t.accountId, t.status),
    index('sessions_venture_idx').on(t.ventureId),
    // Session search is ILIKE '%q%' on the name.
    index('sessions_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** A session shared with another user of the same account. */
export const sessionShares = pgTable(
  'session_shares',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    access: shareAccess('access').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('session_shares_user_idx').on(t.userId)],
);

export type SessionType = (typeof sessionType.enumValues)[number];
export type SessionStatus = (typeof sessionStatus.enumValues)[number];
export type ShareAccess = (typeof shareAccess.enumValues)[number];
export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;
export type SessionShareRow = typeof sessionShares.$inferSelect;
