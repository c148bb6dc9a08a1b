import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, MISSING_FIXTURES_MESSAGE } from '../../crawl/test-fixtures';
import { getFingerprints } from './fingerprints';
import { LiteralIndex, occurrences } from './literal-index';

const PAGES = path.join(FIXTURES_DIR, 'html/pages');

/** What the scan must find: every registered literal the text holds, ignoring ASCII case (the `i` flag). */
function naive(literals: string[], text: string): Map<number, number[]> {
  const folded = text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  const found = new Map<number, number[]>();
  literals.forEach((literal, id) => {
    const at: number[] = [];
    for (let i = folded.indexOf(literal); i !== -1; i = folded.indexOf(literal, i + 1)) at.push(i);
    if (at.length) found.set(id, at);
  });
  return found;
}

function expectSameAsNaive(index: LiteralIndex, literals: string[], text: string) {
  const scan = index.scan(text, true);
  const expected = naive(literals, text);
  expect(new Set(scan.ids)).toEqual(new Set(expected.keys()));
  for (const [id, at] of expected) {
    const found = occurrences(scan, id);
    // A wide literal (past ASCII) compares in lower case: its positions are the same where case folding keeps
    // lengths, which these texts do.
    if (found) expect(found.sort((a, b) => a - b)).toEqual(at);
  }
}

describe('LiteralIndex scan', () => {
  it('finds exactly what a search for each literal finds, at every length, at the text’s edges', () => {
    const literals = [
      'abc',
      'abcd',
      'bcdef',
      'cdefgh',
      'abcdefgh',
      'xabcdefghij',
      'ghijklmnopqrstuvw',
      'zz-top.js',
    ];
    const index = new LiteralIndex();
    for (const l of literals) index.add(l);
    for (const text of [
      'abc',
      'ABCDEFGH',
      'xxABCdefghijklmnopqrstuvwXX',
      'zz-top.js zz-top.js abcd',
      'ab',
      '',
      'éabcdefghé—ghijklmnopqrstuvw',
      'abcdefgabcdefgh',
      // Characters past Latin-1 whose low byte is an ASCII letter ('Ť' is U+0164, 'd' is 0x64; 'Ł' U+0141, 'A'):
      // they end a three-character literal, and are no letter of a longer one.
      'abc\u0164 xabc\u0141 abc\u0164efgh',
      'ab\u0163cd abc\u0161',
    ])
      expectSameAsNaive(index, literals, text);
  });

  it('finds literals on both sides of, and across, the 65,536-character passes of a long page', () => {
    const literals = ['abc', 'abcd', 'wxyz-plugin', 'jquery.min.js'];
    const index = new LiteralIndex();
    for (const l of literals) index.add(l);
    const chunk = 1 << 16;
    // Each literal placed so that it ends just before, at, or just after a pass boundary, in every alignment.
    for (const literal of literals) {
      for (let shift = -literal.length - 1; shift <= 1; shift++) {
        const filler = '.'.repeat(chunk + shift);
        const text = `${filler}${literal.toUpperCase()}${'.'.repeat(chunk)}${literal}`;
        expectSameAsNaive(index, literals, text);
      }
    }
  });

  it('chooses anchors again by the text it read: windows common there no longer anchor, and the finds stay exact', () => {
    const literals = ['class="qz', 'menu-item-jx', 'abc', 'menu'];
    const index = new LiteralIndex();
    for (const l of literals) index.add(l);
    // Rarest among the literals: `clas` (the first of equals), `enu-` (`menu` is a literal too).
    expect(index.anchorOffsets().get('class="qz')).toBe(0);
    expect(index.anchorOffsets().get('menu-item-jx')).toBe(1);
    const common = '<li class="menu-item"><a href="/">item</a></li>\n';
    const texts = [`${common.repeat(40)}CLASS="QZ menu-item-jx ABC`, common, 'xclass="qzx abcmenu'];
    for (const text of texts) expectSameAsNaive(index, literals, text);
    while (!index.calibrated) index.scan(common.repeat(1000));
    // Now anchored on windows the text read never had: `s="q`, `tem-`.
    expect(index.anchorOffsets().get('class="qz')).toBe(4);
    expect(index.anchorOffsets().get('menu-item-jx')).toBe(6);
    for (const text of texts) expectSameAsNaive(index, literals, text);
  });

  it('keeps every position of the literals asked for, the first of the others, and finds the same literals', () => {
    const literals = ['cdn.', 'jquery', 'wp-content'];
    const index = new LiteralIndex();
    for (const l of literals) index.add(l);
    const jquery = index.add('jquery');
    index.keepEveryPosition(jquery);
    const text = 'cdn.x cdn.y JQUERY jquery wp-content WP-CONTENT';
    const scan = index.scan(text, true);
    expect(new Set(scan.ids)).toEqual(new Set(naive(literals, text).keys()));
    expect(occurrences(scan, jquery)?.sort((a, b) => a - b)).toEqual([12, 19]);
    const cdn = index.add('cdn.');
    expect(occurrences(scan, cdn)).toBeNull(); // not every one kept: the caller must search the whole text
    expect(scan.first[cdn]).toBe(0);
    expect(scan.first[index.add('wp-content')]).toBe(26);
  });

  if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);
  it.runIf(hasFixtures)('finds every fingerprint literal a real page holds, and no other', () => {
    const { index } = getFingerprints();
    const literals = [...index.registered()];
    // Every third page: a plain search for each of ~7,900 literals costs a second a page.
    const files = readdirSync(PAGES)
      .filter((f) => f.endsWith('.html'))
      .sort()
      .filter((_, i) => i % 3 === 0);
    expect(files.length).toBeGreaterThan(5);
    // The same literals in a fresh index, calibrated on all the pages: the anchors change, the finds must not.
    const calibrated = new LiteralIndex();
    for (const literal of literals) calibrated.add(literal);
    const all = readdirSync(PAGES).filter((f) => f.endsWith('.html'));
    while (!calibrated.calibrated) {
      for (const file of all) calibrated.scan(readFileSync(path.join(PAGES, file), 'utf8'));
    }
    for (const file of files) {
      const text = readFileSync(path.join(PAGES, file), 'utf8');
      const expected = naive(literals, text);
      // Literals past ASCII match by lower-casing the window, which may differ from the naive fold: leave them.
      const ascii = (ids: Iterable<number>) =>
        [...ids].filter((id) => !/[^\x20-\x7e]/.test(literals[id] ?? ''));
      for (const scanned of [index, calibrated]) {
        expect(new Set(ascii(scanned.scan(text).ids)), file).toEqual(new Set(ascii(expected.keys())));
      }
    }
  });
});
