import { type Cheerio, type CheerioAPI, load } from 'cheerio';
import { select } from 'cheerio-select';
import { type AnyNode, hasChildren } from 'domhandler';
import { isPageTooComplex, parseHtmlTree } from './html-tree';
import { parseSetCookies } from './http-request';
import type { Cookie, FetchResult, PageRole } from './types';

/**
 * A fetched HTML page parsed once; every analyzer (software, careers, summary, ICP) reads this same object.
 * `$` is a cheerio document built with htmlparser2 (faster than parse5 on our fixture pages; figures in docs/performance.md), built on
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

/** cheerio's htmlparser2 mode (fragments such as `$('<p>')` are parsed as the page was). */
const CHEERIO_OPTIONS = { xml: { xmlMode: false, decodeEntities: true } };

/**
 * The page's cheerio document, read by parseHtmlTree (crawl/html-tree.ts: htmlparser2's tree, bounded in depth
 * and size; throws PageTooComplexError for a page over its budget). A selector over the whole document (`$('a[href]')`, `$('title')`) is matched once
 * per page: the analyzers ask for the same ones again and again (six read the links, five the JSON-LD), and each
 * match compiles the selector and walks the whole tree (a sixth of the CPU of crawling and enriching a site). The
 * analyzers never change the page's tree (what they edit, they clone first), so the elements found stay right.
 */
export function parseHtml(html: string): CheerioAPI {
  const $ = load(parseHtmlTree(html), CHEERIO_OPTIONS);
  findInOneElementDirectly($);
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

/** Selectors cheerio reads from the selection itself, not its descendants (`+ p`, `~ p`, `:scope > p`). */
const SIBLING_OR_SCOPE = /[+~]|:scope\b/;

/**
 * `$(el).find(selector)` on one element asks cheerio-select for the element's descendants directly. cheerio hands
 * it the element's children as a list instead, and css-select first takes out of any list the nodes another one
 * contains, comparing every child and each of its ancestors with the whole list: an element of n children cost n²
 * steps for every `find`, and a page of 90,000 siblings under one customers heading held a job for hours. Asked
 * for one element's descendants, css-select walks them as they are; the answer is the same nodes in the same order.
 */
function findInOneElementDirectly($: CheerioAPI): void {
  const prototype = Object.getPrototypeOf($.root()) as Cheerio<AnyNode>;
  const findBySelector = prototype._findBySelector;
  prototype._findBySelector = function (this: Cheerio<AnyNode>, selector: string, limit: number) {
    const element = this.length === 1 ? this[0] : undefined;
    if (!element || !hasChildren(element) || SIBLING_OR_SCOPE.test(selector)) {
      return findBySelector.call(this, selector, limit);
    }
    const options = {
      context: [element],
      root: this._root?.[0] ?? undefined,
      xmlMode: this.options.xmlMode,
      lowerCaseTags: this.options.lowerCaseTags,
      lowerCaseAttributeNames: this.options.lowerCaseAttributeNames,
      pseudos: this.options.pseudos,
      quirksMode: this.options.quirksMode,
    };
    return this._make(select(selector, element, options, limit));
  };
}

/** Header names lowered, repeated values joined (Set-Cookie lines with "\n"). */
function normalizeHeaderRecord(
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

/**
 * The page with `$` parsed from its HTML on first read (an own property, so spreading a page keeps it). A page
 * the reader refuses (PageTooComplexError) throws that same error on every read, without reading it again.
 */
function withLazyDom(page: Omit<ParsedPage, '$'>): ParsedPage {
  let dom: CheerioAPI | undefined;
  let failure: unknown;
  return Object.defineProperty(page, '$', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (failure) throw failure;
      if (!dom) {
        try {
          dom = parseHtml(page.html);
        } catch (error) {
          failure = error;
          throw error;
        }
        parsed.add(page);
      }
      return dom;
    },
  }) as ParsedPage;
}

/**
 * Why the page cannot be read — "page too complex to read (more than 50,000 elements and attributes)" — or null
 * when it can. Builds the page's `$` to know (what its readers would do first anyway).
 */
export function pageReadError(page: ParsedPage): string | null {
  try {
    void page.$;
    return null;
  } catch (error) {
    if (isPageTooComplex(error)) return error.message;
    throw error;
  }
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
