/**
 * Place matching for the ICP's `locations` ("Austin, TX", "Texas", "Germany", "Skopje", "10117"). With the
 * location's geocoded area (`matchPlace`): the business's coordinates inside the area's outline, else its city,
 * region, postcode or country being one of the area's names in any language. Without one, or when neither holds,
 * by names (`matchLocation`): every comma-separated part names the business's city, region, postcode or country.
 * Countries compare as ISO codes (names in several languages), US states by name or postal code, cities and
 * regions by their Latin transliteration ("Скопје" = "Skopje", "Niš" = "Nis").
 */
import { locateInArea, type PlaceArea } from '../../geo/area';
import { toCountryCode, US_STATES } from '../../normalize/countries';
import { foldText } from '../../normalize/text';
import { describeNameKey, findName, looksLikePostcode, looseKey, postcodeKey } from './place-names';

// biome-ignore format: one line per few states
const US_STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT',
  delaware: 'DE', 'district of columbia': 'DC', 'washington dc': 'DC', 'washington d c': 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID',
  illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME',
  maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO',
  montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ', 'new mexico': 'NM',
  'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR',
  pennsylvania: 'PA', 'rhode island': 'RI', 'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN',
  texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA', washington: 'WA', 'west virginia': 'WV',
  wisconsin: 'WI', wyoming: 'WY', 'puerto rico': 'PR', guam: 'GU',
};

/** Folded, punctuation to spaces, collapsed: "Frankfurt a.M." → "frankfurt a m". */
function placeKey(value: string): string {
  return foldText(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** "Texas", "tx", "TX" → "TX"; null when not a US state. */
export function usStateCode(value: string): string | null {
  const key = placeKey(value);
  const byName = US_STATE_NAMES[key];
  if (byName) return byName;
  const upper = key.toUpperCase();
  return upper.length === 2 && US_STATES.has(upper) ? upper : null;
}

export interface PlaceFacts {
  city: string | null;
  region: string | null;
  country: string | null;
  postal_code?: string | null;
  lat?: number | null;
  lng?: number | null;
}

export interface PlaceMatch {
  /** Which fields each part matched, e.g. ["city: Austin", "region: TX"]. */
  matchedOn: string[];
}

/** Does one part ("Austin", "TX", "Germany") name the city, the region or the country? Returns what matched. */
function matchPart(part: string, place: PlaceFacts, countryCode: string | null): string | null {
  const key = looseKey(part);
  if (key === '') return null;
  if (place.city && looseKey(place.city) === key) return `city ${place.city}`;
  if (place.postal_code && looksLikePostcode(part) && postcodeKey(part) === postcodeKey(place.postal_code)) {
    return `postcode ${place.postal_code}`;
  }
  if (place.region) {
    const regionKey = looseKey(place.region);
    if (regionKey === key) return `region ${place.region}`;
    // US states: "Texas" = "TX" in either direction (only when the business is in the US or its country is unknown).
    if (countryCode === null || countryCode === 'US') {
      const want = usStateCode(part);
      if (want && want === usStateCode(place.region)) return `region ${place.region}`;
    }
  }
  if (countryCode) {
    // Two letters mean a country only when they are not a US state of a US business ("CA" = California there).
    const want = toCountryCode(part);
    if (want === countryCode) return `country ${place.country}`;
  }
  return null;
}

/** Every comma/semicolon/slash-separated part of `location` must name the business's city, region, postcode or country. */
export function matchLocation(location: string, place: PlaceFacts): PlaceMatch | null {
  const parts = location
    .split(/[,;/|]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return null;
  const countryCode = place.country ? toCountryCode(place.country) : null;
  const matchedOn: string[] = [];
  for (const part of parts) {
    const hit = matchPart(part, place, countryCode);
    if (!hit) return null;
    matchedOn.push(hit);
  }
  return { matchedOn };
}

const quote = (s: string) => `"${s.length > 80 ? `${s.slice(0, 77)}…` : s}"`;

/** "the city's area", "the postcode's area" … as a reason names the area a business lies in. */
const AREA_OF: Record<PlaceArea['kind'], string> = {
  country: "the country's",
  region: "the region's",
  city: "the city's",
  suburb: "the suburb's",
  postcode: "the postcode's",
  place: "the place's",
};

/** Which of the business's place fields is one of the area's names, said as a reason; null when none. */
function matchAreaNames(area: PlaceArea, place: PlaceFacts): string | null {
  if (area.postcode && place.postal_code && postcodeKey(area.postcode) === postcodeKey(place.postal_code)) {
    return `postcode ${quote(place.postal_code)}`;
  }
  const countryCode = place.country ? toCountryCode(place.country) : null;
  if (area.kind === 'country') {
    return area.countryCode && countryCode === area.countryCode
      ? `country ${quote(place.country ?? '')}`
      : null;
  }
  // Its names only where they can be the same place: a city's name on a business's region is another area.
  const fields: ['city' | 'region', string | null][] =
    area.kind === 'region'
      ? [['region', place.region]]
      : area.kind === 'place'
        ? [
            ['city', place.city],
            ['region', place.region],
          ]
        : [['city', place.city]];
  for (const [field, value] of fields) {
    if (!value) continue;
    // A business in another country never shares a name-match ("Paris, TX" is not in Paris, FR).
    if (area.countryCode && countryCode && countryCode !== area.countryCode) return null;
    const found = findName(area.names, value);
    if (!found) continue;
    const spelled = found.name === value ? '' : ` ${quote(found.name)}`;
    return `${field} ${quote(value)} is its ${describeNameKey(found.key)}${spelled}`;
  }
  return null;
}

/**
 * Does the business lie in `location`? By its geocoded `area` first (coordinates inside the outline, else a name
 * of the area in any language), then by the names test of `matchLocation`. The reason says which area matched:
 * `in "Skopje" (Скопје, MK): inside the city's area`. Null when it does not.
 */
export function matchPlace(location: string, place: PlaceFacts, area: PlaceArea | null): string | null {
  if (area) {
    const label = `in ${quote(location)} (${[area.name, area.countryCode].filter(Boolean).join(', ')})`;
    if (place.lat != null && place.lng != null) {
      const how = locateInArea({ lat: place.lat, lng: place.lng }, area);
      if (how === 'polygon') return `${label}: inside ${AREA_OF[area.kind]} area`;
      if (how === 'bbox') return `${label}: inside ${AREA_OF[area.kind]} bounding box (no outline known)`;
    }
    const byName = matchAreaNames(area, place);
    if (byName) return `${label}: ${byName}`;
  }
  const hit = matchLocation(location, place);
  return hit ? `${quote(location)} matches ${hit.matchedOn.join(', ')}` : null;
}
