import { hasParsedDom, type ParsedPage } from '../../crawl/page';
import {
  type AttributeList,
  type DomElement,
  type DomNode,
  type LightDomIndex,
  parseLightDom,
} from './light-dom';
import { quotedScriptUrls } from './quoted-urls';

export interface DomIndex {
  all: DomElement[];
  byTag: Map<string, DomElement[]>;
  byId: Map<string, DomElement[]>;
  /** Elements with a class token (built per class on first use: splitting every class list costs more). */
  withClass(name: string): DomElement[];
  /** Elements carrying each attribute name present in the page, in document order, with their values. */
  byAttribute: Map<string, AttributeList>;
}

/** What the software matcher reads from a page, extracted in one walk over the parsed document. */
export interface PageFacts {
  url: string;
  html: string;
  /**
   * Script URLs, absolute, each with the form written in the page when that differs (patterns are written for
   * either form); scripts inside IE conditional comments included.
   */
  scriptSrcs: ScriptUrl[];
  /** All forms of the script URLs, one per line, for the literal scan. */
  scriptSrcsText: string;
  /** `.js` URLs quoted in inline scripts: what loader snippets (analytics, tag managers) inject at run time. */
  injectedScripts: ScriptUrl[];
  injectedScriptsText: string;
  inlineScripts: string;
  /**
   * The inline scripts that are JavaScript (no type, a JavaScript or module type), without JSON, JSON-LD and
   * templates: what defines globals (js-rules.ts).
   */
  inlineCode: string;
  styles: string;
  meta: Map<string, string[]>;
  headers: Record<string, string>;
  cookies: Array<{ name: string; value: string }>;
  dom: DomIndex;
  bodyText(): string;
}

export interface ScriptUrl {
  url: string;
  written?: string;
}

const isElement = (node: DomNode): node is DomElement =>
  (node.type === 'tag' || node.type === 'script' || node.type === 'style') && typeof node.name === 'string';

/** Adds `value` to the list under `key`. */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Elements whose content a browser does not show: `innerText` leaves them out, and so does the body text. */
const HIDDEN_CONTENT: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template']);

/**
 * Text content of a node: all descendant text nodes, except inside the elements named in `skip` (the body text
 * skips HIDDEN_CONTENT, to read what a visitor reads).
 */
export function textOf(node: DomNode, skip?: ReadonlySet<string>): string {
  if (node.type === 'text') return node.data ?? '';
  let out = '';
  const stack: DomNode[] = [node];
  while (stack.length) {
    const current = stack.pop() as DomNode;
    if (current.type === 'text') out += current.data ?? '';
    else if (current.children && !(skip && current.name && skip.has(current.name)))
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as DomNode);
  }
  return out;
}

// `[^<>]`: a tag ends before the next `<`, so each `<script` is read up to there only (linear in the comment).
const CONDITIONAL_SCRIPT = /<script\b[^<>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi;

/** No type, or a JavaScript one (Cloudflare Rocket Loader rewrites it to "<hash>-text/javascript"). */
const isCode = (type: string | undefined) => !type?.trim() || /javascript|ecmascript|module|jsx/i.test(type);

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** Is `name` one of the whitespace-separated tokens of a class attribute? (No split, no allocation.) */
export function hasClassToken(classes: string | undefined, name: string): boolean {
  if (!classes || !name) return false;
  for (let i = classes.indexOf(name); i !== -1; i = classes.indexOf(name, i + 1)) {
    const end = i + name.length;
    if (
      (i === 0 || isSpace(classes.charCodeAt(i - 1))) &&
      (end === classes.length || isSpace(classes.charCodeAt(end)))
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Lists a parsed tree (cheerio's) as the light reader lists what it reads: elements and comments in document
 * order, and each attribute's elements. Returns the root.
 */
function listTree(root: DomNode, listed: LightDomIndex): DomNode {
  const stack: DomNode[] = [root];
  while (stack.length) {
    const node = stack.pop() as DomNode;
    if (node.children) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as DomNode);
    }
    if (node.type === 'comment') listed.nodes.push(node);
    else if (isElement(node)) {
      listed.nodes.push(node);
      for (const attribute in node.attribs) {
        const list = listed.byAttribute.get(attribute);
        const value = node.attribs[attribute] as string;
        if (list) {
          list.elements.push(node);
          list.values.push(value);
        } else listed.byAttribute.set(attribute, { elements: [node], values: [value] });
      }
    }
  }
  return root;
}

/**
 * What the matcher reads from the page, read afresh on each call: the detector asks once per page. (A cache keyed
 * by the page kept the whole light DOM alive for as long as the page, through the other analyzers' work, and its
 * entries made the young collections copy and promote every page's tree.)
 */
export function pageFacts(page: ParsedPage): PageFacts {
  // The page's `$` when another analyzer built it (the same tree: light-dom.test.ts), else our own reader: faster,
  // and cheerio's DOM is then built only if another analyzer asks.
  const listed: LightDomIndex = { nodes: [], byAttribute: new Map() };
  const root = hasParsedDom(page)
    ? listTree(page.$.root()[0] as unknown as DomNode, listed)
    : parseLightDom(page.html, listed);
  const dom: DomIndex = {
    all: [],
    byTag: new Map(),
    byId: new Map(),
    withClass: (name) => {
      let list = byClass.get(name);
      if (!list) {
        // From the class values listed with their elements: no lookup in every element's attributes.
        list = [];
        const classed = listed.byAttribute.get('class');
        if (classed) {
          const { elements, values } = classed;
          for (let i = 0; i < values.length; i++) {
            if (hasClassToken(values[i], name)) list.push(elements[i] as DomElement);
          }
        }
        byClass.set(name, list);
      }
      return list;
    },
    byAttribute: listed.byAttribute,
  };
  const byClass = new Map<string, DomElement[]>();
  const srcs = new Map<string, ScriptUrl>();
  const scripts: string[] = [];
  const code: string[] = [];
  const styles: string[] = [];
  const meta = new Map<string, string[]>();
  let body: DomNode | null = null;
  const addSrc = (raw: string) => {
    const written = raw.trim();
    if (!written || srcs.has(written)) return;
    let url = written;
    try {
      url = new URL(written, page.url).href;
    } catch {}
    srcs.set(written, url === written ? { url } : { url, written });
  };
  for (const node of listed.nodes) {
    if (node.type === 'comment') {
      if (node.data && /^\s*\[if/i.test(node.data)) {
        for (const m of node.data.matchAll(CONDITIONAL_SCRIPT)) addSrc(m[1] ?? '');
      }
      continue;
    }
    if (!isElement(node)) continue;
    const { name, attribs } = node;
    dom.all.push(node);
    push(dom.byTag, name, node);
    if (attribs.id) push(dom.byId, attribs.id, node);
    if (name === 'script') {
      if (attribs.src?.trim()) addSrc(attribs.src);
      else {
        const text = textOf(node);
        scripts.push(text);
        if (isCode(attribs.type)) code.push(text);
      }
    } else if (name === 'style') styles.push(textOf(node));
    else if (name === 'meta') {
      const key = (attribs.name ?? attribs.property)?.trim().toLowerCase();
      if (key && attribs.content !== undefined) push(meta, key, attribs.content);
    } else if (name === 'body' && !body) body = node;
  }
  const scriptSrcs = [...srcs.values()];
  const inlineScripts = scripts.join('\n');
  const injected = new Set(quotedScriptUrls(inlineScripts));
  const injectedScripts = [...injected].map((url) => ({ url }));
  const urlsText = (list: ScriptUrl[]) =>
    list.map((s) => (s.written ? `${s.url}\n${s.written}` : s.url)).join('\n');
  let text: string | undefined;
  return {
    url: page.url,
    html: page.html,
    scriptSrcs,
    scriptSrcsText: urlsText(scriptSrcs),
    injectedScripts,
    injectedScriptsText: urlsText(injectedScripts),
    inlineScripts,
    // Most pages' inline scripts are all code: then it is the same text, joined once.
    inlineCode: code.length === scripts.length ? inlineScripts : code.join('\n'),
    styles: styles.join('\n'),
    meta,
    headers: page.headers,
    cookies: page.cookies.map((c) => ({ name: c.name.toLowerCase(), value: c.value })),
    dom,
    bodyText: () => {
      text ??= textOf(body ?? root, HIDDEN_CONTENT).replace(/\s+/g, ' ');
      return text;
    },
  };
}
