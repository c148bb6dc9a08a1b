/**
 * Lists and defaults of the API with no zod in them, for code that must not load zod: the web app's route tree,
 * part of the first JavaScript of every page (/login included). The schemas built from them live beside the
 * shapes that use them (results.ts, sessions.ts, common.ts), which re-export these; the web imports them from
 * `@argo/contract` like the rest, and as the package declares no side effects the bundler leaves the schemas out.
 */

/** Paging and sort defaults of the results call (page 0, 50 a page, id descending). */
export const RESULTS_DEFAULTS = { page: 0, pageSize: 50, sortBy: 'id', sortOrder: 'desc' } as const;

/** The results' sortable columns. */
// biome-ignore format: one compact list
export const SORT_FIELDS = [
  'id', 'name', 'domain', 'city', 'region', 'country', 'category', 'source', 'rating', 'review_count',
  'enrichment_state', 'industry', 'icp_score', 'icp_tier', 'first_seen_at', 'updated_at', 'similarity',
] as const;

export const SESSION_STATUSES = ['draft', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;

export const ROLES = ['admin', 'member'] as const;
