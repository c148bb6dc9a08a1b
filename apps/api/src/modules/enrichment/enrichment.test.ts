/**
 * Enrichment through the app: sessions whose businesses' websites are the real fixture pages (served from a
 * local server under their original host names, DNS mapped to 127.0.0.1) and a fault web (timeouts, resets, 5xx,
 * a 50 MB body, redirect loops, binary files, wrong charsets, robots.txt) — each through POST /enrichment/*, the
 * session.enrich job on a real worker and GET results.
 */
import { randomUUID } from 'node:crypto';
import { createFetcher, detectSoftware, pageFromFetch } from '@argo/engine';
import {
  type FixturePage,
  fixtureHandler,
  fixtureResolver,
  hasFixtures,
  loadCareersFixtures,
  loadHtmlFixtures,
  localUrl,
  MISSING_FIXTURES_MESSAGE,
} from '@argo/engine/crawl/test-fixtures';
import { type LocalServer, startServer } from '@argo/engine/crawl/test-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import { businesses, enrichmentResults, sessions } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';
import { FAULT_HOSTS, type FaultState, faultHandler } from './fault-web.fixtures';

if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let server: LocalServer;
let pages: FixturePage[] = [];
const faults: FaultState = { requests: 0, errorHostHealed: false };

beforeAll(async () => {
  pages = hasFixtures ? [...loadHtmlFixtures(), ...loadCareersFixtures(), ...careersAlone()] : [];
  const fixtures = fixtureHandler(pages);
  const fault = faultHandler(faults);
  server = await startServer((req, res) => {
    faults.requests += 1;
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    return FAULT_HOSTS.includes(host) ? fault(req, res) : fixtures(req, res);
  });
  t = await createTestApp();
  worker = await startWorker(
    t,
    {},
    {
      enrichment: {
        concurrency: 6,
        fetcher: {
          allowAddresses: ['127.0.0.1'],
          resolve: fixtureResolver(pages, Object.fromEntries(FAULT_HOSTS.map((h) => [h, '127.0.0.1']))),
          timeoutMs: 4000,
          connectTimeoutMs: 4000,
          retries: 0,
        },
      },
    },
  );
  admin = await createAdmin(t);
  member = await addUser(t, admin);
  outsider = await createAdmin(t, 'Other Org');
}, 60_000);

afterAll(async () => {
  await worker?.stop({ graceful: false });
  await t?.close();
  await server?.close();
});

interface Seed {
  name: string;
  website: string | null;
  category?: string;
  city?: string;
}

/** A finished session of `owner` holding these businesses (as a discovery run would have left them). */
async function seedSession(owner: TestUser, seeds: Seed[], ventureId?: string) {
  const sessionId = await createSession(t, owner, ventureId ? { venture_id: ventureId } : {});
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  const rows = await t.database.db
    .insert(businesses)
    .values(
      seeds.map((seed, i) => ({
        accountId: owner.accountId,
        sessionId,
        runId,
        dedupeKey: `k${i}`,
        name: seed.name,
        website: seed.website,
        category: seed.category ?? null,
        city: seed.city ?? null,
        source: 'osm',
      })),
    )
    .returning({ id: businesses.id, name: businesses.name });
  return { sessionId, ids: Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<string, string> };
}

const enrich = (user: TestUser, type: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/enrichment/${type}`, { token: user.token, body });

async function runToEnd(user: TestUser, type: string, body: Record<string, unknown>) {
  const res = await enrich(user, type, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(['queued', 'running']).toContain(res.body.session.status);
  expect(res.body.session.stage).toBe('enriching');
  return waitForInfo(t, user.token, body.session_id as string, isFinished, 120_000);
}

// biome-ignore lint/suspicious/noExplicitAny: results are asserted field by field
async function results(user: TestUser, sessionId: string): Promise<Record<string, any>> {
  const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
    token: user.token,
    query: { pageSize: 500 },
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.items.map((b: { name: string }) => [b.name, b]));
}

const url = (host: string, path = '/') => `http://${host}:${server.port}${path}`;

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

/**
 * The careers snapshots, each alone on its own host: served together under 2i2c.org, a crawl of the 2026 "not
 * hiring" index would also find the 2024 job pages beside it, which that site no longer had.
 */
function careersAlone() {
  return loadCareersFixtures().map((page) => ({
    ...page,
    originalUrl: page.originalUrl
      .replace('2i2c.org', `${page.key.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.fixture.test`)
      .replace(/\?snapshot=.*$/, ''),
  }));
}

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

describe('fault web', () => {
  let sessionId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ({ sessionId, ids } = await seedSession(admin, [
      { name: 'Slow', website: url('slow.fault.test') },
      { name: 'Reset', website: url('reset.fault.test') },
      { name: 'Error', website: url('error.fault.test') },
      { name: 'Huge', website: url('huge.fault.test') },
      { name: 'Loop', website: url('loop.fault.test', '/a') },
      { name: 'Binary', website: url('binary.fault.test', '/brochure.pdf') },
      { name: 'Latin1', website: url('latin1.fault.test') },
      { name: 'Robots', website: url('robots.fault.test') },
      { name: 'Unknown host', website: url('nowhere.fault.invalid') },
      { name: 'Private', website: 'http://10.0.0.1/' },
      { name: 'No website', website: null },
    ]));
  });

  it('completes the session and records each failure with its reason', async () => {
    const info = await runToEnd(admin, 'unified', { session_id: sessionId });
    expect(info.status).toBe('completed');
    expect(info.progress.total).toBe(11);
    expect(info.progress.done).toBe(11);
    const found = await results(admin, sessionId);
    const outcome = (name: string) => [found[name].enrichment_state, found[name].enrichment_error];
    expect(outcome('Slow')).toEqual([
      'failed',
      expect.stringMatching(/^timeout fetching http:\/\/slow\.fault\.test/),
    ]);
    expect(outcome('Reset')).toEqual([
      'failed',
      expect.stringMatching(/^connection reset fetching http:\/\/reset/),
    ]);
    expect(outcome('Error')).toEqual(['failed', expect.stringMatching(/^HTTP 503 fetching http:\/\/error/)]);
    expect(outcome('Loop')).toEqual(['failed', expect.stringMatching(/^redirect loop fetching/)]);
    expect(outcome('Binary')).toEqual(['failed', expect.stringMatching(/^not an HTML page fetching/)]);
    expect(outcome('Robots')).toEqual(['failed', `robots.txt disallows ${url('robots.fault.test')}`]);
    expect(outcome('Unknown host')).toEqual(['failed', expect.stringMatching(/^DNS lookup failed fetching/)]);
    expect(outcome('Private')).toEqual([
      'failed',
      expect.stringMatching(/^refused address fetching http:\/\/10\.0\.0\.1/),
    ]);
    expect(outcome('No website')).toEqual(['skipped', 'no website to crawl']);
    // A 50 MB page is read up to the size cap and analysed; a wrongly labelled charset is still decoded.
    expect(found.Huge.enrichment_state).toBe('done');
    expect(found.Latin1.enrichment_state).toBe('done');
    expect(found.Latin1.software.map((s: { name: string }) => s.name)).toContain('WordPress');
    expect(info.progress.failed).toBe(8);
  }, 120_000);

  it('re-runs only the failed businesses with only_failed, and a re-run replaces the rows', async () => {
    const before = await t.database.db
      .select()
      .from(enrichmentResults)
      .where(eq(enrichmentResults.businessId, ids.Latin1 as string));
    faults.errorHostHealed = true;
    const info = await runToEnd(admin, 'software_detection', { session_id: sessionId, only_failed: true });
    expect(info.status).toBe('completed');
    expect(info.progress.total).toBe(8);
    const found = await results(admin, sessionId);
    expect(found.Error.enrichment_state).toBe('done');
    expect(found.Error.software.map((s: { name: string }) => s.name)).toContain('WordPress');
    expect(found.Slow.enrichment_state).toBe('failed');
    // Latin1 was done: not crawled again, its row untouched.
    const after = await t.database.db
      .select()
      .from(enrichmentResults)
      .where(eq(enrichmentResults.businessId, ids.Latin1 as string));
    expect(after).toEqual(before);

    const again = await runToEnd(admin, 'software_detection', {
      session_id: sessionId,
      business_ids: [ids.Latin1],
    });
    expect(again.progress).toEqual({ total: 1, done: 1, failed: 0 });
    const replaced = await t.database.db
      .select()
      .from(enrichmentResults)
      .where(
        and(
          eq(enrichmentResults.businessId, ids.Latin1 as string),
          eq(enrichmentResults.type, 'software_detection'),
        ),
      );
    expect(replaced).toHaveLength(1);
    const first = before.find((r) => r.type === 'software_detection');
    expect(replaced[0]?.observedAt.getTime()).toBeGreaterThan(first?.observedAt.getTime() ?? 0);
  }, 120_000);
});

describe('cancel, ICP re-scoring, access', () => {
  it('cancels within seconds, keeping the businesses already done', async () => {
    const seeds: Seed[] = Array.from({ length: 40 }, (_, i) => ({
      name: `Slow ${i}`,
      website: url(`slow.fault.test`, `/site-${i}`),
    }));
    seeds.unshift({ name: 'Fast', website: url('latin1.fault.test') });
    const { sessionId } = await seedSession(admin, seeds);
    const res = await enrich(admin, 'software_detection', { session_id: sessionId });
    expect(res.status).toBe(202);
    await waitForInfo(t, admin.token, sessionId, (i) => i.progress.done >= 1, 30_000);
    const cancelled = await t.call('POST', `/api/users/sessions/${sessionId}/cancel`, { token: admin.token });
    expect(cancelled.status).toBe(200);
    const info = await waitForInfo(t, admin.token, sessionId, isFinished, 10_000);
    expect(info.status).toBe('cancelled');
    // The job really stops: within seconds nothing is left running (the session shows cancelled at once; the
    // worker notices at its next cancel poll and hands back what it had in flight), and progress stays put.
    let states: string[] = [];
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      states = Object.values(await results(admin, sessionId)).map((b) => b.enrichment_state);
      if (!states.includes('running')) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    expect(states).not.toContain('running');
    await new Promise((done) => setTimeout(done, 1000));
    const later = await t.call('GET', `/api/user/session/${sessionId}/info`, { token: admin.token });
    expect(later.body.progress.done).toBeLessThan(41);
    expect(states).toContain('pending');
    // What was finished before the cancel is kept, and counted.
    const finished = states.filter((s) => s === 'done' || s === 'failed');
    expect(finished.length).toBeGreaterThanOrEqual(1);
    expect(finished.length).toBe(later.body.progress.done);
  }, 60_000);

  it('re-scores the ICP from stored results without any HTTP request', async () => {
    const venture = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'WP Care', icp: { software_signals: ['WordPress'], locations: ['Leeds'] } },
    });
    expect(venture.status, JSON.stringify(venture.body)).toBe(201);
    const { sessionId } = await seedSession(
      admin,
      [
        { name: 'WP Leeds', website: url('latin1.fault.test'), city: 'Leeds' },
        { name: 'Plain York', website: url('plain.fault.test'), city: 'York' },
      ],
      venture.body.venture_id ?? venture.body.id,
    );
    await runToEnd(admin, 'software_detection', { session_id: sessionId });
    const requestsBefore = faults.requests;
    const info = await runToEnd(admin, 'icp_analysis', { session_id: sessionId });
    expect(info.status).toBe('completed');
    expect(faults.requests).toBe(requestsBefore);
    const found = await results(admin, sessionId);
    expect(found['WP Leeds'].icp_score).toBeGreaterThan(found['Plain York'].icp_score);
    expect(found['WP Leeds'].icp_tier).toMatch(/^[A-D]$/);
    const reasons = found['WP Leeds'].details.icp_reasons;
    expect(reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ criterion: 'software_signals', matched: true })]),
    );
  }, 60_000);

  it('answers 404 to another account, 403 to a view share, 400 for foreign ids, 409 while busy', async () => {
    const { sessionId } = await seedSession(admin, [{ name: 'A', website: url('latin1.fault.test') }]);
    expect((await enrich(outsider, 'unified', { session_id: sessionId })).status).toBe(404);
    const grant = await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: member.userId, access: 'view' },
    });
    expect(grant.status).toBeLessThan(300);
    const viewer = await enrich(member, 'unified', { session_id: sessionId });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.message).toMatch(/view access/);

    const foreign = randomUUID();
    const bad = await enrich(admin, 'run', {
      session_id: sessionId,
      types: ['software_detection'],
      business_ids: [foreign],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ field: 'business_ids' });
    expect(bad.body.error.message).toContain(foreign);

    const badType = await enrich(admin, 'run', { session_id: sessionId, types: ['horoscope'] });
    expect(badType.status).toBe(400);
    const noIcp = await enrich(admin, 'icp_analysis', { session_id: sessionId });
    expect(noIcp.status).toBe(409);

    await t.database.db
      .update(sessions)
      .set({ status: 'running', stage: 'discovering' })
      .where(eq(sessions.id, sessionId));
    const busy = await enrich(admin, 'unified', { session_id: sessionId });
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/running \(discovering\)/);
  });
});
