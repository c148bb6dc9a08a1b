import { sql } from 'drizzle-orm';
import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAtColumn, idColumn } from './columns';
import { sessions } from './sessions';
import { users } from './users';

/**
 * The account's suppression list: an email address or a domain (which covers its subdomains)
 * that is never exported or used in generated content. `value` is lower case, a domain without `www.` and in its
 * IDNA ASCII form, `xn--mnchen-3ya.de` for `münchen.de` (contract `parseSuppression`; migration 0025 brought older
 * entries to that form), so each entry is stored once whichever spelling was typed.
 */
export const suppressions = pgTable(
  'suppressions',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'email' | 'domain'>().notNull(),
    value: text('value').notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  // Also the index of "is this value suppressed in this account" (account_id, kind, value).
  (t) => [unique('suppressions_account_kind_value').on(t.accountId, t.kind, t.value)],
);

/**
 * A person a user removed from a session's results. The business is named by its `dedupe_key` (its domain, else
 * phone, else name + address), which a restart or re-enrichment keeps, and the person by `person_key` (the name
 * folded by the SQL function person_key_of: NFC, spaces collapsed, lower case), so the person stays removed when
 * the site is crawled again: a trigger drops them from every people and ai_summary result stored for that business
 * (migration 0009).
 */
export const removedPeople = pgTable(
  'removed_people',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    businessKey: text('business_key').notNull(),
    personKey: text('person_key').notNull(),
    /** The name as it was shown, for the record. */
    name: text('name').notNull(),
    /** Their addresses at the time (own and classified as theirs), also dropped from the page contacts. */
    emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: createdAtColumn('removed_at'),
  },
  (t) => [
    unique('removed_people_session_business_person').on(t.sessionId, t.businessKey, t.personKey),
    index('removed_people_account_idx').on(t.accountId),
  ],
);

export type SuppressionRow = typeof suppressions.$inferSelect;
export type NewSuppressionRow = typeof suppressions.$inferInsert;
export type RemovedPersonRow = typeof removedPeople.$inferSelect;
