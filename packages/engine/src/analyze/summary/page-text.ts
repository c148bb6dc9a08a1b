import type { AnyNode, Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces } from '../../normalize/text';

/** One block of visible text (a paragraph, heading, list item, cell …) in document order. */
export interface TextBlock {
  tag: string;
  text: string;
  /** Inside navigation, header, footer, sidebar, cookie banner or similar page furniture. */
  isChrome: boolean;
  /** Inside <article> or <main> (or an element named like the main content). */
  isMain: boolean;
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
const MAIN_NAME = /(?:^|[\s_-])(?:content|entry-content|post-content|main|article|page-content)(?:$|[\s_-])/i;

const cache = new WeakMap<ParsedPage, PageText>();

/**
 * The visible text of a page as blocks, read from the shared parsed document without changing it (other
 * analyzers read the same `$`). Cached per page.
 */
export function pageText(page: ParsedPage): PageText {
  const known = cache.get(page);
  if (known) return known;
  const blocks: TextBlock[] = [];
  let buffer = '';
  let linkChars = 0;
  const flush = (tag: string, isChrome: boolean, isMain: boolean) => {
    const text = collapseSpaces(buffer);
    if (text) {
      blocks.push({ tag, text, isChrome, isMain, linkShare: Math.min(1, linkChars / text.length) });
    }
    buffer = '';
    linkChars = 0;
  };

  const walk = (nodes: AnyNode[], tag: string, isChrome: boolean, isMain: boolean, inLink: boolean) => {
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
      const label = `${element.attribs.id ?? ''} ${element.attribs.class ?? ''} ${element.attribs.role ?? ''}`;
      const childChrome =
        isChrome || CHROME_TAGS.has(name) || element.attribs.role === 'navigation' || CHROME_NAME.test(label);
      const childMain = isMain || name === 'main' || name === 'article' || MAIN_NAME.test(label);
      if (name === 'img') {
        continue;
      }
      if (BLOCKS.has(name)) {
        flush(tag, isChrome, isMain);
        walk(element.children, name, childChrome, childMain, inLink);
        flush(name, childChrome, childMain);
      } else {
        walk(element.children, tag, childChrome, childMain, inLink || name === 'a');
        buffer +=
          name === 'a' || name === 'span' || name === 'strong' || name === 'b' || name === 'em' ? '' : ' ';
      }
    }
  };
  const body = page.$('body').get(0) as Element | undefined;
  walk(body ? body.children : (page.$.root().get(0)?.children ?? []), 'body', false, false, false);
  flush('body', false, false);
  const result = { blocks, text: blocks.map((b) => b.text).join('\n') };
  cache.set(page, result);
  return result;
}

/** Title, meta description and the first heading: the page's own words about itself. */
export function pageHead(page: ParsedPage): {
  title: string | null;
  description: string | null;
  h1: string | null;
} {
  const $ = page.$;
  const meta = (selector: string) => collapseSpaces($(selector).first().attr('content') ?? '') || null;
  const description = meta('meta[name="description" i]') ?? meta('meta[property="og:description"]');
  return {
    title: collapseSpaces($('title').first().text()) || null,
    description:
      description && !/^(undefined|null|just another wordpress site)$/i.test(description)
        ? description
        : null,
    h1: collapseSpaces($('h1').first().text()) || null,
  };
}
