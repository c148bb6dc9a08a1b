import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces, foldText } from '../../normalize/text';
import { classifyIndustry, type Industry } from './industries';
import { pageHead, pageText, type TextBlock } from './page-text';
import type { StructuredFacts } from './structured-data';
import type { CustomerType } from './types';

export interface DescribedBusiness {
  summary: string | null;
  services: string[];
  industry: Industry | null;
  customer_type: CustomerType | null;
}

const MAX_SUMMARY_CHARS = 480;
const MAX_SERVICES = 10;
/** Paths and headings of pages about what a business offers (en, de, fr, es, it, nl). */
const SERVICES_PATH =
  /(?:^|[/_-])(?:services?|leistungen|leistung|angebot|angebote|produkte|products?|solutions?|losungen|prestations|servicios|servizi|diensten|diensten|what-we-do|was-wir-tun|sortiment|behandlungen|treatments|speisekarte|menu)(?:$|[/_.-])/i;
const SERVICES_HEADING =
  /^(?:(?:unser|unsere|our|nos|nuestros|i nostri|onze|what)\s+)?(?:leistungen|leistungsspektrum|services|service|angebot|angebote|produkte|products|solutions|lösungen|prestations|servicios|servizi|diensten|what we do|was wir tun|sortiment|schwerpunkte|tätigkeitsfelder|fachgebiete|practice areas|expertise)\b/i;
const BOILERPLATE =
  /cookie|datenschutz|privacy|javascript|browser|newsletter|copyright|©|alle rechte|all rights|impressum|warenkorb|login|anmelden|passwort/i;

/**
 * The built-in analyzer's texts, in the site's own words: the summary is extracted (meta description, then the
 * first substantial paragraph of the home/about page), services are list items and headings of service pages or
 * sections, industry and customer type come from keyword rules.
 */
export function describeBusiness(
  pages: ParsedPage[],
  structured: StructuredFacts,
  business?: { name?: string | null; category?: string | null },
): DescribedBusiness {
  const services = findServices(pages, structured);
  const industry = classifyIndustry({
    texts: industryTexts(pages, services),
    schemaTypes: structured.types,
    category: business?.category ?? null,
  }).industry;
  return {
    summary: extractSummary(pages, structured),
    services,
    industry,
    customer_type: classifyCustomerType(pages, industry),
  };
}

/** The texts the industry rules read, with their weights (also what the model is given). */
export function industryTexts(
  pages: ParsedPage[],
  services: string[],
): Array<{ text: string; weight: number }> {
  const texts: Array<{ text: string; weight: number }> = [];
  for (const page of pages) {
    const head = pageHead(page);
    const weight = page.role === 'home' || page.role === 'about' ? 1 : 0.5;
    texts.push({
      text: [head.title, head.description, head.h1].filter(Boolean).join(' . '),
      weight: 3 * weight,
    });
    const blocks = mainBlocks(page);
    texts.push({
      text: blocks
        .filter((b) => /^h[2-4]$/.test(b.tag))
        .map((b) => b.text)
        .join(' . '),
      weight: 2 * weight,
    });
    texts.push({
      text: blocks
        .filter((b) => !/^h\d$/.test(b.tag))
        .map((b) => b.text)
        .join(' ')
        .slice(0, 20_000),
      weight,
    });
  }
  if (services.length) texts.push({ text: services.join(' . '), weight: 2 });
  return texts;
}

/** Blocks of real content: not navigation/footer, not link lists, not cookie banners. */
export function mainBlocks(page: ParsedPage): TextBlock[] {
  const blocks = pageText(page).blocks;
  const hasMain = blocks.some((b) => b.isMain && !b.isChrome);
  return blocks.filter(
    (b) => !b.isChrome && b.linkShare < 0.5 && (!hasMain || b.isMain || /^h1$/.test(b.tag)),
  );
}

// ----------------------------------------------------------------------------------------------------- summary

export function extractSummary(pages: ParsedPage[], structured: StructuredFacts): string | null {
  const ordered = [...pages].sort((a, b) => rolePriority(a) - rolePriority(b));
  const orgDescription =
    typeof structured.organization?.description === 'string'
      ? collapseSpaces(structured.organization.description)
      : null;
  let lead: string | null = orgDescription && orgDescription.length >= 40 ? orgDescription : null;
  for (const page of ordered) {
    if (lead) break;
    const description = pageHead(page).description;
    if (
      description &&
      description.length >= 25 &&
      description.split(' ').length >= 3 &&
      !BOILERPLATE.test(description)
    )
      lead = description;
  }
  const paragraph = ordered
    .filter((p) => p.role === 'home' || p.role === 'about' || ordered.length === 1)
    .flatMap((p) => mainBlocks(p))
    .find(
      (b) =>
        ['p', 'div', 'section', 'article', 'main', 'body', 'td', 'blockquote'].includes(b.tag) &&
        isProse(b.text) &&
        b.text !== lead,
    );
  // A description without a final stop ("Übersicht: Baumgutachten, Baumkataster") would run into the paragraph.
  const parts = [lead, paragraph?.text]
    .filter((t): t is string => Boolean(t))
    .map((t) => (/[.!?…]["“”»)]?$/.test(t) ? t : `${t}.`));
  if (!parts.length) return null;
  return firstSentences(parts.join(' '), 3, MAX_SUMMARY_CHARS);
}

function isProse(text: string): boolean {
  if (text.length < 80 || BOILERPLATE.test(text)) return false;
  const words = text.split(/\s+/).length;
  return words >= 12 && /[.!?…]/.test(text);
}

/** Up to `count` sentences, at most `maxChars` (cut at a word with an ellipsis when one sentence is too long). */
export function firstSentences(text: string, count: number, maxChars: number): string {
  const sentences = collapseSpaces(text).split(/(?<=[.!?…])\s+(?=["„“«(]?[\p{Lu}\d])/u);
  let out = '';
  for (const sentence of sentences.slice(0, count)) {
    const next = out ? `${out} ${sentence}` : sentence;
    if (next.length > maxChars) break;
    out = next;
  }
  if (out) return out;
  const cut = collapseSpaces(text).slice(0, maxChars);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,;:–-]+$/, '')}…`;
}

function rolePriority(page: ParsedPage): number {
  return (
    (
      { home: 0, about: 1, other: 2, team: 3, contact: 4, careers: 5, pricing: 5, imprint: 6 } as Record<
        string,
        number
      >
    )[page.role] ?? 3
  );
}

// ---------------------------------------------------------------------------------------------------- services

export function findServices(pages: ParsedPage[], structured: StructuredFacts): string[] {
  const found: string[] = [];
  const org = structured.organization;
  // schema.org: hasOfferCatalog / makesOffer / knowsAbout.
  const catalog = org?.hasOfferCatalog as { itemListElement?: unknown } | undefined;
  for (const item of toArray(catalog?.itemListElement).concat(toArray(org?.makesOffer))) {
    const offered = (item as { itemOffered?: { name?: unknown }; name?: unknown }) ?? {};
    const name = offered.itemOffered?.name ?? offered.name;
    if (typeof name === 'string') found.push(name);
  }
  for (const page of pages) {
    const blocks = mainBlocks(page);
    const isServicesPage = SERVICES_PATH.test(safePath(page.url));
    let inSection = false;
    let sectionLevel = 7;
    for (const block of blocks) {
      const heading = /^h([1-6])$/.exec(block.tag);
      if (heading) {
        const level = Number(heading[1]);
        if (SERVICES_HEADING.test(block.text)) {
          inSection = true;
          sectionLevel = level;
          continue;
        }
        if (inSection && level <= sectionLevel) inSection = false;
        if ((inSection || isServicesPage) && level >= 2 && isServiceName(block.text)) found.push(block.text);
        continue;
      }
      if ((inSection || isServicesPage) && block.tag === 'li' && isServiceName(block.text))
        found.push(block.text);
    }
  }
  const seen = new Set<string>();
  return found
    .map((s) =>
      collapseSpaces(s)
        .replace(/[.:;,]+$/, '')
        .replace(/\s*\((?:diese seite|this page)\)$/i, ''),
    )
    .filter((s) => {
      const key = foldText(s);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_SERVICES);
}

function isServiceName(text: string): boolean {
  const words = text.split(/\s+/).length;
  return (
    text.length >= 3 &&
    text.length <= 90 &&
    words <= 10 &&
    !BOILERPLATE.test(text) &&
    !/[?!]$/.test(text) &&
    !/^\d+$/.test(text)
  );
}

// ---------------------------------------------------------------------------------------------- customer type

// biome-ignore format: word lists read better compact
const B2B_CUES = ['b2b', 'for businesses', 'for companies', 'for business', 'enterprise', 'enterprises', 'our clients include', 'corporate clients', 'business customers', 'smes', 'small and medium', 'start-ups', 'startups', 'request a demo', 'book a demo', 'saas', 'api', 'developers', 'integration', 'wholesale', 'distributors', 'manufacturers', 'municipalities', 'fur unternehmen', 'firmenkunden', 'geschaftskunden', 'gewerbekunden', 'mittelstand', 'mittelstandische', 'unternehmen', 'betriebe', 'industrie', 'kommunen', 'gerichte', 'behorden', 'bautrager', 'auftraggeber', 'fuhrungskrafte', 'mitarbeitende', 'b2b-', 'pour les entreprises', 'entreprises', 'professionnels', 'para empresas', 'empresas', 'per le aziende', 'aziende', 'voor bedrijven', 'bedrijven'];
// biome-ignore format: word lists read better compact
const B2C_CUES = ['b2c', 'for families', 'for you and your family', 'your home', 'homeowners', 'private customers', 'consumers', 'book a table', 'reserve a table', 'add to cart', 'shop now', 'free shipping', 'per person', 'tickets', 'our menu', 'guests', 'patients', 'your dog', 'pets', 'holiday', 'vacation', 'privatkunden', 'privatpersonen', 'fur privat', 'familie', 'familien', 'eigenheim', 'ihr zuhause', 'hausbesitzer', 'endkunden', 'verbraucher', 'warenkorb', 'versandkostenfrei', '/person', 'pro person', 'eintritt', 'tisch reservieren', 'speisekarte', 'gaste', 'urlaub', 'ferienwohnung', 'patienten', 'ihr hund', 'hundehalter', 'mandantin', 'verkehrsrecht', 'familienrecht', 'particuliers', 'pour vous', 'panier', 'particulares', 'carrito', 'privati', 'carrello', 'particulieren', 'winkelwagen'];
// biome-ignore format: word lists read better compact
const B2C_INDUSTRIES = new Set<Industry>(['Restaurants, cafés & bars', 'Hotels & accommodation', 'Beauty, wellness & personal care', 'Fitness & sports', 'Retail', 'Pets & animal care', 'Dental', 'Travel & tourism', 'E-commerce', 'Healthcare & medical practices']);
// biome-ignore format: word lists read better compact
const B2B_INDUSTRIES = new Set<Industry>(['Software & IT services', 'Consulting & coaching', 'Manufacturing & industry', 'Architecture & engineering', 'Marketing, advertising & design', 'Recruiting & HR', 'Transport & logistics', 'Cleaning & facility services', 'Accounting & tax']);

/**
 * B2B, B2C or both by cue counts (who the text addresses: "für Unternehmen", "Firmenkunden", "book a table",
 * "Privatkunden", …), each distinct cue counted once, plus 2 for an industry that mostly sells to one side.
 * A side needs 3 points; both sides within a factor of 2 of each other make "both".
 */
export function classifyCustomerType(pages: ParsedPage[], industry: Industry | null): CustomerType | null {
  const text = ` ${foldText(
    pages
      .map(
        (p) =>
          `${pageHead(p).description ?? ''} ${mainBlocks(p)
            .map((b) => b.text)
            .join(' ')}`,
      )
      .join(' '),
  )} `;
  const count = (cues: RegExp[]) => cues.filter((cue) => cue.test(text)).length;
  let b2b = count(cuePatterns(B2B_CUES));
  let b2c = count(cuePatterns(B2C_CUES));
  if (industry && B2B_INDUSTRIES.has(industry)) b2b += 2;
  if (industry && B2C_INDUSTRIES.has(industry)) b2c += 2;
  if (b2b < 3 && b2c < 3) return null;
  if (b2b >= 3 && b2c >= 3 && Math.max(b2b, b2c) <= 2 * Math.min(b2b, b2c)) return 'both';
  return b2b > b2c ? 'B2B' : 'B2C';
}

const compiledCues = new Map<string[], RegExp[]>();

/** A cue matches at a word start ("mittelstandische" in "mittelständischen"); short ones only as whole words. */
function cuePatterns(cues: string[]): RegExp[] {
  let patterns = compiledCues.get(cues);
  if (!patterns) {
    patterns = cues.map((cue) => {
      const body = cue.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      return new RegExp(`(?<![a-z])${body}${cue.length <= 4 ? '(?![a-z])' : ''}`);
    });
    compiledCues.set(cues, patterns);
  }
  return patterns;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

function toArray(value: unknown): unknown[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}
