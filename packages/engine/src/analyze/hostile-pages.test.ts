/**
 * Issue 16, item 1, for pages: text built to make the analyzers' patterns backtrack, found by the ReDoS test
 * (src/redos.test.ts). Before the fixes each of these took from several seconds (time growing with the square or
 * the cube of the length) to longer than anyone would wait (doubling with each repetition); now each is answered at
 * once, with the same answers for ordinary text. The test timeout is the measure.
 */
import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../crawl/page';
import { cleanPersonName } from './people/names';
import { findAddresses } from './summary/addresses';
import { findEmails } from './summary/emails';
import { hiddenClasses, MAX_TEXT_CHARS, pageText } from './summary/page-text';
import { describesBusiness } from './summary/summary-text';

const page = (body: string, head = '') =>
  pageFromHtml({ url: 'https://example.de/', html: `<html><head>${head}</head><body>${body}</body></html>` });

describe('hostile page text', { timeout: 5_000 }, () => {
  it('an address spelled out with " dot " forty times (each one doubled the time)', () => {
    const emails = findEmails(page(`<p>u@p(.)${'i dot '.repeat(40)}</p>`)).map((e) => e.email);
    expect(emails).toEqual([]);
    expect(findEmails(page('<p>info [at] example [dot] de</p>')).map((e) => e.email)).toEqual([
      'info@example.de',
    ]);
  });

  it('a name followed by thirty degrees (each one doubled the time)', () => {
    expect(cleanPersonName(`Anna Berg${' msc'.repeat(30)}!`)).toMatch(/^Anna Berg msc/);
    expect(cleanPersonName('Dr. Anna Berg, MBA, M.Sc.')).toBe('Anna Berg');
  });

  it('a British street followed by a 6,000-character capitalised word', () => {
    expect(findAddresses(page(`<p>14 Market Street, ${"Y'Yy".repeat(1500)}</p>`))).toEqual([]);
    expect(findAddresses(page('<p>14 Market Street, Bristol BS1 1JQ</p>'))).toEqual([
      '14 Market Street, Bristol BS1 1JQ',
    ]);
  });

  it('a meta description of 20,000 letters around an offer word', () => {
    expect(describesBusiness('TBUYU'.repeat(4000), [], true)).toBe(false);
    expect(describesBusiness('Hier können Sie Ihre Reise online buchen und bezahlen.', [], true)).toBe(true);
  });

  it('a style sheet of 130,000 unclosed comments', () => {
    const css = `${'/*x'.repeat(130_000)}`;
    expect([...hiddenClasses(page(`<style>.gone{display:none}/* c */${css}</style><p>x</p>`))]).toEqual([
      'gone',
    ]);
  });

  it('a paragraph of a million characters is read up to MAX_TEXT_CHARS', () => {
    const blocks = pageText(page(`<p>${'word '.repeat(200_000)}</p>`)).blocks;
    expect(blocks.map((b) => b.text.length)).toEqual([MAX_TEXT_CHARS]);
  });
});
