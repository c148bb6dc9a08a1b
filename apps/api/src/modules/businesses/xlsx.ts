/**
 * The Excel (.xlsx) form of an export, written as a stream by exceljs's streaming WorkbookWriter: one sheet, a bold
 * frozen header row, each row committed (and so out of memory) as soon as it is written. Cells are typed: numbers as
 * numbers, dates as dates, true/false as booleans, everything else as text. Text is written as a text cell, never as
 * a formula, whatever it starts with (= + - @): a workbook cell is a formula only when written as one, so the CSV's
 * leading apostrophe is not needed (and not added: "=1" stays "=1", as the business wrote it).
 *
 * Memory stays flat: after each batch of rows the writer waits while the file's reader (the client's socket) has
 * not taken what was written, so a slow client holds at most a batch of rows in the writer, as the CSV's cursor does.
 */
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';

/** What a column holds; a cell that does not read as its kind is written as text. */
export type CellKind = 'text' | 'number' | 'boolean' | 'date' | 'datetime';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel holds at most this many characters in a cell; a longer text is cut there (Excel would refuse the file). */
const MAX_CELL_CHARS = 32_767;
/** Rows written between two looks at the reader. */
const BATCH_ROWS = 500;
/**
 * zlib level of the file's entries: level 3 costs half the CPU of the default and the file is a few percent
 * larger; rows are written on the API's event loop, the compression is not.
 */
const ZIP_LEVEL = 3;

const DATE_FORMATS: Partial<Record<CellKind, string>> = {
  date: 'yyyy-mm-dd',
  // The times are UTC, as in the CSV and the API.
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

/** A day (YYYY-MM-DD) or an ISO 8601 time as PostgreSQL or an imported file wrote it, or null. */
function dateOf(text: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** One cell as the workbook holds it: typed by the column's kind, else text; empty for null and ''. */
function xlsxCell(value: unknown, kind: CellKind = 'text'): string | number | boolean | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value instanceof Date) return value;
  const text = String(value);
  if (kind === 'number') {
    const number = Number(text);
    if (text.trim() !== '' && Number.isFinite(number)) return number;
  } else if (kind === 'boolean') {
    if (text === 'true') return true;
    if (text === 'false') return false;
  } else if (kind === 'date' || kind === 'datetime') {
    const date = dateOf(text);
    if (date) return date;
  }
  return text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text;
}

/** Resolves once the reader has taken what was written (or has gone away). */
function readerReady(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

export interface XlsxSheet {
  /** The sheet's name as Excel shows it on its tab (at most 31 characters). */
  name: string;
  header: readonly string[];
  /** Each position's kind; text where absent. */
  kinds: readonly (CellKind | undefined)[];
}

/**
 * The workbook of `rows` as a stream. A failure while writing ends the stream with that error (the download is cut,
 * as a CSV's is); the reader going away stops the writing and returns the rows' iterator (releasing its cursor).
 */
export function xlsxStream(sheet: XlsxSheet, rows: AsyncIterable<unknown[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: ZIP_LEVEL } },
  });
  const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  worksheet.columns = sheet.header.map((name, index) => {
    const kind = sheet.kinds[index] ?? 'text';
    const format = DATE_FORMATS[kind];
    return {
      key: String(index),
      width: Math.min(40, Math.max(10, name.length + 2, format ? format.length + 2 : 0)),
      ...(format ? { style: { numFmt: format } } : {}),
    };
  });
  const write = async () => {
    const head = worksheet.addRow([...sheet.header]);
    head.font = { bold: true };
    head.commit();
    let written = 0;
    for await (const row of rows) {
      if (out.destroyed) return;
      const cells = new Array<unknown>(row.length);
      for (let i = 0; i < row.length; i++) cells[i] = xlsxCell(row[i], sheet.kinds[i]);
      worksheet.addRow(cells).commit();
      if (++written % BATCH_ROWS === 0) {
        // Let the compression, the socket and other requests run, then wait for the reader.
        await nextTurn();
        await readerReady(out);
        if (out.destroyed) return;
      }
    }
    worksheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
