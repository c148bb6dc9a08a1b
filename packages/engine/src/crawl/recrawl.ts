/**
 * Cheap re-crawls of a site Argo read before: the previous run's pages are the plan, each asked for with what
 * the server said of it then (If-None-Match, If-Modified-Since), and compared by a hash of its bytes. A site whose
 * every page answers 304 or the same bytes is `unchanged`: nothing is parsed, nothing is analysed again. When the
 * home page is the same and others changed, the previous plan is fetched in full; when the home page changed (it
 * may link new pages, or moved), the site is crawled afresh. A first crawl (no previous pages) is crawlSite's own.
 */
import { createHash } from 'node:crypto';
import { type CrawlSiteOptions, crawlSite, type SiteCrawl } from './crawl-site';
import { createFetcher } from './fetcher';
import { pageFromFetch } from './page';
import type { FetchResult, PageRole } from './types';

/** What one read of a page leaves for the next: the server's validators and a hash of its text. */
export interface PageVersion {
  url: string;
  role: PageRole;
  etag: string | null;
  lastModified: string | null;
  /** sha256 of the page's text. */
  hash: string;
}

export interface SiteRecrawl extends SiteCrawl {
  /** Every page is as it was: the crawl has no pages, and the previous analysis stands. */
  unchanged: boolean;
}

const hashOf = (html: string) => createHash('sha256').update(html).digest('hex');

/** The versions of a crawl's pages, to store for the next re-crawl. */
export function pageVersionsOf(crawl: Pick<SiteCrawl, 'pages'>): PageVersion[] {
  return crawl.pages.map((page) => ({
    url: page.url,
    role: page.role,
    etag: page.headers.etag ?? null,
    lastModified: page.headers['last-modified'] ?? null,
    hash: hashOf(page.html),
  }));
}

const isSame = (result: FetchResult, before: PageVersion) =>
  !result.error &&
  (result.notModified === true || (result.html !== undefined && hashOf(result.html) === before.hash));

export async function recrawlSite(
  url: string,
  previous: readonly PageVersion[],
  options: CrawlSiteOptions = {},
): Promise<SiteRecrawl> {
  const [home, ...others] = previous;
  if (home?.role !== 'home') return { ...(await crawlSite(url, options)), unchanged: false };
  const fetcher = options.fetcher ?? createFetcher(options);
  const signal = options.signal ? { signal: options.signal } : {};
  const ask = (page: PageVersion) =>
    fetcher.fetchPage(page.url, {
      ...signal,
      conditional: { etag: page.etag, lastModified: page.lastModified },
    });
  try {
    const homeResult = await ask(home);
    const crawl: SiteRecrawl = {
      startUrl: url,
      homeUrl: null,
      pages: [],
      errors: [],
      robotsBlocked: [],
      plan: previous.map((p) => ({ url: p.url, role: p.role, score: 0 })),
      unchanged: false,
    };
    if (homeResult.error) {
      crawl.errors.push({ url: home.url, role: 'home', status: homeResult.status, error: homeResult.error });
      return crawl;
    }
    if (!isSame(homeResult, home) || homeResult.finalUrl !== home.url) {
      return { ...(await crawlSite(url, { ...options, fetcher })), unchanged: false };
    }
    const results = await Promise.all(others.map(ask));
    if (results.every((r, i) => isSame(r, others[i] as PageVersion))) {
      return { ...crawl, homeUrl: home.url, unchanged: true };
    }
    // Some pages changed: the whole previous plan is read, so every analyzer sees the site whole.
    const full = await Promise.all(
      previous.map((p, i) => {
        const got = i === 0 ? homeResult : (results[i - 1] as FetchResult);
        return got.html !== undefined ? Promise.resolve(got) : fetcher.fetchPage(p.url, signal);
      }),
    );
    full.forEach((result, i) => {
      const role = previous[i]?.role ?? 'other';
      if (result.error || result.html === undefined) {
        if (result.error)
          crawl.errors.push({ url: result.url, role, status: result.status, error: result.error });
        return;
      }
      crawl.pages.push(pageFromFetch({ ...result, html: result.html }, role));
    });
    return { ...crawl, homeUrl: crawl.pages[0]?.url ?? home.url };
  } finally {
    if (!options.fetcher) await fetcher.close();
  }
}
