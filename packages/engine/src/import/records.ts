/**
 * csv-parse, driven chunk by chunk: records with the physical line each starts on. The parser runs in
 * paused mode and is drained after every chunk, so at most one chunk's records are buffered; no per-record
 * callback (csv-parse builds an info object for each `on_record` call, a third of its time).
 */
import { type CsvError, parse as createParser } from 'csv-parse';
import type { Delimiter } from './sniff';

export interface CsvRow {
  /** The physical line (1-based) where the record starts, counting the header and blank lines. */
  line: number;
  /** Trimmed cells; as many as the row has (ragged rows are kept as they are). */
  cells: string[];
  /** Set when the record could not be read (cells is then empty), in plain words. */
  error?: string;
}

interface Skip {
  /** Records emitted before the skipped one. */
  at: number;
  raw: string;
  error: CsvError | undefined;
}

/** Every record of the text (blank lines and rows of empty cells left out), header included. */
export async function* readRecords(
  chunks: AsyncIterable<string>,
  delimiter: Delimiter,
  linesBefore: number,
  maxRecordChars: number,
): AsyncGenerator<CsvRow> {
  let breaks = linesBefore;
  let consumed = 0;
  let failure: unknown = null;
  const skips: Skip[] = [];
  const parser = createParser({
    delimiter,
    raw: true,
    trim: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: maxRecordChars,
    // Records already parsed but not yet read sit in the readable buffer: the skipped one comes after them.
    on_skip: (error, raw) => {
      skips.push({ at: consumed + parser.readableLength, raw: raw ?? '', error });
      return undefined;
    },
  });
  parser.on('error', (error) => {
    failure = error;
  });

  // `raw` holds the record's text plus the blank lines skipped before it: that gives the start line.
  const place = (raw: string): { line: number; spans: number } => {
    const line = breaks + countBreaks(raw, leadingBlankLength(raw)) + 1;
    const spans = countBreaks(raw, raw.length);
    breaks += spans;
    return { line, spans };
  };
  const skipped = (skip: Skip): CsvRow => {
    const { line, spans } = place(skip.raw);
    return { line, cells: [], error: describeError(skip.error, spans, maxRecordChars) };
  };

  function* drain(): Generator<CsvRow> {
    for (let item = parser.read(); item !== null; item = parser.read()) {
      while (skips.length > 0 && (skips[0] as Skip).at <= consumed) yield skipped(skips.shift() as Skip);
      consumed++;
      const { record, raw } = item as { record: string[]; raw: string };
      const { line } = place(raw);
      let isEmpty = true;
      const cells = record.map((cell) => {
        const trimmed = cell.trim();
        if (trimmed !== '') isEmpty = false;
        return trimmed;
      });
      if (!isEmpty) yield { line, cells };
    }
    while (skips.length > 0 && (skips[0] as Skip).at <= consumed) yield skipped(skips.shift() as Skip);
    if (failure !== null) throw failure;
  }

  try {
    for await (const chunk of chunks) {
      parser.write(chunk);
      yield* drain();
    }
    await new Promise<void>((resolve) => {
      parser.end(() => resolve());
      parser.once('error', () => resolve());
    });
    yield* drain();
    for (const skip of skips.splice(0)) yield skipped(skip);
  } finally {
    parser.destroy();
  }
}

function describeError(error: CsvError | undefined, spans: number, maxRecordChars: number): string {
  switch (error?.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quote (") opened on this line is never closed, so this line and the ${spans} after it could not be read`;
    case 'CSV_MAX_RECORD_SIZE':
      return `the row is longer than ${maxRecordChars.toLocaleString('en')} characters (probably an unclosed quote)`;
    default:
      return `the row could not be read (${error?.message ?? 'unknown error'})`;
  }
}

/** Characters of whole blank lines at the start of `raw`. */
function leadingBlankLength(raw: string): number {
  let end = 0;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (ch === 10 || ch === 13) end = i + 1;
    else if (ch !== 32 && ch !== 9 && ch !== 0xa0) break;
  }
  return end;
}

/** Line breaks (\r\n, \r or \n, each counted once) in raw[0, end). */
function countBreaks(raw: string, end: number): number {
  let count = 0;
  for (let i = 0; i < end; i++) {
    const ch = raw.charCodeAt(i);
    if (ch === 10) count++;
    else if (ch === 13) {
      count++;
      if (raw.charCodeAt(i + 1) === 10) i++;
    }
  }
  return count;
}
