/**
 * Crash safety (issue 7, part 3): a 500-business session discovered from a local Overpass and then enriched,
 * with the worker process killed (SIGKILL, no goodbye) at seeded random moments while it runs — 10 kills over
 * discovery and enrichment, a fresh worker process after each. pg-boss retries the orphaned job (its expiry and
 * retry delay are shortened here so the test does not wait an hour); the job resumes from its checkpoint. At the
 * end every business is stored exactly once and every business is enriched once: one result row per
 * (business, type), every business `done`.
 */
import type { ChildProcess } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BBox, OverpassElement } from '@argo/engine';
import { type LocalServer, startServer } from '@argo/engine/crawl/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../../src/jobs/queue';
import { createAdmin, type TestUser } from '../../src/modules/access/access.fixtures';
import { createTestApp, type TestApp } from '../app';
import { type FakeOsm, startFakeOsm } from '../osm-server';
import { isFinished, spawnWorkerProcess, waitForInfo } from '../workers';

const PLACES = 500;
const KILLS = { discovery: 4, enrichment: 6 };
const BBOX: BBox = [50.0, 10.0, 50.2, 10.3];

/** mulberry32: the kill moments are random but the same on every run (seed 7). */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** 500 named cafés spread over the bbox, each with its own website (own registrable domain: nothing merges). */
function generatePlaces(port: number): OverpassElement[] {
  const random = seeded(500);
  return Array.from({ length: PLACES }, (_, i) => ({
    type: 'node' as const,
    id: 9_000_000 + i,
    lat: BBOX[0] + 0.001 + random() * (BBOX[2] - BBOX[0] - 0.002),
    lon: BBOX[1] + 0.001 + random() * (BBOX[3] - BBOX[1] - 0.002),
    tags: { name: `Crash Café ${i}`, amenity: 'cafe', website: `http://crash-cafe-${i}.com:${port}/` },
  }));
}

/** Every site: one small WordPress home page, a little slow, no links; no robots.txt. */
async function siteHandler(req: IncomingMessage, res: ServerResponse) {
  await new Promise((done) => setTimeout(done, 15));
  if (req.url !== '/') {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  const host = String(req.headers.host).replace(/:\d+$/, '');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><title>${host}</title><meta name="generator" content="WordPress 6.4.2">` +
      `<link rel="stylesheet" href="/wp-content/themes/x/style.css"></head>` +
      `<body><h1>${host}</h1><p>Coffee and cake since 1990.</p></body></html>`,
  );
}

describe('a 500-business session survives 10 kills of its worker process', () => {
  let t: TestApp;
  let admin: TestUser;
  let osm: FakeOsm;
  let sites: LocalServer;
  let maintenance: JobQueue;
  let child: ChildProcess | null = null;
  const random = seeded(7);
  const survived: Array<{ job: string; afterMs: number; done: number }> = [];

  beforeAll(async () => {
    sites = await startServer(siteHandler);
    t = await createTestApp();
    admin = await createAdmin(t);
    osm = await startFakeOsm([
      {
        place: { match: /crashtown/i, bbox: BBOX, displayName: 'Crashtown', countryCode: 'DE' },
        elements: generatePlaces(sites.port),
      },
    ]);
    // Each Overpass answer takes a while, so a discovery run is long enough to be killed in the middle.
    osm.delayMs = 120;
    // Expires the jobs of killed workers (the test shortens their expiry) and queues their retries.
    maintenance = createJobQueue({ connectionString: t.database.url, maintenanceIntervalSeconds: 1 });
    await maintenance.start();
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await maintenance?.stop({ timeoutMs: 2000 });
    await osm?.close();
    await sites?.close();
    await t?.close();
  });

  const startWorkerProcess = () =>
    spawnWorkerProcess(t.database.url, {
      DISCOVERY_OVERRIDES: JSON.stringify({
        osm: {
          overpassUrl: osm.overpassUrl,
          nominatimUrl: osm.nominatimUrl,
          retries: 0,
          nominatimIntervalMs: 0,
        },
        tileKm2: { osm: 12 },
        progressIntervalMs: 0,
        cancelPollMs: 100,
      }),
      ENRICHMENT_OVERRIDES: JSON.stringify({
        concurrency: 4,
        pageBudget: 1,
        fetcher: { allowAddresses: ['127.0.0.1'], timeoutMs: 10_000, connectTimeoutMs: 10_000 },
      }),
      RESOLVE_HOSTS: JSON.stringify({ '*': '127.0.0.1' }),
    });

  const info = (id: string) => waitForInfo(t, admin.token, id, () => true);

  /**
   * Runs the session's job to the end through `kills` crashes: each time the job is running, a seeded random
   * moment later the worker is killed; its job is expired at once and its retry made due, and a new worker
   * process takes it.
   */
  async function runThroughKills(id: string, job: string, kills: number) {
    child = await startWorkerProcess();
    for (let k = 0; k < kills; k++) {
      await waitForInfo(t, admin.token, id, (i) => i.status === 'running', 60_000);
      // The new worker has taken the job (the session still says running while nobody runs it).
      await waitForActiveJob(job);
      const afterMs = Math.round(300 + random() * 1200);
      await new Promise((done) => setTimeout(done, afterMs));
      const worker = child as ChildProcess;
      const exited = new Promise((done) => worker.once('exit', done));
      worker.kill('SIGKILL');
      await exited;
      child = null;
      const killed = await info(id);
      // The kill landed while the job ran: the session is neither finished nor done.
      expect(killed.status, `kill ${k + 1} of ${job}`).toBe('running');
      survived.push({ job, afterMs, done: killed.progress.done });
      await reviveJob(job);
      child = await startWorkerProcess();
    }
    const finished = await waitForInfo(t, admin.token, id, isFinished, 120_000);
    child.kill('SIGKILL');
    child = null;
    return finished;
  }

  async function waitForActiveJob(job: string) {
    for (let i = 0; i < 600; i++) {
      const { rows } = await t.database.pool.query(
        `select count(*)::int as n from pgboss.job where name = $1 and state = 'active'`,
        [job],
      );
      if (rows[0].n > 0) return;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error(`no worker took the ${job} job`);
  }

  /** The job of the dead worker: expired now (not in an hour), retries not spent, its retry due at once. */
  async function reviveJob(job: string) {
    await t.database.pool.query(
      `update pgboss.job set expire_in = interval '1 second', retry_limit = 50
       where name = $1 and state = 'active'`,
      [job],
    );
    for (let i = 0; i < 200; i++) {
      const { rowCount } = await t.database.pool.query(
        `update pgboss.job set start_after = now() where name = $1 and state = 'retry'`,
        [job],
      );
      if (rowCount) return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`pg-boss never retried the ${job} job of the killed worker`);
  }

  /** Counts straight from the tables. */
  async function stored(id: string) {
    const { rows } = await t.database.pool.query(
      `select
        (select count(*)::int from businesses where session_id = $1) as businesses,
        (select count(distinct dedupe_key)::int from businesses where session_id = $1) as dedupe_keys,
        (select count(distinct name)::int from businesses where session_id = $1) as names,
        (select count(*)::int from businesses where session_id = $1 and enrichment_state = 'done') as enriched,
        (select count(*)::int from enrichment_results r join businesses b on b.id = r.business_id
          where b.session_id = $1) as results,
        (select count(distinct (r.business_id, r.type))::int from enrichment_results r
          join businesses b on b.id = r.business_id where b.session_id = $1) as result_keys`,
      [id],
    );
    return rows[0] as Record<string, number>;
  }

  it('discovery and enrichment each complete: every business once, every enrichment once', async () => {
    const res = await t.call('POST', '/api/discovery/scrape', {
      token: admin.token,
      body: { name: 'Crash cafés', query: 'cafe', location: 'Crashtown', limit: PLACES },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id: string = res.body.id;

    const discovered = await runThroughKills(id, 'session.discover', KILLS.discovery);
    expect(discovered).toMatchObject({ status: 'completed', error: null });
    const afterDiscovery = await stored(id);
    expect(afterDiscovery).toMatchObject({
      businesses: PLACES,
      dedupe_keys: PLACES,
      names: PLACES,
      results: 0,
    });

    const enrich = await t.call('POST', '/api/enrichment/software_detection', {
      token: admin.token,
      body: { session_id: id },
    });
    expect(enrich.status, JSON.stringify(enrich.body)).toBe(202);
    const enriched = await runThroughKills(id, 'session.enrich', KILLS.enrichment);
    expect(enriched).toMatchObject({ status: 'completed', error: null });
    expect(enriched.progress).toEqual({ total: PLACES, done: PLACES, failed: 0 });
    expect(await stored(id)).toEqual({
      businesses: PLACES,
      dedupe_keys: PLACES,
      names: PLACES,
      enriched: PLACES,
      results: PLACES,
      result_keys: PLACES,
    });
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from enrichment_results r join businesses b on b.id = r.business_id
       where b.session_id = $1 and r.type = 'software_detection' and r.data::text like '%WordPress%'`,
      [id],
    );
    expect(rows[0].n).toBe(PLACES);
    expect(survived).toHaveLength(KILLS.discovery + KILLS.enrichment);
    // Each new worker went on from where the last one was killed: progress never went back.
    for (const job of ['session.discover', 'session.enrich']) {
      const done = survived.filter((k) => k.job === job).map((k) => k.done);
      expect(done, job).toEqual([...done].sort((a, b) => a - b));
    }
    console.info(`[crash-safety] kills survived: ${JSON.stringify(survived)}`);
  }, 300_000);
});
