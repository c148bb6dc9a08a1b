import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { parseHtml } from './page';
import { FIXTURES_DIR, hasFixtures } from './test-fixtures';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

const SELECTORS = [
  'a[href]',
  'img',
  'h1, h2, h3',
  'li a',
  'div > p',
  '*',
  'p:first',
  'a:not([href^="#"])',
  '> div',
];

describe("a page's $", () => {
  it.runIf(hasFixtures)(
    "finds in one element what cheerio's own find finds, on every fixture page",
    { timeout: 180_000 },
    () => {
      const files = htmlFiles(FIXTURES_DIR).filter((_, i) => i % 2 === 0);
      expect(files.length).toBeGreaterThan(20);
      for (const file of files) {
        const html = readFileSync(file, 'utf8');
        const ours = parseHtml(html);
        const plain = load(html, { xml: { xmlMode: false, decodeEntities: true } });
        const outline = (nodes: AnyNode[], $: typeof plain) => nodes.map((node) => $.html(node).slice(0, 80));
        const oursElements = ours('body, body *').toArray().slice(0, 40);
        const plainElements = plain('body, body *').toArray().slice(0, 40);
        oursElements.forEach((element, i) => {
          for (const selector of SELECTORS) {
            const found = outline(ours(element).find(selector).toArray(), ours);
            const expected = outline(
              plain(plainElements[i] as AnyNode)
                .find(selector)
                .toArray(),
              plain,
            );
            expect(found, `${file} ${i} ${selector}`).toEqual(expected);
          }
        });
      }
    },
  );

  // As many children as the reader reads of a page (MAX_PAGE_NODES counts elements and attributes).
  it('finds in an element of 45,000 children in time linear in them', () => {
    const $ = parseHtml(
      `<section><h2>Unsere Kunden</h2>${'<p>x</p>'.repeat(45_000)}<img alt="Acme"></section>`,
    );
    const section = $('section');
    expect(section.find('img').attr('alt')).toBe('Acme');
    expect(section.find('p').length).toBe(45_000);
    expect(section.find('h2, img').length).toBe(2);
  });
});
