/**
 * Enrichment of the real fixture pages (served locally under their original host names) through POST
 * /enrichment/*, the session.enrich job on a real worker and GET results: software detection finds on every page
 * what the engine's detector finds on it alone, with where and when it was observed (one row per business and
 * type); career analysis reproduces the hiring truth, the open roles and the careers page. Skipped without the
 * fixtures.
 */
import { createFetcher, detectSoftware, pageFromFetch } from '@argo/engine';
import { fixtureResolver, hasFixtures, loadHtmlFixtures, localUrl } from '@argo/engine/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrichmentResults } from '../../db/schema';
import {
  admin,
  careersAlone,
  pages,
  results,
  runToEnd,
  seedSession,
  server,
  t,
  useEnrichmentApp,
} from './enrichment.fixtures';

useEnrichmentApp();

describe.runIf(hasFixtures)('enrichment of real pages', () => {
  it('finds the software of every fixture page, as the engine does on the page, with details', async () => {
    const html = loadHtmlFixtures();
    const { sessionId } = await seedSession(
      admin,
      html.map((p) => ({ name: p.key, website: localUrl(p.originalUrl, server.port) })),
    );
    const info = await runToEnd(admin, 'software_detection', { session_id: sessionId });
    expect(info.status).toBe('completed');
    const found = await results(admin, sessionId);
    const failures = Object.values(found)
      .filter((b) => b.enrichment_state !== 'done')
      .map((b) => `${b.name}: ${b.enrichment_error}`);
    expect(failures).toEqual([]);
    expect(info.progress).toEqual({ total: html.length, done: html.length, failed: 0 });

    // The reference: the engine's detector on the same page alone, fetched here directly.
    const fetcher = createFetcher({
      allowAddresses: ['127.0.0.1'],
      resolve: fixtureResolver(pages),
      retries: 0,
    });
    let truthFound = 0;
    try {
      for (const page of html) {
        const business = found[page.key];
        expect(business.enrichment_state, page.key).toBe('done');
        const names = new Set(business.software.map((s: { name: string }) => s.name));
        const fetched = await fetcher.fetchPage(localUrl(page.originalUrl, server.port));
        const alone = detectSoftware([pageFromFetch({ ...fetched, html: fetched.html ?? '' }, 'home')]);
        for (const tech of alone) expect(names.has(tech.name), `${page.key}: ${tech.name}`).toBe(true);
        truthFound += page.technologies.filter((truth) => names.has(truth.name)).length;
        expect(business.details.pages[0].url).toBe(localUrl(page.originalUrl, server.port));
        expect(Date.parse(business.details.pages[0].fetched_at)).toBeGreaterThan(0);
        for (const s of business.software) expect(s.evidence).toBeTruthy();
      }
    } finally {
      await fetcher.close();
    }
    // Truth names spelt exactly as the data spells them (aliases are the engine's fixture test's business).
    expect(truthFound).toBeGreaterThan(60);
    const wordpress = found['pages/wordpress.source.html'];
    expect(wordpress.software.map((s: { name: string }) => s.name)).toContain('WordPress');

    // One row per (business, type), with where and when it was observed.
    const rows = await t.database.db
      .select()
      .from(enrichmentResults)
      .where(eq(enrichmentResults.businessId, wordpress.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'software_detection', producedBy: 'builtin' });
    expect(rows[0]?.sourceUrl).toContain('wordpress');
  }, 180_000);
});
describe.runIf(hasFixtures)('careers of real pages', () => {
  it('reproduces the hiring truth: hiring yes/no, the open roles, the careers page', async () => {
    const careers = careersAlone();
    const { sessionId } = await seedSession(
      admin,
      careers.map((p) => ({ name: p.key, website: localUrl(p.originalUrl, server.port) })),
    );
    const info = await runToEnd(admin, 'career_analysis', { session_id: sessionId });
    expect(info.status).toBe('completed');
    const found = await results(admin, sessionId);
    for (const page of careers) {
      const business = found[page.key];
      expect(business.enrichment_state, page.key).toBe('done');
      expect(business.hiring, page.key).toBe(page.truth.hiring);
      const titles = business.details.careers.roles.map((r: { title: string }) => r.title);
      for (const role of (page.truth.open_roles as string[] | undefined) ?? []) {
        expect(titles.join(' | '), page.key).toContain(role);
      }
      expect(business.details.careers.url, page.key).toBeTruthy();
    }
  }, 120_000);
});
