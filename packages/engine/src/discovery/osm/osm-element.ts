import { addressFromOsmTags } from '../../normalize/address';
import { toCountryCode } from '../../normalize/countries';
import { classifyWebsite, parseWebsite } from '../../normalize/domain';
import { normalizeEmail } from '../../normalize/email';
import { cleanName } from '../../normalize/name';
import { normalizePhone } from '../../normalize/phone';
import type { RawBusiness } from '../source';
import { BUSINESS_KEYS } from './categories';
import { type OverpassElement, parseOverpassElements } from './overpass';

export interface OsmMappingOptions {
  /** The category shown for every place (the resolved category); else each place's main tag. */
  category?: string | null;
  /** For phone numbers without a country code and places without addr:country (e.g. from geocoding). */
  defaultCountry?: string | null;
  /** ISO time stamped on every record. */
  observedAt?: string;
}

const WEBSITE_TAGS = ['website', 'contact:website', 'url', 'brand:website'];
const PHONE_TAGS = ['phone', 'contact:phone', 'contact:mobile', 'mobile'];
const EMAIL_TAGS = ['email', 'contact:email'];
const SOCIAL_TAGS = ['contact:facebook', 'facebook', 'contact:instagram', 'instagram', 'contact:twitter'];

/** "fast_food" → "fast food": the first business tag's value, readable. */
export function mainTagCategory(tags: Record<string, string>): string | null {
  for (const key of BUSINESS_KEYS) {
    const value = tags[key];
    if (value && value !== 'yes') return value.split(';')[0]?.replace(/_/g, ' ').trim() || null;
  }
  return null;
}

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

/** One Overpass element as a normalised record, or null when it has no name (nor brand). */
export function osmElementToBusiness(
  element: OverpassElement,
  options: OsmMappingOptions = {},
): RawBusiness | null {
  const tags = element.tags ?? {};
  const name = cleanName(tags.name) ?? cleanName(tags.brand);
  if (!name) return null;
  const country = toCountryCode(tags['addr:country']) ?? toCountryCode(options.defaultCountry);

  let website: string | null = null;
  let domain: string | null = null;
  const socials: string[] = [];
  for (const key of WEBSITE_TAGS) {
    const found = classifyWebsite(tags[key]);
    if (found.social && !socials.includes(found.social)) socials.push(found.social);
    if (found.website && !website) ({ website, domain } = found);
  }
  for (const key of SOCIAL_TAGS) {
    const value = tags[key];
    const url = value && (parseWebsite(value)?.url ?? null);
    if (url && !socials.includes(url)) socials.push(url);
  }

  const lat = element.lat ?? element.center?.lat ?? null;
  const lng = element.lon ?? element.center?.lon ?? null;
  const record: RawBusiness = {
    name,
    website,
    domain,
    email: firstOf(tags, EMAIL_TAGS, normalizeEmail),
    phone: firstOf(tags, PHONE_TAGS, (value) => normalizePhone(value, country)),
    ...addressFromOsmTags(tags, country),
    lat,
    lng,
    category: options.category ?? mainTagCategory(tags),
    source: 'osm',
    source_ref: `${element.type}/${element.id}`,
    rating: null,
    review_count: null,
    url: `https://www.openstreetmap.org/${element.type}/${element.id}`,
  };
  if (socials.length > 0) record.socials = socials;
  if (options.observedAt) record.observed_at = options.observedAt;
  return record;
}

export interface NormalizedOverpass {
  businesses: RawBusiness[];
  /** Elements without a name or brand. */
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
