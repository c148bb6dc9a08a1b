import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { sessions } from './sessions';

export const enrichmentState = pgEnum('enrichment_state', [
  'pending',
  'running',
  'done',
  'failed',
  'skipped',
]);

/**
 * The text the results search looks in: name, domain, city, category and summary joined by a unit separator
 * (which no search text contains, so a match never spans two fields). Must stay byte-identical to the
 * expression of businesses_session_search_trgm_idx for the planner to use that index.
 */
export const BUSINESS_SEARCH_DOCUMENT_SQL = sql.raw(
  `(name || chr(31) || coalesce(domain, '') || chr(31) || coalesce(city, '') || chr(31) || coalesce(category, '') || chr(31) || coalesce(summary, ''))`,
);

/** Where a business was found; a merged duplicate keeps one entry per source (PRODUCT §5). */
export interface BusinessSource {
  source: string;
  source_ref?: string | null;
  url?: string | null;
  observed_at: string;
}

/**
 * One result row of a session (PRODUCT §5, §6). Rows belong to a run (`run_id`); the session's current run is
 * `sessions.run_id`. `dedupe_key` is the merge key chosen by discovery (domain, else phone, else name+address),
 * unique within a run so concurrent writers merge with ON CONFLICT instead of inserting twice.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    name: text('name').notNull(),
    website: text('website'),
    domain: text('domain'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    country: text('country'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    category: text('category'),
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    sources: jsonb('sources').$type<BusinessSource[]>().notNull().default([]),
    rating: real('rating'),
    reviewCount: integer('review_count'),
    enrichmentState: enrichmentState('enrichment_state').notNull().default('pending'),
    enrichmentError: text('enrichment_error'),
    summary: text('summary'),
    industry: text('industry'),
    hiring: boolean('hiring'),
    icpScore: integer('icp_score'),
    icpTier: text('icp_tier'),
    /**
     * The lower-cased technology names of the business's stored software_detection result, for the results'
     * software filter. Kept by a trigger on enrichment_results (migration 0007), never written by the app.
     */
    softwareNames: text('software_names').array().notNull().default(sql`'{}'::text[]`),
    firstSeenAt: createdAtColumn('first_seen_at'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('businesses_session_run_dedupe_key').on(t.sessionId, t.runId, t.dedupeKey),
    index('businesses_session_id_idx').on(t.sessionId, t.id),
    // Counts by enrichment state of the current run (session info, polled while a job runs): index-only.
    index('businesses_session_run_enrichment_idx').on(t.sessionId, t.runId, t.enrichmentState),
    index('businesses_session_icp_score_idx').on(t.sessionId, t.icpScore),
    // The results search (name, domain, city, category, summary) is one ILIKE over this document, so one trigram
    // index serves it; results.repository.ts builds the same expression (BUSINESS_SEARCH_DOCUMENT). It leads with
    // the session (btree_gin), so a search reads the matches of that session only, however many the database holds.
    index('businesses_session_search_trgm_idx').using(
      'gin',
      t.sessionId,
      sql`${BUSINESS_SEARCH_DOCUMENT_SQL} gin_trgm_ops`,
    ),
    // The software filter: the session's businesses with any of these technologies.
    index('businesses_session_software_idx').using('gin', t.sessionId, t.softwareNames),
    // Sort columns of the results table, scoped by session and run (the results read the current run), with id
    // as the tie-breaker the query sorts by. The page query picks the page's ids first from these alone (an
    // index-only scan, no table reads for the rows an OFFSET skips), then reads those 50 rows.
    // Text columns are read mostly A→Z, figures mostly highest first (both with nulls last, as the query sorts).
    index('businesses_session_run_id_idx').on(t.sessionId, t.runId, t.id),
    index('businesses_session_name_idx').on(t.sessionId, t.runId, t.name, t.id),
    index('businesses_session_city_idx').on(t.sessionId, t.runId, t.city, t.id),
    index('businesses_session_category_idx').on(t.sessionId, t.runId, t.category, t.id),
    index('businesses_session_industry_idx').on(t.sessionId, t.runId, t.industry, t.id),
    index('businesses_session_rating_idx').on(t.sessionId, t.runId, t.rating.desc().nullsLast(), t.id.desc()),
    index('businesses_session_first_seen_idx').on(t.sessionId, t.runId, t.firstSeenAt.desc(), t.id.desc()),
    index('businesses_session_icp_score_run_idx').on(
      t.sessionId,
      t.runId,
      t.icpScore.desc().nullsLast(),
      t.id.desc(),
    ),
  ],
);

export type EnrichmentState = (typeof enrichmentState.enumValues)[number];
export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = typeof businesses.$inferInsert;
