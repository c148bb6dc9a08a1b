import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAtColumn, idColumn, timestamptz } from './columns';
import { sessions } from './sessions';
import { users } from './users';

export type CrmProviderName = 'hubspot' | 'pipedrive';

/**
 * An organisation's connection to a CRM. The token is stored encrypted (AES-256-GCM, modules/crm/token-cipher.ts)
 * and never sent back; `token_hint` is its last four characters, so a person can tell which token is in use.
 */
export const crmConnections = pgTable(
  'crm_connections',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<CrmProviderName>().notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    tokenHint: text('token_hint').notNull(),
    /** Pipedrive: the company domain (acme of acme.pipedrive.com). */
    companyDomain: text('company_domain'),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: createdAtColumn('connected_at'),
    lastSyncAt: timestamptz('last_sync_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.provider] })],
);

/**
 * What Argo pushed to a CRM and the CRM's id for it: a company by its domain, a contact by its email, the note of a
 * company by the company's domain. Pushing again updates these records and never creates a second one.
 */
export const crmRecords = pgTable(
  'crm_records',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<CrmProviderName>().notNull(),
    kind: text('kind').$type<'company' | 'contact' | 'note'>().notNull(),
    key: text('key').notNull(),
    crmId: text('crm_id').notNull(),
    pushedAt: createdAtColumn('pushed_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.provider, t.kind, t.key] })],
);

/**
 * The domains and emails a connected CRM holds (read by a sync, and written by every push): the results' "in my
 * CRM" filter reads them. `seen_at` lets a sync drop what the CRM no longer has.
 */
export const crmKnown = pgTable(
  'crm_known',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'domain' | 'email'>().notNull(),
    value: text('value').notNull(),
    provider: text('provider').$type<CrmProviderName>().notNull(),
    seenAt: createdAtColumn('seen_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.value, t.provider] })],
);

export type CrmJobStatusName = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

/** One push to or sync from a CRM: what it covers, its cursor (`done`), its counts and its end. */
export const crmJobs = pgTable(
  'crm_jobs',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<CrmProviderName>().notNull(),
    kind: text('kind').$type<'push' | 'sync'>().notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** The businesses to push, chosen when the push was asked for (ids or the results' filters then). */
    businessIds: uuid('business_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: text('status').$type<CrmJobStatusName>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Sync: the paging cursors reached, so a retried job goes on from there. */
    cursor: jsonb('cursor').$type<Record<string, unknown>>(),
    error: text('error'),
    cancelRequestedAt: timestamptz('cancel_requested_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('crm_jobs_session_idx').on(t.sessionId, t.createdAt),
    index('crm_jobs_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** One line of a push's log: a record created, updated, skipped or failed, with the CRM's own words. */
export const crmJobLog = pgTable(
  'crm_job_log',
  {
    id: idColumn(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => crmJobs.id, { onDelete: 'cascade' }),
    object: text('object').$type<'company' | 'contact' | 'association' | 'note'>().notNull(),
    key: text('key').notNull(),
    outcome: text('outcome').$type<'created' | 'updated' | 'skipped' | 'failed'>().notNull(),
    crmId: text('crm_id'),
    message: text('message'),
    businessId: uuid('business_id'),
    at: createdAtColumn('at'),
  },
  (t) => [index('crm_job_log_job_idx').on(t.jobId, t.outcome)],
);

export type CrmJobRow = typeof crmJobs.$inferSelect;
export type CrmConnectionRow = typeof crmConnections.$inferSelect;
