import type { CheerioAPI } from 'cheerio';
import { getDomain } from 'tldts';
import { trimEndChars } from '../normalize/trim';
import { fold, ROLE_KEYWORDS, ROLE_PRIORITY } from './page-keywords';
import type { PageRole } from './types';

export interface PageLink {
  url: string;
  text: string;
}

export interface PlannedPage {
  url: string;
  role: PageRole;
  score: number;
}

export interface PlanOptions {
  /** Pages chosen besides the home page. Default 6. */
  budget?: number;
  /** Lowest score a link needs. Default 5. */
  minScore?: number;
}

const MAX_LINKS = 3000;
const SKIPPED_EXTENSIONS =
  /\.(?:pdf|jpe?g|png|gif|svg|webp|avif|ico|bmp|tiff?|zip|rar|7z|gz|tgz|docx?|xlsx?|pptx?|odt|ods|mp[34]|m4a|wav|avi|mov|webm|css|js|mjs|json|xml|rss|atom|ics|vcf|exe|dmg|apk|woff2?|ttf|eot)$/i;

/** Every link of a page with its text (anchor text, else title / aria-label / image alt), absolute, no fragment. */
export function extractLinks($: CheerioAPI, baseUrl: string): PageLink[] {
  const base = $('base[href]').attr('href');
  let resolvedBase = baseUrl;
  try {
    if (base) resolvedBase = new URL(base, baseUrl).href;
  } catch {}
  const links: PageLink[] = [];
  $('a[href], area[href]').each((_, el) => {
    if (links.length >= MAX_LINKS) return false;
    const node = $(el);
    const href = node.attr('href')?.trim();
    if (!href || /^(?:mailto|tel|javascript|data|sms|whatsapp|callto):/i.test(href)) return;
    let url: URL;
    try {
      url = new URL(href, resolvedBase);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    url.hash = '';
    const text =
      node.text().replace(/\s+/g, ' ').trim() ||
      node.attr('title') ||
      node.attr('aria-label') ||
      node.find('img[alt]').first().attr('alt') ||
      '';
    links.push({ url: url.href, text: text.slice(0, 200) });
  });
  return links;
}

const siteOf = (hostname: string) => getDomain(hostname) ?? hostname.replace(/^www\./, '');

/** Same page for our purposes: no scheme, no www, no trailing slash or index file, no tracking parameters. */
export function canonicalPageKey(url: URL): string {
  // Trailing slashes trimmed in linear time (a `/\/+$/` backtracks on a long run of slashes in a crawled link).
  const path = trimEndChars(
    decodeSafe(url.pathname).replace(/\/(?:index|default|home)\.(?:html?|php|aspx?|jsp)$/i, '/'),
    '/',
  );
  const params = [...url.searchParams]
    .filter(([k]) => !/^(?:utm_|fbclid$|gclid$|mc_|_ga$|ref$|lang$)/i.test(k))
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
  return `${url.hostname.replace(/^www\./, '')}${path.toLowerCase()}${params ? `?${params}` : ''}`;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const words = (text: string) => (text ? fold(text).split(' ') : []);

function containsPhrase(haystack: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (haystack[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

const PHRASES = Object.fromEntries(
  Object.entries(ROLE_KEYWORDS).map(([role, list]) => [role, list.map((p) => p.split(' '))]),
) as Record<keyof typeof ROLE_KEYWORDS, string[][]>;

/** Score of a link for one role: the best path-segment match plus the best link-text match. */
function scoreFor(role: keyof typeof ROLE_KEYWORDS, segments: string[][], text: string[]): number {
  return scorePhrases(PHRASES[role], segments, text);
}

function scorePhrases(phrases: string[][], segments: string[][], text: string[]): number {
  let path = 0;
  segments.forEach((segment, i) => {
    const isLast = i === segments.length - 1;
    for (const phrase of phrases) {
      if (segment.length === phrase.length && containsPhrase(segment, phrase))
        path = Math.max(path, isLast ? 10 : 8);
      else if (containsPhrase(segment, phrase)) path = Math.max(path, isLast ? 6 : 4);
    }
  });
  let label = 0;
  if (text.length > 0) {
    for (const phrase of phrases) {
      if (text.length === phrase.length && containsPhrase(text, phrase)) label = Math.max(label, 8);
      else if (containsPhrase(text, phrase)) label = Math.max(label, text.length <= 5 ? 5 : 2);
    }
  }
  return path + label;
}

/** The best role of a link and its score, with penalties for deep paths and query strings. */
export function scoreLink(url: URL, text: string): { role: PageRole; score: number } {
  const segments = decodeSafe(url.pathname)
    .split('/')
    .filter(Boolean)
    .map((s) => words(s.replace(/\.(?:html?|php|aspx?|jsp)$/i, '')));
  const label = words(text);
  let best: { role: PageRole; score: number } = { role: 'other', score: 0 };
  for (const role of ROLE_PRIORITY) {
    const score = scoreFor(role, segments, label);
    if (score > best.score) best = { role, score };
  }
  if (best.score === 0) return best;
  const penalty = Math.max(0, segments.length - 2) + (url.search ? 3 : 0) + (url.href.length > 120 ? 2 : 0);
  return { role: best.role, score: best.score - penalty };
}

/**
 * Chooses the pages that matter among a home page's links: same registrable domain only, one page per role
 * first (in ROLE_PRIORITY order), then the next best links until the budget is spent.
 */
export function planPages(homeUrl: string, links: PageLink[], options: PlanOptions = {}): PlannedPage[] {
  const budget = options.budget ?? 6;
  const minScore = options.minScore ?? 5;
  const home = new URL(homeUrl);
  const site = siteOf(home.hostname);
  const homeKey = canonicalPageKey(home);
  const candidates = new Map<string, PlannedPage>();
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link.url);
    } catch {
      continue;
    }
    url.hash = '';
    if (siteOf(url.hostname) !== site || SKIPPED_EXTENSIONS.test(url.pathname)) continue;
    const key = canonicalPageKey(url);
    if (key === homeKey) continue;
    const { role, score } = scoreLink(url, link.text);
    if (role === 'other' || score < minScore) continue;
    const known = candidates.get(key);
    if (!known || score > known.score) candidates.set(key, { url: url.href, role, score });
  }
  const ranked = [...candidates.values()].sort((a, b) => b.score - a.score || a.url.length - b.url.length);
  const chosen: PlannedPage[] = [];
  for (const role of ROLE_PRIORITY) {
    if (chosen.length >= budget) break;
    const best = ranked.find((c) => c.role === role);
    if (best) chosen.push(best);
  }
  // Then the runners-up, at most two pages per role (a second careers page, not five language versions).
  for (const candidate of ranked) {
    if (chosen.length >= budget) break;
    const sameRole = chosen.filter((c) => c.role === candidate.role).length;
    if (!chosen.includes(candidate) && sameRole < 2) chosen.push(candidate);
  }
  return chosen;
}

/**
 * Words that name the pages where a business shows its own customers: customer lists, case studies, success
 * stories, testimonials, references, "trusted by" walls (folded like ROLE_KEYWORDS). Not one of the enrichment
 * roles: only the competitor-customers discovery plans with them (`planCustomerPages`).
 */
// biome-ignore format: keep the list compact
export const CUSTOMER_PAGE_KEYWORDS: readonly string[] = [
  'customers', 'customer', 'our customers', 'customer stories', 'customer story', 'customer success', 'clients',
  'client', 'our clients', 'client stories', 'case studies', 'case study', 'casestudies', 'casestudy', 'cases',
  'success stories', 'success story', 'testimonials', 'testimonial', 'reviews', 'references', 'showcase',
  'who uses', 'trusted by', 'used by', 'kunden', 'unsere kunden', 'kundenstimmen', 'kundenprojekte', 'referenzen',
  'referenz', 'referenzkunden', 'erfolgsgeschichten', 'fallstudien', 'fallstudie', 'anwenderberichte',
  'praxisberichte', 'nos clients', 'temoignages', 'temoignage', 'references clients', 'etudes de cas',
  'etude de cas', 'cas clients', 'cas client', 'ils nous font confiance', 'clientes', 'nuestros clientes',
  'casos de exito', 'caso de exito', 'testimonios', 'referencias', 'clienti', 'klanten', 'referenties',
];

const CUSTOMER_PHRASES = CUSTOMER_PAGE_KEYWORDS.map((p) => p.split(' '));

/** Score of a link as a customers page (0 when it is not one), with the same penalties as `scoreLink`. */
export function scoreCustomerLink(url: URL, text: string): number {
  const segments = decodeSafe(url.pathname)
    .split('/')
    .filter(Boolean)
    .map((s) => words(s.replace(/\.(?:html?|php|aspx?|jsp)$/i, '')));
  const score = scorePhrases(CUSTOMER_PHRASES, segments, words(text));
  if (score === 0) return 0;
  const penalty = Math.max(0, segments.length - 2) + (url.search ? 3 : 0) + (url.href.length > 120 ? 2 : 0);
  return score - penalty;
}

/**
 * The customers pages among a home page's links (same registrable domain, best first, one per canonical page):
 * customer lists, case studies, testimonials, references. Returned with role 'other' (not an enrichment role).
 */
export function planCustomerPages(
  homeUrl: string,
  links: PageLink[],
  options: PlanOptions = {},
): PlannedPage[] {
  const budget = options.budget ?? 4;
  const minScore = options.minScore ?? 5;
  const home = new URL(homeUrl);
  const site = siteOf(home.hostname);
  const homeKey = canonicalPageKey(home);
  const candidates = new Map<string, PlannedPage>();
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link.url);
    } catch {
      continue;
    }
    url.hash = '';
    if (siteOf(url.hostname) !== site || SKIPPED_EXTENSIONS.test(url.pathname)) continue;
    const key = canonicalPageKey(url);
    if (key === homeKey) continue;
    const score = scoreCustomerLink(url, link.text);
    if (score < minScore) continue;
    const known = candidates.get(key);
    if (!known || score > known.score) candidates.set(key, { url: url.href, role: 'other', score });
  }
  return [...candidates.values()]
    .sort((a, b) => b.score - a.score || a.url.length - b.url.length)
    .slice(0, budget);
}
