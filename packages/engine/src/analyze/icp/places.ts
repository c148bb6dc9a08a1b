/**
 * Place matching for the ICP's `locations`: an entry ("Austin, TX", "Texas", "Germany", "Berlin", "Bavaria, DE")
 * matches when every comma-separated part names the business's city, region or country. Countries compare as
 * ISO codes (names in several languages), US states by name or postal code, cities and regions as folded words.
 */
import { toCountryCode, US_STATES } from '../../normalize/countries';
import { foldText } from '../../normalize/text';

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
export function placeKey(value: string): string {
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
}

export interface PlaceMatch {
  /** Which fields each part matched, e.g. ["city: Austin", "region: TX"]. */
  matchedOn: string[];
}

/** Does one part ("Austin", "TX", "Germany") name the city, the region or the country? Returns what matched. */
function matchPart(part: string, place: PlaceFacts, countryCode: string | null): string | null {
  const key = placeKey(part);
  if (key === '') return null;
  if (place.city && placeKey(place.city) === key) return `city ${place.city}`;
  if (place.region) {
    const regionKey = placeKey(place.region);
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

/** Every comma/semicolon/slash-separated part of `location` must name the business's city, region or country. */
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
