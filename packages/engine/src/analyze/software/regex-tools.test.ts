import { describe, expect, it } from 'vitest';
import { htmlClauses, withoutBoilerplate } from './boilerplate';
import { LiteralIndex } from './literal-index';
import { compileRegex, parsePatternString, resolveVersion } from './pattern';
import { boundQuantifiers, clauseTests, isWordLiteral, requiredClauses, satisfies } from './regex-tools';

describe('pattern strings', () => {
  it('splits regex, version and confidence', () => {
    expect(parsePatternString('jquery-([\\d.]+)\\.js\\;version:\\1\\;confidence:50')).toEqual({
      source: 'jquery-([\\d.]+)\\.js',
      version: '\\1',
      confidence: 50,
    });
    expect(parsePatternString('')).toEqual({ source: '', version: '', confidence: 100 });
  });

  it('fills version templates, ternaries included, and drops implausible versions', () => {
    const match = ['x', '3.6.0', undefined];
    expect(resolveVersion('\\1', match)).toBe('3.6.0');
    expect(resolveVersion('API v\\1', match)).toBe('API v3.6.0');
    expect(resolveVersion('\\1?UA:', match)).toBe('UA');
    expect(resolveVersion('\\2?UA:GA4', match)).toBe('GA4');
    expect(resolveVersion('\\1.\\2', ['x', '4', ''])).toBe('4.');
    expect(resolveVersion('\\1', ['x', '1592171253'])).toBeNull(); // a timestamp
    expect(resolveVersion('', match)).toBeNull();
  });

  it('compiles case-insensitively, bounds quantifiers and survives invalid regexes', () => {
    expect(compileRegex('WordPress')?.test('wordpress')).toBe(true);
    expect(compileRegex('')).toBeNull();
    expect(compileRegex('(?i)foo')?.test('FOO')).toBe(true);
    expect(compileRegex('a(b')).toBeUndefined();
    expect(boundQuantifiers('<link[^>]+href=".*bootstrap')).toBe('<link[^>]{1,250}href=".{0,250}bootstrap');
    expect(boundQuantifiers('a\\+b[+*]c+?')).toBe('a\\+b[+*]c{1,250}?');
  });
});

describe('required literals', () => {
  it.each<[string, string[][] | null]>([
    ['jquery(?:\\.min)?\\.js', [['jquery'], ['.js']]],
    ['<link[^>]+?href="[^"]+epoch(?:\\.min)?\\.css', [['<link'], ['href="'], ['epoch'], ['.css']]],
    ['(?:powered by <a[^>]+>Django|csrfmiddlewaretoken)', [['powered by <a', 'csrfmiddlewaretoken']]],
    [
      '/wp-content/plugins/(?:elementor|elementor-pro)/',
      [['/wp-content/plugins/'], ['elementor', 'elementor-pro']],
    ],
    ['colou?r-scheme', [['colo'], ['r-scheme']]],
    ['ab\\d+', null],
    ['(?!foo)barbaz', [['barbaz']]],
    ['a|bcd', null],
    ['\\x41bcd', [['bcd']]],
    ['<(?:link|a)[^>]+href=["\']wss?:\\/\\/', [['href="ws', "href='ws"], ['://']]],
    ['<[^>]+data-sr(?:-id)', [['data-sr-id']]],
  ])('%s → %j', (source, clauses) => {
    expect(requiredClauses(source)).toEqual(clauses);
  });

  it('never rules out a text the regex matches', () => {
    const cases: Array<[string, string]> = [
      ['jquery(?:\\.min)?\\.js', 'https://x.de/JQuery.MIN.js'],
      ["gtag\\([^)]+'(UA-)", "gtag('config', 'UA-123')"],
      [
        '(?:<div[^>]+id="wrapper_r"|<(?:link|script)[^>]+(?:feed|components)/com_)',
        '<script src="/components/com_k2/x.js">',
      ],
      ['bootstrap(?:-([\\d.]+))?(?:\\.min)?\\.css', 'bootstrap-4.1.3.min.css'],
      ['<(?:link|a)[^>]+href=["\']wss?:\\/\\/', "<a class=x href='wss://socket'>"],
      ['<[^>]+data-sr(?:-id)', '<div DATA-SR-ID="1">'],
    ];
    for (const [source, text] of cases) {
      expect(compileRegex(source)?.test(text)).toBe(true);
      expect(satisfies(requiredClauses(source) ?? [], text.toLowerCase())).toBe(true);
      for (const test of clauseTests(requiredClauses(source)) ?? [])
        expect(test.test(text), source).toBe(true);
    }
  });

  it('tests a value for its clauses as it is, with one literal where another of the clause holds it', () => {
    const tests =
      clauseTests([
        ['original_images/', 'images/'],
        ['a.b', 'c|d'],
      ]) ?? [];
    expect(tests.map((t) => t.source)).toEqual(['images\\/', 'a\\.b|c\\|d']);
    expect(tests.every((t) => t.test('/media/IMAGES/x A.B'))).toBe(true);
    expect(tests.every((t) => t.test('/media/images/x axb'))).toBe(false);
    expect(clauseTests(null)).toBeNull();
  });
});

describe('clauses without boilerplate', () => {
  it('drops what every page has; an html pattern keeps markup a page has about once, to bound its search', () => {
    const amp = requiredClauses('<html[^>]* (?:amp|⚡)[^-]');
    expect(amp).toEqual([['<html']]);
    expect(withoutBoilerplate(amp)).toBeNull();
    expect(htmlClauses(amp)).toEqual([['<html']]);
    // `<div` and ` class=` are all over a page: no bound worth having.
    expect(requiredClauses('<div[^>]+ class=')).toEqual([['<div'], [' class=']]);
    expect(htmlClauses(requiredClauses('<div[^>]+ class='))).toBeNull();
    // Another clause filters: the boilerplate one goes, as for every type.
    expect(htmlClauses(requiredClauses('<html[^>]+data-wf-site'))).toEqual([['data-wf-site']]);
  });
});

describe('LiteralIndex', () => {
  it('finds exactly the literals that occur, as indexOf would', () => {
    const index = new LiteralIndex();
    const literals = [
      'jquery',
      'wp-content/plugins/',
      '.js',
      'cdn.',
      'zz-not-there',
      'äöü',
      'ab',
      'gtm.js?id=',
    ];
    const ids = literals.map((l) => index.add(l));
    expect(index.add('jquery')).toBe(ids[0]);
    const text =
      '<script src="/wp-content/plugins/x/jquery.min.js"></script> ab äöü cdn.example gtm.js?id=1'.toLowerCase();
    const found = index.scan(text).marks;
    literals.forEach((literal, i) => {
      expect([literal, found[ids[i] as number] === 1]).toEqual([literal, text.includes(literal)]);
    });
  });
});

describe('plain literal patterns', () => {
  it.each<[string, boolean]>([
    ['\\bDHL\\b', true],
    ['\\b(?<!-)UPS\\b', true],
    ['\\APC\\b', true],
    ['foo\\.com', true],
    ['[Ff]oo', true],
    // Spaces may be any whitespace in the source; é may be &eacute;; quotes may be &quot;.
    ['\\bAustralia Post\\b', false],
    ['\\bColis Priv[eé]\\b', false],
    ['"pinia"', false],
    ['Powered by\\s+Foo', false],
    ['a.b', false],
    ['a|b', false],
    ['Foo[^a]', false],
    ['(?<=-)UPS', false],
    ['v\\d', false],
  ])('%s is a plain literal: %s', (source, expected) => {
    expect(isWordLiteral(source)).toBe(expected);
  });
});
