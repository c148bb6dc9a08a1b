/**
 * What a scan of the literal index (literal-index.ts) finds: which literals occur in the text and, when scanned
 * with positions, where; and reading every position of one literal back from it.
 */

export interface LiteralScan {
  marks: Uint8Array;
  ids: number[];
  /** Where each marked literal first occurs (-1: found, position unknown); empty unless scanned with positions. */
  first: Int32Array;
  /** Every position where a literal occurs, last first: occurrences(scan, id). */
  last: Int32Array;
  at: number[];
  previous: number[];
  /** The literals whose every occurrence is in `last`/`at` (1); of the others only the first. Null: all of them. */
  every: Uint8Array | null;
}

/** Where a marked literal occurs, in no particular order; null when the scan does not know. */
export function occurrences(scan: LiteralScan, id: number): number[] | null {
  if (scan.marks[id] !== 1) return [];
  if (scan.first.length === 0 || scan.first[id] === -1 || scan.every?.[id] === 0) return null;
  const out: number[] = [];
  for (let k = scan.last[id] as number; k !== -1; k = scan.previous[k] as number)
    out.push(scan.at[k] as number);
  return out;
}
