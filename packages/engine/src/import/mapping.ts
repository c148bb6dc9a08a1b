/**
 * Automatic column mapping: each header is normalised and scored against a synonym table per field; sample
 * values (when given) demote columns whose content does not fit the field; then fields and headers are paired
 * greedily by score, each header used once — except one "(lat, lon)" column, which may feed both lat and lng.
 */
import { IMPORT_FIELDS, type ImportField } from '@argo/contract/discovery';
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

/** How well a header's name fits a field, 0..1 (no sample values considered). */
export function scoreHeader(header: string, field: ImportField): number {
  const normal = normalizeHeader(header);
  if (normal === '') return 0;
  const words = normal.split(' ');
  let best = 0;
  for (const group of SYNONYMS[field]) {
    for (const phrase of group.phrases) {
      if (phrase.replaceAll(' ', '') === words.join('')) best = Math.max(best, group.weight);
      else if (!group.exact) best = Math.max(best, group.weight * containment(words, phrase.split(' ')));
    }
  }
  return best;
}

/**
 * The suggested header for every import field (null when none fits). `sampleRows` (e.g. the preview rows)
 * let content break ties and veto misfits: a column of "true"/"false" is no name, "(41.9, -87.7)" no address.
 */
export function suggestMapping(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[] = [],
): SuggestedMapping {
  const candidates: { field: ImportField; column: number; score: number }[] = [];
  for (const [column, header] of headers.entries()) {
    const samples = sampleRows.map((row) => row[column]?.trim() ?? '').filter((v) => v !== '');
    for (const field of IMPORT_FIELDS) {
      const score = scoreHeader(header, field) * plausibility(field, samples);
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

/** Share of the synonym's words found in a row in the header, discounted per extra word; 0 on a veto word. */
function containment(words: readonly string[], phrase: readonly string[]): number {
  const at = indexOfRun(words, phrase);
  if (at < 0) return 0;
  const extra = words.filter((_, i) => i < at || i >= at + phrase.length);
  if (extra.some((w) => VETO_WORDS.has(w))) return 0;
  return Math.max(0, 0.85 - 0.1 * Math.min(extra.length, 3));
}

function indexOfRun(words: readonly string[], run: readonly string[]): number {
  for (let i = 0; i + run.length <= words.length; i++) {
    if (run.every((w, j) => words[i + j] === w)) return i;
  }
  return -1;
}

/** 0.3..1: how many sample values look like the field (1 when there are no samples). */
function plausibility(field: ImportField, samples: readonly string[]): number {
  if (samples.length === 0) return 1;
  const fits = samples.filter((value) => looksLike(field, value)).length / samples.length;
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
 * polynomially on a cell of dots (issue 16, item 1).
 */
function looksLikeWebsite(value: string): boolean {
  const rest = value.replace(/^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i, '');
  const end = rest.search(/[/?#:]/);
  const host = end < 0 ? rest : rest.slice(0, end);
  const tail = end < 0 ? '' : rest.slice(end);
  return /^[^\s@/]+$/.test(host) && /\.[a-z]{2,}$/i.test(host) && !/\s/.test(tail);
}

function looksLike(field: ImportField, value: string): boolean {
  // A sample longer than any cell the import reads says nothing about the column (and is not scanned).
  if (value.length > MAX_CELL_CHARS) return false;
  switch (field) {
    case 'lat':
    case 'lng': {
      if (parseLatLngPair(value)) return true;
      const n = Number(value.replace(',', '.'));
      return NUMBER.test(value) && Math.abs(n) <= (field === 'lat' ? 90 : 180);
    }
    case 'website':
      return looksLikeWebsite(value.replace(/^\["?|"?\]$/g, ''));
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
