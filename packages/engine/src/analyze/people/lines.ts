/**
 * A page's visible text as lines, each with the block element it stands in: imprints are written as lines
 * ("Geschäftsführer: Anna Berg<br>Amtsgericht München, HRB 12345"), and the element lets the callers ask where a
 * line stands (a testimonial, a blog post's byline, the footer).
 */
import type { AnyNode, Element } from 'domhandler';
import { decodeHTML } from 'entities';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces } from '../../normalize/text';
import { MAX_TEXT_CHARS } from '../summary/page-text';

export interface Line {
  text: string;
  /** The block element the line is part of (a <p>, <li>, <td>, <h3> …). */
  el: Element;
  /** A heading, or a line wholly in <strong>/<b> (imprints use them as section titles). */
  isHeading: boolean;
}

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'select',
  'head',
  'button',
]);
// biome-ignore format: compact
const BLOCKS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'dt', 'dd', 'td', 'th', 'blockquote', 'figcaption', 'address',
  'div', 'section', 'article', 'main', 'header', 'footer', 'nav', 'aside', 'ul', 'ol', 'dl', 'table', 'tr',
  'form', 'pre', 'label', 'summary', 'details', 'caption', 'figure', 'body',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt']);

const cache = new WeakMap<ParsedPage, Line[]>();

export function pageLines(page: ParsedPage): Line[] {
  const known = cache.get(page);
  if (known) return known;
  const lines: Line[] = [];
  let buffer = '';
  let emphasised = 0;
  let plain = 0;
  const flush = (el: Element) => {
    // A CMS that escapes its text twice leaves "J&ouml;rg" in the parsed page: it is read as "Jörg".
    const collapsed = collapseSpaces(buffer).slice(0, MAX_TEXT_CHARS);
    const text = collapsed.includes('&') ? decodeHTML(collapsed) : collapsed;
    if (text) {
      lines.push({ text, el, isHeading: HEADINGS.has(el.name) || (emphasised > 0 && plain === 0) });
    }
    buffer = '';
    emphasised = 0;
    plain = 0;
  };
  const walk = (nodes: AnyNode[], block: Element, inStrong: boolean) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const data = (node as unknown as { data: string }).data;
        buffer += data;
        if (data.trim()) {
          if (inStrong) emphasised += 1;
          else plain += 1;
        }
        continue;
      }
      if (node.type !== 'tag') continue;
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (SKIPPED.has(name)) continue;
      if (isHidden(el) && !isDialog(el)) continue;
      if (name === 'br' || name === 'hr') {
        flush(block);
        continue;
      }
      if (BLOCKS.has(name)) {
        flush(block);
        walk(el.children, el, false);
        flush(el);
      } else {
        walk(el.children, block, inStrong || name === 'strong' || name === 'b');
        if (name !== 'span' && name !== 'strong' && name !== 'b' && name !== 'em' && name !== 'i')
          buffer += ' ';
      }
    }
  };
  const body = page.$('body').get(0) as Element | undefined;
  const root = body ?? (page.$.root().get(0) as unknown as Element);
  walk(root.children ?? [], root, false);
  flush(root);
  cache.set(page, lines);
  return lines;
}

const isHidden = (el: Element) =>
  el.attribs.hidden !== undefined ||
  el.attribs['aria-hidden'] === 'true' ||
  /display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.attribs.style ?? '');

/**
 * A dialog the page opens on a click ("Mentions légales" in a modal) is hidden until then but is the site's own
 * text, unlike a hidden template or a screen-reader copy.
 */
const DIALOG = /(?:^|[\s_-])(?:modal|dialog|popup|lightbox)(?:$|[\s_-])/i;
const isDialog = (el: Element) =>
  el.name === 'dialog' ||
  el.attribs.role === 'dialog' ||
  DIALOG.test(`${el.attribs.id ?? ''} ${el.attribs.class ?? ''}`);

/** Class, id and role of an element and its ancestors, lower case, for "where does this stand" checks. */
export function ancestry(el: Element, depth = 12): string {
  const parts: string[] = [];
  let node: Element | null = el;
  for (let i = 0; node && i < depth; i++) {
    if (node.type === 'tag') {
      parts.push(
        `${node.name} ${node.attribs.class ?? ''} ${node.attribs.id ?? ''} ${node.attribs.itemtype ?? ''} ${node.attribs.itemprop ?? ''}`,
      );
    }
    node = node.parent as Element | null;
  }
  return parts.join(' | ').toLowerCase();
}

/**
 * Where other people than the business's speak or are credited: testimonials and reviews, quotes, comments,
 * blog authors and bylines, image credits. Nobody found there is a contact of the business.
 */
const FOREIGN_CONTEXT =
  /(?:^|[\s|_-])(?:blockquote|q|cite|testimonials?|testimonial-\w+|reviews?|review-\w+|rezension\w*|bewertung\w*|kundenstimmen?|stimmen|kundenmeinung\w*|referenz\w*|references?|feedback|ratings?|quotes?|quote-\w+|zitat\w*|temoignages?|avis|getuigenis\w*|ervaringen|comments?|comment-\w+|kommentar\w*|author|authors|author-\w+|byline|post-meta|entry-meta|post-author|article-author|credits?|image-credit|photo-credit|bildnachweis|schema\.org\/review|schema\.org\/comment|schema\.org\/rating|schema\.org\/aggregaterating|partners?-logos?|clients?|kunden|customers?|case-stud\w+|success-stor\w+|cas-clients?|interview\w*)(?:$|[\s|_-])/;

export function inForeignContext(el: Element): boolean {
  return FOREIGN_CONTEXT.test(ancestry(el));
}
