/**
 * Reading single CSV cells: placeholders ("null", "n/a", "[]"), JSON blobs written into cells by scrapers,
 * coordinate pairs and numbers in the forms exports use. Business-field normalisation (website, phone,
 * address…) lives in ../normalize; this only turns a cell into the text or number a normaliser expects.
 */

/**
 * The longest cell the import reads. No name, address, website or phone needs more; a longer
 * mapped cell is not read at all: a name makes the row rejected (with the reason), any other field is left empty
 * with a warning, like any value that cannot be read. Unmapped cells are never read, whatever their length.
 */
export const MAX_CELL_CHARS = 2000;

const PLACEHOLDER = /^(?:null|undefined|none|nil|nan|n\/?a|-+|\[\s*\]|\{\s*\}|"")$/i;
const TEXT_KEYS = [
  'name',
  'title',
  'value',
  'text',
  'label',
  'url',
  'link',
  'href',
  'email',
  'phone',
  'number',
];

/** The cell's text, or null when it is empty or a placeholder. */
export function cellText(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' || PLACEHOLDER.test(text) ? null : text;
}

/** A JSON array or object written into a cell, parsed; undefined when the cell is not JSON. */
function parseJsonCell(text: string): unknown {
  const first = text[0];
  const last = text[text.length - 1];
  if (!((first === '[' && last === ']') || (first === '{' && last === '}'))) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A cell as plain text: JSON arrays give their first item ('first') or all items joined with ", " ('join');
 * JSON objects give their name/title/value-like member. Other text is returned as it is.
 */
export function unwrapCell(value: string | undefined, mode: 'first' | 'join' = 'first'): string | null {
  const text = cellText(value);
  if (text === null) return null;
  const json = parseJsonCell(text);
  if (json === undefined) return text;
  const items = (Array.isArray(json) ? json : [json]).map(jsonText).filter((t): t is string => t !== null);
  if (items.length === 0) return null;
  return mode === 'join' ? [...new Set(items)].join(', ') : (items[0] ?? null);
}

function jsonText(value: unknown): string | null {
  if (typeof value === 'string') return cellText(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of TEXT_KEYS) {
      const text = jsonText(record[key]);
      if (text !== null) return text;
    }
  }
  return null;
}

export interface JsonAddressParts {
  street: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
}

const ADDRESS_KEYS: Record<keyof JsonAddressParts, readonly string[]> = {
  street: ['street', 'street_address', 'address', 'address1', 'address_line_1', 'line1', 'road'],
  city: ['city', 'town', 'locality', 'village', 'municipality'],
  region: ['state', 'region', 'province', 'county', 'state_code'],
  postal_code: ['postal_code', 'postcode', 'zip', 'zip_code', 'zipcode'],
  country: ['country', 'country_code', 'countryCode'],
};

/** An address written as a JSON object ({"street":…, "city":…}) → its parts; null when it is not one. */
export function addressFromJson(value: string | undefined): JsonAddressParts | null {
  const text = cellText(value);
  const json = text === null ? undefined : parseJsonCell(text);
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  const pick = (keys: readonly string[]) => {
    for (const key of keys) {
      const found = typeof record[key] === 'string' ? cellText(record[key] as string) : null;
      if (found !== null) return found;
    }
    return null;
  };
  const parts: JsonAddressParts = {
    street: pick(ADDRESS_KEYS.street),
    city: pick(ADDRESS_KEYS.city),
    region: pick(ADDRESS_KEYS.region),
    postal_code: pick(ADDRESS_KEYS.postal_code),
    country: pick(ADDRESS_KEYS.country),
  };
  return Object.values(parts).some((part) => part !== null) ? parts : null;
}

const COORD = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
/** Both numbers need decimals, so a decimal-comma value ("52,52") is never read as a pair. */
const DECIMAL = String.raw`[-+]?\d{1,3}\.\d+`;
const PAIR = new RegExp(String.raw`^\(?\s*(${DECIMAL})\s*[,;\s]\s*(${DECIMAL})\s*\)?$`);
const WKT_POINT = new RegExp(String.raw`^POINT\s*\(\s*(${COORD})\s+(${COORD})\s*\)$`, 'i');

/**
 * "(41.89, -87.77)", "41.89,-87.77", "41.89 -87.77" (lat first) or WKT "POINT (-87.77 41.89)" (lng first)
 * → { lat, lng }; null when it is not a pair of coordinates in range.
 */
export function parseLatLngPair(value: string): { lat: number; lng: number } | null {
  const text = value.trim();
  const wkt = WKT_POINT.exec(text);
  const pair = wkt ? [wkt[2], wkt[1]] : PAIR.exec(text)?.slice(1, 3);
  if (!pair) return null;
  const lat = Number(pair[0]);
  const lng = Number(pair[1]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return { lat, lng };
}

/** "4.400000", "4,4", "1,386", "1.234,5", "2 150" → a number; null when it is none. */
export function parseNumber(value: string | undefined, integer = false): number | null {
  const text = cellText(value)?.replace(/[\s\u00a0\u202f']/g, '');
  if (!text) return null;
  if (/^[-+]?\d+$/.test(text) || (!integer && /^[-+]?\d+\.\d+$/.test(text))) return Number(text);
  if (!/^[-+]?\d[\d.,]*$/.test(text)) return null;
  const number = Number(text.replace(/[.,]/g, (sep, at: number) => separator(text, sep, at, integer)));
  if (!Number.isFinite(number)) return null;
  return integer ? Math.round(number) : number;
}

/** What a "." or "," at `at` is: the decimal point (→ ".") or a thousands separator (→ ""). */
function separator(text: string, sep: string, at: number, integer: boolean): string {
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) return at === Math.max(lastComma, lastDot) ? '.' : '';
  if (text.indexOf(sep) !== text.lastIndexOf(sep)) return '';
  const isGroupOfThree = /^\d{3}$/.test(text.slice(at + 1));
  return isGroupOfThree && (integer || sep === ',') ? '' : '.';
}

/** Values saying a business has stopped trading for good (EN, DE, FR, ES, Google's CLOSED_PERMANENTLY). */
const CLOSED_TEXT =
  /^(?:(?:permanently |for good |definitively )?closed(?: permanently| for good| down)?|closed_permanently|inactive|defunct|dissolved|out of business|no longer (?:in business|trading|operating)|ceased trading|(?:dauerhaft |endg(?:u|ü)ltig )?geschlossen|aufgegeben|erloschen|inaktiv|ferm[ée]e?(?: d[ée]finitivement)?|cerrad[oa](?: permanentemente| definitivamente)?)$/i;
/** "Temporarily closed" and the like: still a business, so not closed. */
const TEMPORARY = /\b(?:temporar(?:il)?y|vor(?:u|ü)bergehend|temporairement|temporalmente)\b/i;
const TRUE = /^(?:1|true|yes|y|t|ja|oui|si|sí|x)$/i;
const FALSE = /^(?:0|false|no|n|f|nein|non)$/i;

/**
 * Whether a status cell says the business has closed for good. Words are read as they are ("Closed",
 * "Permanently closed", "Inactive", "dauerhaft geschlossen"); a yes/no value by what its column asks: is_open = 0
 * or active = false is closed, closed = 1 or permanently_closed = yes is closed. Anything else (empty, "Open",
 * "Active", "Acquired", "Temporarily closed") is a trading business.
 */
export function isClosedStatus(value: string | undefined, header: string): boolean {
  const text = cellText(value)
    ?.replace(/[\s_-]+/g, ' ')
    .trim();
  if (!text || TEMPORARY.test(text)) return false;
  if (CLOSED_TEXT.test(text)) return true;
  const isTrue = TRUE.test(text);
  if (!isTrue && !FALSE.test(text)) return false;
  const asks = header.toLowerCase().replace(/[^a-z]+/g, ' ');
  if (/\b(?:closed|inactive|defunct|dissolved|geschlossen)\b/.test(asks)) return isTrue;
  if (/\b(?:open|active|operating|operational|trading|geoffnet)\b/.test(asks)) return !isTrue;
  return false;
}
