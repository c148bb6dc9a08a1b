import { addressFromOsmTags } from '../../normalize/address';
import { toCountryCode } from '../../normalize/countries';
import { classifyWebsite, parseWebsite } from '../../normalize/domain';
import { normalizeEmail } from '../../normalize/email';
import { cleanName, nameKey } from '../../normalize/name';
import { normalizePhone, phoneCandidates } from '../../normalize/phone';
import type { RawBusiness } from '../source';
import type { TagFilter } from './categories';
import { categorizeElement } from './element-category';
import { type OverpassElement, parseOverpassElements } from './overpass';

export interface OsmMappingOptions {
  /** The category the search resolved to: it names the places whose main tag it is about ("pizza"). */
  category?: string | null;
  /** That category's OSM filters (with `category`), to tell which places it is about. */
  categoryFilters?: TagFilter[] | null;
  /** The words searched: a search for "park" or "Spielplatz" keeps the parks or playgrounds it finds. */
  query?: string | null;
  /** For phone numbers without a country code and places without addr:country (e.g. from geocoding). */
  defaultCountry?: string | null;
  /** ISO time stamped on every record. */
  observedAt?: string;
}

const WEBSITE_TAGS = ['website', 'contact:website', 'url', 'brand:website'];
const PHONE_TAGS = ['phone', 'contact:phone', 'contact:mobile', 'mobile'];
const EMAIL_TAGS = ['email', 'contact:email'];
const SOCIAL_TAGS = ['contact:facebook', 'facebook', 'contact:instagram', 'instagram', 'contact:twitter'];

function firstOf<T>(
  tags: Record<string, string>,
  keys: string[],
  map: (value: string) => T | null,
): T | null {
  for (const key of keys) {
    const value = tags[key];
    if (!value) continue;
    const mapped = map(value);
    if (mapped !== null) return mapped;
  }
  return null;
}

/** Every number of the phone tags, in E.164 and without repeats ("+49 6531 5080; +49 6531 508100" holds two). */
function phonesOf(tags: Record<string, string>, country: string | null): string[] {
  const phones: string[] = [];
  for (const key of PHONE_TAGS) {
    for (const candidate of phoneCandidates(tags[key] ?? '')) {
      const phone = normalizePhone(candidate, country);
      if (phone && !phones.includes(phone)) phones.push(phone);
    }
  }
  return phones;
}

/** One Overpass element as a normalised record, or null when it is not a business or has nothing to call it. */
export function osmElementToBusiness(
  element: OverpassElement,
  options: OsmMappingOptions = {},
): RawBusiness | null {
  const tags = element.tags ?? {};
  const kind = categorizeElement(tags, {
    searched:
      options.category && options.categoryFilters
        ? { id: options.category, filters: options.categoryFilters }
        : null,
    query: options.query ?? null,
  });
  if (!kind.isKept) return null;
  const country = toCountryCode(tags['addr:country']) ?? toCountryCode(options.defaultCountry);

  const websites: string[] = [];
  let domain: string | null = null;
  const socials: string[] = [];
  for (const key of WEBSITE_TAGS) {
    for (const value of (tags[key] ?? '').split(';').map((part) => part.trim())) {
      const found = classifyWebsite(value);
      if (found.social && !socials.includes(found.social)) socials.push(found.social);
      if (found.website && !websites.includes(found.website)) {
        websites.push(found.website);
        domain ??= found.domain;
      }
    }
  }
  for (const key of SOCIAL_TAGS) {
    const value = tags[key];
    const url = value && (parseWebsite(value)?.url ?? null);
    if (url && !socials.includes(url)) socials.push(url);
  }
  const phones = phonesOf(tags, country);
  const name = nameOf(tags, domain, phones.length > 0);
  if (!name) return null;

  const lat = element.lat ?? element.center?.lat ?? null;
  const lng = element.lon ?? element.center?.lon ?? null;
  const record: RawBusiness = {
    name,
    website: websites[0] ?? null,
    domain,
    email: firstOf(tags, EMAIL_TAGS, normalizeEmail),
    phone: phones[0] ?? null,
    ...addressFromOsmTags(tags, country),
    lat,
    lng,
    category: kind.category,
    source: 'osm',
    source_ref: `${element.type}/${element.id}`,
    rating: null,
    review_count: null,
    url: `https://www.openstreetmap.org/${element.type}/${element.id}`,
  };
  if (kind.categories.length > 1) record.categories = kind.categories;
  if (phones.length > 1) record.phones = phones;
  if (websites.length > 1) record.websites = websites;
  // A branch's brand ("REWE" for "REWE City Trier") is a name people search it by.
  const brand = cleanName(tags.brand);
  if (brand && nameKey(brand) !== nameKey(name)) record.aliases = [brand];
  if (socials.length > 0) record.socials = socials;
  if (options.observedAt) record.observed_at = options.observedAt;
  return record;
}

/**
 * The name of a place: its name, else its brand; an unnamed place that has both a website and a phone (a
 * winery's restaurant mapped without a name) is a real business, named after its operator or its website.
 */
function nameOf(tags: Record<string, string>, domain: string | null, hasPhone: boolean): string | null {
  const named = cleanName(tags.name) ?? cleanName(tags.brand);
  if (named) return named;
  if (!domain || !hasPhone) return null;
  return cleanName(tags.operator) ?? domain;
}

export interface NormalizedOverpass {
  businesses: RawBusiness[];
  /** Elements that are not businesses (parks, benches…) or have nothing to call them. */
  dropped: number;
  /** Elements seen twice in the response (same type/id). */
  repeated: number;
  /** Entries that are not elements (null, text, no type/id, tags not an object), left out. */
  invalid: number;
}

/**
 * A whole Overpass JSON answer → normalised records (no cross-record merging: feed them to mergeBusinesses).
 * Used by the OSM source and by benchmarks.
 */
export function normalizeOverpassResponse(
  json: unknown,
  options: OsmMappingOptions = {},
): NormalizedOverpass {
  const { elements, skipped } = parseOverpassElements(json);
  const out: NormalizedOverpass = { businesses: [], dropped: 0, repeated: 0, invalid: skipped };
  const seen = new Set<string>();
  for (const element of elements) {
    const ref = `${element.type}/${element.id}`;
    if (seen.has(ref)) {
      out.repeated++;
      continue;
    }
    seen.add(ref);
    const business = osmElementToBusiness(element, options);
    if (business) out.businesses.push(business);
    else out.dropped++;
  }
  return out;
}
