/**
 * The CSV import pipeline: parse (streaming) → map each row → merge duplicates per batch → yield the batch.
 * At most `batchSize` rows are held at a time, so a 100,000-row file streams in constant memory apart from a
 * small index of match keys that keeps `dedupe_key` stable across batches (see linkAcrossBatches).
 */

import type { AttributeColumn } from '@argo/contract';
import { type MergedBusiness, mergeBusinesses } from '../dedupe/merge';
import type { RawBusiness } from '../discovery/source';
import { yieldToIo } from '../yield-to-io';
import {
  type ColumnKind,
  createColumnTyper,
  planAttributeColumns,
  publicColumns,
  readAttributes,
} from './attributes';
import { type CsvSource, type ParseCsvOptions, parseCsv } from './parse';
import { createRowMapper, type ImportMapping, type RowWarning } from './rows';

export interface ImportCsvOptions extends ParseCsvOptions {
  /** ISO 3166-1 alpha-2 for phone numbers and addresses written without a country. */
  defaultCountry?: string | null;
  /** Rows per batch (accepted and rejected). Default 1,000. */
  batchSize?: number;
  /**
   * Keep an index of every match key seen so a business found again in a later batch gets the same
   * `dedupe_key` (the store's unique key) as the first time. Default true; costs ~100 bytes per key.
   */
  linkAcrossBatches?: boolean;
  /** Stops the import between rows; the iteration rejects with the signal's reason. */
  signal?: AbortSignal;
  /** IP addresses and CIDR ranges whose web addresses are websites (CRAWL_ALLOW_HOSTS; see WebsiteOptions). */
  allowAddresses?: readonly string[];
  /**
   * How each column's values read (one per header, as previewCsv's `column_types` says after reading every row).
   * Without it an in-memory source is read once more first to decide; a streamed one keeps its own columns as text.
   */
  columnKinds?: readonly (ColumnKind | null)[];
}

interface ImportProgress {
  /** Data rows read so far (blank lines not counted). */
  rows: number;
  /** Rows that became a business. */
  accepted: number;
  rejected: number;
  /** Accepted rows folded into another row of the same batch (accepted − merged = records so far). */
  merged: number;
  /** Records whose dedupe_key was taken from an earlier batch (the store should update, not insert). */
  linked: number;
}

export interface ImportBatch {
  /** This batch's businesses, duplicates within the batch merged (every row kept in `sources`). */
  records: MergedBusiness[];
  /** Rows that could not become a business, with their physical line and the reason in plain words. */
  rejected: { line: number; reason: string }[];
  /** Values left empty in accepted rows (an unreadable phone, a latitude out of range…). */
  warnings: ({ line: number } & RowWarning)[];
  /** Totals so far, this batch included. */
  progress: ImportProgress;
  /** The file's own columns kept on each record as `attributes` (the same on every batch), in file order. */
  attributeColumns: AttributeColumn[];
}

/**
 * Rows per batch, each stored in one transaction. 2,500 rather than 1,000: a batch's statements cost the same few
 * round trips whatever its size, so larger batches import faster once the reading yields to I/O (below); larger
 * still gains little and holds more memory (bench/csv-import.mjs; figures in docs/performance.md).
 * The table shows the first rows, and the progress moves, after each batch.
 */
export const IMPORT_BATCH_SIZE = 2500;
/** Rows read between two turns of the event loop (see yield-to-io.ts): about a millisecond of work. */
const ROWS_BETWEEN_YIELDS = 100;

/**
 * Imports a CSV with a confirmed column mapping. Throws ImportMappingError (mapping does not fit the
 * headers) or CsvFormatError (not a readable CSV) before the first batch.
 */
export async function* importCsv(
  source: CsvSource,
  mapping: ImportMapping,
  options: ImportCsvOptions = {},
): AsyncGenerator<ImportBatch> {
  const batchSize = Math.max(1, options.batchSize ?? IMPORT_BATCH_SIZE);
  const kinds =
    options.columnKinds ?? (source instanceof Uint8Array ? await readColumnKinds(source, options) : []);
  const csv = await parseCsv(source, options);
  const mapRow = createRowMapper(csv.headers, mapping, {
    defaultCountry: options.defaultCountry ?? null,
    ...(options.allowAddresses ? { allowAddresses: options.allowAddresses } : {}),
  });
  const plans = planAttributeColumns(csv.headers, mapping, kinds);
  const attributeColumns = publicColumns(plans);
  const link = options.linkAcrossBatches === false ? null : linkAcrossBatches();
  const progress: ImportProgress = { rows: 0, accepted: 0, rejected: 0, merged: 0, linked: 0 };

  let raw: RawBusiness[] = [];
  let rejected: ImportBatch['rejected'] = [];
  let warnings: ImportBatch['warnings'] = [];
  let pending = 0;
  const flush = (): ImportBatch => {
    const records = mergeBusinesses(raw);
    progress.merged += raw.length - records.length;
    if (link) progress.linked += link(records);
    const batch = { records, rejected, warnings, progress: { ...progress }, attributeColumns };
    raw = [];
    rejected = [];
    warnings = [];
    pending = 0;
    return batch;
  };

  for await (const row of csv.rows) {
    options.signal?.throwIfAborted();
    progress.rows++;
    pending++;
    const result = row.error ? { ok: false as const, reason: row.error } : mapRow(row.cells, row.line);
    if (result.ok) {
      progress.accepted++;
      if (plans.length > 0) {
        const attributes = readAttributes(row.cells, plans);
        if (attributes) result.record.attributes = attributes;
      }
      raw.push(result.record);
      for (const warning of result.warnings) warnings.push({ line: row.line, ...warning });
    } else {
      progress.rejected++;
      rejected.push({ line: row.line, reason: result.reason });
    }
    if (pending >= batchSize) yield flush();
    else if (pending % ROWS_BETWEEN_YIELDS === 0) await yieldToIo();
  }
  if (pending > 0) yield flush();
}

/** Reads the whole file once and decides how each column's values read (see attributes.ts). */
async function readColumnKinds(
  source: Uint8Array,
  options: ParseCsvOptions = {},
): Promise<(ColumnKind | null)[]> {
  const csv = await parseCsv(source, options);
  const typer = createColumnTyper();
  for await (const row of csv.rows) if (!row.error) typer.observe(row.cells);
  return typer.kinds(csv.headers.length);
}

/**
 * Cross-batch de-duplication by key, without keeping the records: remembers, for every match key seen, the
 * dedupe_key of the first business that had it. A later business sharing any key takes that dedupe_key, so
 * the store's unique index (session_id, dedupe_key) turns it into an update of the earlier row. Returns a
 * function that links one batch in place and says how many records it linked.
 *
 * Limits: a business that bridges two earlier groups joins the first; two groups of one batch that hit the
 * same earlier key keep their own keys (one batch never carries a dedupe_key twice).
 */
export function linkAcrossBatches(): (records: MergedBusiness[]) => number {
  const firstKey = new Map<string, string>();
  return (records) => {
    let linked = 0;
    const usedInBatch = new Set(records.map((record) => record.dedupe_key));
    for (const record of records) {
      let earlier = firstKey.get(record.dedupe_key);
      for (const key of record.match_keys) earlier ??= firstKey.get(key);
      if (earlier === record.dedupe_key) linked++;
      else if (earlier !== undefined && !usedInBatch.has(earlier)) {
        record.dedupe_key = earlier;
        usedInBatch.add(earlier);
        linked++;
      }
    }
    for (const record of records) {
      for (const key of [record.dedupe_key, ...record.match_keys]) {
        if (!firstKey.has(key)) firstKey.set(key, record.dedupe_key);
      }
    }
    return linked;
  };
}
