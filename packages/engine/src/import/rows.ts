/**
 * One CSV row → one RawBusiness, through the shared normalisers (website → domain, phone → E.164, address
 * split). Lenient: only a row without a name is rejected; a value that cannot be read is left empty and
 * reported as a warning, so an accepted row never loses the rest of its data.
 */
import type { ImportField } from '@argo/contract';
import { AddressAllowList } from '../crawl/ssrf';
import type { RawBusiness } from '../discovery/source';
import { splitAddress } from '../normalize/address';
import {
  countryFromName,
  countryFromRegionAndPostcode,
  toCountryCode,
  US_STATES,
} from '../normalize/countries';
import { classifyWebsite, type WebsiteOptions } from '../normalize/domain';
import { normalizeEmail } from '../normalize/email';
import { cleanName } from '../normalize/name';
import { normalizePhone } from '../normalize/phone';
import { collapseSpaces } from '../normalize/text';
import {
  addressFromJson,
  cellText,
  isClosedStatus,
  MAX_CELL_CHARS,
  parseLatLngPair,
  parseNumber,
  unwrapCell,
} from './values';

/** Field → header, as the contract's ColumnMapping (missing or null: not imported). */
export type ImportMapping = Partial<Record<ImportField, string | null>>;

export interface MapRowOptions extends WebsiteOptions {
  /** ISO 3166-1 alpha-2 for numbers and addresses written without a country ("(469) 287-2159"). */
  defaultCountry?: string | null;
  /** The physical line, kept as the record's source_ref (`line/12`). */
  line?: number;
}

export interface RowWarning {
  field: ImportField;
  message: string;
}

export type MapRowResult =
  | { ok: true; record: RawBusiness; warnings: RowWarning[] }
  | { ok: false; reason: string };

/** Thrown when a mapping does not fit the file's headers (a mapped column that is not there, no name). */
export class ImportMappingError extends Error {
  override readonly name = 'ImportMappingError';
}

const IMPORT_SOURCE = 'import';

/** Every IP address: a website read with it is one whose host is an address ("http://127.0.0.1:8201/site-1/"). */
const ANY_ADDRESS: WebsiteOptions = { allowAddresses: new AddressAllowList(['0.0.0.0/0', '::/0']) };

/** Maps a single row (see createRowMapper, which resolves the headers once for many rows). */
export function mapRow(
  cells: readonly string[],
  headers: readonly string[],
  mapping: ImportMapping,
  options: MapRowOptions = {},
): MapRowResult {
  return createRowMapper(headers, mapping, options)(cells, options.line);
}

/** Resolves the mapping against the headers once; the returned function maps rows. */
export function createRowMapper(
  headers: readonly string[],
  mapping: ImportMapping,
  options: Omit<MapRowOptions, 'line'> = {},
): (cells: readonly string[], line?: number) => MapRowResult {
  const column = resolveColumns(headers, mapping);
  const nameColumn = column.name as number;
  const defaultCountry = toCountryCode(options.defaultCountry);
  const websiteOptions: WebsiteOptions = options.allowAddresses
    ? { allowAddresses: options.allowAddresses }
    : {};
  // A yes/no status is read by what its column asks ("is_open" = 0 is closed, "closed" = 1 is closed).
  const statusHeader = column.status === undefined ? null : (headers[column.status] ?? '');

  return (cells, line) => {
    // Mapped cells longer than MAX_CELL_CHARS are not read (values.ts): reported below, never scanned.
    const tooLong = new Map<ImportField, number>();
    const cell = (field: ImportField): string | undefined => {
      const index = column[field];
      const value = index === undefined ? undefined : cells[index];
      if (value !== undefined && value.length > MAX_CELL_CHARS) {
        tooLong.set(field, value.length);
        return undefined;
      }
      return value;
    };
    const nameCell = cell('name');
    const nameLength = tooLong.get('name');
    if (nameLength !== undefined) return { ok: false, reason: tooLongText('name', nameLength) };
    const name = cleanName(unwrapCell(nameCell));
    if (name === null || !/[\p{L}\p{N}]/u.test(name)) {
      const reason =
        cells.length <= nameColumn
          ? `row has ${cells.length} cell${cells.length === 1 ? '' : 's'}, expected at least ${nameColumn + 1}: no name`
          : 'no name';
      return { ok: false, reason };
    }
    const warnings: RowWarning[] = [];
    const warn = (field: ImportField, value: string, what: string) =>
      warnings.push({ field, message: `${what} "${clip(value)}" could not be read; left empty` });

    const place = readPlace(cell, defaultCountry);
    const web = unwrapCell(cell('website'));
    const site = classifyWebsite(web, websiteOptions);
    if (web !== null && site.website === null && site.social === null) {
      // An address the crawler may not reach says what would let it in, not only that it was not read.
      if (classifyWebsite(web, ANY_ADDRESS).website !== null) {
        warnings.push({
          field: 'website',
          message: `website "${clip(web)}" is an IP address the crawler may not reach (CRAWL_ALLOW_HOSTS allows such addresses); left empty`,
        });
      } else warn('website', web, 'website');
    }

    const emailText = unwrapCell(cell('email'), 'join');
    const email = normalizeEmail(emailText);
    if (emailText !== null && email === null) warn('email', emailText, 'email');

    const phoneText = unwrapCell(cell('phone'), 'join');
    const phone = normalizePhone(phoneText, place.country ?? defaultCountry);
    if (phoneText !== null && phone === null) warn('phone', phoneText, 'phone number');

    const coords = readCoordinates(cell('lat'), cell('lng'), column.lat === column.lng, warn);
    const rating = readNumber(cell('rating'), false, 'rating', warn);
    const reviews = readNumber(cell('review_count'), true, 'review count', warn);
    const category = unwrapCell(cell('category'), 'join');
    const isClosed = statusHeader !== null && isClosedStatus(cell('status'), statusHeader);

    const record: RawBusiness = {
      name,
      website: site.website,
      domain: site.domain,
      email,
      phone,
      ...place,
      ...coords,
      category: category === null ? null : collapseSpaces(category),
      source: IMPORT_SOURCE,
      source_ref: line === undefined ? null : `line/${line}`,
      rating: rating !== null && rating >= 0 ? rating : null,
      review_count: reviews !== null && reviews >= 0 ? reviews : null,
    };
    if (site.social) record.socials = [site.social];
    if (isClosed) record.is_closed = true;
    for (const [field, length] of tooLong)
      warnings.push({ field, message: `${tooLongText(field, length)}; left empty` });
    return { ok: true, record, warnings };
  };
}

/** "website is 200,003 characters long, more than the 2,000 read" */
function tooLongText(field: ImportField, length: number): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return `${field.replace('_', ' ')} is ${count(length)} characters long, more than the ${count(MAX_CELL_CHARS)} read`;
}

function resolveColumns(
  headers: readonly string[],
  mapping: ImportMapping,
): Partial<Record<ImportField, number>> {
  const columns: Partial<Record<ImportField, number>> = {};
  const missing: string[] = [];
  for (const [field, header] of Object.entries(mapping) as [ImportField, string | null | undefined][]) {
    if (header === null || header === undefined || header === '') continue;
    const index = headers.indexOf(header);
    if (index < 0) missing.push(`"${header}" (mapped to ${field})`);
    else columns[field] = index;
  }
  if (missing.length > 0) throw new ImportMappingError(`The file has no column ${missing.join(', ')}.`);
  if (columns.name === undefined)
    throw new ImportMappingError('Map a column to name: every business needs one.');
  return columns;
}

type Place = Pick<RawBusiness, 'address' | 'city' | 'region' | 'postal_code' | 'country'>;

/** Address columns: a JSON address object, a one-line address (split), a bare locality, and own columns. */
function readPlace(cell: (field: ImportField) => string | undefined, defaultCountry: string | null): Place {
  const own = {
    city: unwrapCell(cell('city')),
    region: unwrapCell(cell('region')),
    postal_code: unwrapCell(cell('postal_code')),
    country: unwrapCell(cell('country')),
  };
  const countryHint = toCountryCode(own.country) ?? defaultCountry;
  const json = addressFromJson(cell('address'));
  const line = json ? null : unwrapCell(cell('address'));
  const locality = line !== null && !/\d/.test(line) ? splitLocality(line) : null;
  const split = json
    ? { ...json, address: json.street, country: toCountryCode(json.country) ?? json.country }
    : (locality ?? splitAddress(line, countryHint));
  // With the city in a column of its own, a line that named no postcode, region or country is all street line:
  // "2550 Windmill Ln, Ste 100" keeps its suite, and "Ste 100" is never taken for the city.
  const isStreetOnly =
    line !== null && !locality && own.city !== null && !split.postal_code && !split.region && !split.country;
  const place: Place = {
    address: isStreetOnly ? collapseSpaces(line) : (split.address ?? null),
    city: own.city ?? split.city,
    region: own.region ?? split.region,
    postal_code: own.postal_code ?? split.postal_code,
    country: (own.country === null ? null : (toCountryCode(own.country) ?? own.country)) ?? split.country,
  };
  // The region and postcode tell the country when no column says it: a US state ("TX", "Texas", with a ZIP or
  // none), a Canadian province, a German state with its PLZ, a Canadian or British postcode.
  place.country ??= countryFromRegionAndPostcode(place.region, place.postal_code);
  place.country ??= defaultCountry;
  return place;
}

/**
 * "Tampa, FL, USA", "Copenhagen, Denmark", "NY, USA": a place without a street (no digit at all) that ends in a
 * known country or US state → city and region. Several places ("…; Remote") → the first. Null for anything
 * else, which goes to the shared address splitter (it expects a street line first).
 */
function splitLocality(line: string): Place | null {
  const first = (line.split(';')[0] ?? '').trim();
  const empty: Place = { address: null, city: null, region: null, postal_code: null, country: null };
  if (/^(remote|online|worldwide|global)$/i.test(first)) return empty;
  const parts = first
    .split(',')
    .map((part) => collapseSpaces(part))
    .filter((part) => part !== '');
  const last = parts[parts.length - 1] ?? '';
  const country = parts.length > 1 ? countryFromName(last) : null;
  if (country) parts.pop();
  else if (!US_STATES.has(last)) return null;
  const place: Place = { ...empty, country: country ?? 'US' };
  const end = parts[parts.length - 1] ?? '';
  if (parts.length > 1 || US_STATES.has(end))
    place.region = parts.length > 1 ? parts.slice(1).join(', ') : end;
  if (parts.length > 1 || !US_STATES.has(end)) place.city = parts[0] ?? null;
  return place;
}

type Warn = (field: ImportField, value: string, what: string) => void;

function readCoordinates(
  latCell: string | undefined,
  lngCell: string | undefined,
  isPair: boolean,
  warn: Warn,
): { lat: number | null; lng: number | null } {
  const latText = cellText(latCell);
  const lngText = cellText(lngCell);
  // A "(lat, lon)" cell counts whichever way it was mapped (to both, or to lat alone).
  const pair = latText === null ? null : parseLatLngPair(latText);
  if (pair) return pair;
  if (isPair && latText !== null) {
    warn('lat', latText, 'coordinates');
    return { lat: null, lng: null };
  }
  const lat = parseNumber(latText ?? undefined);
  const lng = parseNumber(lngText ?? undefined);
  const isLatOk = lat !== null && Math.abs(lat) <= 90;
  const isLngOk = lng !== null && Math.abs(lng) <= 180;
  if (latText !== null && !isLatOk) warn('lat', latText, 'latitude (−90 to 90)');
  if (lngText !== null && !isLngOk) warn('lng', lngText, 'longitude (−180 to 180)');
  // One without the other places nothing.
  return isLatOk && isLngOk ? { lat, lng } : { lat: null, lng: null };
}

function readNumber(value: string | undefined, integer: boolean, what: string, warn: Warn): number | null {
  const text = cellText(value);
  if (text === null) return null;
  const number = parseNumber(text, integer);
  if (number === null) warn(integer ? 'review_count' : 'rating', text, what);
  return number;
}

function clip(value: string): string {
  const text = collapseSpaces(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
