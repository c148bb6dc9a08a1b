import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { users } from './users';

/** A venture's ideal customer profile, stored as the API's snake_case JSON. */
export interface VentureIcp {
  industries?: string[];
  locations?: string[];
  keywords?: string[];
  exclude_keywords?: string[];
  employee_min?: number | null;
  employee_max?: number | null;
  software_signals?: string[];
  hiring_signal?: boolean | null;
}

export const ventures = pgTable(
  'ventures',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    website: text('website'),
    description: text('description'),
    valueProposition: text('value_proposition'),
    icp: jsonb('icp').$type<VentureIcp>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('ventures_account_idx').on(t.accountId)],
);

/** A venture's team members; `user_id` links one who is also an Argo user. */
export const people = pgTable(
  'people',
  {
    id: idColumn(),
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => ventures.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    title: text('title'),
    linkedinUrl: text('linkedin_url'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  // (venture_id, position) also serves lookups by venture_id alone.
  (t) => [
    index('people_venture_position_idx').on(t.ventureId, t.position),
    index('people_user_idx').on(t.userId),
  ],
);

export type VentureRow = typeof ventures.$inferSelect;
export type NewVentureRow = typeof ventures.$inferInsert;
export type PersonRow = typeof people.$inferSelect;
export type NewPersonRow = typeof people.$inferInsert;
