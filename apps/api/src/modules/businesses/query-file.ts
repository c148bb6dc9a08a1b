/**
 * An export query's rows as a file to download, streamed: CSV (BOM, header, rows in chunks) or an Excel workbook
 * (xlsx.ts), read through a server-side cursor so memory stays flat whatever the size. Used by the business and
 * the contacts exports.
 */
import { Readable } from 'node:stream';
import type { ExportFormat } from '@argo/contract';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { BOM, csvLine } from './csv';
import { type CellKind, xlsxStream } from './xlsx';

/**
 * Every column comes out of PostgreSQL as text in its final CSV form (numbers, booleans as true/false, ISO
 * times), so rows are not parsed into JavaScript types only to be written back as text.
 */
const RAW_TEXT = { getTypeParser: () => (value: string) => value };

/** Rows per cursor fetch, and roughly how many characters of CSV are handed to the socket at once. */
const BATCH_ROWS = 1000;
const CHUNK_CHARS = 64 * 1024;

export interface ExportFileOptions {
  format?: ExportFormat;
  /** The workbook's sheet name (Excel only). */
  sheetName?: string;
}

export interface QueryFileOptions extends ExportFileOptions {
  header: readonly string[];
  /**
   * Each position's kind (text where absent): an Excel file types its cells by it; a CSV writes numbers as they
   * are (never prefixed against formulas: a negative number stays a number).
   */
  kinds?: readonly (CellKind | undefined)[];
  /** Changes a row (its cells as PostgreSQL wrote them) before it is written; null leaves the row out. */
  transform?: (row: unknown[]) => unknown[] | null;
}

/**
 * Starts an export query on a pooled connection and returns the file as a stream: for a CSV, BOM and header first,
 * then the rows as the client reads them; for Excel, the workbook written row by row (xlsx.ts). The cursor fetches
 * the next batch only when the client wants more. The first batch is read before returning, so a failing query is
 * still a normal JSON error, not a cut file. The connection goes back to the pool when the rows end, fail or are
 * abandoned by the client.
 */
export async function streamQueryFile(
  pool: pg.Pool,
  { text, params }: { text: string; params: unknown[] },
  { format = 'csv', sheetName = 'Export', header, kinds = [], transform = (row) => row }: QueryFileOptions,
): Promise<Readable> {
  const client = await pool.connect();
  const cursor = client.query(
    new QueryStream(text, params, { batchSize: BATCH_ROWS, rowMode: 'array', types: RAW_TEXT }),
  );
  const iterator = cursor[Symbol.asyncIterator]() as AsyncIterator<unknown[]>;
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // A cursor abandoned half way leaves the connection mid-query: discard it instead of reusing it.
    client.release(error);
  };
  let first: IteratorResult<unknown[]>;
  try {
    first = await iterator.next();
  } catch (error) {
    release(error as Error);
    throw error;
  }

  /** The rows to write, transformed; the connection is released as soon as they end (or are abandoned). */
  async function* rows(): AsyncGenerator<unknown[]> {
    let completed = false;
    try {
      let next = first;
      while (!next.done) {
        const row = transform(next.value);
        if (row) yield row;
        next = await iterator.next();
      }
      completed = true;
    } finally {
      if (!completed) cursor.destroy();
      release(completed ? undefined : new Error('export stream ended early'));
    }
  }
  const out =
    format === 'xlsx'
      ? xlsxStream({ name: sheetName, header, kinds }, rows())
      : csvStream(header, new Set(kinds.flatMap((kind, i) => (kind === 'number' ? [i] : []))), rows());
  // Destroyed before its first read (a client gone before the download began), the rows never start and their
  // `finally` never releases the connection, which would stay checked out for good.
  out.once('close', () => {
    if (released) return;
    cursor.destroy();
    release(new Error('export stream closed before its end'));
  });
  return out;
}

/** The CSV of the rows: BOM and header, then the rows in chunks of about CHUNK_CHARS. */
function csvStream(header: readonly string[], numeric: ReadonlySet<number>, rows: AsyncIterable<unknown[]>) {
  async function* chunks(): AsyncGenerator<string> {
    let chunk = BOM + csvLine(header);
    for await (const row of rows) {
      chunk += csvLine(row, numeric);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false, encoding: 'utf8' });
}
