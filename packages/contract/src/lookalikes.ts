/**
 * Lookalikes: more businesses like a set of seeds (the best customers), ranked 0–1 and explained. The method is
 * packages/engine/src/similarity/README.md; the calls are docs/spec.md "Lookalikes".
 */
import { z } from 'zod';
import { expected, Id, IdParams, IsoDateTime, LIMITS } from './common';
import { defineRoute } from './define';
import { Tier } from './icp';

export const LOOKALIKE_LIMITS = {
  /** Seeds given by id (a selection of /results). */
  maxSeedIds: 500,
  /** Entries of an uploaded customer list. */
  maxCustomers: 5000,
  maxPageSize: 200,
} as const;

const SEED_KINDS = 'business_ids, tier (with session_id), customers or competitor_session_id';

/**
 * Exactly one kind of seed: businesses by id, a session's tier (e.g. all A), a list of current customers
 * (domains or names, matched to the account's businesses by registrable domain, then name), or the businesses
 * a competitors session found (the customers of competitors).
 */
export const LookalikeSeeds = z
  .object(
    {
      business_ids: z
        .array(Id, expected('a list of business ids'))
        .min(1, 'must list at least one business')
        .max(LOOKALIKE_LIMITS.maxSeedIds, `must list at most ${LOOKALIKE_LIMITS.maxSeedIds} businesses`)
        .optional(),
      tier: Tier.optional(),
      /** The session whose tier is meant (default: the scope's session). */
      session_id: Id.optional(),
      customers: z
        .array(
          z
            .string(expected('a domain or a name'))
            .trim()
            .max(LIMITS.shortText, 'must be at most 200 characters'),
          expected('a list of domains or names'),
        )
        .min(1, 'must list at least one customer')
        .max(LOOKALIKE_LIMITS.maxCustomers, `must list at most ${LOOKALIKE_LIMITS.maxCustomers} customers`)
        .optional(),
      competitor_session_id: Id.optional(),
    },
    expected('an object'),
  )
  .strict()
  .refine(
    (s) =>
      [s.business_ids, s.tier, s.customers, s.competitor_session_id].filter((v) => v !== undefined).length ===
      1,
    { message: `give exactly one of ${SEED_KINDS}` },
  )
  .refine((s) => s.session_id === undefined || s.tier !== undefined, {
    message: 'session_id goes with tier only',
    path: ['session_id'],
  });
export type LookalikeSeeds = z.infer<typeof LookalikeSeeds>;

/** POST /user/lookalikes — rank a session's businesses (or all the account's the caller may see) against seeds. */
export const LookalikesBody = z
  .object({
    seeds: LookalikeSeeds,
    /** The businesses ranked: this session's; absent, every session's the caller may view. */
    session_id: Id.optional(),
    /** Only lookalikes scoring at least this (0–1). */
    min_score: z
      .number(expected('a number from 0 to 1'))
      .min(0, 'must be at least 0')
      .max(1, 'must be at most 1')
      .default(0),
    /** Let the distance to the nearest seed count. */
    distance: z.boolean(expected('true or false')).default(false),
    page: z.int(expected('a whole number')).min(0, 'must be at least 0').max(1_000_000).default(0),
    page_size: z
      .int(expected('a whole number'))
      .min(1, 'must be at least 1')
      .max(LOOKALIKE_LIMITS.maxPageSize, `must be at most ${LOOKALIKE_LIMITS.maxPageSize}`)
      .default(50),
  })
  .strict();
export type LookalikesBody = z.input<typeof LookalikesBody>;

const SimilarityContributions = z.object({
  category: z.number().optional(),
  industry: z.number().optional(),
  software: z.number().optional(),
  words: z.number().optional(),
  size: z.number().optional(),
  distance: z.number().optional(),
});

export const Lookalike = z
  .object({
    business: z.object({
      id: Id,
      session_id: Id,
      name: z.string(),
      website: z.string().nullable(),
      city: z.string().nullable(),
      category: z.string().nullable(),
      industry: z.string().nullable(),
      icp_tier: Tier.nullable(),
    }),
    /** 0–1. */
    score: z.number(),
    /** Each feature's part of the score (they add up to it). */
    contributions: SimilarityContributions,
    reasons: z.array(z.string()),
    differences: z.array(z.string()),
    /** The reasons in one sentence. */
    explanation: z.string(),
    /** To the nearest seed with a place, when distance counted. */
    distance_km: z.number().nullable(),
  })
  .meta({ id: 'Lookalike' });
export type Lookalike = z.infer<typeof Lookalike>;

/** "Find more like these": a discovery of the seeds' most common category in their most common place. */
export const LookalikeProposal = z.object({
  query: z.string().nullable(),
  location: z.string().nullable(),
  categories: z.array(z.object({ name: z.string(), count: z.int() })),
  places: z.array(z.object({ name: z.string(), count: z.int() })),
});
export type LookalikeProposal = z.infer<typeof LookalikeProposal>;

export const LookalikesPage = z
  .object({
    items: z.array(Lookalike),
    /** Lookalikes scoring at least min_score. */
    total: z.int(),
    page: z.int(),
    page_size: z.int(),
    seeds: z.object({
      count: z.int(),
      /** Entries of a customer list that matched no business. */
      unmatched: z.array(z.string()),
    }),
    proposal: LookalikeProposal,
  })
  .meta({ id: 'LookalikesPage' });
export type LookalikesPage = z.infer<typeof LookalikesPage>;

/**
 * PUT /user/session/:id/lookalike-seeds — the session's seed set: every business of the session is scored
 * against it, and /results sorts (`sort_by=similarity`) and filters (`{"similarity": {"gte": 0.5}}`) by it.
 */
export const SessionSeedsBody = z
  .object({ seeds: LookalikeSeeds, distance: z.boolean(expected('true or false')).default(false) })
  .strict();
export type SessionSeedsBody = z.input<typeof SessionSeedsBody>;

export const SessionSeeds = z
  .object({
    session_id: Id,
    seed_count: z.int(),
    /** Businesses of the session scored. */
    scored: z.int(),
    unmatched: z.array(z.string()),
    set_by: Id.nullable(),
    set_at: IsoDateTime,
  })
  .meta({ id: 'SessionSeeds' });
export type SessionSeeds = z.infer<typeof SessionSeeds>;

export const lookalikesRoutes = {
  lookalikesRank: defineRoute({
    id: 'lookalikes.rank',
    method: 'POST',
    path: '/user/lookalikes',
    access: 'member',
    summary: 'Businesses like the seeds, ranked 0–1 and explained',
    tag: 'sessions',
    body: LookalikesBody,
    response: LookalikesPage,
  }),
  lookalikesSetSeeds: defineRoute({
    id: 'lookalikes.set_seeds',
    method: 'PUT',
    path: '/user/session/:id/lookalike-seeds',
    access: 'member',
    summary: "Score a session's businesses against seeds, for the results' similarity sort and filter",
    tag: 'sessions',
    params: IdParams,
    body: SessionSeedsBody,
    response: SessionSeeds,
  }),
  lookalikesClearSeeds: defineRoute({
    id: 'lookalikes.clear_seeds',
    method: 'DELETE',
    path: '/user/session/:id/lookalike-seeds',
    access: 'member',
    summary: "Forget a session's seeds and similarity scores",
    tag: 'sessions',
    params: IdParams,
    response: null,
    status: 204,
  }),
} as const;
