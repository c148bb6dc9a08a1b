/**
 * POST /discovery/competitor-customers end to end: the session.competitors job crawls competitor websites served
 * from a local server (../../packages/engine/src/discovery/competitors/fixtures) and stores their customers with
 * the evidence; a failed site is retried alone; a cancel stops the run and keeps what was found.
 */
import { type CompetitorSites, startCompetitorSites } from '@argo/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, type TestUser } from '../access/access.fixtures';

// biome-ignore lint/suspicious/noExplicitAny: test helper
type Item = any;

describe('POST /discovery/competitor-customers through the session.competitors job', () => {
  let t: TestApp;
  let sites: CompetitorSites;
  let worker: JobQueue;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    sites = await startCompetitorSites();
    worker = await startWorker(t, {
      crawl: { fetcher: { allowAddresses: ['127.0.0.1'], resolve: sites.resolve, retries: 0 } },
    });
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 2000 });
    await sites?.close();
    await t?.close();
  });

  async function results(sessionId: string): Promise<Item[]> {
    const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { pageSize: 500 },
    });
    expect(res.status).toBe(200);
    return res.body.items;
  }

  const start = (body: Record<string, unknown>) =>
    t.call('POST', '/api/discovery/competitor-customers', { token: admin.token, body });

  it('stores each competitor’s customers with evidence; a site that failed is read again alone on retry', async () => {
    sites.down.add('kassenmeister.de');
    const res = await start({
      name: 'Rivals',
      competitor_urls: [sites.urlOf('practiceflow.io'), sites.urlOf('kassenmeister.de')],
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ type: 'competitors', status: 'queued' });
    const id = res.body.id;

    const failed = await waitForInfo(t, admin.token, id, isFinished);
    expect(failed).toMatchObject({ status: 'failed', progress: { total: 2, done: 2, failed: 1 } });
    expect(failed.error).toMatch(
      /^1 of 2 competitor websites could not be read \(.+\)\. The customers found are kept/,
    );
    const partial = await results(id);
    expect(partial.map((b: Item) => b.name).sort()).toEqual(
      [
        'Bright Smile Dental',
        'Cedar Grove Pediatric Dentistry',
        'Green Valley Dental',
        'Lakeside Family Dental',
        'Maple Leaf Dental Studio',
        'Northgate Dental Care',
        'Oak Street Orthodontics',
        'Pinecrest Smiles',
        'Riverside Family Dentistry',
        'Summit Endodontics',
        'harbourdentalgroup.co.uk',
      ].sort(),
    );
    const riverside = partial.find((b: Item) => b.name === 'Riverside Family Dentistry');
    expect(riverside).toMatchObject({
      source: 'competitor',
      source_ref: 'practiceflow.io',
      domain: 'riversidefamilydentistry.com',
      website: 'https://riversidefamilydentistry.com/',
    });
    expect(riverside.sources).toEqual([
      expect.objectContaining({
        source: 'competitor',
        source_ref: 'practiceflow.io',
        url: expect.stringMatching(/\/customers\/riverside-family-dentistry$/),
        snippet: 'How Riverside Family Dentistry cut no-shows by 38%',
      }),
    ]);
    // Customers known only by name are kept apart (not folded into one row per competitor).
    expect(partial.filter((b: Item) => b.domain === null).length).toBeGreaterThanOrEqual(4);

    sites.down.delete('kassenmeister.de');
    const askedBefore = sites.requests.length;
    const retry = await t.call('POST', `/api/users/sessions/${id}/retry`, { token: admin.token });
    expect(retry.status).toBe(200);
    const info = await waitForInfo(t, admin.token, id, isFinished);
    expect(info).toMatchObject({
      status: 'completed',
      error: null,
      progress: { total: 2, done: 2, failed: 0 },
    });
    // Only the failed competitor was read again.
    expect(sites.requests.slice(askedBefore).every((r) => r.startsWith('www.kassenmeister.de'))).toBe(true);
    const items = await results(id);
    expect(items).toHaveLength(partial.length + 5);
    expect(items.find((b: Item) => b.name === 'Bäckerei Schäl')).toMatchObject({
      domain: 'baeckerei-schael.de',
      source_ref: 'kassenmeister.de',
    });
    expect(items.find((b: Item) => b.name === 'Backhaus Wendt').sources[0].snippet).toMatch(/Backhaus Wendt/);
    expect(new Set(items.map((b: Item) => b.name)).size).toBe(items.length);
  });

  it('a competitor given twice (its home and its references page) stores each customer once', async () => {
    const res = await start({
      name: 'Both',
      competitor_urls: [sites.urlOf('kassenmeister.de', '/referenzen/'), sites.urlOf('kassenmeister.de')],
    });
    const info = await waitForInfo(t, admin.token, res.body.id, isFinished);
    expect(info.status).toBe('completed');
    const items = await results(res.body.id);
    expect(new Set(items.map((b: Item) => b.name)).size).toBe(items.length);
    expect(items.find((b: Item) => b.name === 'Bäckerei Schäl')).toBeDefined();
  });

  it('cancel stops the crawl within seconds and keeps what was found', async () => {
    sites.delayMs = 400;
    try {
      const res = await start({
        name: 'Slow rivals',
        competitor_urls: [sites.urlOf('practiceflow.io'), sites.urlOf('kassenmeister.de')],
      });
      const id = res.body.id;
      await waitForInfo(t, admin.token, id, (i) => i.status === 'running' && i.progress.done >= 1, 30_000);
      const cancel = await t.call('POST', `/api/users/sessions/${id}/cancel`, { token: admin.token });
      expect(cancel.status).toBe(200);
      const info = await waitForInfo(t, admin.token, id, isFinished, 10_000);
      expect(info.status).toBe('cancelled');
      expect(info.progress.done).toBeLessThan(2);
      expect((await results(id)).length).toBeGreaterThan(0);
    } finally {
      sites.delayMs = 0;
    }
  }, 60_000);

  it('a worker stopped in the middle (server restart): the next one resumes without re-reading finished sites', async () => {
    sites.delayMs = 300;
    const first = await startWorker(t, {
      crawl: { fetcher: { allowAddresses: ['127.0.0.1'], resolve: sites.resolve, retries: 0 } },
    });
    // The file's own worker is stopped too, so only `first`, then `second`, work on this session.
    await worker.stop({ timeoutMs: 5000 });
    try {
      const res = await start({
        name: 'Restarted rivals',
        competitor_urls: [sites.urlOf('practiceflow.io'), sites.urlOf('kassenmeister.de')],
      });
      const id = res.body.id;
      await waitForInfo(t, admin.token, id, (i) => i.status === 'running' && i.progress.done >= 1, 30_000);
      await first.stop({ timeoutMs: 5000 });
      const stopped = await waitForInfo(t, admin.token, id, () => true);
      expect(stopped.status).toBe('running');
      const askedBefore = sites.requests.length;
      sites.delayMs = 0;
      worker = await startWorker(t, {
        crawl: { fetcher: { allowAddresses: ['127.0.0.1'], resolve: sites.resolve, retries: 0 } },
      });
      const info = await waitForInfo(t, admin.token, id, isFinished, 30_000);
      expect(info).toMatchObject({ status: 'completed', progress: { total: 2, done: 2, failed: 0 } });
      // PracticeFlow was finished before the stop: not read again.
      expect(sites.requests.slice(askedBefore).filter((r) => r.startsWith('www.practiceflow.io'))).toEqual(
        [],
      );
      const items = await results(id);
      expect(items).toHaveLength(16);
      expect(new Set(items.map((b: Item) => b.name)).size).toBe(16);
    } finally {
      sites.delayMs = 0;
    }
  }, 90_000);

  it('refuses a competitor list that is not web addresses (400)', async () => {
    const res = await start({ name: 'Bad', competitor_urls: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBeTruthy();
  });
});
