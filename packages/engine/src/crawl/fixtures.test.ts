/**
 * The crawler on real pages: ../shared/fixtures served from a local server under the original host names
 * (DNS mapped to 127.0.0.1).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from './crawl-site';
import { createFetcher, type Fetcher } from './fetcher';
import {
  type FixturePage,
  fixtureHandler,
  fixtureResolver,
  hasFixtures,
  loadCareersFixtures,
  loadHtmlFixtures,
  localUrl,
  MISSING_FIXTURES_MESSAGE,
} from './test-fixtures';
import { type LocalServer, startServer } from './test-server';

if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);

describe.runIf(hasFixtures)('crawler on real pages (../shared/fixtures)', () => {
  let server: LocalServer;
  let fetcher: Fetcher;
  let pages: FixturePage[] = [];
  let careers: ReturnType<typeof loadCareersFixtures> = [];

  beforeAll(async () => {
    careers = loadCareersFixtures();
    pages = [...loadHtmlFixtures(), ...careers];
    server = await startServer(fixtureHandler(pages));
    fetcher = createFetcher({ allowAddresses: ['127.0.0.1'], resolve: fixtureResolver(pages), retries: 0 });
  });

  afterAll(async () => {
    await fetcher?.close();
    await server?.close();
  });

  it('fetches and decodes all 28 pages exactly', async () => {
    expect(pages).toHaveLength(28);
    const results = await Promise.all(
      pages.map((p) => fetcher.fetchPage(localUrl(p.originalUrl, server.port))),
    );
    results.forEach((result, i) => {
      const page = pages[i] as FixturePage;
      expect(result.error, page.key).toBeUndefined();
      expect(result.html, page.key).toBe(readFileSync(page.file, 'utf8'));
    });
    const hoppe = results[pages.findIndex((p) => p.key.includes('buero-hoppe'))];
    expect(hoppe).toMatchObject({ charset: 'windows-1252', charsetSource: 'meta' }); // ISO-8859-1 in <meta>
  });

  it('reads the open roles of the careers pages', async () => {
    for (const page of careers) {
      const result = await fetcher.fetchPage(localUrl(page.originalUrl, server.port));
      for (const role of (page.truth.open_roles as string[] | undefined) ?? []) {
        expect(result.html, page.key).toContain(role);
      }
    }
  });

  it('crawls the 2i2c jobs page: plans careers pages and records every missing one with its reason', async () => {
    const start = careers.find((c) => c.key.startsWith('2i2c_jobs-index_hiring')) as FixturePage;
    const crawl = await crawlSite(localUrl(start.originalUrl, server.port), { fetcher });
    expect(crawl.pages[0]?.$('title').text()).toMatch(/Jobs/);
    expect(crawl.plan.filter((p) => p.role === 'careers').map((p) => new URL(p.url).pathname)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/jobs\/20\d\d\//)]),
    );
    // Pages outside the fixture set answer 404 (or do not resolve): each is recorded, none is lost.
    expect(crawl.pages.length - 1 + crawl.errors.length + crawl.robotsBlocked.length).toBe(crawl.plan.length);
    for (const error of crawl.errors) expect(['http', 'dns']).toContain(error.error.kind);
  });
});
