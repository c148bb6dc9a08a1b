import { parse } from 'tldts';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces, foldText } from '../../normalize/text';
import { trimChars, WHITESPACE } from '../../normalize/trim';
import { isLegalName, type PageKind, pageKind } from './page-kind';
import { mainBlocks, pageHead, pageText, type TextBlock } from './page-text';
import type { StructuredFacts } from './structured-data';

export interface WeightedText {
  text: string;
  weight: number;
  /** Hits per keyword counted at most (default 5): a menu repeated in header and footer is one menu. */
  cap?: number;
  /** The text says what the business is (names, domain, self-description, the home page's head). */
  identity?: boolean;
}

/**
 * Weights per kind of page: [title + description + h1, h2–h4, body]. The pages in which a business speaks
 * about itself count most; a post is about a topic and a product page about one product, so their text counts
 * less; legal pages (imprint, privacy) say nothing about what a business does, and name third parties.
 */
const KIND_WEIGHTS: Record<PageKind, [number, number, number]> = {
  business: [3, 2, 1],
  product: [2, 1, 0.5],
  article: [1.5, 0.5, 0.25],
  legal: [0, 0, 0],
};
/** Chrome that is no menu: cookie banners, consent and privacy notes, copyright lines. */
const NOT_A_MENU =
  /cookie|datenschutz|privacy|consent|einwilligung|einstellungen|settings|©|copyright|alle rechte|all rights|javascript/i;

/**
 * The texts the industry rules read, with their weights. What names the business — og:site_name, the brand part
 * of the title, the schema.org name, the category — weighs 6 (the domain's words 3); the site's own description
 * of itself (schema.org description, a footer's "about us" paragraph) 3; the names, the domain, the schema.org
 * description and the home page's head are identity texts (see classifyIndustry: side offers count in full there); navigation menus 1 (what a business
 * sells is what its menu lists); then each page's head, headings and body by its kind (KIND_WEIGHTS), home and
 * about pages' bodies in full, other pages' halved; services 2.
 */
export function industryTexts(
  pages: ParsedPage[],
  services: string[],
  structured?: StructuredFacts,
): WeightedText[] {
  const identity = siteIdentity(pages, structured);
  const texts: WeightedText[] = [
    { text: identity.names.join(' . '), weight: 6, cap: 2, identity: true },
    { text: identity.domainWords, weight: 3, cap: 1, identity: true },
  ];
  const orgDescription = structured?.organization?.description;
  if (typeof orgDescription === 'string')
    texts.push({ text: orgDescription, weight: 3, cap: 3, identity: true });
  const menus = new Set<string>();
  const blurbs = new Set<string>();
  for (const page of pages) {
    for (const block of pageText(page).blocks) {
      if (!block.isChrome || NOT_A_MENU.test(block.text)) continue;
      if (isBlurb(block)) blurbs.add(block.text);
      else if (block.text.length <= 200) menus.add(block.text);
    }
  }
  texts.push({ text: [...menus].join(' . '), weight: 1, cap: 2 });
  texts.push({ text: [...blurbs].join(' '), weight: 3, cap: 3 });

  for (const page of pages) {
    const kind = pageKind(page);
    const [headWeight, headingWeight, bodyWeight] = KIND_WEIGHTS[kind];
    const isHome = page.role === 'home' || page.role === 'about';
    const head = pageHead(page);
    const title = head.title ? titleParts(head.title, identity.brands).rest : '';
    texts.push({
      text: [title, head.description, head.h1].filter(Boolean).join(' . '),
      weight: headWeight,
      identity: page.role === 'home' && kind === 'business',
    });
    const blocks = mainBlocks(page);
    // Headings below the first h1 (pages with several h1 use them as section headings).
    const firstH1 = blocks.findIndex((b) => b.tag === 'h1');
    texts.push({
      text: blocks
        .filter((b, i) => /^h[2-4]$/.test(b.tag) || (b.tag === 'h1' && i !== firstH1))
        .map((b) => b.text)
        .join(' . '),
      weight: headingWeight * (isHome ? 1 : 0.75),
    });
    texts.push({
      text: blocks
        .filter((b) => !/^h\d$/.test(b.tag))
        .map((b) => b.text)
        .join(' ')
        .slice(0, 20_000),
      weight: bodyWeight * (isHome ? 1 : 0.5),
    });
  }
  if (services.length) texts.push({ text: services.join(' . '), weight: 2 });
  return texts;
}

/** A paragraph of prose in the page furniture: a footer's or sidebar's "about us". */
function isBlurb(block: TextBlock): boolean {
  return block.linkShare < 0.3 && block.text.split(/\s+/).length >= 12 && /[.!]/.test(block.text);
}

/**
 * The names a site goes by: og:site_name, the schema.org organisation's name and alternateName, and the brand
 * part of the page titles (the part that repeats the site's name or domain: "Wein dekantieren | Silkes
 * Weinkeller"); plus the domain's words ("lehmann-bau" → "lehmann bau").
 */
export function siteIdentity(
  pages: ParsedPage[],
  structured?: StructuredFacts,
): { names: string[]; brands: string[]; domainWords: string } {
  const names = new Set<string>();
  const org = structured?.organization;
  for (const key of ['name', 'alternateName', 'legalName'])
    if (typeof org?.[key] === 'string') names.add(collapseSpaces(org[key] as string));
  for (const page of pages) {
    const siteName = collapseSpaces(page.$('meta[property="og:site_name"]').attr('content') ?? '');
    if (siteName) names.add(siteName);
  }
  const label = parse(pages[0]?.url ?? '').domainWithoutSuffix ?? '';
  const brands = [...names, label];
  for (const page of pages) {
    const title = pageHead(page).title;
    if (!title) continue;
    const { brand } = titleParts(title, brands);
    if (brand) names.add(brand);
    else if (page.role === 'home' && title.length <= 80) names.add(title);
    // "Impressum | Müller Dachdeckerei": on a legal page, what is not the legal page's name is the business's.
    else if (pageKind(page) === 'legal') {
      const parts = splitTitle(title);
      const named = parts.filter((part) => !isLegalName(part));
      if (named.length && named.length < parts.length) names.add(named.join(' . '));
    }
  }
  return { names: [...names], brands, domainWords: label.replace(/[-_.]+/g, ' ') };
}

const TITLE_SEPARATOR = /\s+[|–—·»:~-]{1,2}\s+|\s*::\s*|\s*\|\s*/;

const splitTitle = (title: string) =>
  title
    .split(TITLE_SEPARATOR)
    .map((p) => trimChars(p, `${WHITESPACE}.:`))
    .filter(Boolean);

/** A title split into the brand part (matching a known name or the domain) and the rest (what the page is about). */
function titleParts(title: string, brands: string[]): { brand: string | null; rest: string } {
  const parts = splitTitle(title);
  const keys = brands.map(squash).filter((k) => k.length >= 3);
  const isBrand = (part: string) => {
    const key = squash(part);
    return key.length >= 3 && keys.some((k) => key.includes(k) || k.includes(key));
  };
  const brandParts = parts.filter(isBrand);
  const rest = parts.filter((p) => !isBrand(p)).join(' . ');
  return { brand: brandParts.length ? brandParts.join(' . ') : null, rest: brandParts.length ? rest : title };
}

/** Letters and digits only, German umlauts as their plain vowel ("Müller" = "mueller" = "muller"). */
const squash = (text: string) =>
  foldText(text)
    .replace(/([aou])e/g, '$1')
    .replace(/[^a-z0-9]+/g, '');
