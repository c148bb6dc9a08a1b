/**
 * Finds which of thousands of literals occur in a page in one pass, instead of one indexOf per pattern
 * (a page's scan costs a small fraction of the indexOf calls it replaces; figures in docs/performance.md).
 *
 * Each literal (lower case ASCII) gets an anchor: the 4-character window of it that is rarest, so common fragments
 * ("http", "/wp-", "menu") rarely trigger a check. Rarest first among all literals; once the index has read about
 * twenty pages, among the pages it read (calibrate): which windows are common in HTML is learnt from the HTML the
 * process reads, not from a list, and halves the checks on pages it never saw. A 3-character literal is anchored
 * on itself plus every possible next character (and checked once more at the end of the text). The scan
 * rolls a 28-bit code over the text (7 bits per character, ASCII case folded), tests a 64 kB bit filter and
 * only on a hit walks a chained hash table of typed arrays and compares the literal. Shorter or non-ASCII
 * literals fall back to indexOf.
 *
 * The anchors and their table are literal-anchors.ts; what a scan returns, literal-scan.ts.
 */
import {
  AnchorTable,
  asciiWindow,
  CODE4,
  codeOf,
  FILTER_BITS,
  GRAM,
  HEAD_BITS,
  hashOf,
  RECORD,
} from './literal-anchors';
import type { LiteralScan } from './literal-scan';

export { type LiteralScan, occurrences } from './literal-scan';

/** text[start…] equals the lower-case ASCII literal, ignoring ASCII case. */
function equalsLiteral(text: string, start: number, literal: string): boolean {
  if (start < 0 || start + literal.length > text.length) return false;
  for (let k = 0; k < literal.length; k++) {
    let c = text.charCodeAt(start + k);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== literal.charCodeAt(k)) return false;
  }
  return true;
}

/** A character as the scan codes it: ASCII with A–Z lowered, everything past ASCII as 127 (one table load). */
const FOLD = new Uint8Array(65536).map((_, c) => (c > 127 ? 127 : c >= 65 && c <= 90 ? c + 32 : c));

/** text[start…] holds the ASCII literal chars[from, to) (`fold`-coded), ignoring ASCII case. */
function equalsFolded(
  text: string,
  start: number,
  chars: Uint8Array,
  from: number,
  to: number,
  fold: Uint8Array,
): boolean {
  if (start + to - from > text.length) return false;
  for (let k = from, i = start; k < to; k++, i++) {
    if (fold[text.charCodeAt(i)] !== chars[k]) return false;
  }
  return true;
}

/** Characters of scanned text counted before the anchors are chosen again (about twenty pages). */
const CALIBRATION_CHARS = 2_000_000;
/** Counters of how often each 4-character window occurs in the scanned text, by hash (collisions only add). */
const SAMPLE_BITS = 18;
const sampleSlot = (code: number) => hashOf(code) >>> (32 - SAMPLE_BITS);

const NO_POSITIONS = new Int32Array(0);

/** Characters per filter pass: its hit positions and codes fit one reused buffer. */
const CHUNK = 1 << 16;
const hitBuffer = new Int32Array(2 * CHUNK);

// The scan's loops write these sizes as numbers (filterPass says why): change them there too.
if (GRAM !== 4 || CODE4 !== 0xfffffff || FILTER_BITS !== 20 || HEAD_BITS !== 15 || CHUNK !== 65536) {
  throw new Error(
    'literal-index: the sizes written into filterPass and scan no longer match their constants',
  );
}

/**
 * The bit-filter pass over text[from, to): writes each position whose 4-character code (ending there) may be an
 * anchor to hits[0…], its code to hits[CHUNK…], and returns how many. `warm` is where the rolling code starts, up
 * to three characters before `from`. A function of its own, with typed arrays only, so V8 keeps it tight.
 *
 * Everything the loops read comes in as an argument, and the sizes are written as numbers (CODE4, FILTER_BITS 20,
 * HEAD_BITS 15, CHUNK 65536): the worker runs the engine bundled by esbuild, which turns module constants into
 * `var`s, and V8 then reloads each one from the module's context on every character instead of keeping it in a
 * register (with the literals' bytes in one typed array the scan is faster too; docs/performance.md).
 */
function filterPass(
  text: string,
  warm: number,
  from: number,
  to: number,
  filter: Uint32Array,
  hits: Int32Array,
  fold: Uint8Array,
): number {
  // One loop from `warm`, hits counted from `first`: a second loop to warm the code ran only on pages of over
  // 65,536 characters, so V8 often optimised this function before it had run, then threw that code away.
  const first = Math.max(from, 3);
  let code = 0;
  let count = 0;
  for (let i = warm; i < to; i++) {
    code = ((code << 7) | (fold[text.charCodeAt(i)] as number)) & 0xfffffff;
    const bit = (Math.imul(code, 0x9e3779b1) >>> 0) >>> 12;
    if (((filter[bit >>> 5] as number) & (1 << (bit & 31))) !== 0 && i >= first) {
      hits[count] = i;
      hits[65536 + count] = code;
      count++;
    }
  }
  return count;
}

export class LiteralIndex {
  private readonly literals: string[] = [];
  private readonly ids = new Map<string, number>();
  private quads = new AnchorTable();
  private trigrams: Array<{ id: number; literal: string }> = [];
  private short: Array<{ id: number; literal: string }> = [];
  /** Literals with characters past ASCII: anchored on an ASCII window, compared in lower case. */
  private wide = new Uint8Array(0);
  /**
   * Every literal's characters, one byte each as the scan codes a character (FOLD), back to back: literal `id` is
   * chars[starts[id] … starts[id + 1]). Compared from a typed array, a check costs no load of the literal's string.
   */
  private chars = new Uint8Array(0);
  private starts = new Int32Array(1);
  private built = false;
  /** The literals whose every position a scan keeps (keepEveryPosition); null: all. */
  private kept: Set<number> | null = null;
  private every: Uint8Array | null = null;
  /** Occurrences of 4-character windows in the text scanned so far, while calibrating (null: done). */
  private sample: Uint32Array | null = new Uint32Array(1 << SAMPLE_BITS);
  private sampled = 0;
  /** The sample the anchors were last chosen with (kept should literals be added later). */
  private textFrequency: Uint32Array | null = null;

  /** Registers a literal (lower case); returns its id. */
  add(literal: string): number {
    let id = this.ids.get(literal);
    if (id === undefined) {
      id = this.literals.length;
      this.literals.push(literal);
      this.ids.set(literal, id);
      this.built = false;
    }
    return id;
  }

  get size(): number {
    return this.literals.length;
  }

  /**
   * Keeps every occurrence of this literal in a scan with positions (html patterns search around each one). Once any
   * literal is kept so, the others keep only their first: a literal already found is then not checked again where
   * it recurs (`cdn.`, `/wp-content/` recur hundreds of times a page).
   */
  keepEveryPosition(id: number): void {
    this.kept ??= new Set();
    this.kept.add(id);
    this.built = false;
  }

  /** Have the anchors been chosen by the text scanned (calibrate)? */
  get calibrated(): boolean {
    return this.textFrequency !== null;
  }

  /** Where in each literal its anchor starts (tests). */
  anchorOffsets(): Map<string, number> {
    if (!this.built) this.build();
    const offsets = new Map<string, number>();
    const { records } = this.quads;
    for (let r = 0; r < records.length; r += RECORD) {
      const literal = this.literals[records[r + 2] as number] as string;
      if (literal.length > GRAM) offsets.set(literal, records[r + 3] as number);
    }
    return offsets;
  }

  /** The registered literals, by id (tests compare the scan with a plain search for each). */
  registered(): readonly string[] {
    return this.literals;
  }

  private build(): void {
    // How many literals share each 4-character window: the rarest window makes the best anchor.
    const frequency = new Map<number, number>();
    for (const literal of this.literals) {
      const seen = new Set<number>();
      for (let i = 0; i + GRAM <= literal.length; i++) seen.add(codeOf(literal, i, GRAM));
      for (const code of seen) frequency.set(code, (frequency.get(code) ?? 0) + 1);
    }
    this.quads = new AnchorTable();
    this.trigrams = [];
    this.short = [];
    this.wide = new Uint8Array(this.literals.length);
    this.literals.forEach((literal, id) => {
      const wide = /[^\x20-\x7e]/.test(literal);
      const ascii = wide ? asciiWindow(literal) : -1;
      if (wide && ascii !== -1) {
        this.wide[id] = 1;
        this.quads.insert(codeOf(literal, ascii, GRAM), id, ascii);
      } else if (literal.length < GRAM - 1 || wide) {
        this.short.push({ id, literal });
      } else if (literal.length === GRAM - 1) {
        // Any next character: ASCII after case folding (no A–Z), or 127 standing for every non-ASCII one.
        const head = codeOf(literal, 0, 3);
        for (let next = 0; next < 128; next++) {
          if (next < 65 || next > 90) this.quads.insert(((head << 7) | next) & CODE4, id, 0);
        }
        this.trigrams.push({ id, literal });
      } else {
        // A window's cost: how often it occurs in text (once calibrated) times how many literals it may anchor.
        const inText = this.textFrequency;
        let best = 0;
        let bestCost = Number.POSITIVE_INFINITY;
        for (let i = 0; i + GRAM <= literal.length; i++) {
          const code = codeOf(literal, i, GRAM);
          const cost = (frequency.get(code) ?? 0) * (inText ? (inText[sampleSlot(code)] as number) + 1 : 1);
          if (cost < bestCost) {
            best = i;
            bestCost = cost;
          }
        }
        this.quads.insert(codeOf(literal, best, GRAM), id, best);
      }
    });
    this.quads.seal();
    this.starts = new Int32Array(this.literals.length + 1);
    this.chars = new Uint8Array(this.literals.reduce((sum, literal) => sum + literal.length, 0));
    let at = 0;
    this.literals.forEach((literal, id) => {
      this.starts[id] = at;
      for (let k = 0; k < literal.length; k++) this.chars[at++] = FOLD[literal.charCodeAt(k)] as number;
    });
    this.starts[this.literals.length] = at;
    if (this.kept) {
      this.every = new Uint8Array(this.literals.length);
      for (const id of this.kept) this.every[id] = 1;
    }
    this.built = true;
  }

  /**
   * Counts the text's 4-character windows; once CALIBRATION_CHARS are counted, chooses every anchor again by how
   * often it occurred (the scan finds the same literals with any anchors: only the checks it makes change).
   */
  private calibrate(text: string): void {
    const sample = this.sample as Uint32Array;
    let code = 0;
    for (let i = 0; i < text.length; i++) {
      code = ((code << 7) | (FOLD[text.charCodeAt(i)] as number)) & CODE4;
      if (i >= GRAM - 1) sample[sampleSlot(code)] = (sample[sampleSlot(code)] as number) + 1;
    }
    this.sampled += text.length;
    if (this.sampled < CALIBRATION_CHARS) return;
    this.textFrequency = sample;
    this.sample = null;
    this.build();
  }

  /**
   * Which registered literals occur in the text, ignoring ASCII case (as the patterns' `i` flag does):
   * `marks[id] === 1`, and the same ids as a list. No lower-case copy of the page is made.
   */
  scan(text: string, positions = false): LiteralScan {
    if (!this.built) this.build();
    const found = new Uint8Array(this.literals.length);
    // Positions only when asked (the page source): two arrays per literal are most of a small scan's garbage.
    const first = positions ? new Int32Array(this.literals.length) : NO_POSITIONS;
    const last = positions ? new Int32Array(this.literals.length).fill(-1) : NO_POSITIONS;
    const at: number[] = [];
    const previous: number[] = [];
    const ids: number[] = [];
    const { literals, quads, wide, chars, starts, every } = this;
    const { filter: quadFilter, head: quadHead, records } = quads;
    // Two passes per chunk: a tight loop that only tests the bit filter and notes where it hit, then the chained
    // table for those positions alone. One loop doing both ran at 6–15 ns a character, depending on what V8 made
    // of it in a busy process; the filter pass alone stays at ~3.
    const hits = hitBuffer;
    const fold = FOLD;
    const n = text.length;
    for (let from = 0; from < n; from += CHUNK) {
      const to = Math.min(n, from + CHUNK);
      const count = filterPass(text, Math.max(0, from - GRAM + 1), from, to, quadFilter, hits, fold);
      for (let h = 0; h < count; h++) {
        const i = hits[h] as number;
        const code = hits[65536 + h] as number;
        for (
          let r = quadHead[(Math.imul(code, 0x9e3779b1) >>> 0) >>> 17] as number;
          r !== -1;
          r = records[r + 1] as number
        ) {
          if (records[r] !== code) continue;
          const id = records[r + 2] as number;
          // Found before, and no further position wanted: nothing to check.
          if (found[id] === 1 && (!positions || (every !== null && every[id] === 0))) continue;
          const begin = i - GRAM + 1 - (records[r + 3] as number);
          if (
            begin < 0 ||
            (wide[id] === 1
              ? text.slice(begin, begin + (literals[id] as string).length).toLowerCase() !== literals[id]
              : !equalsFolded(text, begin, chars, starts[id] as number, starts[id + 1] as number, fold))
          ) {
            continue;
          }
          // Every occurrence kept of the literals that want them (html patterns search around them), the first of
          // the others; each literal listed once.
          if (positions) {
            previous.push(last[id] as number);
            last[id] = at.length;
            at.push(begin);
            if (found[id] === 0) first[id] = begin;
          }
          if (found[id] === 0) {
            found[id] = 1;
            ids.push(id);
          }
        }
      }
    }
    // A three-character literal ending the text has no next character to be anchored with.
    for (const { id, literal } of this.trigrams) {
      if (equalsLiteral(text, text.length - 3, literal)) {
        if (positions) {
          previous.push(last[id] as number);
          last[id] = at.length;
          at.push(text.length - 3);
          if (found[id] === 0) first[id] = text.length - 3;
        }
        if (found[id] === 0) {
          found[id] = 1;
          ids.push(id);
        }
      }
    }
    if (this.sample) this.calibrate(text);
    const lower = this.short.length ? text.toLowerCase() : '';
    for (const { id, literal } of this.short) {
      if (lower.includes(literal)) {
        found[id] = 1;
        if (positions) first[id] = -1;
        ids.push(id);
      }
    }
    return { marks: found, ids, first, last, at, previous, every };
  }
}
