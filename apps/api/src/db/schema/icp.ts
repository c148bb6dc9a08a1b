import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { businesses } from './businesses';
import { createdAtColumn, idColumn } from './columns';
import type { ProducedBy } from './enrichment';
import { sessions } from './sessions';
import { ventures } from './ventures';

/** An ICP segment derived from enriched results and saved to the venture. */
export const icpProfiles = pgTable(
  'icp_profiles',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ventureId: uuid('venture_id')
      .notNull()
      .references(() => ventures.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<Record<string, unknown>>().notNull().default({}),
    size: integer('size').notNull().default(0),
    examples: jsonb('examples').$type<unknown[]>().notNull().default([]),
    why: text('why'),
    generatedBy: text('generated_by').$type<ProducedBy>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('icp_profiles_venture_idx').on(t.ventureId),
    index('icp_profiles_session_idx').on(t.sessionId),
  ],
);

/** A claim in generated text and the stored field it rests on. */
export interface ContentClaim {
  text: string;
  field: string;
  business_id?: string;
  source_url?: string | null;
}

/** Outreach content for a profile or one business (cold email, LinkedIn note, call opener). */
export const generatedContent = pgTable(
  'generated_content',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => icpProfiles.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    claims: jsonb('claims').$type<ContentClaim[]>().notNull().default([]),
    generatedBy: text('generated_by').$type<ProducedBy>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('generated_content_has_target', sql`${t.profileId} IS NOT NULL OR ${t.businessId} IS NOT NULL`),
    index('generated_content_profile_idx').on(t.profileId),
    index('generated_content_business_idx').on(t.businessId),
  ],
);

export type IcpProfileRow = typeof icpProfiles.$inferSelect;
export type NewIcpProfileRow = typeof icpProfiles.$inferInsert;
export type GeneratedContentRow = typeof generatedContent.$inferSelect;
export type NewGeneratedContentRow = typeof generatedContent.$inferInsert;
