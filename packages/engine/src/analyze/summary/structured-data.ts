import type { Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { NUMBER_FIRST_COUNTRIES, toCountryCode } from '../../normalize/countries';
import { collapseSpaces } from '../../normalize/text';

/** What schema.org markup (JSON-LD or microdata) says about the business. */
export interface StructuredFacts {
  /** The Organization/LocalBusiness node as found, referenced nodes inlined, HTML entities decoded. */
  organization: Record<string, unknown> | null;
  source_url: string | null;
  /** Its @type values ("Restaurant", "LegalService", …). */
  types: string[];
  emails: string[];
  /** As written; normalised by the caller. */
  phones: string[];
  sameAs: string[];
  /** One line each: "Ederstraße 6a, 4020 Linz, Oberösterreich, Austria". */
  addresses: string[];
  openingHours: string[];
  /** addressCountry as written. */
  country: string | null;
}

/** Types that describe a business (Organization, LocalBusiness and their common subtypes). */
const BUSINESS_TYPE =
  /^(?!(?:Web|Food)?Service$)(?:(?:Organization|Corporation|LocalBusiness|NGO|NonprofitOrganization|ProfessionalService|Store|OnlineStore|OnlineBusiness|EducationalOrganization|MedicalOrganization|SportsOrganization|PerformingGroup|GovernmentOrganization|Airline|Consortium|FundingScheme|LibrarySystem|NewsMediaOrganization|ResearchOrganization|WorkersUnion|Project|Brewery|Winery|Distillery|Dentist|Physician|Optician|Pharmacy|Attorney|Notary|Electrician|Plumber|Locksmith|RoofingContractor|HousePainter|GeneralContractor|HVACBusiness|MovingCompany|Hotel|Motel|Hostel|BedAndBreakfast|Campground|Resort|VacationRental|LodgingBusiness|Restaurant|Bakery|BarOrPub|CafeOrCoffeeShop|FastFoodRestaurant|IceCreamShop|Winery|FoodEstablishment|HealthClub|DaySpa|BeautySalon|HairSalon|NailSalon|TattooParlor|AutoDealer|AutoRepair|AutoBodyShop|AutoWash|GasStation|TravelAgency|RealEstateAgent|InsuranceAgency|AccountingService|BankOrCreditUnion|FinancialService|LegalService|EmploymentAgency|ChildCare|DryCleaningOrLaundry|VeterinaryCare|AnimalShelter|Library|SelfStorage|ShoppingCenter|RecyclingCenter|TouristInformationCenter|EntertainmentBusiness|SportsActivityLocation|HomeAndConstructionBusiness|EmergencyService|GovernmentOffice|MedicalBusiness|MedicalClinic|Hospital|Store)$|.*(?:Store|Shop|Business|Service|Organization|Restaurant|Agency|Contractor|Clinic)$)/;

/** Reads schema.org Organization/LocalBusiness data from JSON-LD and microdata across pages (home page first). */
export function readStructuredData(pages: ParsedPage[]): StructuredFacts {
  let best: { node: Record<string, unknown>; score: number; url: string } | null = null;
  for (const page of pages) {
    for (const node of [...jsonLdBusinesses(page), ...microdataBusinesses(page)]) {
      const score = nodeScore(node, page);
      if (!best || score > best.score) best = { node, score, url: page.url };
    }
  }
  if (!best) {
    return {
      organization: null,
      source_url: null,
      types: [],
      emails: [],
      phones: [],
      sameAs: [],
      addresses: [],
      openingHours: [],
      country: null,
    };
  }
  const node = best.node;
  const all = [node, ...nestedNodes(node)];
  const strings = (key: string) =>
    unique(all.flatMap((n) => asArray(n[key])).filter((v): v is string => typeof v === 'string'));
  const addressNodes = all
    .flatMap((n) => asArray(n.address))
    .concat(all.flatMap((n) => asArray((n.location as Record<string, unknown> | undefined)?.address)));
  const addresses = unique(addressNodes.map(formatAddress).filter((a): a is string => Boolean(a)));
  // Microdata sometimes puts address parts straight on the organization.
  if (addresses.length === 0 && (node.streetAddress || node.postalCode)) {
    const flat = formatAddress(node);
    if (flat) addresses.push(flat);
  }
  const country =
    addressNodes.map((a) => (isObject(a) ? countryName(a.addressCountry) : null)).find(Boolean) ?? null;
  return {
    organization: node,
    source_url: best.url,
    types: asArray(node['@type']).filter((t): t is string => typeof t === 'string'),
    emails: strings('email').map((e) => e.replace(/^mailto:/i, '')),
    phones: strings('telephone'),
    sameAs: strings('sameAs'),
    addresses,
    openingHours: [
      ...strings('openingHours'),
      ...all
        .flatMap((n) => asArray(n.openingHoursSpecification))
        .map(formatHoursSpec)
        .filter((h): h is string => Boolean(h)),
    ],
    country,
  };
}

function nodeScore(node: Record<string, unknown>, page: ParsedPage): number {
  const types = asArray(node['@type']).map(String);
  let score = Object.keys(node).length;
  if (types.some((t) => t !== 'Organization' && t !== 'Corporation')) score += 5;
  for (const key of [
    'address',
    'telephone',
    'email',
    'openingHours',
    'openingHoursSpecification',
    'contactPoint',
  ]) {
    if (node[key] !== undefined) score += 3;
  }
  if (page.role === 'home') score += 2;
  return score;
}

// ---------------------------------------------------------------------------------------------------- JSON-LD

function jsonLdBusinesses(page: ParsedPage): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  page.$('script[type="application/ld+json" i]').each((_, el) => {
    const parsed = parseJsonLoosely(page.$(el).text());
    if (parsed !== undefined) collectNodes(parsed, nodes);
  });
  const byId = new Map<string, Record<string, unknown>>();
  for (const node of nodes) if (typeof node['@id'] === 'string') byId.set(node['@id'], node);
  return nodes
    .filter((node) => asArray(node['@type']).some((t) => typeof t === 'string' && BUSINESS_TYPE.test(t)))
    .map((node) => decodeStrings(inlineReferences(node, byId, 2)) as Record<string, unknown>);
}

function collectNodes(value: unknown, out: Record<string, unknown>[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, out);
  } else if (isObject(value)) {
    out.push(value);
    if (value['@graph']) collectNodes(value['@graph'], out);
  }
}

function inlineReferences(
  value: unknown,
  byId: Map<string, Record<string, unknown>>,
  depth: number,
): unknown {
  if (Array.isArray(value)) return value.map((v) => inlineReferences(v, byId, depth));
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && typeof value['@id'] === 'string') {
    const target = byId.get(value['@id']);
    return target && depth > 0 ? inlineReferences(target, byId, depth - 1) : value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '@context') continue;
    out[key] = depth > 0 ? inlineReferences(v, byId, depth - 1) : v;
  }
  return out;
}

/** JSON-LD as published: control characters inside strings and trailing commas are common. */
export function parseJsonLoosely(text: string): unknown {
  const trimmed = text
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\/\*<!\[CDATA\[\*\/|\/\*\]\]>\*\/$/g, '');
  try {
    return JSON.parse(trimmed);
  } catch {
    try {
      return JSON.parse(trimmed.replace(/[\p{Cc}]+/gu, ' ').replace(/,\s*([}\]])/g, '$1'));
    } catch {
      return undefined;
    }
  }
}

// -------------------------------------------------------------------------------------------------- microdata

function microdataBusinesses(page: ParsedPage): Record<string, unknown>[] {
  const $ = page.$;
  const out: Record<string, unknown>[] = [];
  $('[itemscope][itemtype]').each((_, el) => {
    const type = typeName($(el).attr('itemtype') ?? '');
    // A business nested in another business item (a branch, a brand) is read as part of the outer one.
    const isNested = $(el)
      .parents('[itemscope][itemtype]')
      .toArray()
      .some((p) => BUSINESS_TYPE.test(typeName($(p).attr('itemtype') ?? '')));
    if (type && BUSINESS_TYPE.test(type) && !isNested) {
      out.push(readItem(page, el as Element));
    }
  });
  return out;
}

function readItem(page: ParsedPage, scope: Element): Record<string, unknown> {
  const $ = page.$;
  const item: Record<string, unknown> = { '@type': typeName($(scope).attr('itemtype') ?? '') };
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (child.type !== 'tag') continue;
      const el = child as Element;
      const props = (el.attribs.itemprop ?? '').split(/\s+/).filter(Boolean);
      const isScope = el.attribs.itemscope !== undefined;
      if (props.length) {
        const value = isScope ? readItem(page, el) : propertyValue(page, el);
        for (const prop of props) {
          if (value === '' || value === null) continue;
          const existing = item[prop];
          item[prop] = existing === undefined ? value : [...asArray(existing), value];
        }
      }
      if (!isScope) visit(el);
    }
  };
  visit(scope);
  return item;
}

function propertyValue(page: ParsedPage, el: Element): string {
  const a = el.attribs;
  const name = el.name.toLowerCase();
  if (a.content !== undefined) return collapseSpaces(a.content);
  if (name === 'a' || name === 'link' || name === 'area') return a.href ?? '';
  if (name === 'img' || name === 'audio' || name === 'video' || name === 'source' || name === 'iframe')
    return a.src ?? '';
  if (name === 'time' && a.datetime) return a.datetime;
  if (name === 'meta') return a.content ?? '';
  return collapseSpaces(page.$(el).text());
}

function typeName(itemtype: string): string {
  return (
    itemtype
      .trim()
      .split(/\s+/)[0]
      ?.replace(/^https?:\/\/schema\.org\//i, '') ?? ''
  );
}

// ---------------------------------------------------------------------------------------------------- helpers

function nestedNodes(node: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const key of ['contactPoint', 'location', 'department', 'address']) {
    for (const v of asArray(node[key])) if (isObject(v)) out.push(v);
  }
  return out;
}

function formatAddress(value: unknown): string | null {
  if (typeof value === 'string') return collapseSpaces(value) || null;
  if (!isObject(value)) return null;
  const text = (v: unknown) =>
    typeof v === 'string' || typeof v === 'number' ? collapseSpaces(String(v)) : '';
  const street = text(value.streetAddress);
  const postcode = text(value.postalCode);
  const city = text(value.addressLocality);
  const region = text(value.addressRegion);
  const country = countryName(value.addressCountry) ?? '';
  // "Austin, TX 78757" where the postcode follows town and state (US, Canada, UK, Australia); else "4020 Linz".
  const isPostcodeLast =
    NUMBER_FIRST_COUNTRIES.has(toCountryCode(country) ?? '') &&
    !/^(?:FR|LU|IE)$/i.test(toCountryCode(country) ?? '');
  const cityLine = isPostcodeLast
    ? region
      ? [city, `${region} ${postcode}`.trim()].filter(Boolean).join(', ')
      : [city, postcode].filter(Boolean).join(' ')
    : [postcode, city].filter(Boolean).join(' ');
  const parts = [street, cityLine, region && !cityLine.includes(region) ? region : '', country].filter(
    Boolean,
  );
  return parts.length >= 2 ? parts.join(', ') : null;
}

function countryName(value: unknown): string | null {
  if (typeof value === 'string') return collapseSpaces(value) || null;
  if (isObject(value) && typeof value.name === 'string') return collapseSpaces(value.name) || null;
  return null;
}

const DAY =
  /(?:https?:\/\/schema\.org\/)?(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|PublicHolidays)/i;

function formatHoursSpec(value: unknown): string | null {
  if (!isObject(value)) return null;
  const days = asArray(value.dayOfWeek)
    .map((d) =>
      typeof d === 'string'
        ? DAY.exec(d)?.[1]
        : isObject(d) && typeof d['@id'] === 'string'
          ? DAY.exec(d['@id'])?.[1]
          : undefined,
    )
    .filter((d): d is string => Boolean(d));
  const opens = typeof value.opens === 'string' ? value.opens.replace(/:00$/, '') : null;
  const closes = typeof value.closes === 'string' ? value.closes.replace(/:00$/, '') : null;
  if (!days.length || !opens || !closes) return null;
  const dayText = days.length > 2 ? `${days[0]}–${days[days.length - 1]}` : days.join(', ');
  return `${dayText} ${opens}–${closes}`;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
};

/** HTML entities inside JSON-LD strings ("Fishing &amp; Outdoor Apps GmbH"), as some CMSs write them. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X'
          ? Number.parseInt(code.slice(2), 16)
          : Number.parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function decodeStrings(value: unknown): unknown {
  if (typeof value === 'string') return decodeEntities(value);
  if (Array.isArray(value)) return value.map(decodeStrings);
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeStrings(v)]));
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
