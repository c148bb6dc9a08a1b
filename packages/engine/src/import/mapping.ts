/**
 * Automatic column mapping: each header is normalised and scored against a synonym table per field; sample
 * values (when given) demote columns whose content does not fit the field; then fields and headers are paired
 * greedily by score, each header used once — except one "(lat, lon)" column, which may feed both lat and lng.
 * Linear in the headers and their words (a file may have a thousand columns).
 */
import { IMPORT_FIELDS, type ImportField } from '@argo/contract';
import { parseWebsite, type WebsiteOptions } from '../normalize/domain';
import { SYNONYMS, VETO_WORDS } from './synonyms';
import { MAX_CELL_CHARS, parseLatLngPair } from './values';

export type SuggestedMapping = Record<ImportField, string | null>;

/** Below this a header is not suggested for a field. */
const MIN_SCORE = 0.45;
const PAIR_HEADERS = new Set([
  'location',
  'coordinates',
  'coords',
  'geo',
  'geolocation',
  'lat lng',
  'lat lon',
  'lat long',
  'latlng',
  'latlon',
  'gps',
  'position',
  'point',
]);

/** "  Company_Name ", "companyName", "COMPANY-NAME" → "company name"; accents and ß folded. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** One synonym phrase of a field, split into its words. */
interface Phrase {
  field: ImportField;
  weight: number;
  words: readonly string[];
}

/**
 * The synonym table indexed once: phrases by their words run together ("companyname", so "CompanyName" and
 * "company_name" match "company name" whole), and the phrases that may also match inside a longer header by their
 * first word. Scoring a header then looks up its own words instead of trying every phrase of every field on it.
 */
const WHOLE = new Map<string, Phrase[]>();
const BY_FIRST_WORD = new Map<string, Phrase[]>();
for (const field of IMPORT_FIELDS) {
  for (const group of SYNONYMS[field]) {
    for (const text of group.phrases) {
      const phrase: Phrase = { field, weight: group.weight, words: text.split(' ') };
      const whole = phrase.words.join('');
      WHOLE.set(whole, [...(WHOLE.get(whole) ?? []), phrase]);
      if (group.exact) continue;
      const first = phrase.words[0] as string;
      BY_FIRST_WORD.set(first, [...(BY_FIRST_WORD.get(first) ?? []), phrase]);
    }
  }
}

/**
 * How well a header's name fits each field, 0..1 (no sample values considered; a field left out scores 0): a
 * synonym that is the whole header scores its weight; one found inside it (its words in a row, the first place they
 * are) scores less for each extra word, and nothing when an extra word is a veto word ("owner name").
 * Linear in the header's words: each word is looked up once.
 */
function headerScores(header: string): Map<ImportField, number> {
  const scores = new Map<ImportField, number>();
  const normal = normalizeHeader(header);
  if (normal === '') return scores;
  const raise = (field: ImportField, score: number) => {
    if (score > (scores.get(field) ?? 0)) scores.set(field, score);
  };
  const words = normal.split(' ');
  for (const phrase of WHOLE.get(words.join('')) ?? []) raise(phrase.field, phrase.weight);

  let vetoes = 0;
  for (const word of words) if (VETO_WORDS.has(word)) vetoes++;
  const found = new Set<Phrase>();
  for (let at = 0; at < words.length; at++) {
    for (const phrase of BY_FIRST_WORD.get(words[at] as string) ?? []) {
      if (found.has(phrase) || !isRunAt(words, at, phrase.words)) continue;
      found.add(phrase);
      let vetoesInRun = 0;
      for (const word of phrase.words) if (VETO_WORDS.has(word)) vetoesInRun++;
      if (vetoes > vetoesInRun) continue;
      const extra = words.length - phrase.words.length;
      raise(phrase.field, phrase.weight * Math.max(0, 0.85 - 0.1 * Math.min(extra, 3)));
    }
  }
  return scores;
}

/**
 * The suggested header for every import field (null when none fits). `sampleRows` (e.g. the preview rows)
 * let content break ties and veto misfits: a column of "true"/"false" is no name, "(41.9, -87.7)" no address.
 */
export function suggestMapping(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[] = [],
  options: WebsiteOptions = {},
): SuggestedMapping {
  const candidates: { field: ImportField; column: number; score: number }[] = [];
  for (const [column, header] of headers.entries()) {
    const scores = headerScores(header);
    if (scores.size === 0) continue;
    let samples: string[] | null = null;
    for (const field of IMPORT_FIELDS) {
      // Plausibility is at most 1: a name scoring below the bar cannot reach it, and its samples are not read.
      const name = scores.get(field) ?? 0;
      if (name < MIN_SCORE) continue;
      samples ??= sampleRows.map((row) => row[column]?.trim() ?? '').filter((v) => v !== '');
      const score = name * plausibility(field, samples, options);
      if (score >= MIN_SCORE) candidates.push({ field, column, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.column - b.column);

  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as SuggestedMapping;
  const usedColumns = new Set<number>();
  for (const { field, column } of candidates) {
    if (mapping[field] !== null || usedColumns.has(column)) continue;
    mapping[field] = headers[column] ?? null;
    usedColumns.add(column);
  }
  if (mapping.lat === null && mapping.lng === null) {
    const pair = findPairColumn(headers, sampleRows, usedColumns);
    if (pair !== null) mapping.lat = mapping.lng = headers[pair] ?? null;
  }
  return mapping;
}

/** Whether `run` is the words of `words` from `at` on. */
function isRunAt(words: readonly string[], at: number, run: readonly string[]): boolean {
  if (at + run.length > words.length) return false;
  for (let j = 0; j < run.length; j++) if (words[at + j] !== run[j]) return false;
  return true;
}

/** 0.3..1: how many sample values look like the field (1 when there are no samples). */
function plausibility(field: ImportField, samples: readonly string[], options: WebsiteOptions): number {
  if (samples.length === 0) return 1;
  const fits = samples.filter((value) => looksLike(field, value, options)).length / samples.length;
  return 0.3 + 0.7 * fits;
}

const NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;
const BOOLEAN = /^(?:true|false|yes|no|y|n|0|1|null|none|n\/a)$/i;
/** What a column saying whether a business trades holds ("Active", "Permanently closed", "geschlossen"). */
const STATUS_WORDS =
  /\b(?:open|opened|closed|active|inactive|operational|operating|acquired|public|defunct|dissolved|ge(?:o|ö)ffnet|geschlossen|aktiv|inaktiv|ouvert|ferm[ée]e?|abierto|cerrado)\b/i;

/**
 * "https://x.de/a", "www.x.de", "x.co.uk:8080": an optional scheme or www., a host with a dot and a top-level
 * domain, then optionally a path without spaces. Read piece by piece: the one regex this was backtracked
 * polynomially on a cell of dots.
 */
function looksLikeWebsite(value: string): boolean {
  const rest = value.replace(/^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i, '');
  const end = rest.search(/[/?#:]/);
  const host = end < 0 ? rest : rest.slice(0, end);
  const tail = end < 0 ? '' : rest.slice(end);
  return /^[^\s@/]+$/.test(host) && /\.[a-z]{2,}$/i.test(host) && !/\s/.test(tail);
}

function looksLike(field: ImportField, value: string, options: WebsiteOptions): boolean {
  // A sample longer than any cell the import reads says nothing about the column (and is not scanned).
  if (value.length > MAX_CELL_CHARS) return false;
  switch (field) {
    case 'lat':
    case 'lng': {
      if (parseLatLngPair(value)) return true;
      const n = Number(value.replace(',', '.'));
      return NUMBER.test(value) && Math.abs(n) <= (field === 'lat' ? 90 : 180);
    }
    case 'website': {
      const cell = value.replace(/^\["?|"?\]$/g, '');
      // An address the crawler may reach (CRAWL_ALLOW_HOSTS: "http://127.0.0.1:8201/site-1/") is a website too.
      return (
        looksLikeWebsite(cell) ||
        (options.allowAddresses !== undefined && parseWebsite(cell, options) !== null)
      );
    }
    case 'email':
      return value.includes('@') || value === '[]';
    case 'phone':
      return (value.match(/\d/g)?.length ?? 0) >= 6;
    case 'rating':
      return NUMBER.test(value) && Number(value.replace(',', '.')) <= 10;
    case 'review_count':
      return /^\d[\d,. ]*$/.test(value);
    case 'status':
      return BOOLEAN.test(value) || STATUS_WORDS.test(value);
    case 'postal_code':
      return /^[A-Z0-9][A-Z0-9 -]{1,9}$/i.test(value) && /\d/.test(value);
    default:
      // name, address, city, region, country, category: text, not numbers, flags or coordinates
      return !NUMBER.test(value) && !BOOLEAN.test(value) && parseLatLngPair(value) === null;
  }
}

function findPairColumn(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[],
  usedColumns: ReadonlySet<number>,
): number | null {
  for (const [column, header] of headers.entries()) {
    if (usedColumns.has(column)) continue;
    const samples = sampleRows.map((row) => row[column]?.trim() ?? '').filter((v) => v !== '');
    const pairs = samples.filter((v) => parseLatLngPair(v) !== null).length;
    if (samples.length > 0 ? pairs / samples.length >= 0.8 : PAIR_HEADERS.has(normalizeHeader(header))) {
      return column;
    }
  }
  return null;
}
