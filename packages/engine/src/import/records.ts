/**
 * The CSV records of decoded text, with the physical line each starts on: a small hand-written reader instead of
 * csv-parse, which was the largest single cost of an import (an info object per record and a string built
 * character by character). Cells are sliced out of the text in one piece, so a large file is read several times
 * faster and with a fraction of the garbage (docs/performance.md).
 *
 * Lenient on purpose, as exports come: rows may have any number of cells; a quote inside an unquoted cell is a
 * character (`The "Best" Shop`); text after a closing quote joins the cell (`"Acme" Inc` → `Acme Inc`); `""` in a
 * quoted cell is one quote; blank lines and rows of empty cells are skipped; cells are trimmed (no-break spaces
 * too). What cannot be read becomes an error row with its line: a quote never closed (the rest of the file is in
 * it, so nothing after it can be read either), and a record longer than `maxRecordChars` (a runaway quote: the
 * reading goes on at the next line, so the rows after it are kept).
 */
import type { Delimiter } from './sniff';

export interface CsvRow {
  /** The physical line (1-based) where the record starts, counting the header and blank lines. */
  line: number;
  /** Trimmed cells; as many as the row has (ragged rows are kept as they are). */
  cells: string[];
  /** Set when the record could not be read (cells is then empty), in plain words. */
  error?: string;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Every record of the text (blank lines and rows of empty cells left out), header included. */
export async function* readRecords(
  chunks: AsyncIterable<string>,
  delimiter: Delimiter,
  linesBefore: number,
  maxRecordChars: number,
): AsyncGenerator<CsvRow> {
  const reader = createRecordReader(delimiter, linesBefore, maxRecordChars);
  for await (const chunk of chunks) yield* reader.read(chunk, false);
  yield* reader.read('', true);
}

/** The result of reading one record from a position: its cells and where the next one starts. */
interface Parsed {
  cells: string[];
  end: number;
  breaks: number;
}

function createRecordReader(delimiter: Delimiter, linesBefore: number, maxRecordChars: number) {
  const sep = delimiter.charCodeAt(0);
  /** Line breaks before the text still to read. */
  let breaks = linesBefore;
  /** Text of a record not finished by the last chunk. */
  let pending = '';
  /**
   * The length `pending` must reach before the record is read again: twice what the last try had, or just past
   * maxRecordChars (where a record still unfinished is a runaway). A record longer than a chunk is then read a few
   * times over (a doubling series), not once per chunk, which is quadratic in its length.
   */
  let retryAt = 0;

  /**
   * Reads one record starting at `start`; null when the text ends before the record does (and more may come).
   * At the end of the input (`isEnd`) an open quote is reported as `{ unclosed: true }`.
   */
  function parse(text: string, start: number, isEnd: boolean): Parsed | null | { unclosed: true } {
    const n = text.length;
    const cells: string[] = [];
    let at = start;
    let lines = 0;
    for (;;) {
      // A quoted cell may follow blanks; anything else is read as it is up to the delimiter or line end.
      let first = at;
      while (first < n && isBlank(text.charCodeAt(first), sep)) first++;
      let value: string;
      if (first < n && text.charCodeAt(first) === QUOTE) {
        value = '';
        let from = first + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close < 0) {
            if (!isEnd) return null;
            return { unclosed: true };
          }
          lines += countBreaks(text, from, close);
          if (close + 1 >= n && !isEnd) return null;
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += text.slice(from, close + 1);
            from = close + 2;
            continue;
          }
          value += text.slice(from, close);
          at = close + 1;
          break;
        }
        // Text after the closing quote (`"Acme" Inc`) joins the cell.
        const rest = scanCell(text, at, sep);
        if (rest === n && !isEnd) return null;
        if (rest > at) value += text.slice(at, rest);
        at = rest;
      } else {
        const end = scanCell(text, at, sep);
        if (end === n && !isEnd) return null;
        value = text.slice(at, end);
        at = end;
      }
      cells.push(value.trim());
      if (at >= n) return { cells, end: n, breaks: lines };
      const ch = text.charCodeAt(at);
      if (ch === sep) {
        at++;
        continue;
      }
      // A line break ends the record; \r\n is one break.
      if (ch === CR) {
        if (at + 1 >= n && !isEnd) return null;
        at += text.charCodeAt(at + 1) === LF ? 2 : 1;
      } else at++;
      return { cells, end: at, breaks: lines + 1 };
    }
  }

  function* read(chunk: string, isEnd: boolean): Generator<CsvRow> {
    const text = pending === '' ? chunk : pending + chunk;
    if (!isEnd && text.length < retryAt) {
      pending = text;
      return;
    }
    pending = '';
    retryAt = 0;
    let at = 0;
    while (at < text.length) {
      const result = parse(text, at, isEnd);
      if (result === null) {
        if (text.length - at > maxRecordChars) {
          // A runaway record: reported, and the reading goes on at the next line.
          const next = nextLine(text, at);
          yield { line: breaks + 1, cells: [], error: describeTooLong(maxRecordChars) };
          breaks += countBreaks(text, at, next);
          at = next;
          continue;
        }
        pending = text.slice(at);
        retryAt = Math.min(2 * pending.length, maxRecordChars + 1);
        return;
      }
      if ('unclosed' in result) {
        // A final line break ends the last line; it starts none.
        const last = text.charCodeAt(text.length - 1);
        const spans = countBreaks(text, at, text.length) - (last === LF || last === CR ? 1 : 0);
        yield { line: breaks + 1, cells: [], error: describeUnclosed(spans) };
        breaks += spans;
        return;
      }
      const line = breaks + 1;
      breaks += result.breaks;
      at = result.end;
      if (result.cells.some((cell) => cell !== '')) yield { line, cells: result.cells };
    }
  }

  return { read };
}

/** The end of an unquoted cell: the next delimiter or line break at or after `from` (or the text's end). */
function scanCell(text: string, from: number, sep: number): number {
  const n = text.length;
  let at = from;
  while (at < n) {
    const ch = text.charCodeAt(at);
    if (ch === sep || ch === LF || ch === CR) return at;
    at++;
  }
  return n;
}

/** Blanks before a quoted cell: spaces, no-break spaces, and tabs unless they separate cells. */
function isBlank(ch: number, sep: number): boolean {
  return ch === 32 || ch === 0xa0 || ch === 0x202f || ch === 0x2007 || (ch === 9 && sep !== 9);
}

/** Where the line after the one at `from` starts (the text's end if none). */
function nextLine(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const ch = text.charCodeAt(at);
    if (ch === LF) return at + 1;
    if (ch === CR) return text.charCodeAt(at + 1) === LF ? at + 2 : at + 1;
  }
  return text.length;
}

/** Line breaks (\r\n, \r or \n, each counted once) in text[from, end). */
function countBreaks(text: string, from: number, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) count++;
  // A lone \r (old Mac line ends) is a break of its own; \r\n was counted by its \n.
  for (let at = text.indexOf('\r', from); at >= 0 && at < end; at = text.indexOf('\r', at + 1)) {
    if (text.charCodeAt(at + 1) !== LF) count++;
  }
  return count;
}

function describeUnclosed(spans: number): string {
  const lines =
    spans <= 0
      ? 'this line'
      : spans === 1
        ? 'this line and the one after it'
        : `this line and the ${spans} after it`;
  return `a quote (") opened on this line is never closed, so ${lines} could not be read`;
}

function describeTooLong(maxRecordChars: number): string {
  return `the row is longer than ${maxRecordChars.toLocaleString('en')} characters (probably an unclosed quote)`;
}
