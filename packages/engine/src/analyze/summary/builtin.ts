import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces, foldText } from '../../normalize/text';
import { trimEndChars } from '../../normalize/trim';
import { classifyCustomerType } from './customer-type';
import { classifyIndustry, type Industry } from './industries';
import { industryTexts } from './industry-evidence';
import { mainBlocks } from './page-text';
import type { StructuredFacts } from './structured-data';
import { BOILERPLATE, extractSummary } from './summary-text';
import type { CustomerType } from './types';

/** "Leistungen (diese Seite)" → "Leistungen", read from the last 13 characters only (`/\s*\(…\)$/` backtracks on spaces). */
function withoutThisPage(text: string): string {
  const match = /\((?:diese seite|this page)\)$/i.exec(text.slice(-13));
  return match ? text.slice(0, text.length - match[0].length).trimEnd() : text;
}

export interface DescribedBusiness {
  summary: string | null;
  services: string[];
  industry: Industry | null;
  customer_type: CustomerType | null;
}

const MAX_SERVICES = 10;
/** Paths and headings of pages about what a business offers (en, de, fr, es, it, nl). */
const SERVICES_PATH =
  /(?:^|[/_-])(?:services?|leistungen|leistung|angebot|angebote|produkte|products?|solutions?|losungen|prestations|servicios|servizi|diensten|diensten|what-we-do|was-wir-tun|sortiment|behandlungen|treatments|speisekarte|menu)(?:$|[/_.-])/i;
const SERVICES_HEADING =
  /^(?:(?:unser|unsere|our|nos|nuestros|i nostri|onze|what)\s+)?(?:leistungen|leistungsspektrum|services|service|angebot|angebote|produkte|products|solutions|lösungen|prestations|servicios|servizi|diensten|what we do|was wir tun|sortiment|schwerpunkte|tätigkeitsfelder|fachgebiete|practice areas|expertise)\b/i;

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
    texts: industryTexts(pages, services, structured),
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
    .map((s) => withoutThisPage(trimEndChars(collapseSpaces(s), '.:;,')))
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
