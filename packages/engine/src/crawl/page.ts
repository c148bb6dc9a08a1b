import { type CheerioAPI, load } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { parseSetCookies } from './http-request';
import type { Cookie, FetchResult, PageRole } from './types';

/**
 * A fetched HTML page parsed once; every analyzer (software, careers, summary, ICP) reads this same object.
 * `$` is a cheerio document built with htmlparser2 (about 4× faster than parse5 on our fixture pages), built on
 * first use and then shared: software detection reads the page with its own lighter reader, so a page only
 * the detector reads is never parsed into cheerio's DOM.
 */
export interface ParsedPage {
  /** Where the document came from, after redirects. */
  url: string;
  requestedUrl: string;
  status: number | null;
  /** Lower-case header names. */
  headers: Record<string, string>;
  cookies: Cookie[];
  html: string;
  $: CheerioAPI;
  role: PageRole;
  truncated: boolean;
  fetchedAt: string;
}

/** A page crawlSite returns: fetched, decoded and parsed. */
export type FetchedPage = ParsedPage;

/**
 * The page's cheerio document. A selector over the whole document (`$('a[href]')`, `$('title')`) is matched once
 * per page: the analyzers ask for the same ones again and again (six read the links, five the JSON-LD), and each
 * match compiles the selector and walks the whole tree (a sixth of the CPU of crawling and enriching a site). The
 * analyzers never change the page's tree (what they edit, they clone first), so the elements found stay right.
 */
export function parseHtml(html: string): CheerioAPI {
  const $ = load(html, { xml: { xmlMode: false, decodeEntities: true } });
  const found = new Map<string, AnyNode[]>();
  return new Proxy($, {
    apply(target, self, args: Parameters<CheerioAPI>) {
      const [selector] = args;
      if (args.length !== 1 || typeof selector !== 'string' || selector.trimStart().startsWith('<')) {
        return Reflect.apply(target, self, args);
      }
      let nodes = found.get(selector);
      if (!nodes) {
        nodes = target(selector).toArray();
        found.set(selector, nodes);
      }
      return target(nodes);
    },
  });
}

/** Header names lowered, repeated values joined (Set-Cookie lines with "\n"). */
export function normalizeHeaderRecord(
  headers: Record<string, string | string[] | number | undefined> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const text = Array.isArray(value) ? value.join(key === 'set-cookie' ? '\n' : ', ') : String(value);
    out[key] = out[key] ? `${out[key]}${key === 'set-cookie' ? '\n' : ', '}${text}` : text;
  }
  return out;
}

export interface PageInput {
  url: string;
  html: string;
  headers?: Record<string, string | string[] | number | undefined>;
  cookies?: Cookie[];
  status?: number | null;
  role?: PageRole;
}

const parsed = new WeakSet<object>();

/** Has the page's `$` been built (read once)? Then reading its tree costs nothing more. */
export function hasParsedDom(page: ParsedPage): boolean {
  return parsed.has(page) || !Object.getOwnPropertyDescriptor(page, '$')?.get;
}

/** The page with `$` parsed from its HTML on first read (an own property, so spreading a page keeps it). */
function withLazyDom(page: Omit<ParsedPage, '$'>): ParsedPage {
  let dom: CheerioAPI | undefined;
  return Object.defineProperty(page, '$', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!dom) {
        dom = parseHtml(page.html);
        parsed.add(page);
      }
      return dom;
    },
  }) as ParsedPage;
}

/** A page from saved HTML (CLI, benchmarks, tests): cookies come from Set-Cookie unless given. */
export function pageFromHtml(input: PageInput): ParsedPage {
  const headers = normalizeHeaderRecord(input.headers);
  return withLazyDom({
    url: input.url,
    requestedUrl: input.url,
    status: input.status ?? 200,
    headers,
    cookies: input.cookies ?? parseSetCookies(headers['set-cookie']),
    html: input.html,
    role: input.role ?? 'home',
    truncated: false,
    fetchedAt: new Date().toISOString(),
  });
}

export function pageFromFetch(result: FetchResult & { html: string }, role: PageRole): ParsedPage {
  return withLazyDom({
    url: result.finalUrl,
    requestedUrl: result.url,
    status: result.status,
    headers: result.headers,
    cookies: result.cookies,
    html: result.html,
    role,
    truncated: result.truncated,
    fetchedAt: result.fetchedAt,
  });
}
