/**
 * Delimiter sniffing: counts each candidate outside double quotes in the first records (a quoted newline
 * does not end a record) and picks the one whose count is the same on most lines.
 */

export type Delimiter = ',' | ';' | '\t' | '|';
/** In order of preference when two candidates fit equally well. */
const DELIMITERS: readonly Delimiter[] = [',', ';', '\t', '|'];

const MAX_RECORDS = 50;
/** A delimiter is "consistent" when at least this share of records has its modal count. */
const CONSISTENT = 0.8;

/**
 * Excel's "sep=;" first line names the delimiter. Returns it and the length of that line (to skip), or null.
 */
export function excelSepHint(text: string): { delimiter: Delimiter; length: number } | null {
  const match = /^sep=([,;\t|])[ \t]*(\r\n|\r|\n|$)/i.exec(text);
  if (!match?.[1]) return null;
  return { delimiter: match[1] as Delimiter, length: match[0].length };
}

/**
 * The delimiter of `text` (the start of a file). `isComplete`: the text is the whole file, so its last
 * record is not cut off. Falls back to ',' when no candidate occurs at all (a single-column file).
 */
export function sniffDelimiter(text: string, isComplete = false): Delimiter {
  const records = countPerRecord(text, isComplete);
  if (records.length === 0) return ',';

  let best: { delimiter: Delimiter; consistency: number; mode: number } | null = null;
  for (const [index, delimiter] of DELIMITERS.entries()) {
    const counts = records.map((r) => r[index] ?? 0);
    const mode = modeOf(counts);
    if (mode === 0) continue;
    const consistency = counts.filter((c) => c === mode).length / counts.length;
    if (!best || isBetter({ consistency, mode }, best)) best = { delimiter, consistency, mode };
  }
  return best?.delimiter ?? ',';
}

function isBetter(
  a: { consistency: number; mode: number },
  b: { consistency: number; mode: number },
): boolean {
  const aConsistent = a.consistency >= CONSISTENT;
  const bConsistent = b.consistency >= CONSISTENT;
  if (aConsistent !== bConsistent) return aConsistent;
  // Both consistent: more columns wins (a decimal comma in one column must not beat 12 semicolons).
  if (aConsistent) return a.mode > b.mode;
  return a.consistency * a.mode > b.consistency * b.mode;
}

/** For each record, how many of each DELIMITERS candidate it has outside quotes (blank lines skipped). */
function countPerRecord(text: string, isComplete: boolean): number[][] {
  const records: number[][] = [];
  let counts = DELIMITERS.map(() => 0);
  let inQuotes = false;
  let hasContent = false;
  for (let i = 0; i < text.length && records.length < MAX_RECORDS; i++) {
    const ch = text[i];
    if (ch === '"') {
      inQuotes = !inQuotes;
      hasContent = true;
    } else if (inQuotes) {
      // inside a quoted field nothing counts
    } else if (ch === '\n' || ch === '\r') {
      if (hasContent) records.push(counts);
      counts = DELIMITERS.map(() => 0);
      hasContent = false;
    } else {
      const index = DELIMITERS.indexOf(ch as Delimiter);
      if (index >= 0) counts[index] = (counts[index] ?? 0) + 1;
      if (ch !== ' ') hasContent = true;
    }
  }
  // The last record of a truncated head may be cut off mid-way; count it only when it is surely whole.
  if (hasContent && (isComplete || records.length === 0) && !inQuotes) records.push(counts);
  return records;
}

function modeOf(values: readonly number[]): number {
  const seen = new Map<number, number>();
  let mode = 0;
  let modeCount = 0;
  for (const value of values) {
    if (value === 0) continue;
    const count = (seen.get(value) ?? 0) + 1;
    seen.set(value, count);
    if (count > modeCount || (count === modeCount && value > mode)) {
      mode = value;
      modeCount = count;
    }
  }
  return mode;
}
