/**
 * For pages: text built to make the analyzers' patterns backtrack, found by the ReDoS test
 * (src/redos.test.ts). A backtracking pattern would take time growing with the square or the cube of the length, or
 * doubling with each repetition, on each of these; each must be answered at once, with the same answers for
 * ordinary text. The test timeout is the measure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from '../crawl/crawl-site';
import { createFetcher, type Fetcher } from '../crawl/fetcher';
import {
  deepNesting,
  type HostileSite,
  manyAttributes,
  manySiblings,
  serveHostilePages,
  singleLine,
} from '../crawl/hostile-html';
import { PageTooComplexError } from '../crawl/html-tree';
import { pageFromHtml } from '../crawl/page';
import { findCompetitorCustomers } from '../discovery/competitors/competitor-customers';
import { extractCustomers } from '../discovery/competitors/extract';
import { analyzeCareers } from './careers';
import { enrichSite } from './enrich';
import { cleanPersonName } from './people/names';
import { warmUpSoftwareDetection } from './software/detect';
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

/**
 * Page shapes built to make the HTML reader slow, served from 127.0.0.1 and read as a crawl reads them (the fetcher
 * keeps 2 MB): deep nesting, a million siblings, one element with 100,000 attributes, one 20 MB line. Each is
 * answered in bounded time (the test timeout is the measure: 200,000 nested elements used to take minutes), with
 * "page too complex to read" where the page holds more than the reader reads (crawl/html-tree.ts), and read as its
 * content alone would be where it does not.
 */
describe('hostile page shapes, crawled and analysed', { timeout: 60_000 }, () => {
  const TOO_COMPLEX = new PageTooComplexError().message;
  const ALL = ['software_detection', 'career_analysis', 'ai_summary', 'people'] as const;
  const CONTENT =
    '<h1>Bäckerei Lehmann</h1><p>Geschäftsführer: Anna Berg</p>' +
    '<p>Kontakt: <a href="mailto:info@baeckerei-lehmann.de">info@baeckerei-lehmann.de</a></p>' +
    '<section><h2>Unsere Kunden</h2><a href="https://www.boulangerie-dubois.fr/"><img alt="Boulangerie Dubois"></a></section>';
  let site: HostileSite;
  let fetcher: Fetcher;
  beforeAll(async () => {
    site = await serveHostilePages({
      '/deep': deepNesting(200_000),
      '/siblings': manySiblings(1_000_000),
      '/attributes': manyAttributes(100_000),
      '/line': singleLine(20 * 1024 * 1024),
      '/deep-content': deepNesting(40_000, CONTENT),
      '/content': deepNesting(3, CONTENT),
    });
    fetcher = createFetcher({ allowAddresses: ['127.0.0.1'], retries: 0 });
    // Compiling the fingerprints takes seconds: not inside the first test that detects software.
    warmUpSoftwareDetection();
  }, 120_000);
  afterAll(async () => {
    await fetcher?.close();
    await site?.close();
  });
  const enrich = async (path: string) => {
    const crawl = await crawlSite(`${site.origin}${path}`, { fetcher, pageBudget: 0 });
    return { crawl, result: await enrichSite(crawl, ALL, { business: { name: 'Bäckerei Lehmann' } }) };
  };

  it.each(['/deep', '/siblings', '/attributes'])(
    '%s: the site says its page is too complex to read, and no analyzer reads it',
    async (path) => {
      const url = `${site.origin}${path}`;
      const { crawl, result } = await enrich(path);
      expect(crawl.pages).toEqual([]);
      expect(crawl.errors).toEqual([
        { url, role: 'home', status: 200, error: { kind: 'too_complex', message: TOO_COMPLEX } },
      ]);
      const noPages = `no pages to analyse: ${url}: ${TOO_COMPLEX}`;
      expect(result.analyzer_errors).toEqual(Object.fromEntries(ALL.map((type) => [type, noPages])));

      const competitor = await findCompetitorCustomers(url, { fetcher });
      expect(competitor).toMatchObject({ businesses: [], pages: [], error: `${url}: ${TOO_COMPLEX}` });
    },
  );

  it('a page refused by the software detector’s own reader is listed too (software detection alone)', async () => {
    const html = deepNesting(200_000);
    const page = pageFromHtml({ url: 'https://example.de/deep', html: html.slice(0, 2 * 1024 * 1024) });
    const crawl = {
      startUrl: page.url,
      homeUrl: page.url,
      pages: [page],
      errors: [],
      robotsBlocked: [],
      plan: [],
    };
    const result = await enrichSite(crawl, ['software_detection'], { business: { name: 'X' } });
    expect(result.errors).toEqual([
      { url: page.url, role: 'home', status: 200, error: { kind: 'too_complex', message: TOO_COMPLEX } },
    ]);
    expect(result.analyzer_errors).toEqual({
      software_detection: `no pages to analyse: ${page.url}: ${TOO_COMPLEX}`,
    });
    expect(result.pages).toEqual([]);
  });

  it('40,000 nested elements: read bounded, with the answers their content alone gives', async () => {
    const deep = await enrich('/deep-content');
    const plain = await enrich('/content');
    expect(deep.result.analyzer_errors).toEqual({});
    const contacts = (r: typeof deep.result) => r.ai_summary?.contacts.map((c) => [c.kind, c.value]);
    expect(contacts(deep.result)).toEqual(contacts(plain.result));
    expect(contacts(deep.result)).toContainEqual(['email', 'info@baeckerei-lehmann.de']);
    expect(deep.result.people?.people.map((p) => [p.name, p.role])).toEqual([
      ['Anna Berg', 'Geschäftsführer'],
    ]);
    expect(deep.result.people?.people.map((p) => p.name)).toEqual(
      plain.result.people?.people.map((p) => p.name),
    );

    const competitor = await findCompetitorCustomers(`${site.origin}/deep-content`, { fetcher });
    expect(competitor.error).toBeNull();
    expect(competitor.businesses.map((b) => [b.name, b.domain])).toEqual([
      ['Boulangerie Dubois', 'boulangerie-dubois.fr'],
    ]);
  });

  it('45,000 job titles on a careers page, 45,000 labels on a case study: read in time linear in them', async () => {
    const careers = pageFromHtml({
      url: 'https://example.de/karriere',
      role: 'careers',
      html: `<html><body><h2>Offene Stellen</h2><ul>${'<li>Bäcker (m/w/d)</li>'.repeat(45_000)}</ul></body></html>`,
    });
    const roles = await analyzeCareers([careers]);
    expect(roles).toMatchObject({ hiring: true, method: 'page' });
    expect(roles.roles.map((r) => r.title)).toEqual(['Bäcker']);

    const story = 'https://rival.io/customers/acme';
    const labels = `<dl><dt>Kunde</dt><dd>Acme GmbH</dd>${'<dt>Branche</dt>'.repeat(45_000)}</dl>`;
    const $ = pageFromHtml({ url: story, html: labels }).$;
    const found = extractCustomers($, story, { competitorSite: 'rival.io', kind: 'case_study' });
    expect(found.map((f) => [f.name, f.kind])).toEqual([['Acme GmbH', 'case_study']]);
  });

  it('a 20 MB single line: the fetcher keeps 2 MB and every analyzer reads it', async () => {
    const { crawl, result } = await enrich('/line');
    expect(crawl.pages.map((p) => [p.truncated, p.html.length <= 2 * 1024 * 1024])).toEqual([[true, true]]);
    expect(result.analyzer_errors).toEqual({});
    expect(result.pages).toHaveLength(1);
    const competitor = await findCompetitorCustomers(`${site.origin}/line`, { fetcher });
    expect(competitor).toMatchObject({ businesses: [], error: null });
  });
});
