/**
 * How much an enrichment run will read, and roughly how long it takes, before it starts.
 * The figures mirror the API's defaults (apps/api config: CRAWL_PAGE_BUDGET 6 pages besides the home page,
 * ENRICH_CONCURRENCY 12 businesses at once, one request at a time per host); the page shows them so that the
 * estimate can be checked rather than trusted. A server configured otherwise makes the estimate off by that much.
 */

/** The home page plus up to 6 that matter (about, contact, imprint, careers, team, pricing). */
export const PAGES_PER_SITE = 7;
/** Sites read at the same time (ENRICH_CONCURRENCY), each one polite request at a time. */
export const SITES_AT_ONCE = 12;
/** A small-business page, fetched and parsed, one after another on one host: about this long. */
export const SECONDS_PER_PAGE = 1.5;

export interface EnrichmentEstimate {
  /** Businesses whose website will be read (those without a website are skipped). */
  sites: number;
  /** At most this many pages: sites × PAGES_PER_SITE (0 when no type needs a crawl). */
  maxPages: number;
  /** About this many seconds at the crawler's pace (an upper bound: most sites have fewer pages). */
  seconds: number;
  needsCrawl: boolean;
}

export function estimateEnrichment(sites: number, needsCrawl: boolean): EnrichmentEstimate {
  if (!needsCrawl || sites <= 0) return { sites: Math.max(0, sites), maxPages: 0, seconds: 0, needsCrawl };
  const maxPages = sites * PAGES_PER_SITE;
  // Each site's pages come one after another; up to SITES_AT_ONCE sites run side by side.
  const rounds = Math.ceil(sites / SITES_AT_ONCE);
  const seconds = rounds * PAGES_PER_SITE * SECONDS_PER_PAGE;
  return { sites, maxPages, seconds, needsCrawl };
}

/** "under a minute", "about 3 min", "about 2 h 5 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest > 0 ? ` ${rest} min` : ''}`;
}
