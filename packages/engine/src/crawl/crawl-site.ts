import { createFetcher, type Fetcher } from './fetcher';
import { type ParsedPage, pageFromFetch, pageReadError } from './page';
import { canonicalPageKey, extractLinks, type PlannedPage, planPages } from './planner';
import type { FetchError, FetcherOptions, FetchResult, PageRole } from './types';

export interface CrawlSiteOptions extends FetcherOptions {
  /** Share one fetcher across sites so the global limit and robots cache span the whole run. */
  fetcher?: Fetcher;
  /** Pages fetched besides the home page. Default 6. */
  pageBudget?: number;
  signal?: AbortSignal;
}

export interface CrawlError {
  url: string;
  role: PageRole;
  status: number | null;
  error: FetchError;
}

export interface SiteCrawl {
  startUrl: string;
  /** The home page after redirects, null when it could not be fetched. */
  homeUrl: string | null;
  /** Parsed HTML pages, home first. */
  pages: ParsedPage[];
  /** Pages that failed, with the reason (robots refusals are listed in robotsBlocked instead). */
  errors: CrawlError[];
  /** URLs robots.txt kept us from. */
  robotsBlocked: string[];
  /** The pages the planner chose, for progress reports and debugging. */
  plan: PlannedPage[];
}

/** Errors where the plain-http site may still answer when https does not. */
const HTTPS_FAILURES = new Set(['tls', 'connect', 'reset', 'timeout']);

/**
 * Crawls one business website: the home page, then up to `pageBudget` pages that matter (about, contact,
 * imprint, careers, team, pricing), all through the polite fetcher. Each page is parsed once. Never throws.
 */
export async function crawlSite(url: string, options: CrawlSiteOptions = {}): Promise<SiteCrawl> {
  const fetcher = options.fetcher ?? createFetcher(options);
  const fetchOptions = options.signal ? { signal: options.signal } : {};
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim());
  const startUrl = hasScheme ? url.trim() : `https://${url.trim().replace(/^\/+/, '')}`;
  const crawl: SiteCrawl = { startUrl, homeUrl: null, pages: [], errors: [], robotsBlocked: [], plan: [] };
  const record = (result: FetchResult, role: PageRole) => {
    if (result.error?.kind === 'robots') crawl.robotsBlocked.push(result.finalUrl);
    else if (result.error)
      crawl.errors.push({ url: result.url, role, status: result.status, error: result.error });
  };
  try {
    let home = await fetcher.fetchPage(startUrl, fetchOptions);
    if (!hasScheme && home.error && HTTPS_FAILURES.has(home.error.kind)) {
      const plain = await fetcher.fetchPage(startUrl.replace(/^https:/, 'http:'), fetchOptions);
      if (!plain.error) home = plain;
    }
    if (home.error || home.html === undefined) {
      record(home, 'home');
      return crawl;
    }
    const homePage = pageFromFetch({ ...home, html: home.html }, 'home');
    crawl.homeUrl = homePage.url;
    // A home page the reader refuses gives no links to plan with, and nothing to analyse.
    const unreadable = pageReadError(homePage);
    if (unreadable) {
      crawl.errors.push({
        url: homePage.url,
        role: 'home',
        status: home.status,
        error: { kind: 'too_complex', message: unreadable },
      });
      return crawl;
    }
    crawl.pages.push(homePage);
    crawl.plan = planPages(homePage.url, extractLinks(homePage.$, homePage.url), {
      budget: options.pageBudget ?? 6,
    });
    // All requests go out at once; the fetcher's per-host queue sends them one after another.
    const results = await Promise.all(crawl.plan.map((p) => fetcher.fetchPage(p.url, fetchOptions)));
    const seen = new Set([canonicalPageKey(new URL(homePage.url))]);
    results.forEach((result, i) => {
      const role = crawl.plan[i]?.role ?? 'other';
      if (result.error || result.html === undefined) {
        record(result, role);
        return;
      }
      const key = canonicalPageKey(new URL(result.finalUrl));
      if (seen.has(key)) return; // redirected back to a page we have
      seen.add(key);
      crawl.pages.push(pageFromFetch({ ...result, html: result.html }, role));
    });
    return crawl;
  } finally {
    if (!options.fetcher) await fetcher.close();
  }
}
