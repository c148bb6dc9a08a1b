/**
 * career_analysis: is the business hiring, for which roles, where did we read it. Sources in order of trust:
 * the ATS's public API (structured, current), schema.org JobPosting, the careers page's own markup.
 */
import { getDomain } from 'tldts';
import type { Fetcher } from '../../crawl/fetcher';
import { type ParsedPage, pageFromFetch, pageReadError } from '../../crawl/page';
import { fold, ROLE_KEYWORDS } from '../../crawl/page-keywords';
import { extractLinks, scoreLink } from '../../crawl/planner';
import {
  ATS_NAMES,
  type AtsAccount,
  boardUrl,
  findAtsReferences,
  groupAtsReferences,
  parseAtsUrl,
} from './ats';
import { ATS_APIS, readAtsApi } from './ats-api';
import { readJobPostings } from './job-postings';
import { cleanJobTitle } from './job-title';
import { contentText } from './page-layout';
import { readPageRoles } from './page-roles';
import { saysNotHiring, saysSeeking } from './page-text';
import { singlePosting } from './posting';
import type { CareerAnalysis, JobRole } from './types';

export interface AnalyzeCareersOptions {
  /** For ATS APIs and, when no crawled page is a careers page, to fetch the one the site links to. */
  fetcher?: Fetcher;
  signal?: AbortSignal;
  /** Maps ATS API URLs before fetching (tests point the vendors' hosts at a local server). */
  rewriteApiUrl?: (url: string) => string;
}

/** At most this many ATS accounts are asked (a site rarely uses more than one; each is one request). */
const MAX_API_CALLS = 2;
/** Roles kept per analysis; a large employer's board can list thousands. */
const MAX_ROLES = 500;

const CAREER_PHRASES = ROLE_KEYWORDS.careers.map((k) => ` ${fold(k)} `);
const hasCareerWords = (text: string) => {
  const folded = ` ${fold(text)} `;
  return CAREER_PHRASES.some((p) => folded.includes(p));
};

/** Is this crawled page a careers page: the planner said so, it lives on an ATS, or its path/title says jobs. */
function careersScore(page: ParsedPage): number {
  if (page.role === 'careers') return 3;
  if (parseAtsUrl(page.url, page.url)) return 3;
  let path = '';
  try {
    path = decodeURIComponent(new URL(page.url).pathname);
  } catch {
    path = page.url;
  }
  if (hasCareerWords(path.replace(/[/_.-]+/g, ' '))) return 2;
  // A home page's title often lists every section ("Jobs, News, Contact"): only pages reached for a role count.
  if (
    page.role !== 'home' &&
    hasCareerWords(`${page.$('title').first().text()} ${page.$('h1').first().text()}`)
  )
    return 1;
  return 0;
}

const depth = (url: string) => {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).length;
  } catch {
    return 99;
  }
};

/** Careers pages, the listing first: the strongest signal, then the shallowest path (postings live below it). */
function findCareersPages(pages: ParsedPage[]): ParsedPage[] {
  return pages
    .map((page, index) => ({ page, index, score: careersScore(page) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || depth(a.page.url) - depth(b.page.url) || a.index - b.index)
    .map((c) => c.page);
}

/** The best careers link of the crawled pages on the same site (or an ATS board), when none was crawled. */
function careersLink(pages: ParsedPage[]): string | null {
  let best: { url: string; score: number } | null = null;
  const home = pages[0];
  const site = home ? (getDomain(new URL(home.url).hostname) ?? '') : '';
  for (const page of pages) {
    for (const link of extractLinks(page.$, page.url)) {
      let url: URL;
      try {
        url = new URL(link.url);
      } catch {
        continue;
      }
      if ((getDomain(url.hostname) ?? '') !== site) continue;
      const { role, score } = scoreLink(url, link.text);
      if (role === 'careers' && score >= 5 && (!best || score > best.score)) best = { url: url.href, score };
    }
  }
  return best?.url ?? null;
}

/** Where a page's <meta http-equiv="refresh"> sends the browser, when that is this site or an ATS. */
function refreshTarget(page: ParsedPage): string | null {
  const refresh = page.$('meta[http-equiv="refresh" i]').attr('content') ?? '';
  const target = /url\s*=\s*['"]?([^'"\s]+)/i.exec(refresh)?.[1];
  if (!target) return null;
  try {
    const url = new URL(target, page.url);
    const sameSite = getDomain(url.hostname) === getDomain(new URL(page.url).hostname);
    return url.href !== page.url && (sameSite || parseAtsUrl(url.href, page.url)) ? url.href : null;
  } catch {
    return null;
  }
}

/** Every source's titles come back clean ("Vertriebsmitarbeiter (m/w/d)" → "Vertriebsmitarbeiter"). */
const publicRole = ({ title, department, location, url }: JobRole): JobRole => ({
  title: cleanJobTitle(title) || title,
  department,
  location,
  url,
});

/**
 * Finds the careers page among the crawled pages (fetching the linked one when none was crawled), recognises
 * the applicant-tracking system, reads its public API where it has one, else schema.org JobPosting, else the
 * page. `hiring` is null when there is no careers page to read.
 */
export async function analyzeCareers(
  pages: ParsedPage[],
  options: AnalyzeCareersOptions = {},
): Promise<CareerAnalysis> {
  const { fetcher, signal } = options;
  signal?.throwIfAborted();
  const fetchCareersPage = async (url: string) => {
    const result = await fetcher?.fetchPage(url, signal ? { signal } : {});
    signal?.throwIfAborted();
    if (!result || result.error || result.html === undefined) return null;
    const page = pageFromFetch({ ...result, html: result.html }, 'careers');
    // A page the HTML reader refuses ("page too complex to read") is not read.
    return pageReadError(page) ? null : page;
  };
  let careersPages = findCareersPages(pages);
  if (careersPages.length === 0 && fetcher && pages.length > 0) {
    const url = careersLink(pages);
    const page = url ? await fetchCareersPage(url) : null;
    if (page) {
      careersPages = [page];
      pages = [...pages, page];
    }
  }
  // A careers page that only forwards (<meta http-equiv="refresh">) to the real one: read that one.
  const forward = careersPages[0] && fetcher ? refreshTarget(careersPages[0]) : null;
  const forwarded = forward && !pages.some((p) => p.url === forward) ? await fetchCareersPage(forward) : null;
  if (forwarded) {
    careersPages = [forwarded, ...careersPages];
    pages = [...pages, forwarded];
  }
  const listing = careersPages[0] ?? null;
  const groups = groupAtsReferences(findAtsReferences(pages), new Set(careersPages.map((p) => p.url)));
  const firstAts = groups[0] ?? null;
  const ats = firstAts ? ATS_NAMES[firstAts.key] : null;
  const careersUrl = listing?.url ?? (firstAts ? boardUrl(firstAts) : null);
  const answer = (
    fields: Omit<CareerAnalysis, 'careers_url' | 'ats'>,
    group: AtsAccount | null = firstAts,
  ) => ({
    hiring: fields.hiring,
    careers_url: listing?.url ?? (group ? boardUrl(group) : careersUrl),
    ats: group ? ATS_NAMES[group.key] : ats,
    roles: fields.roles.slice(0, MAX_ROLES).map(publicRole),
    source_url: fields.source_url,
    method: fields.method,
  });

  // 1. The ATS's own API: the roles the company has open right now.
  if (fetcher) {
    const askable = groups.filter((g) => g.account && ATS_APIS[g.key]).slice(0, MAX_API_CALLS);
    for (const group of askable) {
      let read: Awaited<ReturnType<typeof readAtsApi>>;
      try {
        read = await readAtsApi(group, fetcher, {
          ...(signal ? { signal } : {}),
          ...(options.rewriteApiUrl ? { rewriteUrl: options.rewriteApiUrl } : {}),
        });
      } catch {
        signal?.throwIfAborted();
        continue; // unreachable or changed API: the pages still answer
      }
      if (!read) continue;
      let roles = read.roles;
      // Only job links seen: the board may be shared (a fiscal sponsor's), so only the linked postings count.
      if (group.scope === 'job') {
        roles = roles.filter((r) => r.id !== null && group.jobIds.has(r.id));
        if (roles.length === 0) continue;
      }
      return answer({ hiring: roles.length > 0, roles, source_url: read.apiUrl, method: 'ats_api' }, group);
    }
  }

  // 2. schema.org JobPosting (careers pages first, then any page). Visible text outweighs stale structured data:
  // a page that says it has no openings and lists none has none, whatever JobPostings its markup still carries,
  // and when the careers listing says so, neither has the site.
  const isAtsAt = (base: string) => (url: string) => parseAtsUrl(url, base) !== null;
  const saysNone = (page: ParsedPage) => {
    const read = readPageRoles(page, isAtsAt(page.url));
    return read.notHiring && read.roles.length === 0;
  };
  const listingSaysNone = listing ? saysNone(listing) : false;
  const postingPages = [...careersPages, ...pages.filter((p) => !careersPages.includes(p))];
  const postings: JobRole[] = [];
  let postingSource: string | null = null;
  for (const page of listingSaysNone ? [] : postingPages) {
    const { roles } = readJobPostings(page);
    if (roles.length && saysNone(page)) continue;
    for (const role of roles.map((r) => ({ ...r, title: cleanJobTitle(r.title) }))) {
      if (!postings.some((r) => r.title === role.title && r.location === role.location)) postings.push(role);
    }
    if (roles.length && !postingSource) postingSource = page.url;
  }
  if (postings.length) {
    return answer({ hiring: true, roles: postings, source_url: postingSource, method: 'json_ld' });
  }

  // 3. The careers pages' own markup: the listing decides when it lists roles or says it is not hiring.
  if (!listing) return readOtherPages(pages, answer);
  const isAtsUrl = (url: string) => parseAtsUrl(url, listing.url) !== null;
  const first = readPageRoles(listing, isAtsUrl);
  if (first.roles.length || first.notHiring) {
    return answer({
      hiring: first.roles.length > 0,
      roles: first.roles,
      source_url: listing.url,
      method: 'page',
    });
  }
  const roles: JobRole[] = [];
  let source: string | null = null;
  for (const page of careersPages.slice(1)) {
    const read = readPageRoles(page, isAtsUrl);
    for (const role of read.roles) if (!roles.some((r) => r.title === role.title)) roles.push(role);
    if (read.roles.length && !source) source = page.url;
  }
  if (roles.length) return answer({ hiring: true, roles, source_url: source, method: 'page' });
  // An ATS widget we could not read may hold the openings: we cannot tell.
  if (groups.some((g) => g.scope === 'board')) {
    return answer({ hiring: null, roles: [], source_url: null, method: 'none' });
  }
  // "We are currently looking for plumbers and heating engineers": hiring, though no role is listed.
  if (first.seeking) return answer({ hiring: true, roles: [], source_url: listing.url, method: 'page' });
  // "Always looking", "send us your CV for the future": no particular opening now.
  if (first.standing) return answer({ hiring: false, roles: [], source_url: listing.url, method: 'page' });
  // The careers page may be only a form, while the home page says "Stiamo cercando persone motivate".
  const seeking = seekingPage(pages);
  if (seeking) return answer({ hiring: true, roles: [], source_url: seeking.url, method: 'page' });
  // A careers page that lists no role we can read and does not say it has none says nothing about hiring: its
  // openings may stand in a form we do not read (a tabbed list, an image, a PDF), and a wrong "not hiring" costs
  // more than an unknown.
  return answer({ hiring: null, roles: [], source_url: null, method: 'none' });
}

/** Pages that speak for the business as a whole: where it says it is hiring when it lists no role. */
const OWN_ROLES = new Set(['home', 'about', 'team', 'contact', 'careers']);

/** The first of the business's own pages that says it is looking for people now ("On recrute"). */
function seekingPage(pages: ParsedPage[]): ParsedPage | undefined {
  return pages.find((page) => OWN_ROLES.has(page.role) && saysSeeking(contentText(page.$)));
}

/**
 * No careers page: the same rules read the site's other pages, home first. A page that is itself one posting
 * (a job ad as a site's start page) says the business is hiring for that role; a page that says there are no
 * openings ("We do not have any open job position") says it is not. Anything else says nothing.
 */
function readOtherPages(
  pages: ParsedPage[],
  answer: (fields: Omit<CareerAnalysis, 'careers_url' | 'ats'>) => CareerAnalysis,
): CareerAnalysis {
  for (const page of pages) {
    const single = singlePosting(page, (url) => parseAtsUrl(url, page.url) !== null);
    if (single) return answer({ hiring: true, roles: [single], source_url: page.url, method: 'page' });
  }
  const none = pages.find((page) => saysNotHiring(contentText(page.$)));
  if (none) return answer({ hiring: false, roles: [], source_url: none.url, method: 'page' });
  const seeking = seekingPage(pages);
  if (seeking) return answer({ hiring: true, roles: [], source_url: seeking.url, method: 'page' });
  return answer({ hiring: null, roles: [], source_url: null, method: 'none' });
}
