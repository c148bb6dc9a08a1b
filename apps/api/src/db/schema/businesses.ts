import type { BusinessSource } from '@argo/contract';
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
 * The text the results search looks in (businesses.search_text, generated from the row): name, domain, city,
 * category, summary, industry, the business software names, the names and roles of the people the site names, and
 * the imported file's text values, joined by a unit separator (which no search text contains, so a match never
 * spans two fields), in lower case: the search is a LIKE of the lower-cased words, so the rows the trigram index
 * sends for a recheck are not lower-cased again on every search, as an ILIKE does. The functions it calls are
 * migration 0027's.
 */
const SEARCH_TEXT_SQL = sql.raw(
  `lower(name || chr(31) || coalesce(domain, '') || chr(31) || coalesce(city, '') || chr(31) || coalesce(category, '') || chr(31) || coalesce(summary, '') || chr(31) || coalesce(industry, '') || chr(31) || search_words_of(business_software_names) || chr(31) || people_search || chr(31) || attribute_texts_of(attributes))`,
);

/** businesses.primary_contact as the trigger writes it (see migration 0009, people_primary_contact_of). */
export interface PrimaryContactJson {
  name: string;
  role: string | null;
  seniority: string | null;
  email: string | null;
  phone: string | null;
  linkedin_url: string | null;
  source_url: string | null;
}

/**
 * One result row of a session. Rows belong to a run (`run_id`); the session's current run is
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
    /** Every category the sources gave it, `category` first (a hotel with its restaurant: hotel, restaurant). */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** Other names it goes by: the names of the records merged into it (a hotel's restaurant), brands. */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    /** Every phone (E.164) and website of the merged records, `phone`/`website` first. */
    phones: text('phones').array().notNull().default(sql`'{}'::text[]`),
    websites: text('websites').array().notNull().default(sql`'{}'::text[]`),
    /** Closed for good (an imported row said so): left out of enrichment and exports unless asked for. */
    isClosed: boolean('is_closed').notNull().default(false),
    source: text('source').notNull(),
    sourceRef: text('source_ref'),
    /**
     * Where it was found, one entry per source of a merged duplicate, in the contract's shape as a
     * results page sends it (migration 0020).
     */
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
    /**
     * The same for the business software only (detections of group `business`: what the results table shows and
     * the `software` filter matches; `software_names` serves the `technology` filter). Same trigger (migration 0011).
     */
    businessSoftwareNames: text('business_software_names').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The business detections of the stored software_detection result as a results page lists them (migration 0018:
     * no infrastructure), each with its name, version, confidence, group, first category and first piece of
     * evidence (a site's whole result, ~10 KB with every detection, category and piece of evidence, is the
     * drawer's). Same trigger (migration 0016): a results page reads it with the row instead of reading and trimming
     * every row's result on every page.
     */
    listedSoftware: jsonb('listed_software').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Read from the stored `people` result by a trigger on enrichment_results (migration 0009), never written by
     * the app: does the site name an owner/founder or executive (null: people not analysed), the seniorities and
     * the email kinds found (for the results filters), and the primary contact (a decision-maker with a way to
     * reach them first, else the first person named) for the table and the exports.
     */
    decisionMaker: boolean('decision_maker'),
    peopleSeniorities: text('people_seniorities').array().notNull().default(sql`'{}'::text[]`),
    emailKinds: text('email_kinds').array().notNull().default(sql`'{}'::text[]`),
    primaryContact: jsonb('primary_contact').$type<PrimaryContactJson>(),
    /**
     * The names and roles of every person the stored `people` result names, for the search; kept by the same
     * trigger as the people columns above (migration 0027), never written by the app.
     */
    peopleSearch: text('people_search').notNull().default(''),
    /**
     * The first email and the first phone the business's own website gives (the stored ai_summary's contacts), kept
     * by a trigger on enrichment_results (migration 0021), never written by the app. The table, its filters and the
     * export read them where the record itself has none: an imported list rarely has emails, its sites do.
     */
    websiteEmail: text('website_email'),
    websitePhone: text('website_phone'),
    /**
     * The imported file's columns that map to no business field (an Inc. 5000 list's EMPLOYEES, REVENUE, a Yelp
     * export's is_open), keyed by the session's `attribute_columns` key, each value typed as that column's type:
     * number, boolean, a date as YYYY-MM-DD, else text. Empty for discovered businesses.
     */
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /**
     * What the results search matches (SEARCH_TEXT_SQL): generated by PostgreSQL from the row whenever any part is
     * stored (an import, an enrichment's columns, the triggers' software and people), so a search is one ILIKE
     * served by one trigram index.
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(SEARCH_TEXT_SQL),
    firstSeenAt: createdAtColumn('first_seen_at'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('businesses_session_run_dedupe_key').on(t.sessionId, t.runId, t.dedupeKey),
    // Every read is of one session's current run, so each index leads with (session, run); a statement that names
    // only the session (deleting it, the export's fingerprint) reads any of them by that prefix. Every index is
    // written by each imported row: an index no query needs only slows the import (bench/csv-import.mjs).
    // Counts by enrichment state of the current run (session info, polled while a job runs): index-only.
    index('businesses_session_run_enrichment_idx').on(t.sessionId, t.runId, t.enrichmentState),
    // The results search is one ILIKE over search_text, so one trigram index serves it. It leads with the session
    // (btree_gin), so a search reads the matches of that session only, however many the database holds.
    index('businesses_session_search_trgm_idx').using('gin', t.sessionId, sql`${t.searchText} gin_trgm_ops`),
    // The software and technology filters: the session's businesses with any of these technologies.
    index('businesses_session_software_idx').using('gin', t.sessionId, t.softwareNames),
    index('businesses_session_business_software_idx').using('gin', t.sessionId, t.businessSoftwareNames),
    // Sort columns of the results table, scoped by session and run (the results read the current run), with id
    // as the tie-breaker the query sorts by. The page query picks the page's ids first from these alone (an
    // index-only scan, no table reads for the rows an OFFSET skips), then reads those 50 rows.
    // Text columns are read mostly A→Z, figures mostly highest first (both with nulls last, as the query sorts).
    index('businesses_session_run_id_idx').on(t.sessionId, t.runId, t.id),
    // Names, cities and categories in the collation the results sort them in (results-where.ts `alphabetical`).
    index('businesses_session_name_idx').on(t.sessionId, t.runId, sql`${t.name} collate "und-x-icu"`, t.id),
    index('businesses_session_city_idx').on(t.sessionId, t.runId, sql`${t.city} collate "und-x-icu"`, t.id),
    index('businesses_session_category_idx').on(
      t.sessionId,
      t.runId,
      sql`${t.category} collate "und-x-icu"`,
      t.id,
    ),
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
