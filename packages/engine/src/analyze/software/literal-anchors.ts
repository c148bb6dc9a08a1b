/**
 * How the literal index (literal-index.ts) anchors a literal: on a 4-character window of it, coded 7 bits per
 * character into 28 bits (ASCII case folded), kept in a chained hash table of typed arrays from anchor code to
 * literal behind a bit filter. The scan's loops write these sizes as numbers, and literal-index.ts checks that
 * they still match.
 */

// Sized to stay in cache next to the parser's work: a 128 kB bit filter and a 128 kB chain head table.
export const FILTER_BITS = 20;
export const HEAD_BITS = 15;
export const GRAM = 4;
export const CODE4 = 0xfffffff;

export const codeOf = (text: string, from: number, length: number): number => {
  let code = 0;
  for (let i = from; i < from + length; i++) code = ((code << 7) | Math.min(127, text.charCodeAt(i))) & CODE4;
  return code;
};

/** The start of the literal's rarest-looking ASCII 4-character window (its first), or -1 when it has none. */
export function asciiWindow(literal: string): number {
  for (let i = 0; i + GRAM <= literal.length; i++) {
    if (/^[\x20-\x7e]+$/.test(literal.slice(i, i + GRAM))) return i;
  }
  return -1;
}

export const hashOf = (code: number) => Math.imul(code, 0x9e3779b1) >>> 0;
const filterSlot = (hash: number) => hash >>> (32 - FILTER_BITS);
const headSlot = (hash: number) => hash >>> (32 - HEAD_BITS);

/**
 * Chained hash table from anchor code to (literal id, offset of the anchor in the literal), plus a bit filter.
 * Sealed, each entry is one record of four numbers in one typed array (code, next record, id, offset), so a
 * filter hit walks its chain in one cache line a step instead of one load in each of four arrays.
 */
export class AnchorTable {
  /** Chain heads: the first record's index in `records`, -1 for none. */
  readonly head = new Int32Array(1 << HEAD_BITS).fill(-1);
  readonly filter = new Uint32Array(1 << (FILTER_BITS - 5));
  private entries: number[][] = [];
  records = new Int32Array(0);

  insert(code: number, id: number, offset: number): void {
    const hash = hashOf(code);
    const slot = headSlot(hash);
    const bit = filterSlot(hash);
    this.entries.push([code, id, offset, this.head[slot] as number]);
    this.head[slot] = (this.entries.length - 1) * RECORD;
    this.filter[bit >>> 5] = (this.filter[bit >>> 5] as number) | (1 << (bit & 31));
  }

  /** Packs the entries into one typed array (compact, so scans stay in cache). */
  seal(): void {
    this.records = new Int32Array(this.entries.length * RECORD);
    this.entries.forEach(([code, id, offset, next], e) => {
      this.records.set([code as number, next as number, id as number, offset as number], e * RECORD);
    });
    this.entries = [];
  }
}

/** A sealed anchor record: [code, next record (-1: end of chain), literal id, offset of the anchor]. */
export const RECORD = 4;
