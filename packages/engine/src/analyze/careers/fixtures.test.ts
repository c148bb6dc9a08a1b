/**
 * career_analysis on real careers pages (../shared/fixtures/careers, served from a local server under their
 * original host names): hiring.truth.json reproduced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from '../../crawl/crawl-site';
import { createFetcher, type Fetcher } from '../../crawl/fetcher';
import { pageFromFetch } from '../../crawl/page';
import {
  fixtureHandler,
  fixtureResolver,
  hasFixtures,
  loadCareersFixtures,
  localUrl,
  MISSING_FIXTURES_MESSAGE,
} from '../../crawl/test-fixtures';
import { type LocalServer, startServer } from '../../crawl/test-server';
import { analyzeCareers } from './analyze';

if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);

describe.runIf(hasFixtures)('career_analysis on real careers pages', () => {
  let server: LocalServer;
  let fetcher: Fetcher;
  let careers: ReturnType<typeof loadCareersFixtures> = [];

  beforeAll(async () => {
    careers = loadCareersFixtures();
    server = await startServer(fixtureHandler(careers));
    fetcher = createFetcher({ allowAddresses: ['127.0.0.1'], resolve: fixtureResolver(careers), retries: 0 });
  });

  afterAll(async () => {
    await fetcher?.close();
    await server?.close();
  });

  it('reproduces hiring and open roles of every page in hiring.truth.json', async () => {
    expect(careers).toHaveLength(4);
    for (const fixture of careers) {
      const result = await fetcher.fetchPage(localUrl(fixture.originalUrl, server.port));
      expect(result.error, fixture.key).toBeUndefined();
      const page = pageFromFetch({ ...result, html: result.html ?? '' }, 'careers');
      const analysis = await analyzeCareers([page], { fetcher });
      expect(analysis.hiring, fixture.key).toBe(fixture.truth.hiring);
      expect(
        analysis.roles.map((r) => r.title),
        fixture.key,
      ).toEqual(fixture.truth.open_roles);
      expect(analysis.careers_url, fixture.key).toBe(page.url);
      expect(analysis.source_url, fixture.key).toBe(page.url);
      expect(analysis.method, fixture.key).toBe('page');
      // The truth's "ats": Greenhouse where the page links to a Greenhouse posting, none for an Airtable form.
      const truthAts = String(fixture.truth.ats ?? '');
      expect(analysis.ats, fixture.key).toBe(truthAts.startsWith('Greenhouse:') ? 'Greenhouse' : null);
    }
  });

  it('reads the role card: link to the posting and "Fully remote"', async () => {
    const fixture = careers.find((c) => c.key.startsWith('2i2c_jobs-index_hiring')) as (typeof careers)[0];
    const result = await fetcher.fetchPage(localUrl(fixture.originalUrl, server.port));
    const analysis = await analyzeCareers([pageFromFetch({ ...result, html: result.html ?? '' }, 'careers')]);
    expect(analysis.roles).toEqual([
      {
        title: 'Open Source Infrastructure Engineer',
        department: null,
        location: 'Fully remote',
        url: 'https://2i2c.org/jobs/2023/23qq4-open-source-infrastructure-engineer/',
      },
    ]);
  });

  it('reads the listing with its posting page: the listing decides, the posting names Greenhouse', async () => {
    // As a crawl of 2i2c.org/jobs/ hands them over: the listing, then the posting it links (the Greenhouse API
    // host does not resolve here, so the pages answer).
    const listing = careers.find((c) => c.key.startsWith('2i2c_jobs-index_hiring')) as (typeof careers)[0];
    const posting = careers.find((c) => c.key.includes('open-source-infrastructure')) as (typeof careers)[0];
    const pages = [];
    for (const fixture of [listing, posting]) {
      const result = await fetcher.fetchPage(localUrl(fixture.originalUrl, server.port));
      pages.push(pageFromFetch({ ...result, html: result.html ?? '' }, 'careers'));
    }
    const analysis = await analyzeCareers(pages, { fetcher });
    expect(analysis).toEqual({
      hiring: true,
      careers_url: `http://2i2c.org:${server.port}/jobs/`,
      ats: 'Greenhouse',
      roles: [
        {
          title: 'Open Source Infrastructure Engineer',
          department: null,
          location: 'Fully remote',
          url: 'https://2i2c.org/jobs/2023/23qq4-open-source-infrastructure-engineer/',
        },
      ],
      source_url: `http://2i2c.org:${server.port}/jobs/`,
      method: 'page',
    });
  });

  it('crawls the jobs site from its listing', async () => {
    const start = careers.find((c) => c.key.startsWith('2i2c_jobs-index_hiring')) as (typeof careers)[0];
    const crawl = await crawlSite(localUrl(start.originalUrl, server.port), { fetcher });
    const analysis = await analyzeCareers(crawl.pages, { fetcher });
    expect(analysis.hiring).toBe(true);
    expect(analysis.roles.map((r) => r.title)).toEqual(['Open Source Infrastructure Engineer']);
  });
});
