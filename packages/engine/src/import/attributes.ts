/**
 * An imported file's own columns: every column the mapping leaves unmapped is kept on each
 * business as an attribute, typed by what ALL of its values are:
 *
 * - number: "1234", "-3.5", "1,234,567" (comma thousands groups), "12%" (→ 12, the percentage as written),
 *   "$2.5M" / "$32.4 Million" / "€1.2bn" / "850K" (a currency sign is dropped, K/M/B and thousand/million/
 *   billion multiply). Not numbers: a leading zero ("02134", a ZIP or an id keeps its zero as text), more than 15
 *   digits (ids), "1.234,5" (decimal comma: ambiguous with thousands). Nor a column whose header names an
 *   identifier, a code or a phone ("LICENSE ID", "Account Number", "SIC"): its digits are kept as written, as text.
 * - date: ISO "2024-03-07" (a time after it is dropped), "2024/03/07", "7.3.2024" (day first), and slashed dates
 *   "03/07/2024": month first unless a value of the column only fits day first (a day above 12), a column that
 *   needs both orders is text. Stored as 'YYYY-MM-DD'. A bare year ("2019") is a number.
 * - boolean: every value is one of yes/no, true/false, y/n, t/f, 1/0 (any case).
 * - a date too: whole numbers that are all Unix times (seconds or milliseconds, 1990–2050) under a header that
 *   names a moment ("launched_at": 1541714572 → 2018-11-08); under any other header they stay numbers.
 * - text: anything else, clipped to MAX_CELL_CHARS.
 *
 * Empty cells and placeholders ("n/a", "null", "-") are no value and never decide a type; a column with no value
 * in any row is not kept. The `status` field's column is kept too: the field only records "closed for good", the
 * column says more ("Open", "Temporarily closed", is_open = 1).
 */
import type { AttributeColumn, AttributeType, AttributeValue } from '@argo/contract';
import type { ImportMapping } from './rows';
import { cellText, MAX_CELL_CHARS } from './values';

/**
 * How a column's values are read: an attribute type, or 'date_dmy' — a date column whose slashed dates are day
 * first (a public 'date'), or 'number_epoch' — whole numbers that could all be Unix times (seconds or
 * milliseconds between 1990 and 2050): a date when the header names a time ("launched_at"), else a number; read
 * as a date, the kind is 'date_epoch'. Kept per header in the import session's input (`column_types`).
 */
export type ColumnKind = AttributeType | 'date_dmy' | 'number_epoch' | 'date_epoch';

/** Unix times from 1990-01-01 to 2050-01-01, in seconds. */
const EPOCH_FROM = 631_152_000;
const EPOCH_TO = 2_524_608_000;

/** A Unix time in seconds (10 digits at most) or milliseconds (13), as seconds; null for anything else. */
function epochSeconds(text: string): number | null {
  if (!/^\d{9,13}$/.test(text) || text.length === 11 || text.length === 12) return null;
  const seconds = text.length <= 10 ? Number(text) : Number(text) / 1000;
  return seconds >= EPOCH_FROM && seconds < EPOCH_TO ? seconds : null;
}

/** A Unix time (epochSeconds) as a date 'YYYY-MM-DD', or null. */
export function readEpochDate(text: string): string | null {
  const seconds = epochSeconds(text);
  return seconds === null ? null : new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** A kept column: where it is in the row, and how its values are read. */
export interface AttributeColumnPlan extends AttributeColumn {
  index: number;
  kind: ColumnKind;
}

// ------------------------------------------------------------------ reading one value

const NUMBER =
  /^([-+]?)[$€£¥]?\s?((?:0|[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*)(?:\.\d+)?|\.\d+)\s?(%|[kmb]|bn|mn|mm|thousand|million|billion)?$/i;
const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/** A number as described above, or null. */
export function readAttributeNumber(text: string): number | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const digits = (match[2] as string).replaceAll(',', '');
  if (digits.replace('.', '').length > 15) return null;
  const unit = match[3]?.toLowerCase();
  const scale = unit === undefined || unit === '%' ? 1 : (SCALE[unit] ?? 1);
  // Multiplying 32.4 by 1e6 gives 32399999.999999996: round to the digits the text had.
  const decimals = Math.max(0, (digits.split('.')[1]?.length ?? 0) - Math.log10(scale));
  const value = Number(digits) * scale;
  const rounded = Number(value.toFixed(Math.min(15, decimals)));
  return match[1] === '-' ? -rounded : rounded;
}

const TRUE_WORDS = new Set(['yes', 'true', 'y', 't', '1']);
const FALSE_WORDS = new Set(['no', 'false', 'n', 'f', '0']);

function readAttributeBoolean(text: string): boolean | null {
  const word = text.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

const ISO_DATE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DOT_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** Which order a slashed date fits: month first, day first, or both (03/07/2024). */
type SlashOrder = 'mdy' | 'dmy' | 'both';

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The orders a slashed date fits (none: null). */
function slashOrder(a: number, b: number, year: number): SlashOrder | null {
  const mdy = isoDate(year, a, b) !== null;
  const dmy = isoDate(year, b, a) !== null;
  if (mdy && dmy) return 'both';
  return mdy ? 'mdy' : dmy ? 'dmy' : null;
}

/** A date as 'YYYY-MM-DD', or null; slashed dates are read in `order` ('both': month first). */
export function readAttributeDate(text: string, order: SlashOrder = 'mdy'): string | null {
  const iso = ISO_DATE.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dot = DOT_DATE.exec(text);
  if (dot) return isoDate(Number(dot[3]), Number(dot[2]), Number(dot[1]));
  const slash = SLASH_DATE.exec(text);
  if (!slash) return null;
  const [a, b, year] = [Number(slash[1]), Number(slash[2]), Number(slash[3])];
  return order === 'dmy' ? isoDate(year, b, a) : isoDate(year, a, b);
}

// ------------------------------------------------------------------ deciding a column's type

interface ColumnState {
  values: number;
  number: boolean;
  boolean: boolean;
  date: boolean;
  /** Slashed dates seen that fit only month first / only day first. */
  monthFirst: boolean;
  dayFirst: boolean;
  /** Every value a whole number that could be a Unix time (epochSeconds). */
  epoch: boolean;
}

/**
 * Reads every row's cells once and decides each column's type over all of its values. `observe` is cheap: a
 * type is tested only while no value has ruled it out.
 */
export function createColumnTyper(): {
  observe(cells: readonly string[]): void;
  /** One kind per header; null for a column that never had a value. */
  kinds(columns: number): (ColumnKind | null)[];
} {
  const states: ColumnState[] = [];
  return {
    observe(cells) {
      for (let i = 0; i < cells.length; i++) {
        const raw = cells[i] as string;
        if (raw === '') continue;
        const text = cellText(raw);
        if (text === null) continue;
        let state = states[i];
        if (state === undefined) {
          state = {
            values: 0,
            number: true,
            boolean: true,
            date: true,
            monthFirst: false,
            dayFirst: false,
            epoch: true,
          };
          states[i] = state;
        }
        state.values++;
        if (state.boolean && readAttributeBoolean(text) === null) state.boolean = false;
        if (state.number && readAttributeNumber(text) === null) state.number = false;
        if (state.epoch && (!state.number || epochSeconds(text) === null)) state.epoch = false;
        if (state.date) observeDate(state, text);
      }
    },
    kinds(columns) {
      return Array.from({ length: columns }, (_, i) => kindOf(states[i]));
    },
  };
}

function observeDate(state: ColumnState, text: string): void {
  if (readAttributeDate(text) !== null || readAttributeDate(text, 'dmy') !== null) {
    const slash = SLASH_DATE.exec(text);
    if (slash) {
      const order = slashOrder(Number(slash[1]), Number(slash[2]), Number(slash[3]));
      if (order === 'mdy') state.monthFirst = true;
      if (order === 'dmy') state.dayFirst = true;
      if (state.monthFirst && state.dayFirst) state.date = false;
    }
    return;
  }
  state.date = false;
}

function kindOf(state: ColumnState | undefined): ColumnKind | null {
  if (state === undefined || state.values === 0) return null;
  // 1/0 columns read as yes/no (is_open); any other number makes the column numeric.
  if (state.boolean) return 'boolean';
  if (state.number) return state.epoch ? 'number_epoch' : 'number';
  if (state.date) return state.dayFirst ? 'date_dmy' : 'date';
  return 'text';
}

// ------------------------------------------------------------------ the columns kept, and a row's values

/** Without leading and trailing underscores (a loop: `/^_+|_+$/` is quadratic on a long run, see redos.test.ts). */
function trimUnderscores(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '_') start++;
  while (end > start && text[end - 1] === '_') end--;
  return text.slice(start, end);
}

/** "Founded Year" → "founded_year", "Umsatz (€)" → "umsatz"; a header of no letters or digits → "column_3". */
export function attributeKey(header: string, index: number): string {
  const slug = trimUnderscores(
    header
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_'),
  ).slice(0, 60);
  return slug === '' ? `column_${index + 1}` : slug;
}

/** Words that make a header an identifier wherever they stand ("business_id", "zip_code", "vat_no"). */
const IDENTIFIER_WORDS = new Set(
  'id ids uid uuid identifier zip zipcode postcode plz ein duns sic naics vat iban sku phone telephone fax'.split(
    ' ',
  ),
);
/** Words that do so as the header's last word: "license_number", "account_no" (not "number_of_employees"). */
const IDENTIFIER_ENDINGS = new Set('number num no nr nbr code ref reference tel mobile'.split(' '));

/** Words of a header that name a moment: "launched_at", "created", "updated_time", "signup_date". */
const TIME_WORDS = new Set(
  'at on date time timestamp ts created updated modified launched signup'.split(' '),
);

/** The kind a column is read as, given how its values read and its header (as its attributeKey slug). */
function kindFor(read: ColumnKind, key: string): ColumnKind {
  if (read !== 'number' && read !== 'number_epoch') return read;
  if (namesAnIdentifier(key)) return 'text';
  return read === 'number_epoch' && key.split('_').some((word) => TIME_WORDS.has(word))
    ? 'date_epoch'
    : 'number';
}

const PUBLIC_TYPE: Record<ColumnKind, AttributeType> = {
  text: 'text',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  date_dmy: 'date',
  number_epoch: 'number',
  date_epoch: 'date',
};

/**
 * Does a header (as its attributeKey slug) name an identifier, a code or a phone number? Such a column of digits is
 * kept as written, as text: "LICENSE ID 2293521", not a quantity shown as "2,293,521" with a range filter.
 */
function namesAnIdentifier(key: string): boolean {
  const words = key.split('_');
  return (
    words.some((word) => IDENTIFIER_WORDS.has(word)) || IDENTIFIER_ENDINGS.has(words[words.length - 1] ?? '')
  );
}

/**
 * The columns kept as attributes, in file order: those no field is mapped to (plus the status column), with a
 * value somewhere in the file (`kinds[i]` null: none). Keys are unique within the file ("revenue", "revenue_2").
 * A column without a kind (the file was not read beforehand) is text, and so is a column of numbers whose header
 * names an identifier (namesAnIdentifier).
 */
export function planAttributeColumns(
  headers: readonly string[],
  mapping: ImportMapping,
  kinds: readonly (ColumnKind | null)[],
): AttributeColumnPlan[] {
  const mapped = new Set<string>();
  for (const [field, header] of Object.entries(mapping)) {
    if (field !== 'status' && typeof header === 'string' && header !== '') mapped.add(header);
  }
  const used = new Set<string>();
  const plans: AttributeColumnPlan[] = [];
  headers.forEach((header, index) => {
    const read = kinds[index] === undefined ? 'text' : kinds[index];
    if (mapped.has(header) || read === null) return;
    const base = attributeKey(header, index);
    const kind = kindFor(read, base);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
    used.add(key);
    plans.push({ key, label: header, type: PUBLIC_TYPE[kind], index, kind });
  });
  return plans;
}

/** The columns as sessions.attribute_columns keeps them. */
export function publicColumns(plans: readonly AttributeColumnPlan[]): AttributeColumn[] {
  return plans.map(({ key, label, type }) => ({ key, label, type }));
}

/** A row's attribute values, typed by their column; undefined when the row has none. */
export function readAttributes(
  cells: readonly string[],
  plans: readonly AttributeColumnPlan[],
): Record<string, AttributeValue> | undefined {
  let out: Record<string, AttributeValue> | undefined;
  for (const plan of plans) {
    const raw = cells[plan.index];
    if (raw === undefined || raw === '') continue;
    const text = cellText(raw);
    if (text === null) continue;
    const value = readValue(text, plan.kind);
    if (value === null) continue;
    out ??= {};
    out[plan.key] = value;
  }
  return out;
}

function readValue(text: string, kind: ColumnKind): AttributeValue | null {
  switch (kind) {
    case 'number':
    case 'number_epoch':
      return readAttributeNumber(text);
    case 'date_epoch':
      return readEpochDate(text);
    case 'boolean':
      return readAttributeBoolean(text);
    case 'date':
      return readAttributeDate(text, 'mdy');
    case 'date_dmy':
      return readAttributeDate(text, 'dmy');
    default:
      return text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text;
  }
}
