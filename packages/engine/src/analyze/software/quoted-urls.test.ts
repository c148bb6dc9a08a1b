import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { hasFixtures, loadHtmlFixtures } from '../../crawl/test-fixtures';
import { pageFacts } from './page-facts';
import { quotedScriptUrls } from './quoted-urls';

/** The rule quotedScriptUrls reads without a regular expression. */
const QUOTED_JS_URL = /["']([^"'\s<>()]{0,300}[./]js(?:[?#][^"'\s<>]{0,200})?)["']/g;
const byRegex = (text: string) => Array.from(text.matchAll(QUOTED_JS_URL), (m) => m[1] ?? '');

describe('quotedScriptUrls', () => {
  it.each([
    ['analytics', `(function(){var s='//www.google-analytics.com/analytics.js';})()`],
    ['an endpoint with a query', `s.src = "https://maps.googleapis.com/maps/api/js?key=abc&callback=init";`],
    [
      'nested quotes',
      `document.write("<scr"+"ipt src='" + gaJsHost + "google-analytics.com/ga.js' type='text/javascript'%3E")`,
    ],
    ['parentheses only after the name', `'/a.js?v=(1)' '/b(1).js' "x.js"`],
    ['spaces and markup', `'/a b.js' '<x>.js' '\u00a0a.js' 'a.js\u2028'`],
    ['not at the end', `'a.json' 'a.jsx' '.js' 'js' 'a/js#f' 'a.js#' 'a.JS'`],
    ['a match takes its closing quote', `'a.js'b.js' "c.js"`],
    [
      'long names',
      `'${'a'.repeat(300)}.js' '${'a'.repeat(301)}.js' 'x.js?${'q'.repeat(200)}' 'x.js?${'q'.repeat(201)}'`,
    ],
    ['no quotes', 'var a = 1; a.js = 2;'],
    ['unclosed', `var a = "x.js`],
  ])('finds what the regular expression finds: %s', (_, text) => {
    expect(quotedScriptUrls(text)).toEqual(byRegex(text));
  });

  it('finds what the regular expression finds in random scripts', () => {
    // Characters the rule turns on, in random order: quotes, the `.js` and `/js` endings, spaces, markup, parentheses.
    const pieces = [
      '"',
      "'",
      '.js',
      '/js',
      'js',
      '.',
      '/',
      'a',
      'b1',
      ' ',
      '\n',
      '(',
      ')',
      '<',
      '>',
      '?',
      '#',
      '=',
      '\u00a0',
      'é',
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let run = 0; run < 20_000; run++) {
      let text = '';
      const length = random(40);
      for (let k = 0; k < length; k++) text += pieces[random(pieces.length)];
      expect(quotedScriptUrls(text), JSON.stringify(text)).toEqual(byRegex(text));
    }
  });

  it.runIf(hasFixtures)(
    'finds what the regular expression finds in every fixture page’s inline scripts',
    () => {
      for (const fixture of loadHtmlFixtures()) {
        const facts = pageFacts(
          pageFromHtml({ url: fixture.originalUrl, html: readFileSync(fixture.file, 'utf8') }),
        );
        expect(quotedScriptUrls(facts.inlineScripts), fixture.key).toEqual(byRegex(facts.inlineScripts));
      }
    },
  );
});
