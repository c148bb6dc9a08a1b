import {
  CA_POSTAL_CODE,
  caProvinceCode,
  countryFromName,
  countryFromRegionAndPostcode,
  NUMBER_FIRST_COUNTRIES,
  toCountryCode,
  US_STATES,
  usStateCode,
} from './countries';
import { collapseSpaces, textOrNull } from './text';
import { trimEndChars } from './trim';

/** An address split into the Business fields. `address` is the street line ("Hauptstr. 5", "123 Main St"). */
export interface AddressParts {
  address: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  /** ISO 3166-1 alpha-2 where known. */
  country: string | null;
}

const EMPTY: AddressParts = { address: null, city: null, region: null, postal_code: null, country: null };

/** "Hauptstr." + "5" → "Hauptstr. 5"; in number-first countries (US, GB, FR…) "123 Main St". */
export function formatStreetLine(
  street: string | null | undefined,
  houseNumber: string | null | undefined,
  country?: string | null,
): string | null {
  const s = textOrNull(street);
  const n = textOrNull(houseNumber);
  if (!s) return n;
  if (!n) return s;
  return NUMBER_FIRST_COUNTRIES.has(country ?? '') ? `${n} ${s}` : `${s} ${n}`;
}

/** The address of an OpenStreetMap element from its addr:* tags. */
export function addressFromOsmTags(
  tags: Record<string, string>,
  defaultCountry?: string | null,
): AddressParts {
  const country = toCountryCode(tags['addr:country']) ?? toCountryCode(defaultCountry);
  const street = tags['addr:street'] ?? tags['addr:place'];
  let address = formatStreetLine(street, tags['addr:housenumber'], country);
  const unit = textOrNull(tags['addr:unit'] ?? tags['addr:flats']);
  if (address && unit) address = `${address}, ${unit}`;
  const parts: AddressParts = {
    address,
    city: textOrNull(tags['addr:city'] ?? tags['addr:town'] ?? tags['addr:village'] ?? tags['addr:hamlet']),
    region: textOrNull(tags['addr:state'] ?? tags['addr:province'] ?? tags['addr:region']),
    postal_code: textOrNull(tags['addr:postcode']),
    country,
  };
  const full = tags['addr:full'];
  if (full && !parts.address) {
    const parsed = parseAddressLine(full, country);
    return {
      address: parsed.address,
      city: parts.city ?? parsed.city,
      region: parts.region ?? parsed.region,
      postal_code: parts.postal_code ?? parsed.postal_code,
      country: parts.country ?? parsed.country,
    };
  }
  return parts;
}

/** A part of an address line that is a suite, unit, floor, room or box (EN/DE/FR/ES), not a place. */
const UNIT_PART =
  /^(?:#\s*\w|(?:ste|suite|unit|apt|apartment|fl|floor|flr|bldg|building|room|rm|dept|office|box|po box|p\.? ?o\.? box|c\/o|etage|stock|og|eg|dg|hinterhaus|vorderhaus|seitenfl[uü]gel|geb[aä]ude|zimmer|b[uü]ro|bureau|local|piso|planta|bte|bo[iî]te)\b|\d+\.?\s*(?:og|etage|stock|floor|fl)\b)/i;

const US_ZIP = /^(?:(.*?)\s+)?([A-Z]{2})\.?\s+(\d{5}(?:-\d{4})?)$/i;
const UK_POSTCODE = /^(?:(.*?)\s+)?([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/i;
const NL_POSTCODE = /^(\d{4}\s?[A-Z]{2})\s+(.+)$/;
const POSTAL_FIRST = /^(?:([A-Z]{1,2})[-–]\s?)?(\d{4,5})\s+(.+)$/;
const POSTAL_LAST = /^(.+?)\s+(\d{4,5})$/;
const POSTAL_ONLY = /^(?:[A-Z]{1,2}-)?\d{4,5}(?:-\d{4})?$/;
const PREFIX_COUNTRY: Record<string, string> = {
  D: 'DE',
  A: 'AT',
  CH: 'CH',
  F: 'FR',
  I: 'IT',
  L: 'LU',
  NL: 'NL',
};

interface PostalMatch {
  postal: string;
  city: string | null;
  region?: string;
  country: string | null;
}

/** "Edmonton AB T5J 0S4", "AB T5J 0S4", "T5J 0S4" → postcode, province and city (read from the end: linear). */
function matchCanadianPostal(part: string): PostalMatch | null {
  const code = /[A-Z]\d[A-Z] ?\d[A-Z]\d$/i.exec(part);
  if (!code || (code.index > 0 && part[code.index - 1] !== ' ') || !CA_POSTAL_CODE.test(code[0])) return null;
  const words = part.slice(0, code.index).trim().split(' ').filter(Boolean);
  const province = words.length > 0 ? caProvinceCode(words[words.length - 1]) : null;
  if (province) words.pop();
  const postal = code[0].toUpperCase().replace(/^(\w{3}) ?/, '$1 ');
  const match: PostalMatch = { postal, city: words.join(' ') || null, country: 'CA' };
  if (province) match.region = province;
  return match;
}

/**
 * A postcode part ("Plano, TX 75074" splits to "TX 75074"; "London NW1 6XE") is short. Longer parts are not read
 * as one: the postcode patterns below backtrack polynomially on long input (checked in the ReDoS proof test), and
 * bounding what they see keeps them fast whatever a CSV cell or a page holds.
 */
const MAX_POSTAL_PART_CHARS = 80;
/** A whole address written without commas ("Hauptstr. 5 06108 Halle"); longer text is kept as the street line. */
const MAX_SINGLE_PART_CHARS = 160;

function matchPostal(part: string, defaultCountry: string | null): PostalMatch | null {
  if (part.length > MAX_POSTAL_PART_CHARS) return null;
  const canadian = matchCanadianPostal(part);
  if (canadian) return canadian;
  const us = US_ZIP.exec(part);
  if (us?.[2] && us[3] && US_STATES.has(us[2].toUpperCase())) {
    return { city: us[1] ?? null, region: us[2].toUpperCase(), postal: us[3], country: 'US' };
  }
  const uk = UK_POSTCODE.exec(part);
  if (uk?.[2] && /\d[A-Z]{2}$/i.test(uk[2]) && /[A-Z]/i.test(uk[2].slice(0, 1))) {
    // "NW16XE" / "NW1  6XE" → "NW1 6XE": the inward code is the last three characters (checked just above).
    const written = uk[2].toUpperCase();
    const code = `${written.slice(0, -3).trimEnd()} ${written.slice(-3)}`;
    return { city: uk[1] ?? null, postal: code, country: 'GB' };
  }
  const nl = NL_POSTCODE.exec(part);
  if (nl?.[1] && nl[2] && (defaultCountry === 'NL' || /\s/.test(nl[1]) === false)) {
    return { postal: nl[1].toUpperCase(), city: nl[2], country: defaultCountry ?? 'NL' };
  }
  const first = POSTAL_FIRST.exec(part);
  if (first?.[2] && first[3]) {
    const prefixed = first[1] ? PREFIX_COUNTRY[first[1].toUpperCase()] : undefined;
    return { postal: first[2], city: first[3], country: prefixed ?? defaultCountry };
  }
  const last = POSTAL_LAST.exec(part);
  if (last?.[1] && last[2] && !/\d/.test(last[1]))
    return { postal: last[2], city: last[1], country: defaultCountry };
  if (POSTAL_ONLY.test(part))
    return { postal: part.replace(/^[A-Z]{1,2}-/, ''), city: null, country: defaultCountry };
  return null;
}

/**
 * Splits a one-line address ("123 Main St, Plano, TX 75074", "Hauptstr. 5, 06108 Halle (Saale)",
 * "221B Baker St, London NW1 6XE, UK", "ул. Македонија 12, 1000 Скопје") into fields. Pragmatic: the first part
 * is the street line, the postcode part gives postcode (and city/state), a known country name ends it.
 */
export function parseAddressLine(
  line: string | null | undefined,
  defaultCountry?: string | null,
): AddressParts {
  if (typeof line !== 'string') return { ...EMPTY };
  const fallbackCountry = toCountryCode(defaultCountry);
  // Linear-time trim and split (a `/[.;]+$/` trim backtracked quadratically on a cell of semicolons); spaces are
  // collapsed first, so trimming each part is the same as the spaces around the separators.
  const parts = trimEndChars(collapseSpaces(line), '.;')
    .split(/,|;|\n|\s·\s|\s\|\s/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return { ...EMPTY };
  const result: AddressParts = { ...EMPTY };

  // A trailing country ("…, USA", "…, Deutschland"); a bare two-letter US state is not a country.
  const tail = parts[parts.length - 1] ?? '';
  const isUsState = US_STATES.has(tail) && (fallbackCountry === 'US' || fallbackCountry === null);
  if (parts.length > 1 && !isUsState && countryFromName(tail)) {
    result.country = countryFromName(tail);
    parts.pop();
  } else if (
    parts.length > 1 &&
    US_STATES.has(tail) &&
    (fallbackCountry === 'US' || !countryFromName(tail))
  ) {
    result.region = tail;
    result.country = 'US';
    parts.pop();
  } else if (parts.length > 1 && (usStateCode(tail) || caProvinceCode(tail))) {
    // "…, Las Vegas, Nevada", "…, Edmonton, AB", "…, Montréal, Québec"
    result.region = usStateCode(tail) ?? caProvinceCode(tail);
    result.country = countryFromRegionAndPostcode(tail, null);
    parts.pop();
  }
  const country = result.country ?? fallbackCountry;

  // The postcode part, searched from the end (never the street line when there are several parts).
  let postalIndex = -1;
  let postal: PostalMatch | null = null;
  for (let i = parts.length - 1; i >= (parts.length > 1 ? 1 : 0); i--) {
    postal = matchPostal(parts[i] ?? '', country);
    if (postal) {
      postalIndex = i;
      break;
    }
  }
  if (parts.length === 1) return { ...splitSinglePart(parts[0] ?? '', country), ...definedOnly(result) };

  let cityIndex = -1;
  if (postal) {
    result.postal_code = postal.postal;
    result.region = postal.region ?? result.region;
    result.country = result.country ?? postal.country;
    if (postal.city) result.city = postal.city;
    else if (postalIndex > 1) cityIndex = postalIndex - 1;
  } else if (parts.length > 1) {
    cityIndex = parts.length - 1;
  }
  // A suite, unit or floor ("Ste 100", "#2", "2. OG") belongs to the street line, never names the city.
  if (cityIndex >= 1 && UNIT_PART.test(parts[cityIndex] ?? '')) cityIndex = -1;
  if (cityIndex >= 1) result.city = parts[cityIndex] ?? null;
  const streetEnd = cityIndex >= 1 ? cityIndex : postalIndex >= 1 ? postalIndex : parts.length;
  result.address = parts.slice(0, streetEnd).join(', ') || null;
  result.country = result.country ?? fallbackCountry;
  return result;
}

/** "Hauptstr. 5 06108 Halle" or "123 Main St Plano TX 75074" without commas. */
function splitSinglePart(part: string, country: string | null): AddressParts {
  if (part.length > MAX_SINGLE_PART_CHARS) return { ...EMPTY, address: part, country };
  const de = /^(.*?\d+\s?[a-z]?)\s+(\d{4,5})\s+(\D.*)$/i.exec(part);
  if (de?.[1] && de[2] && de[3]) {
    return { address: de[1], postal_code: de[2], city: de[3], region: null, country };
  }
  const us = /^(.*?)\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(part);
  if (us?.[1] && us[2] && us[3] && US_STATES.has(us[2])) {
    return { address: us[1], postal_code: us[3], region: us[2], city: null, country: 'US' };
  }
  return { address: part, city: null, region: null, postal_code: null, country };
}

function definedOnly(parts: AddressParts): Partial<AddressParts> {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== null));
}

/** Splits an address given either as OSM addr:* tags or as one line of free text. */
export function splitAddress(
  input: string | Record<string, string> | null | undefined,
  defaultCountry?: string | null,
): AddressParts {
  if (input === null || input === undefined) return { ...EMPTY };
  return typeof input === 'string'
    ? parseAddressLine(input, defaultCountry)
    : addressFromOsmTags(input, defaultCountry);
}
