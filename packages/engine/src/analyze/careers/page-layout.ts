/**
 * Where the content of a careers page is: not the site's chrome (navigation, page header and footer, sidebars,
 * cookie banners), and where its openings sections start and end.
 */
import type { Cheerio } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces } from '../../normalize/text';
import { jobTitleStrength } from './job-title';
import { introducesOpenings, isOpeningsHeading, saysSeeking } from './page-text';

type $ = ParsedPage['$'];

export const HEADINGS = 'h1, h2, h3, h4, h5, h6';
export const isHeading = (el: Element) => /^h[1-6]$/.test(el.tagName);
export const level = (el: Element) => (isHeading(el) ? Number(el.tagName.slice(1)) : 7);
/** An element's text, spaces collapsed (cached: every rule asks for the same elements' text). */
const texts = new WeakMap<AnyNode, string>();
export function textOf($: $, el: AnyNode): string {
  let text = texts.get(el);
  if (text === undefined) {
    text = collapseSpaces($(el).text());
    texts.set(el, text);
  }
  return text;
}
/** Text directly in the element (not in its children). */
export const ownText = ($: $, el: AnyNode) =>
  collapseSpaces(
    $(el)
      .contents()
      .toArray()
      .filter((n) => n.type === 'text')
      .map((n) => $(n).text())
      .join(' '),
  );
export function isInside(node: AnyNode, ancestor: AnyNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/**
 * The page's own content: <main>, else the only <article> (with the heading written right before it, as in
 * "<h2>Vacatures</h2><article>…"), else the body. Several articles are a list of cards (postings), so their
 * common ground is the body.
 */
export function content($: $): Cheerio<AnyNode> {
  const main = $('main, [role=main]').first();
  if (main.length) return main;
  const articles = $('article');
  if (articles.length !== 1) return $('body');
  const article = articles.first();
  const headed = article.prevAll().first().is(HEADINGS) && !article.parent().is('body');
  return headed ? article.parent() : article;
}

const BLOCK = /^(?:p|div|li|dt|dd|td|th|tr|br|h[1-6]|section|article|header|summary|ul|ol|table)$/;

/** The content's text without its chrome (navigation, cookie banners, sidebars), one line per block. */
export function contentText($: $): string {
  const roots = chromeRoots($);
  const out: string[] = [];
  const walk = (node: AnyNode) => {
    if (node.type === 'text') out.push((node as unknown as { data: string }).data);
    if (node.type !== 'tag' || roots.has(node)) return;
    for (const child of (node as Element).children) walk(child);
    if (BLOCK.test((node as Element).tagName)) out.push('\n');
  };
  for (const root of content($).toArray()) walk(root);
  return out
    .join('')
    .split('\n')
    .map((line) => collapseSpaces(line))
    .filter(Boolean)
    .join('\n');
}

/** Chrome by element, role or the class/id names themes and builders give it. */
const CHROME = [
  'nav',
  'footer',
  'aside',
  'script',
  'style',
  'noscript',
  'template',
  '[role=navigation]',
  '[role=banner]',
  '[role=contentinfo]',
  '[role=complementary]',
  '[role=dialog]',
  '#header',
  '#footer',
  '#masthead',
  '#colophon',
  '.site-header',
  '.site-footer',
  '[data-elementor-type=header]',
  '[data-elementor-type=footer]',
  '[id*=cookie i]',
  '[class*=cookie i]',
  '[class*=breadcrumb i]',
].join(', ');

/**
 * Is the element part of the chrome? A <header> is chrome when it is the page's header; the <header> of an
 * article or section (the posting's title and facts) is content.
 */
export function isChrome($: $, el: AnyNode): boolean {
  const roots = chromeRoots($);
  for (let node: AnyNode | null = el; node; node = node.parent) if (roots.has(node)) return true;
  return false;
}

/** The page's chrome elements, found once per page. */
const chromeCache = new WeakMap<$, Set<AnyNode>>();
function chromeRoots($: $): Set<AnyNode> {
  let roots = chromeCache.get($);
  if (!roots) {
    const pageHeaders = $('header').filter(
      (_, h) => $(h).parent().closest('article, main, section, [role=main]').length === 0,
    );
    // A sidebar headed "Offene Stellen" holds the openings themselves: it is content, not chrome.
    const isOpeningsSidebar = (el: Element) =>
      (el.tagName === 'aside' || el.attribs.role === 'complementary') &&
      $(el)
        .find('h1, h2, h3, h4, h5, h6')
        .toArray()
        .some((heading) => isOpeningsHeading(textOf($, heading)));
    const chrome = $(CHROME)
      .toArray()
      .filter((el) => !isOpeningsSidebar(el as Element));
    roots = new Set([...chrome, ...pageHeaders.toArray()]);
    chromeCache.set($, roots);
  }
  return roots;
}

/** Short blocks that act as a heading: "<p><strong>Open Positions</strong></p>", "Wir suchen ab sofort:". */
function isPseudoHeading($: $, el: Element): boolean {
  if (!/^(?:p|div|strong|b|span)$/.test(el.tagName)) return false;
  const text = textOf($, el);
  if (!text || text.length > 100) return false;
  const says =
    isOpeningsHeading(text.replace(/:$/, '')) ||
    introducesOpenings(text) ||
    (text.endsWith(':') && saysSeeking(`${text.slice(0, -1)}.`));
  return says && $(el).find('p, div, li, ul, ol, table, h1, h2, h3, h4, h5, h6, a').length === 0;
}

/**
 * A card the theme itself calls a job ("job-card", "vacancy-item", "stellenangebot-box"): its class is the
 * evidence, so its first heading is a title when it is shaped like one, whatever its words.
 */
const JOB_CARD_CLASS =
  /^(?:jobs?|vacanc(?:y|ies)|vacatures?|stellen?|stellenangebot|offres?|vagas?|oferta|posting|opening)[_-]{1,2}(?:card|item|box|post|listing|entry|tile|teaser|block)$/i;
const isJobCard = (el: Element) =>
  (el.attribs.class ?? '').split(/\s+/).some((name) => JOB_CARD_CLASS.test(name));
export function isJobCardTitle($: $, el: Element): boolean {
  for (
    let p = el.parent as Element | null;
    p && p.type === 'tag' && p.tagName !== 'body';
    p = p.parent as Element
  ) {
    if (isJobCard(p)) return $(p).find(HEADINGS).get(0) === el;
  }
  return false;
}

export interface OpeningsSection {
  heading: Element;
  /** Every element after the heading up to the end of its section (descendants included). */
  elements: Element[];
}

/**
 * The openings sections of the page: after a heading that introduces the openings, up to the next heading
 * of the same or a higher level (any heading, after a pseudo-heading) that is not itself a job title — a
 * builder often gives the titles the same level as "Open positions".
 */
export function openingsSections($: $): OpeningsSection[] {
  const all = content($).find('*').toArray() as Element[];
  const sections: OpeningsSection[] = [];
  const claimed = new Set<Element>();
  for (let i = 0; i < all.length; i++) {
    const el = all[i] as Element;
    if (claimed.has(el)) continue;
    const real = isHeading(el) && isOpeningsHeading(textOf($, el));
    if ((!real && !isPseudoHeading($, el)) || isChrome($, el)) continue;
    let stop = real ? level(el) : 7;
    const elements: Element[] = [];
    let sawText = false;
    for (let j = i + 1; j < all.length; j++) {
      const next = all[j] as Element;
      if (isInside(next, el)) continue;
      if (
        isHeading(next) &&
        level(next) <= stop &&
        jobTitleStrength(textOf($, next)) < 2 &&
        !isJobCardTitle($, next)
      ) {
        // An eyebrow line ("Ledige stillinger") labels the heading right below it ("Det vi ser etter nå."):
        // the section is that heading's.
        if (real || sawText) break;
        stop = level(next);
        sawText = true;
        continue;
      }
      if (!isHeading(next) && !isInside(next, all[j - 1] as Element) && ownText($, next)) sawText = true;
      elements.push(next);
    }
    for (const inner of $(el).find('*').toArray()) claimed.add(inner as Element);
    sections.push({ heading: el, elements });
  }
  return sections;
}
