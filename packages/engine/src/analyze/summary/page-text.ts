import type { AnyNode, Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces } from '../../normalize/text';

/**
 * The analyzers read at most this much of one block of text (a paragraph, a cell, a line): real ones are far shorter,
 * and the rest of a giant one is not read. It bounds what their patterns run on (the ReDoS test,
 * src/redos.test.ts, checks each pattern that is not linear-time at this length).
 */
export const MAX_TEXT_CHARS = 10_000;

/** One block of visible text (a paragraph, heading, list item, cell …) in document order. */
export interface TextBlock {
  tag: string;
  text: string;
  /** Inside navigation, header, footer, sidebar, cookie banner or similar page furniture. */
  isChrome: boolean;
  /** Inside <article> or <main> (or an element named like the main content). */
  isMain: boolean;
  /** Inside <article> or a post's content container (a blog post's or news item's own text). */
  isArticle: boolean;
  /** Inside a post's teaser on a listing ("artikelteaser", "post-excerpt"): a preview of another page's text. */
  isTeaser: boolean;
  /** Share of the block's characters inside links (menus and link lists score high). */
  linkShare: number;
}

export interface PageText {
  blocks: TextBlock[];
  /** All visible text, one block per line. */
  text: string;
}

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'object',
  'select',
  'head',
  'canvas',
]);
const BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'dt',
  'dd',
  'td',
  'th',
  'blockquote',
  'figcaption',
  'address',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'nav',
  'aside',
  'ul',
  'ol',
  'dl',
  'table',
  'tr',
  'form',
  'br',
  'hr',
  'pre',
  'label',
  'button',
  'option',
  'summary',
  'details',
  'caption',
]);
const CHROME_TAGS = new Set(['nav', 'header', 'footer', 'aside']);
const CHROME_NAME =
  /(?:^|[\s_-])(?:nav|navbar|navigation|menu|menue|footer|header|sidebar|cookie|cookies|consent|breadcrumbs?|topbar|skip)(?:$|[\s_-])/i;
const ARTICLE_NAME = /(?:^|\s)(?:entry-content|post-content|article-body|article-content)(?:$|\s)/i;
/** A post's preview in a listing, by its class or id ("artikelteaser", "post-teaser", "entry-summary"). */
const TEASER_NAME = /teaser|(?:^|[\s_-])(?:excerpt|entry-summary|post-preview)(?:$|[\s_-])/i;

type Where = Pick<TextBlock, 'isChrome' | 'isMain' | 'isArticle' | 'isTeaser'>;
const MAIN_NAME = /(?:^|[\s_-])(?:content|entry-content|post-content|main|article|page-content)(?:$|[\s_-])/i;

const cache = new WeakMap<ParsedPage, PageText>();

/** Inline elements: a stylesheet hides one of these inside a line to plant a decoy ("info@<span>spam.</span>…"). */
const INLINE = new Set(['span', 'em', 'i', 'b', 'strong', 'small', 'font', 'code', 'bdo']);

/**
 * CSS without its comments, by indexOf (`/\/\*[\s\S]*?\*\//g` rescans the rest of an unclosed `/*` from each one).
 * The pieces are joined once into a flat string: the caller reads it character by character, and V8 may copy a
 * string built by `+=` (a rope of one piece per comment) whole on each such read once the reader is optimised.
 */
function withoutCssComments(css: string): string {
  const pieces: string[] = [];
  let at = 0;
  for (;;) {
    const start = css.indexOf('/*', at);
    // An unclosed comment stays, as the pattern left it.
    const end = start === -1 ? -1 : css.indexOf('*/', start + 2);
    if (end === -1) {
      pieces.push(css.slice(at));
      return pieces.join('');
    }
    pieces.push(css.slice(at, start));
    at = end + 2;
  }
}

/**
 * Classes the page's own stylesheets hide outright (`.nospam{display:none}`), at top level only: a rule inside
 * `@media` hides something on some screens, not from every reader.
 */
export function hiddenClasses(page: ParsedPage): Set<string> {
  const hidden = new Set<string>();
  page.$('style').each((_, el) => {
    const css = withoutCssComments(page.$(el).text());
    let depth = 0;
    let start = 0;
    let selector = '';
    for (let i = 0; i < css.length; i++) {
      const ch = css[i];
      if (ch === '{') {
        if (depth === 0) selector = css.slice(start, i).trim();
        depth += 1;
        start = i + 1;
      } else if (ch === '}') {
        depth = Math.max(0, depth - 1);
        if (depth === 0) {
          const body = css.slice(start, i);
          if (!selector.startsWith('@') && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(body)) {
            for (const part of selector.split(',')) {
              const name = /^\.([\w-]+)$/.exec(part.trim())?.[1];
              if (name) hidden.add(name);
            }
          }
        }
        start = i + 1;
      }
    }
  });
  return hidden;
}

/**
 * The visible text of a page as blocks, read from the shared parsed document without changing it (other
 * analyzers read the same `$`). Cached per page.
 */
export function pageText(page: ParsedPage): PageText {
  const known = cache.get(page);
  if (known) return known;
  const blocks: TextBlock[] = [];
  const hidden = hiddenClasses(page);
  let buffer = '';
  let linkChars = 0;
  const flush = (tag: string, where: Where) => {
    const text = collapseSpaces(buffer).slice(0, MAX_TEXT_CHARS);
    if (text) blocks.push({ tag, text, ...where, linkShare: Math.min(1, linkChars / text.length) });
    buffer = '';
    linkChars = 0;
  };

  const walk = (nodes: AnyNode[], tag: string, where: Where, inLink: boolean) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const data = (node as unknown as { data: string }).data;
        buffer += data;
        if (inLink) linkChars += collapseSpaces(data).length;
        continue;
      }
      if (node.type !== 'tag') continue;
      const element = node as Element;
      const name = element.name.toLowerCase();
      if (SKIPPED.has(name)) continue;
      if (element.attribs.hidden !== undefined || element.attribs['aria-hidden'] === 'true') continue;
      if (/display\s*:\s*none/i.test(element.attribs.style ?? '')) continue;
      if (
        hidden.size &&
        INLINE.has(name) &&
        (element.attribs.class ?? '').split(/\s+/).some((c) => hidden.has(c))
      )
        continue;
      const label = `${element.attribs.id ?? ''} ${element.attribs.class ?? ''} ${element.attribs.role ?? ''}`;
      const child: Where = {
        isChrome:
          where.isChrome ||
          CHROME_TAGS.has(name) ||
          element.attribs.role === 'navigation' ||
          CHROME_NAME.test(label),
        isMain: where.isMain || name === 'main' || name === 'article' || MAIN_NAME.test(label),
        isArticle: where.isArticle || name === 'article' || ARTICLE_NAME.test(element.attribs.class ?? ''),
        isTeaser: where.isTeaser || TEASER_NAME.test(label),
      };
      if (name === 'img') {
        continue;
      }
      if (BLOCKS.has(name)) {
        flush(tag, where);
        walk(element.children, name, child, inLink);
        flush(name, child);
      } else {
        walk(element.children, tag, child, inLink || name === 'a');
        // Inline text runs on ("<b>W</b>ort"), but two links side by side are two menu items.
        const isGlued = name === 'span' || name === 'strong' || name === 'b' || name === 'em';
        buffer += (name === 'a' && element.next?.type !== 'tag') || isGlued ? '' : ' ';
      }
    }
  };
  const body = page.$('body').get(0) as Element | undefined;
  const top: Where = { isChrome: false, isMain: false, isArticle: false, isTeaser: false };
  walk(body ? body.children : (page.$.root().get(0)?.children ?? []), 'body', top, false);
  flush('body', top);
  const result = { blocks, text: blocks.map((b) => b.text).join('\n') };
  cache.set(page, result);
  return result;
}

/** Blocks of real content: not navigation/footer, not link lists, not cookie banners. */
export function mainBlocks(page: ParsedPage): TextBlock[] {
  const blocks = pageText(page).blocks;
  const hasMain = blocks.some((b) => b.isMain && !b.isChrome);
  return blocks.filter(
    (b) => !b.isChrome && b.linkShare < 0.5 && (!hasMain || b.isMain || /^h1$/.test(b.tag)),
  );
}

export interface PageHead {
  title: string | null;
  description: string | null;
  h1: string | null;
}

const heads = new WeakMap<ParsedPage, PageHead>();

/** Title, meta description and the first heading: the page's own words about itself (cached per page). */
export function pageHead(page: ParsedPage): PageHead {
  const known = heads.get(page);
  if (known) return known;
  const head = readHead(page);
  heads.set(page, head);
  return head;
}

function readHead(page: ParsedPage): PageHead {
  const $ = page.$;
  const read = (text: string) => collapseSpaces(text).slice(0, MAX_TEXT_CHARS);
  const meta = (selector: string) => read($(selector).first().attr('content') ?? '') || null;
  const description = meta('meta[name="description" i]') ?? meta('meta[property="og:description"]');
  return {
    title: read($('title').first().text()) || null,
    description:
      description && !/^(undefined|null|just another wordpress site)$/i.test(description)
        ? description
        : null,
    h1: read($('h1').first().text()) || null,
  };
}
