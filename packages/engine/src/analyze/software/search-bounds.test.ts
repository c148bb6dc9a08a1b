import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasFixtures, loadHtmlFixtures } from '../../crawl/test-fixtures';
import { getFingerprints } from './fingerprints';
import { LiteralIndex, occurrences } from './literal-index';
import { type CompileStats, compilePattern, matchesInSource, runPattern } from './pattern';
import { maxMatchWidth, readsOutsideMatch } from './regex-tools';

describe('maxMatchWidth', () => {
  it.each([
    ['abc', 3],
    ['a|bcd', 3],
    ['<[^>]{1,250}gravatar\\.com', 251 + 12],
    ['(?:ab){2,3}c?', 7],
    ['x(?!svg)y', 5],
    ['(?<=ab)x\\b^$', 1],
    ['a+', Number.POSITIVE_INFINITY],
    ['a{2,}', Number.POSITIVE_INFINITY],
    ['(a)\\1', Number.POSITIVE_INFINITY],
    ['[a-z]{0,5}(?<v>\\d)', 6],
  ])('%s spans at most %d characters', (source, width) => {
    expect(maxMatchWidth(source)).toBe(width);
  });
});

describe('html patterns searched from their literals', () => {
  const stats: CompileStats = { patterns: 0, invalid: [] };
  const compile = (source: string) => {
    const index = new LiteralIndex();
    const pattern = compilePattern(source, 0, 'html', stats);
    if (!pattern) throw new Error(source);
    pattern.clauseIds = pattern.clauses?.map((clause) => clause.map((l) => index.add(l))) ?? null;
    return { pattern, index };
  };
  const search = (source: string, text: string) => {
    const { pattern, index } = compile(source);
    const scan = index.scan(text, true);
    return runPattern(pattern, text, scan.marks, undefined, { text, scan })?.[0] ?? null;
  };

  it('finds a match past the first occurrence of the literal, in any case', () => {
    const text = `<a href="x">gravatar.com/avatar/ in text</a>${'<p>filler</p>'.repeat(100)}<img src="//GRAVATAR.com/avatar/1">`;
    expect(search('<[^>]+gravatar\\.com\\/avatar\\/', text)).toBe('<img src="//GRAVATAR.com/avatar/');
  });

  it('keeps the leftmost match and its groups', () => {
    const text = `${'x'.repeat(400)}<link href="/wp-content/a.css?ver=1.2"><link href="/wp-content/b.css?ver=3.4">`;
    expect(search('wp-content\\/[^"]+ver=([\\d.]+)', text)).toBe('wp-content/a.css?ver=1.2');
  });

  it('honours lookaheads and assertions at the edges of a slice', () => {
    expect(search('<(?!svg)[^>]{1,250}\\sdata-v-', '<svg data-v-1><div data-v-2>')).toBe('<div data-v-');
    expect(search('\\bfoo-bar', 'xfoo-bar foo-bar')).toBe('foo-bar');
  });

  it.runIf(hasFixtures)(
    'answers as a search of the whole page does, for every html pattern on every page',
    () => {
      const fp = getFingerprints();
      for (const page of loadHtmlFixtures()) {
        const html = readFileSync(page.file, 'utf8');
        const scan = fp.index.scan(html, true);
        const scanned = { text: html, scan };
        for (const pattern of fp.html) {
          if (!pattern.regex) continue;
          const fast = runPattern(pattern, html, scan.marks, undefined, scanned);
          const plain = runPattern(pattern, html, scan.marks);
          expect(fast && [...fast], `${pattern.regex.source} on ${page.key}`).toEqual(plain && [...plain]);
        }
      }
    },
  );
});

describe('plain words of the visible text looked for in the source', () => {
  const stats: CompileStats = { patterns: 0, invalid: [] };
  const inSource = (source: string, text: string) => {
    const index = new LiteralIndex();
    const pattern = compilePattern(source, 0, 'text', stats);
    if (!pattern?.sticky) throw new Error(`${source}: not a plain word`);
    pattern.clauseIds = pattern.clauses?.map((clause) => clause.map((l) => index.add(l))) ?? null;
    for (const id of pattern.clauseIds?.flat() ?? []) index.keepEveryPosition(id);
    return matchesInSource(pattern, text, index.scan(text, true));
  };

  it.each<[string, string, boolean]>([
    ['\\b(?<!-)UPS\\b', 'groups popups start-ups', false],
    ['\\b(?<!-)UPS\\b', 'groups, then ups.', true],
    ['\\b(?<!-)UPS\\b', 'UPS', true],
    ['\\bSEUR\\b', 'Monsieur, chauffeur', false],
    ['\\bSEUR\\b', '<li>Livraison SEUR</li>', true],
    ['\\APC\\b', 'apcx xapc', true],
    ['\\APC\\b', 'apcx', false],
  ])('%s in %j: %s', (source, text, found) => {
    expect(inSource(source, text)).toBe(found);
  });

  it.runIf(hasFixtures)(
    'answers as a search of the whole page does, for every such pattern on every page',
    () => {
      const fp = getFingerprints();
      const words = fp.text.filter((pattern) => pattern.sticky);
      expect(words.length).toBeGreaterThan(20);
      for (const page of loadHtmlFixtures()) {
        const html = readFileSync(page.file, 'utf8');
        const scan = fp.index.scan(html, true);
        for (const pattern of words) {
          expect(matchesInSource(pattern, html, scan), `${pattern.regex?.source} on ${page.key}`).toBe(
            !!pattern.regex?.test(html),
          );
        }
      }
    },
  );
});

describe('readsOutsideMatch', () => {
  it.each([
    ['^a', true],
    ['a$', true],
    ['\\bfoo', true],
    ['(?<!x)a', true],
    ['(?<name>a)(?!b)[$^]\\$\\^', false],
    ['<[^>]{1,250}gravatar', false],
  ])('%s: %s', (source, reads) => {
    expect(readsOutsideMatch(source)).toBe(reads);
  });
});

describe('LiteralIndex occurrences', () => {
  it('lists every occurrence, in any case, literals with accents included', () => {
    const index = new LiteralIndex();
    const id = index.add('wp-content');
    const wide = index.add('colis privé');
    const text = 'a wp-content b WP-Content c wp-conten COLIS PRIVÉ';
    const scan = index.scan(text, true);
    expect(occurrences(scan, id)?.sort((a, b) => a - b)).toEqual([2, 15]);
    expect(occurrences(scan, wide)).toEqual([text.indexOf('COLIS')]);
  });
});
