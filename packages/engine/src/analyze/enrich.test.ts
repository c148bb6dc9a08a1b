/**
 * enrichSite on real pages: ../shared/fixtures served from a local server under their original host names (DNS
 * mapped to 127.0.0.1), crawled once, every requested analyzer reading the same pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, type SiteCrawl } from '../crawl/crawl-site';
import { createFetcher, type Fetcher } from '../crawl/fetcher';
import {
  type FixturePage,
  fixtureHandler,
  fixtureResolver,
  hasFixtures,
  loadCareersFixtures,
  loadHtmlFixtures,
  localUrl,
  MISSING_FIXTURES_MESSAGE,
} from '../crawl/test-fixtures';
import { type LocalServer, startServer } from '../crawl/test-server';
import { type LanguageModel, LanguageModelError } from '../llm/language-model';
import { enrichSite } from './enrich';
import type { IcpCriteria } from './icp/types';

if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);

const ICP: IcpCriteria = {
  industries: [],
  locations: [],
  keywords: ['open source'],
  exclude_keywords: [],
  employee_min: null,
  employee_max: null,
  software_signals: ['uses Hugo'],
  hiring_signal: true,
};

/** A model that always fails, like an unreachable server. */
const brokenModel: LanguageModel = {
  name: 'broken-model',
  complete: async () => {
    throw new LanguageModelError('network', 'connection refused');
  },
};

describe.runIf(hasFixtures)('enrichSite on real pages (../shared/fixtures)', () => {
  let server: LocalServer;
  let fetcher: Fetcher;
  let pages: FixturePage[] = [];
  let jobs: SiteCrawl;

  beforeAll(async () => {
    pages = [...loadHtmlFixtures(), ...loadCareersFixtures()];
    server = await startServer(fixtureHandler(pages));
    fetcher = createFetcher({ allowAddresses: ['127.0.0.1'], resolve: fixtureResolver(pages), retries: 0 });
    jobs = await crawlSite(localUrl('https://2i2c.org/jobs/', server.port), { fetcher });
  });

  afterAll(async () => {
    await fetcher?.close();
    await server?.close();
  });

  it('runs all four analyzers on one crawl and combines what they found', async () => {
    const result = await enrichSite(
      jobs,
      ['software_detection', 'career_analysis', 'ai_summary', 'icp_analysis'],
      { business: { name: '2i2c', country: 'US' }, icp: ICP, fetcher },
    );
    expect(result.analyzer_errors).toEqual({});
    // The pages every analyzer read, with when they were fetched; the 404s of the plan recorded with reasons.
    expect(result.pages[0]).toMatchObject({ role: 'home', url: jobs.homeUrl });
    for (const page of result.pages) expect(Date.parse(page.fetched_at)).not.toBeNaN();
    expect(result.pages.length).toBe(jobs.pages.length);
    expect(result.errors.length).toBe(jobs.errors.length + jobs.robotsBlocked.length);

    const names = result.software_detection?.technologies.map((t) => t.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['Hugo', 'Google Analytics']));

    expect(result.career_analysis?.hiring).toBe(true);
    expect(result.career_analysis?.roles.map((r) => r.title).join(' | ')).toContain(
      'Open Source Infrastructure Engineer',
    );

    expect(result.ai_summary?.produced_by).toBe('builtin');
    expect(result.ai_summary?.source_urls.length).toBeGreaterThan(0);

    const icp = result.icp_analysis;
    expect(icp?.produced_by).toBe('builtin');
    const reason = (criterion: string) => icp?.reasons.find((r) => r.criterion === criterion);
    expect(reason('software_signals')).toMatchObject({ matched: true, points: 33.3 });
    expect(reason('software_signals')?.evidence).toContain('detected Hugo (http://2i2c.org:');
    expect(reason('hiring_signal')).toMatchObject({ matched: true, points: 22.2 });
    expect(icp?.score).toBeGreaterThanOrEqual(50);
  });

  it('runs only the requested analyzers', async () => {
    const result = await enrichSite(jobs, ['software_detection'], { business: { name: '2i2c' } });
    expect(Object.keys(result).sort()).toEqual(['analyzer_errors', 'errors', 'pages', 'software_detection']);
  });

  it('scores the ICP alone from earlier results, without running the other analyzers', async () => {
    const first = await enrichSite(jobs, ['software_detection'], { business: { name: '2i2c' } });
    const rescored = await enrichSite(jobs, ['icp_analysis'], {
      business: { name: '2i2c' },
      icp: { ...ICP, hiring_signal: null, keywords: [] },
      previous: first,
    });
    expect(rescored.software_detection).toBeUndefined();
    expect(rescored.icp_analysis).toMatchObject({ score: 100, tier: 'A' });
  });

  it('keeps the built-in results when the language model fails, and says so', async () => {
    const result = await enrichSite(jobs, ['ai_summary', 'icp_analysis'], {
      business: { name: '2i2c' },
      icp: ICP,
      languageModel: brokenModel,
    });
    expect(result.ai_summary?.produced_by).toBe('builtin');
    expect(result.icp_analysis?.produced_by).toBe('builtin');
    expect(result.analyzer_errors.icp_analysis).toMatch(/built-in score kept.*connection refused/);
  });

  it('records every analyzer as failed when the site gave no page, and never throws', async () => {
    const crawl = await crawlSite('http://no-such-host.fixture.test/', { fetcher });
    const result = await enrichSite(
      crawl,
      ['software_detection', 'career_analysis', 'ai_summary', 'icp_analysis'],
      { business: { name: 'Nobody' } },
    );
    expect(result.pages).toEqual([]);
    expect(result.errors).toEqual([
      expect.objectContaining({ role: 'home', error: expect.objectContaining({ kind: 'dns' }) }),
    ]);
    for (const type of ['software_detection', 'career_analysis', 'ai_summary'] as const) {
      expect(result[type]).toBeUndefined();
      expect(result.analyzer_errors[type]).toMatch(
        /^no pages to analyse: http:\/\/no-such-host\.fixture\.test\//,
      );
    }
    expect(result.analyzer_errors.icp_analysis).toMatch(/no ICP/);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      enrichSite(jobs, ['software_detection'], { business: { name: '2i2c' }, signal: controller.signal }),
    ).rejects.toThrow();
  });
});
