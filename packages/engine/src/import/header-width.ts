/**
 * The width limit of a CSV, checked while the text streams in: the header row (the first record with a value, as
 * records.ts reads it) is counted cell by cell without building its cells, and a header wider than the limit stops
 * the reading with a CsvFormatError saying how wide it is. The record reader then never builds a header of
 * 180,000 cells (and re-reads it on every chunk that does not finish it): refusing such a file costs one scan of
 * its first line.
 */
import { CsvFormatError } from './decode';
import type { Delimiter } from './sniff';

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** The refusal of a file `columns` wide, in words that say what to do. */
export function tooManyColumns(columns: number, maxColumns: number): CsvFormatError {
  return new CsvFormatError(
    `The file has ${columns.toLocaleString('en')} columns; Argo reads at most ${maxColumns.toLocaleString('en')}. Remove the columns you do not need and upload again.`,
  );
}

/** What String.prototype.trim removes: a cell of these alone is empty. */
function isWhitespace(ch: number): boolean {
  return (
    ch === 32 ||
    (ch >= 9 && ch <= 13) ||
    ch === 0xa0 ||
    ch === 0x1680 ||
    (ch >= 0x2000 && ch <= 0x200a) ||
    ch === 0x2028 ||
    ch === 0x2029 ||
    ch === 0x202f ||
    ch === 0x205f ||
    ch === 0x3000 ||
    ch === 0xfeff
  );
}

/** Blanks before a quoted cell (as records.ts skips them): spaces, no-break spaces, tabs unless they separate. */
function isBlank(ch: number, sep: number): boolean {
  return ch === 32 || ch === 0xa0 || ch === 0x202f || ch === 0x2007 || (ch === 9 && sep !== 9);
}

// Where the counter is inside a record: before a cell, in an unquoted or a quoted one, or just after a quote inside
// a quoted one (another quote is a literal one; anything else closed the cell).
const CELL_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const AFTER_QUOTE = 3;

/**
 * Passes `chunks` through unchanged, counting the header row's cells on the way; throws tooManyColumns when it
 * has more than `maxColumns`. Once the header is wider than that, the chunks are no longer passed on: they are only
 * counted, to the header's end, for the message.
 */
export async function* limitHeaderWidth(
  chunks: AsyncIterable<string>,
  delimiter: Delimiter,
  maxColumns: number,
): AsyncGenerator<string> {
  const sep = delimiter.charCodeAt(0);
  let at = CELL_START;
  let cells = 1;
  /** The record has a cell that is not empty once trimmed (a record without one is skipped, not the header). */
  let hasValue = false;
  let counted = false;

  /** Counts `text`; true once the header has ended. */
  const count = (text: string): boolean => {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (at === CELL_START) {
        if (isBlank(ch, sep)) continue;
        if (ch === QUOTE) {
          at = QUOTED;
          continue;
        }
        at = UNQUOTED;
      } else if (at === QUOTED) {
        if (ch === QUOTE) at = AFTER_QUOTE;
        else if (!isWhitespace(ch)) hasValue = true;
        continue;
      } else if (at === AFTER_QUOTE) {
        if (ch === QUOTE) {
          hasValue = true;
          at = QUOTED;
          continue;
        }
        at = UNQUOTED;
      }
      // Unquoted: up to the delimiter or the line's end (text after a closing quote joins the cell too).
      if (ch === sep) {
        cells++;
        at = CELL_START;
      } else if (ch === LF || ch === CR) {
        if (hasValue) return true;
        // A blank line or a row of empty cells: the header is the next record.
        cells = 1;
        at = CELL_START;
      } else if (!isWhitespace(ch)) hasValue = true;
    }
    return false;
  };

  const iterator = chunks[Symbol.asyncIterator]();
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (!counted) {
        counted = count(next.value);
        if (hasValue && cells > maxColumns) {
          // Too wide: the rest of the header is only counted, not passed on.
          while (!counted) {
            const more = await iterator.next();
            if (more.done) break;
            counted = count(more.value);
          }
          throw tooManyColumns(cells, maxColumns);
        }
      }
      yield next.value;
    }
  } finally {
    await iterator.return?.(undefined);
  }
}
