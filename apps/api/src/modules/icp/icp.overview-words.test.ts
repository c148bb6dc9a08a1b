/**
 * The ICP overview's words. POST /icp/overview after a real unified enrichment (the session.enrich job over a local
 * site): careers count as analysed by their stored result, so a unified run over a site without a careers page says
 * careers were analysed (careers_analysed) though none tells whether it is hiring (hiring_share null); a session
 * never enriched says 0. And the built-in narrative counts in English plurals ("1 is tier A", not "1 are").
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin, runToEnd, seedSession, t, url, useEnrichmentApp } from '../enrichment/enrichment.fixtures';
import { builtinNarrative } from './icp.overview.service';

const HOST = 'no-careers.overview.test';

/** A page the local web serves, as useEnrichmentApp takes them. */
type FixturePage = ReturnType<NonNullable<Parameters<typeof useEnrichmentApp>[0]>>[number];

/** A bakery's site of two pages, neither of them about jobs. */
function sitePages(): FixturePage[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'argo-icp-careers-'));
  const write = (name: string, html: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, html);
    return file;
  };
  const home = write(
    'home.html',
    `<!doctype html><html lang="en"><head><title>Crumb &amp; Co Bakery</title></head><body>
     <h1>Crumb &amp; Co — sourdough bakery in Leeds</h1>
     <p>Fresh bread every morning, cakes to order, and a small café.</p>
     <a href="/about/">About us</a></body></html>`,
  );
  const about = write(
    'about.html',
    `<!doctype html><html lang="en"><head><title>About — Crumb &amp; Co</title></head><body>
     <h1>About us</h1><p>A family bakery since 1998, baking with local flour.</p></body></html>`,
  );
  const page = (file: string, pathname: string): FixturePage => ({
    key: pathname,
    file,
    originalUrl: `http://${HOST}${pathname}`,
    headers: {},
    technologies: [],
  });
  return [page(home, '/'), page(about, '/about/')];
}

useEnrichmentApp(sitePages);

const overview = async (sessionId: string) => {
  const res = await t.call('POST', '/api/icp/overview', {
    token: admin.token,
    body: { session_id: sessionId },
  });
  expect(res.status).toBe(200);
  return res.body;
};

describe('POST /icp/overview: careers analysed by a unified run', () => {
  it('counts a site without a careers page as analysed, its hiring unknown', async () => {
    const { sessionId } = await seedSession(admin, [{ name: 'Crumb & Co', website: url(HOST) }]);
    expect(await overview(sessionId)).toMatchObject({ careers_analysed: 0, hiring_share: null });

    const info = await runToEnd(admin, 'unified', { session_id: sessionId });
    expect(info.status).toBe('completed');
    expect(await overview(sessionId)).toMatchObject({ careers_analysed: 1, hiring_share: null });
  });
});

describe('the built-in narrative: counts in English plurals', () => {
  const figures = (byTier: { tier: string | null; count: number }[]) =>
    builtinNarrative({
      total: byTier.reduce((sum, t) => sum + t.count, 0),
      byTier,
      scoreBuckets: [],
      industries: [],
      software: [],
      hiring: { hiring: 0, known: 0, analysed: 0 },
      decisionMakers: { analysed: 0, found: 0, reachable: 0 },
      places: [],
    });

  it('one is, several are; one fits, several fit', () => {
    expect(
      figures([
        { tier: 'A', count: 1 },
        { tier: 'B', count: 2 },
        { tier: 'C', count: 1 },
      ]),
    ).toContain('1 is tier A and 2 tier B; 1 fits less well.');
    expect(
      figures([
        { tier: 'A', count: 3 },
        { tier: 'C', count: 2 },
        { tier: 'D', count: 1 },
      ]),
    ).toContain('3 are tier A and 0 tier B; 3 fit less well.');
    expect(figures([{ tier: 'B', count: 2 }])).toContain('0 are tier A and 2 tier B; 0 fit less well.');
  });
});
