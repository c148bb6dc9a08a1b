import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';

/** An organisation. Every other row belongs to exactly one account. */
export const accounts = pgTable('accounts', {
  id: idColumn(),
  name: text('name').notNull(),
  website: text('website'),
  analyticsIdentifier: uuid('analytics_identifier').notNull().unique().defaultRandom(),
  requireAdminMfa: boolean('require_admin_mfa').notNull().default(false),
  trackingIds: jsonb('tracking_ids').$type<string[]>().notNull().default([]),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
