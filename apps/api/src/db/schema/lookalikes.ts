import { index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { businesses } from './businesses';
import { createdAtColumn, timestamptz } from './columns';
import { sessions } from './sessions';
import { users } from './users';

/**
 * A session's lookalike seeds: what its businesses were last scored against (PUT …/lookalike-seeds). One per
 * session, like its ICP scores: the similarity is a column of the session's results for everyone who may see them,
 * set by someone with edit access. `seeds` is the request's seed description as given.
 */
export const lookalikeSeedSets = pgTable('lookalike_seed_sets', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  seeds: jsonb('seeds').$type<Record<string, unknown>>().notNull(),
  seedIds: uuid('seed_ids').array().notNull(),
  unmatched: text('unmatched').array().notNull(),
  scored: integer('scored').notNull(),
  setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
  setAt: createdAtColumn('set_at'),
});

/**
 * Each business's score 0–1 against its session's seeds; the results' `similarity` sort and filter read it by
 * business id (a business belongs to one session, so the id alone is the key).
 */
export const lookalikeScores = pgTable(
  'lookalike_scores',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
  },
  // Replacing a session's scores deletes them by session.
  (t) => [index('lookalike_scores_session_idx').on(t.sessionId)],
);

/**
 * Each business's similarity features as the engine builds them (featuresOf), encoded as JSON text, for the
 * `updated_at` of the business they were built from (every enrichment and correction sets it): a ranking reads one
 * narrow row per business and tokenises only what changed since. Written by the rankings themselves.
 */
export const lookalikeFeatures = pgTable('lookalike_features', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  version: timestamptz('version').notNull(),
  data: text('data').notNull(),
});
