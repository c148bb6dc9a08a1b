import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { businesses } from './businesses';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * A user's correction of one field of a business (the contract's CORRECTABLE_FIELDS): the value they gave, who
 * and when; one row per field, the latest correction. A corrected field is the user's: merging a duplicate into
 * the business never fills it (businesses.repository.ts storeBusinesses), and enrichment writes none of these
 * fields. `corrected_by_name` keeps the name shown ("corrected by Ann Lee") after the user is removed.
 */
export const businessCorrections = pgTable(
  'business_corrections',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    /** The corrected value as stored on the business (null: the user cleared it). */
    value: text('value'),
    correctedBy: uuid('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedByName: text('corrected_by_name').notNull(),
    correctedAt: timestamptz('corrected_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.field] })],
);

export type BusinessCorrectionRow = typeof businessCorrections.$inferSelect;
