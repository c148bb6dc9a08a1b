import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { hasFixtures, loadHtmlFixtures } from '../../crawl/test-fixtures';
import { pageFacts } from './page-facts';
import { propertyChains } from './property-chains';

/** The rule propertyChains reads without a regular expression. */
const CHAIN = /(?<![\w$])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(\s*=(?!=))?/g;
const byRegex = (code: string) =>
  Array.from(code.matchAll(CHAIN), (m) => ({
    index: m.index,
    text: m[1] ? m[0].slice(0, -m[1].length) : m[0],
    assigned: m[1] !== undefined,
  }));

describe('propertyChains', () => {
  it.each([
    ['a call', 'FB.getLoginStatus(function(r){});'],
    ['through window', 'window.hbspt.forms.create({portalId: 1});'],
    ['assignments', `window._fbq = f; w._hsq=[]; a.b.c = 1; x.y == 2; x.z === 3; p.q => 1; m.n\u00a0= 2;`],
    ['names inside names', 'a1.b 1a.b $a.$b a$.b_ _.x a.1 a.1.b a..b a.b.1.c'],
    ['after a name part', 'xa.b 9a.b é.a éa.b'],
    ['a path at the end', 'x a.b'],
    ['an assignment at the end', 'x a.b ='],
    ['no path', 'var a = 1; function b() {}'],
    ['a path, then an assignment to another', 'a.b=c.d=e'],
  ])('finds what the regular expression finds: %s', (_, code) => {
    expect(propertyChains(code)).toEqual(byRegex(code));
  });

  it('finds what the regular expression finds in random code', () => {
    // What the rule turns on, in random order: name characters, dots, digits, spaces, equals signs.
    const pieces = [
      'a',
      'B',
      '_',
      '$',
      '1',
      '.',
      ' ',
      '\n',
      '\u00a0',
      '=',
      '==',
      '(',
      ';',
      'é',
      'window.',
      'x.y',
    ];
    let seed = 11;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let run = 0; run < 20_000; run++) {
      let code = '';
      const length = random(40);
      for (let k = 0; k < length; k++) code += pieces[random(pieces.length)];
      expect(propertyChains(code), JSON.stringify(code)).toEqual(byRegex(code));
    }
  });

  it.runIf(hasFixtures)('finds what the regular expression finds in every fixture page’s inline code', () => {
    for (const fixture of loadHtmlFixtures()) {
      const facts = pageFacts(
        pageFromHtml({ url: fixture.originalUrl, html: readFileSync(fixture.file, 'utf8') }),
      );
      expect(propertyChains(facts.inlineCode), fixture.key).toEqual(byRegex(facts.inlineCode));
    }
  });
});
