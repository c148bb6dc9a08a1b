/**
 * Streaming CSV reading: bytes → decoded text → csv-parse records with the physical line each starts on.
 * Lenient on purpose (ragged rows, stray quotes, blank lines); only what cannot be read at all becomes an
 * error row, and each error row keeps its line number.
 */
import { type CsvPreview, IMPORT_UPLOAD } from '@argo/contract';
import { type ColumnKind, createColumnTyper } from './attributes';
import { CsvFormatError, decodeText, type TextEncodingName } from './decode';
import { limitHeaderWidth, tooManyColumns } from './header-width';
import { type CsvRow, readRecords } from './records';
import { type Delimiter, excelSepHint, sniffDelimiter } from './sniff';

export type { CsvRow } from './records';

export interface ParseCsvOptions {
  /** Skip sniffing. */
  delimiter?: Delimiter;
  /** A record longer than this (characters) is reported as unreadable; guards against a runaway quote. */
  maxRecordChars?: number;
  /** A file whose header has more columns is refused (CsvFormatError). Default IMPORT_UPLOAD.maxColumns. */
  maxColumns?: number;
  /** A file with a longer column name is refused (CsvFormatError). Default IMPORT_UPLOAD.maxHeaderChars. */
  maxHeaderChars?: number;
}

export interface ParsedCsv {
  /** Trimmed, unique header names ("Phone", "Phone (2)"; a blank one becomes "Column 3"). */
  headers: string[];
  delimiter: Delimiter;
  /** Detected from the first 64 KB; re-read after consuming rows (a pure-ASCII head may turn out Windows-1252). */
  readonly encoding: TextEncodingName;
  /** The data rows; iterate once. Blank lines and rows of empty cells are skipped. */
  rows: AsyncIterable<CsvRow>;
}

export type CsvSource = AsyncIterable<Uint8Array> | Uint8Array;

/**
 * What previewCsv returns: the contract's CsvPreview, but the delimiter may also be '|'; and how each column's
 * values read over the whole file (null: no value in any row), which the import needs for its attributes.
 */
export type CsvPreviewResult = Omit<CsvPreview, 'delimiter'> & {
  delimiter: Delimiter;
  column_types: (ColumnKind | null)[];
};

/** How many of the rows the preview cannot read it lists (all are counted). */
const UNREADABLE_LISTED = 5;

const MAX_RECORD_CHARS = 2_000_000;

/**
 * Opens a CSV: detects encoding and delimiter, reads the header row, and streams the data rows. A header wider than
 * `maxColumns` is refused while it streams in, before its cells are built (header-width.ts).
 */
export async function parseCsv(source: CsvSource, options: ParseCsvOptions = {}): Promise<ParsedCsv> {
  const maxColumns = options.maxColumns ?? IMPORT_UPLOAD.maxColumns;
  const text = await decodeText(source);
  const hint = excelSepHint(text.head);
  const delimiter = options.delimiter ?? hint?.delimiter ?? sniffDelimiter(text.head, text.headIsAll);
  const chunks = limitHeaderWidth(
    hint ? dropLeadingChars(text.chunks, hint.length) : text.chunks,
    delimiter,
    maxColumns,
  );
  const records = readRecords(chunks, delimiter, hint ? 1 : 0, options.maxRecordChars ?? MAX_RECORD_CHARS);
  const iterator = records[Symbol.asyncIterator]();

  const first = await iterator.next();
  if (first.done) throw new CsvFormatError('The file is empty: there is no header row.');
  if (first.value.error) {
    await iterator.return?.(undefined);
    throw new CsvFormatError(
      `The header row (line ${first.value.line}) could not be read: ${first.value.error}.`,
    );
  }
  const cells = first.value.cells;
  if (cells.length > maxColumns) {
    await iterator.return?.(undefined);
    throw tooManyColumns(cells.length, maxColumns);
  }
  const maxHeaderChars = options.maxHeaderChars ?? IMPORT_UPLOAD.maxHeaderChars;
  const long = cells.findIndex((cell) => cell.length > maxHeaderChars);
  if (long >= 0) {
    await iterator.return?.(undefined);
    throw new CsvFormatError(
      `The name of column ${long + 1} in the header row (line ${first.value.line}) is ${(cells[long] as string).length.toLocaleString('en')} characters long; Argo reads names of at most ${maxHeaderChars.toLocaleString('en')}. Check that the file starts with its header row, shorten that name and upload again.`,
    );
  }
  const headers = uniqueHeaders(cells);

  // The same iterator goes on: leaving a `for await` early returns it, which closes the parser and source.
  const rows: AsyncIterable<CsvRow> = { [Symbol.asyncIterator]: () => iterator };
  return {
    headers,
    delimiter,
    get encoding() {
      return text.encoding;
    },
    rows,
  };
}

/**
 * The upload preview: headers, the first `rowLimit` rows, delimiter, encoding and the exact number of data
 * rows in the whole file (the upload is at most IMPORT_UPLOAD.maxBytes, so counting it is cheap).
 */
export async function previewCsv(
  source: CsvSource,
  rowLimit: number = IMPORT_UPLOAD.previewRows,
  options: ParseCsvOptions = {},
): Promise<CsvPreviewResult> {
  const csv = await parseCsv(source, options);
  const rows: string[][] = [];
  const typer = createColumnTyper();
  let rowCount = 0;
  const unreadable: { line: number; reason: string }[] = [];
  let unreadableCount = 0;
  const width = csv.headers.length;
  for await (const row of csv.rows) {
    rowCount++;
    if (row.error) {
      // Told before the import starts, so the file can be mended first (a new user's trial found out only after).
      unreadableCount++;
      if (unreadable.length < UNREADABLE_LISTED) unreadable.push({ line: row.line, reason: row.error });
      continue;
    }
    // Cells past the header's last column belong to no column: the import never reads them, nor does the preview.
    const cells = row.cells.length > width ? row.cells.slice(0, width) : row.cells;
    if (rows.length < rowLimit) rows.push(cells);
    typer.observe(cells);
  }
  return {
    headers: csv.headers,
    rows,
    delimiter: csv.delimiter,
    encoding: csv.encoding,
    row_count: rowCount,
    unreadable_rows: unreadable,
    unreadable_count: unreadableCount,
    column_types: typer.kinds(csv.headers.length),
  };
}

function uniqueHeaders(cells: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const base = cell.replace(/^\uFEFF/, '').trim() || `Column ${index + 1}`;
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

async function* dropLeadingChars(chunks: AsyncIterable<string>, length: number): AsyncGenerator<string> {
  let left = length;
  for await (const chunk of chunks) {
    if (left >= chunk.length) {
      left -= chunk.length;
      continue;
    }
    yield left > 0 ? chunk.slice(left) : chunk;
    left = 0;
  }
}
