import { jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { businesses } from './businesses';
import { idColumn, timestamptz } from './columns';

/** The stored analyzer types; `unified` is a way to run them all, not a type of its own. */
export type EnrichmentType =
  | 'software_detection'
  | 'career_analysis'
  | 'ai_summary'
  | 'people'
  | 'icp_analysis';
/** Who produced a text: a configured language model or the built-in analyzer. */
export type ProducedBy = 'model' | 'builtin';

/** The latest result of each analyzer for a business; re-running a type replaces its row. */
export const enrichmentResults = pgTable(
  'enrichment_results',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type').$type<EnrichmentType>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    producedBy: text('produced_by').$type<ProducedBy>().notNull(),
    sourceUrl: text('source_url'),
    observedAt: timestamptz('observed_at').notNull().defaultNow(),
  },
  // The unique index leads with business_id, so it also serves "all results of a business".
  (t) => [unique('enrichment_results_business_type').on(t.businessId, t.type)],
);

export type EnrichmentResultRow = typeof enrichmentResults.$inferSelect;
export type NewEnrichmentResultRow = typeof enrichmentResults.$inferInsert;

/**
 * Who is sending to a website host right now, over every worker process (the crawler's HostGate): one holder at
 * a time, until `held_until` (a holder that died loses the host then); the next request no earlier than
 * `not_before` (the host's gap: robots.txt Crawl-delay, a server's Retry-After). A row goes when its host is free.
 */
export const hostLeases = pgTable('host_leases', {
  host: text('host').primaryKey(),
  holder: uuid('holder').notNull(),
  heldUntil: timestamptz('held_until').notNull(),
  notBefore: timestamptz('not_before').notNull(),
});
