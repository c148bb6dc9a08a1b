/**
 * discovery/competitor-customers: crawl one competitor's website for the pages where it shows its
 * customers (home page logo walls, customer lists, case studies, testimonials, references) with the engine's
 * polite fetcher, and answer each customer once as a RawBusiness with the evidence page and text.
 */
import { createFetcher, type Fetcher } from '../../crawl/fetcher';
import { type ParsedPage, pageFromFetch, pageReadError } from '../../crawl/page';
import { canonicalPageKey, extractLinks, planCustomerPages, scoreCustomerLink } from '../../crawl/planner';
import type { FetcherOptions, FetchResult } from '../../crawl/types';
import { type MergedBusiness, mergeBusinesses } from '../../dedupe/merge';
import { parseWebsite, type WebsiteOptions } from '../../normalize/domain';
import { nameKey } from '../../normalize/name';
import { trimEndChars } from '../../normalize/trim';
import { yieldToIo } from '../../yield-to-io';
import type { RawBusiness } from '../source';
import { groupEvidence } from './customer-groups';
import {
  type CompetitorPageKind,
  type CustomerEvidence,
  type EvidenceKind,
  extractCustomers,
  isCaseStudyPath,
} from './extract';

const COMPETITOR_SOURCE = 'competitor';

export interface CompetitorCustomersOptions extends FetcherOptions {
  /** Share one fetcher across competitors (global limit, robots cache). Default: one per call. */
  fetcher?: Fetcher;
  /** Pages fetched per competitor besides its home page. Default 15. */
  pageBudget?: number;
  signal?: AbortSignal;
  /** Stamped on each record; default new Date(). */
  now?: () => Date;
}

interface CompetitorPageError {
  url: string;
  status: number | null;
  message: string;
}

export interface CompetitorCustomers {
  /** The competitor URL as given. */
  competitor: string;
  /** Its registrable domain (the records' source_ref), null when the URL was not a website. */
  domain: string | null;
  /** Each customer once (merged by website or name), with the strongest evidence first found. */
  businesses: RawBusiness[];
  /** Pages read, in order. */
  pages: string[];
  /** Pages that could not be read (robots refusals and pages too complex to read included). */
  errors: CompetitorPageError[];
  /** Why nothing could be read at all (the home page failed), else null. */
  error: string | null;
}

const EVIDENCE_RANK: Record<EvidenceKind, number> = { case_study: 0, testimonial: 1, reference: 2, logo: 3 };

/** Errors where the plain-http site may still answer when https does not (as crawlSite does). */
const HTTPS_FAILURES = new Set(['tls', 'connect', 'reset', 'timeout']);

/**
 * Crawls one competitor: the start page, the customers pages it links (planner: customers/case studies/
 * testimonials/references in EN/DE/FR/ES), and the case-study pages those list, within `pageBudget`. Never throws
 * for a page that fails (it is listed in `errors`; a page the HTML reader refuses, crawl/html-tree.ts, too);
 * rejects only when `signal` aborts. Pages are read one at a time, the event loop handling I/O before each.
 */
export async function findCompetitorCustomers(
  competitorUrl: string,
  options: CompetitorCustomersOptions = {},
): Promise<CompetitorCustomers> {
  const fetcher = options.fetcher ?? createFetcher(options);
  const { signal } = options;
  const fetchOptions = signal ? { signal } : {};
  const raw = competitorUrl.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  const startUrl = hasScheme ? raw : `https://${raw.replace(/^\/+/, '')}`;
  // Addresses the crawler may reach (CRAWL_ALLOW_HOSTS) are websites too: the competitor's, and its customers'.
  const website: WebsiteOptions = options.allowAddresses ? { allowAddresses: options.allowAddresses } : {};
  const parsed = parseWebsite(startUrl, website);
  const result: CompetitorCustomers = {
    competitor: competitorUrl,
    domain: parsed?.domain ?? null,
    businesses: [],
    pages: [],
    errors: [],
    error: null,
  };
  const observedAt = (options.now?.() ?? new Date()).toISOString();
  const budget = options.pageBudget ?? 15;
  try {
    let start = await fetcher.fetchPage(startUrl, fetchOptions);
    if (!hasScheme && start.error && HTTPS_FAILURES.has(start.error.kind)) {
      const plain = await fetcher.fetchPage(startUrl.replace(/^https:/, 'http:'), fetchOptions);
      if (!plain.error) start = plain;
    }
    signal?.throwIfAborted();
    if (start.error || start.html === undefined) {
      result.error = `${startUrl} could not be read: ${start.error?.message ?? 'not an HTML page'}`;
      result.errors.push(toError(start));
      return result;
    }
    const home = pageFromFetch({ ...start, html: start.html }, 'home');
    const site = siteOf(new URL(home.url), website);
    result.domain ??= site;
    const seen = new Set([canonicalPageKey(new URL(home.url))]);
    const evidence: CustomerEvidence[] = [];
    /** Reads a page's customers; false when the page is too complex to read (then listed in `errors`). */
    const read = async (page: ParsedPage, kind: CompetitorPageKind): Promise<boolean> => {
      await yieldToIo();
      signal?.throwIfAborted();
      const problem = pageReadError(page);
      if (problem) {
        result.errors.push({ url: page.url, status: page.status, message: problem });
        return false;
      }
      result.pages.push(page.url);
      evidence.push(...extractCustomers(page.$, page.url, { competitorSite: site, kind, website }));
      return true;
    };
    const startPath = new URL(home.url).pathname;
    // A start URL that is itself a customers page ("rival.com/customers") is read as one.
    if (!(await read(home, trimEndChars(startPath, '/') === '' ? 'home' : kindOf(home.url, 'customers')))) {
      result.error = `${home.url}: ${result.errors[result.errors.length - 1]?.message}`;
      return result;
    }

    let queue = planCustomerPages(home.url, extractLinks(home.$, home.url), { budget })
      .map((p) => p.url)
      .filter((url) => claim(seen, url));
    if (queue.length === 0 && startPath !== '/') queue = childLinks(home, site, seen);
    let fetched = 0;
    // Two levels: the customers pages, then the case studies (and further customers pages) they link.
    for (let depth = 0; depth < 2 && queue.length > 0 && fetched < budget; depth++) {
      const batch = queue.slice(0, budget - fetched);
      fetched += batch.length;
      const pages = await Promise.all(batch.map((url) => fetcher.fetchPage(url, fetchOptions)));
      signal?.throwIfAborted();
      const next: string[] = [];
      for (const page of pages) {
        if (page.error || page.html === undefined) {
          result.errors.push(toError(page));
          continue;
        }
        const parsedPage = pageFromFetch({ ...page, html: page.html }, 'other');
        const kind = kindOf(parsedPage.url, 'customers');
        if ((await read(parsedPage, kind)) && kind === 'customers')
          next.push(...childLinks(parsedPage, site, seen));
      }
      queue = next;
    }
    result.businesses = toBusinesses(evidence, result.domain, observedAt);
    return result;
  } finally {
    if (!options.fetcher) await fetcher.close();
  }
}

const siteOf = (url: URL, website: WebsiteOptions) =>
  parseWebsite(url.href, website)?.domain ?? url.hostname.replace(/^www\./, '');

function kindOf(url: string, otherwise: CompetitorPageKind): CompetitorPageKind {
  return isCaseStudyPath(new URL(url).pathname) ? 'case_study' : otherwise;
}

/** Marks a page as planned; false when it already was (same canonical page). */
function claim(seen: Set<string>, url: string): boolean {
  const key = canonicalPageKey(new URL(url));
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/**
 * What a customers page leads to: its case studies (pages below a customers path) and other customers pages
 * (a "Testimonials" link on the "Customers" page), on the competitor's own site.
 */
function childLinks(page: ParsedPage, site: string, seen: Set<string>): string[] {
  const links: string[] = [];
  for (const link of extractLinks(page.$, page.url)) {
    const url = new URL(link.url);
    if (parseWebsite(url.href)?.domain !== site && url.hostname.replace(/^www\./, '') !== site) continue;
    if (!isCaseStudyPath(url.pathname) && scoreCustomerLink(url, link.text) < 5) continue;
    if (/\.(?:pdf|jpe?g|png|gif|svg|webp|zip)$/i.test(url.pathname)) continue;
    if (claim(seen, url.href)) links.push(url.href);
  }
  return links;
}

function toError(result: FetchResult): CompetitorPageError {
  return {
    url: result.url,
    status: result.status,
    message: result.error?.message ?? 'not an HTML page',
  };
}

/**
 * One record per customer: evidence with the same website, or the same name, is one customer; the strongest
 * evidence (case study, testimonial, reference, logo) gives the page and snippet, any of them the website.
 */
function toBusinesses(
  evidence: readonly CustomerEvidence[],
  competitorDomain: string | null,
  observedAt: string,
): RawBusiness[] {
  // The case-study page itself before the card that links it.
  const onStoryPage = (e: CustomerEvidence) => (isCaseStudyPath(new URL(e.url).pathname) ? 0 : 1);
  const ranked = [...evidence].sort(
    (a, b) => EVIDENCE_RANK[a.kind] - EVIDENCE_RANK[b.kind] || onStoryPage(a) - onStoryPage(b),
  );
  const groups = groupEvidence(ranked);
  return groups.map((group) => {
    const best = group[0] as CustomerEvidence;
    const withSite = group.find((e) => e.website);
    // A real name beats a bare domain standing in for one.
    const named = group.find((e) => e.name !== e.domain) ?? best;
    return {
      name: named.name,
      website: withSite?.website ?? null,
      domain: withSite?.domain ?? null,
      email: null,
      phone: null,
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      lat: null,
      lng: null,
      category: null,
      source: COMPETITOR_SOURCE,
      source_ref: competitorDomain,
      rating: null,
      review_count: null,
      url: best.url,
      snippet: best.snippet,
      observed_at: observedAt,
    };
  });
}

/**
 * Merges competitor customers like any records (same domain = one business), and gives the ones known only by
 * name a key of their own: the generic key from the source (`r:competitor:<competitor domain>`) would make every
 * nameless-website customer of one competitor a single row. Same name from two competitors = one business.
 */
export function mergeCompetitorCustomers(records: Iterable<RawBusiness>): MergedBusiness[] {
  return mergeBusinesses(records).map((record) =>
    record.dedupe_key.startsWith('r:') ? { ...record, dedupe_key: `c:${nameKey(record.name)}` } : record,
  );
}
