/**
 * The cache of tag and attribute names for the software detector's HTML reader (light-dom.ts): a name read from a
 * page, in lower case, and the hash of its characters it is kept by.
 */

/**
 * Tag and attribute names met before, by a hash of their lower-case characters: a name is then the same string
 * object on every element and every page. A fresh slice of the page per name made every attribute store,
 * attribute-name set and tag lookup hash and internalise a new string; the kept one is internalised once and
 * compares by identity, which made the reader faster. 4,096 slots: with fewer, names that share a slot kept
 * displacing each other and more names missed the cache (figures in docs/performance.md).
 */
export const NAMES = new Array<string>(4096).fill('');

/**
 * V8's own copy of a string as an object key: flat, and kept in its string table. (A slice of 13 characters or
 * more points into the page it was cut from, and a cached name must not keep a whole page alive.)
 */
const internalized = (text: string): string => Object.keys({ [text]: 0 })[0] ?? text;

/**
 * html[start, end) in lower case, `hash` being hashStep over its characters: the kept string when it holds that
 * name, else a new one, which is kept instead.
 */
export function nameAt(html: string, start: number, end: number, hash: number, names: string[]): string {
  const slot = hash & 4095;
  const known = names[slot] as string;
  if (known.length === end - start) {
    let k = 0;
    for (; k < known.length; k++) {
      const c = html.charCodeAt(start + k);
      if ((c >= 65 && c <= 90 ? c + 32 : c) !== known.charCodeAt(k)) break;
    }
    if (k === known.length) return known;
  }
  const name = internalized(html.slice(start, end).toLowerCase());
  names[slot] = name;
  return name;
}

/** One step of the names' hash over a character (A–Z as a–z). */
export const hashStep = (hash: number, c: number) =>
  (Math.imul(hash, 31) + (c >= 65 && c <= 90 ? c + 32 : c)) | 0;
