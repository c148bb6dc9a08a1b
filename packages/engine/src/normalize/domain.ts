import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { AddressAllowList } from '../crawl/ssrf';
import { trimChars } from './trim';

/**
 * Hosts that are not a business's own website: social networks, review and booking portals, link
 * shorteners, maps. A place whose "website" is one of these has no domain (the URL is kept as a social link).
 * Matched on the registrable domain, or on its label before the suffix for portals with many country domains.
 */
// biome-ignore format: keep the list compact
const NON_BUSINESS_DOMAINS: ReadonlySet<string> = new Set([
  'facebook.com', 'fb.com', 'fb.me', 'instagram.com', 'twitter.com', 'x.com', 'linkedin.com', 'xing.com',
  'youtube.com', 'youtu.be', 'tiktok.com', 'pinterest.com', 'snapchat.com', 'threads.net', 'tumblr.com',
  'vk.com', 'ok.ru', 'wa.me', 'whatsapp.com', 't.me', 'telegram.me', 'linktr.ee', 'bit.ly', 'goo.gl', 'g.page',
  'g.co', 'foursquare.com', 'ubereats.com', 'doordash.com', 'grubhub.com', 'wolt.com', 'glovoapp.com',
  'opentable.com', 'thefork.com', 'zomato.com', 'gelbeseiten.de', 'dasoertliche.de', 'golocal.de',
  'houzz.com', 'nextdoor.com', 'angi.com', 'thumbtack.com', 'bbb.org', 'wikipedia.org', 'wikidata.org',
  'openstreetmap.org',
]);

/** Portals matched by name whatever the country domain (yelp.de, tripadvisor.co.uk, google.mk…). */
// biome-ignore format: keep the list compact
const NON_BUSINESS_BRANDS: ReadonlySet<string> = new Set([
  'facebook', 'instagram', 'yelp', 'tripadvisor', 'google', 'booking', 'lieferando', 'deliveroo', 'justeat',
  'trustpilot', 'yellowpages', 'pagesjaunes', 'paginasamarillas', 'airbnb', 'expedia', 'kununu',
]);

/**
 * Website builders and hosts whose customers live on a subdomain (shop-x.cafelists.com): there the whole host
 * names the business, not the platform's domain. (tldts already knows many from the public suffix list's
 * private section, e.g. wixsite.com, github.io, myshopify.com.)
 */
// biome-ignore format: keep the list compact
const SUBDOMAIN_HOSTS: ReadonlySet<string> = new Set([
  'cafelists.com', 'hpage.com', 'webnode.page', 'webnode.com', 'webnode.de', 'business.site', 'jimdosite.com',
  'jimdofree.com', 'jimdo.com', 'wordpress.com', 'weebly.com', 'godaddysites.com', 'ueniweb.com', 'site123.me',
  'strikingly.com', 'mozello.com', 'over-blog.com', 'blogspot.com', 'wixsite.com', 'squarespace.com',
  'webflow.io', 'carrd.co', 'tilda.ws', 'yolasite.com', 'mystrikingly.com', 'homepage-baukasten.de',
  'beepworld.de', 'npage.de', 'page4.com', 'ionos.site', 'one.com', 'web.app', 'firebaseapp.com',
]);

export interface ParsedWebsite {
  /** Canonical URL: http(s), lower-case host, no fragment, no default port. */
  url: string;
  /** Host without "www." (Unicode). */
  host: string;
  /**
   * Registrable domain (Unicode), the host on a builder platform, or the address of an allowed IP address
   * (WebsiteOptions). Null for non-business hosts.
   */
  domain: string | null;
  /** The host is a social network or portal (see NON_BUSINESS_DOMAINS). */
  isSocial: boolean;
}

const JUNK = /^(n\/?a|none|null|nil|-+|\.+|keine|no|kein|sin|aucun|unknown|tbd|tba|0)$/i;

/** Longer text is no web address (browsers and servers stop at about 2,000 characters); it is not read at all. */
const MAX_WEBSITE_CHARS = 2048;
const isSeparator = (c: string) => c === ';' || c === '|' || /\s/.test(c);

/** "https://a.de; https://b.de" → "https://a.de": the text before the first run of separators with more after it. */
function firstOfSeveral(text: string): string {
  for (let i = 0; i < text.length; i++) {
    if (!isSeparator(text.charAt(i))) continue;
    let end = i;
    while (end < text.length && isSeparator(text.charAt(end))) end++;
    return end < text.length ? text.slice(0, i) : text;
  }
  return text;
}

/**
 * What else counts as a website. `allowAddresses`: the IP addresses and CIDR ranges the crawler may reach
 * (CRAWL_ALLOW_HOSTS, e.g. "127.0.0.1,10.0.0.0/8"): a web address on one of them ("http://10.1.2.3:8080/shop/") is
 * a website, its domain the address. Without it an address is no website: a business's site has a name, and one
 * by address would only be refused by the crawler's SSRF guard later. The caller passes the allowance (the engine
 * reads no environment).
 */
export interface WebsiteOptions {
  allowAddresses?: readonly string[] | AddressAllowList;
}

/** Allow-lists by the array they were built from: a CSV import parses a website per row with the same list. */
const allowLists = new WeakMap<readonly string[], AddressAllowList>();

function allowListOf(options: WebsiteOptions | undefined): AddressAllowList | null {
  const given = options?.allowAddresses;
  if (!given) return null;
  if (given instanceof AddressAllowList) return given;
  if (given.length === 0) return null;
  let list = allowLists.get(given);
  if (!list) {
    list = new AddressAllowList(given);
    allowLists.set(given, list);
  }
  return list;
}

/** The IP address a URL's hostname is ("10.0.0.1", "[::1]" → "::1"), or null for a name. */
function ipOf(hostname: string, isIp: boolean | null): string | null {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return hostname.slice(1, -1);
  return isIp ? hostname : null;
}

/**
 * Parses any form of web address ("www.x.de", "X.DE", "http://x.de/path", "//x.de") or returns null; an IP
 * address only when `options.allowAddresses` allows it.
 */
export function parseWebsite(raw: string | null | undefined, options?: WebsiteOptions): ParsedWebsite | null {
  if (typeof raw !== 'string' || raw.length > MAX_WEBSITE_CHARS) return null;
  // Linear-time trims and split: the regexes they replace backtracked quadratically (trim.ts).
  let text = trimChars(raw.trim(), '<("\'', '>)"\',;');
  // OSM and CSV cells sometimes hold several: "https://a.de; https://b.de" — the first is the main one.
  text = firstOfSeveral(text);
  const isEmailLike = text.includes('@') && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (!text || JUNK.test(text) || isEmailLike) return null;
  // A misspelt web scheme ("htp://", "htps://", "http//", "http:/"): the address after it is what was meant.
  const misspelt = /^h?t?t?p?s?:?\/{1,3}(?=[^/])/i.exec(text);
  if (misspelt && !/^https?:\/\//i.test(text) && !/^\/\//.test(text)) {
    text = `${/s:?\/*$/i.test(misspelt[0]) ? 'https' : 'http'}://${text.slice(misspelt[0].length)}`;
  }
  if (/^\/\//.test(text)) text = `https:${text}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(text) || /^[^:/]+:\d+(\/|$)/.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const parsed = parse(url.hostname, { allowPrivateDomains: true });
  if (url.hash) url.hash = '';
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
  }
  const ip = ipOf(url.hostname, parsed.isIp);
  if (ip !== null) {
    if (!allowListOf(options)?.has(ip)) return null;
    return { url: url.href, host: ip, domain: ip, isSocial: false };
  }
  if (!parsed.domain || (!parsed.isIcann && !parsed.isPrivate)) return null;
  const host = toUnicode(url.hostname.replace(/^www\d*\./, ''));
  const registrable = toUnicode(parsed.domain);
  const isSocial =
    NON_BUSINESS_DOMAINS.has(registrable) || NON_BUSINESS_BRANDS.has(parsed.domainWithoutSuffix ?? '');
  let domain: string | null = registrable;
  if (isSocial) domain = null;
  else if (SUBDOMAIN_HOSTS.has(registrable) && host !== registrable) domain = host;
  return { url: url.href, host, domain, isSocial };
}

/** Punycode labels (xn--) to Unicode; plain ASCII hosts as they are (the common, cheap case). */
const toUnicode = (host: string): string => (host.includes('xn--') ? domainToUnicode(host) || host : host);

/** The registrable domain of a business website ("https://shop.x.co.uk/a" → "x.co.uk"), or null. */
export function domainFromUrl(raw: string | null | undefined, options?: WebsiteOptions): string | null {
  return parseWebsite(raw, options)?.domain ?? null;
}

/** A canonical website URL ("www.x.de" → "https://www.x.de/"), or null for junk and non-business hosts. */
export function normalizeWebsite(raw: string | null | undefined, options?: WebsiteOptions): string | null {
  const parsed = parseWebsite(raw, options);
  return parsed && !parsed.isSocial ? parsed.url : null;
}

/** The business's website and domain, and a social/portal link when that is all it gave. */
export function classifyWebsite(
  raw: string | null | undefined,
  options?: WebsiteOptions,
): {
  website: string | null;
  domain: string | null;
  social: string | null;
} {
  const parsed = parseWebsite(raw, options);
  if (!parsed) return { website: null, domain: null, social: null };
  if (parsed.isSocial) return { website: null, domain: null, social: parsed.url };
  return { website: parsed.url, domain: parsed.domain, social: null };
}
