/**
 * What every reader of a competitor's page shares: the evidence it records, where a link points (a customer's
 * website, the competitor's own page, or nowhere useful), the page's chrome, and which paths are case studies.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { getDomain, parse } from 'tldts';
import { fold } from '../../crawl/page-keywords';
import { CUSTOMER_PAGE_KEYWORDS } from '../../crawl/planner';
import { parseWebsite, type WebsiteOptions } from '../../normalize/domain';
import { decodeSafe } from './names';
import type { SectionReader } from './sections';

export type EvidenceKind = 'case_study' | 'testimonial' | 'reference' | 'logo';

export interface CustomerEvidence {
  name: string;
  /** The customer's home page ("https://www.x.com/"), when the competitor's page links it. */
  website: string | null;
  domain: string | null;
  kind: EvidenceKind;
  /** The competitor's page the evidence is on. */
  url: string;
  /** The text that names the customer (alt text, quote and attribution, case-study title, list entry). */
  snippet: string;
}

/** What a competitor's page is, for what may be read off it. */
export type CompetitorPageKind = 'home' | 'customers' | 'case_study';

export interface ExtractOptions {
  /** Registrable domain of the competitor (its own links and its own name are never customers). */
  competitorSite: string;
  kind: CompetitorPageKind;
  /** What else is a customer's website: links to addresses CRAWL_ALLOW_HOSTS allows (WebsiteOptions). */
  website?: WebsiteOptions;
}

/**
 * Sites that are never a customer's website though they are not social networks: app stores, CDNs and asset
 * hosts, code and document hosts, form/booking tools (matched on the registrable domain).
 */
// biome-ignore format: keep the list compact
const NON_CUSTOMER_SITES: ReadonlySet<string> = new Set([
  'apple.com', 'microsoft.com', 'amazon.com', 'amazonaws.com', 'cloudfront.net', 'akamaihd.net', 'akamaized.net',
  'fastly.net', 'cloudflare.com', 'jsdelivr.net', 'unpkg.com', 'cdnjs.com', 'gstatic.com', 'googleapis.com',
  'googleusercontent.com', 'googletagmanager.com', 'doubleclick.net', 'gravatar.com', 'wp.com', 'imgix.net',
  'cloudinary.com', 'github.com', 'gitlab.com', 'medium.com', 'vimeo.com', 'calendly.com', 'typeform.com',
  'hubspot.com', 'hsforms.com', 'mailchimp.com', 'list-manage.com', 'zendesk.com', 'intercom.io', 'w3.org',
  'schema.org', 'creativecommons.org', 'adobe.com', 'shopify.com', 'wix.com', 'squarespace.com', 'webflow.com',
  'wordpress.org', 'trustpilot.com', 'capterra.com', 'g2.com', 'getapp.com', 'producthunt.com',
]);

const IMAGE_OR_FILE =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|pdf|zip|mp4|webm|css|js|json|xml|woff2?|ttf)(?:$|\?)/i;

/**
 * Path segments of customers pages: the planner's words, and the story folders sites keep their case studies
 * in ("/klantverhalen/…", "/customer-stories/…").
 */
const KEYWORDS = new Set([
  ...CUSTOMER_PAGE_KEYWORDS,
  'klantverhalen',
  'klantcases',
  'klantcase',
  'storie di successo',
  'casi di successo',
  'historias de clientes',
  'histoires clients',
  'kundengeschichten',
]);
export const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
export const siteOf = (hostname: string) => getDomain(hostname) ?? hostname.replace(/^www\./, '');

/** The folded words of a URL path segment ("Case-Studies.html" → "case studies"). */
const segmentWords = (segment: string) => fold(segment.replace(/\.(?:html?|php|aspx?|jsp)$/i, ''));

/** A path segment that names a customers page ("customers", "case-studies", "referenzen"). */
function isCustomerSegment(segment: string): boolean {
  return KEYWORDS.has(segmentWords(decodeSafe(segment)));
}

/**
 * A case-study page: its path goes on below a customers segment ("/customers/riverside-dental"), but is not a
 * list page itself ("/customers/page/2", "/customers/case-studies").
 */
export function isCaseStudyPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last || isCustomerSegment(last) || /^(?:page|seite|p|tag|tags|category|kategorie|\d+)$/i.test(last))
    return false;
  if (segments.some((s, i) => i < segments.length - 1 && /^(?:page|seite|tag|category)$/i.test(s)))
    return false;
  return segments.slice(0, -1).some(isCustomerSegment);
}

export interface LinkTarget {
  /** The link stays on the competitor's site. */
  isInternal: boolean;
  website: string | null;
  domain: string | null;
}

/** Where a link points, as a possible customer website (null: nowhere useful, e.g. a social network or CDN). */
export function customerSite(
  href: string | undefined,
  pageUrl: string,
  competitorSite: string,
  website: WebsiteOptions = {},
): LinkTarget | null {
  if (!href || /^(?:mailto|tel|javascript|data|#)/i.test(href.trim())) return null;
  let url: URL;
  try {
    url = new URL(href.trim(), pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (siteOf(url.hostname) === competitorSite) return { isInternal: true, website: null, domain: null };
  if (IMAGE_OR_FILE.test(url.pathname)) return null;
  const parsed = parseWebsite(url.href, website);
  if (!parsed?.domain || parsed.isSocial) return null;
  const registrable = parse(url.hostname, { allowPrivateDomains: false }).domain ?? parsed.domain;
  if (NON_CUSTOMER_SITES.has(registrable) || NON_CUSTOMER_SITES.has(parsed.domain)) return null;
  return { isInternal: false, website: `${url.protocol}//${url.host}/`, domain: parsed.domain };
}

/** The name a bare domain gives ("harbourdentalgroup.co.uk"): shown until enrichment reads the real one. */
export const nameFromDomain = (domain: string) => domain;

/** Parts of a page that are the site's own chrome, never evidence. */
const CHROME =
  'header, nav, footer, [role="navigation"], [role="banner"], [role="contentinfo"], script, style, noscript';
export const isInChrome = ($el: Cheerio<AnyNode>) => $el.closest(CHROME).length > 0;

export type Add = (
  name: string | null,
  target: LinkTarget | null,
  kind: EvidenceKind,
  snippet: string,
) => boolean;

export interface PageReading {
  $: CheerioAPI;
  url: string;
  /** The competitor's registrable domain. */
  site: string;
  /** What else is a customer's website (ExtractOptions.website). */
  website: WebsiteOptions;
  add: Add;
  /** What each part of the page is about: customers, or integrations, press, badges, investors, partners. */
  sections: SectionReader;
}
