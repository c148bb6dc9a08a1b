/**
 * Crash safety: a 500-business session discovered from a local Overpass and then enriched on three worker
 * processes, one of them killed (SIGKILL, no goodbye) at seeded random moments while it holds the run's jobs — 10
 * kills over discovery and enrichment, a fresh worker process after each. The enrichment is fanned out in batch
 * jobs over all three; a kill takes the coordinator, batches, or both. pg-boss retries the orphaned jobs (their
 * expiry and retry delay are shortened here so the test does not wait an hour); each resumes from its
 * checkpoint. At the end every business is stored exactly once and every business is enriched once: one result
 * row per (business, type), every business `done`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BBox, OverpassElement } from '@argo/engine';
import { type LocalServer, startServer } from '@argo/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../../src/jobs/queue';
import { createAdmin, type TestUser } from '../../src/modules/access/access.fixtures';
import { createTestApp, type TestApp } from '../app';
import { type FakeOsm, startFakeOsm } from '../osm-server';
import {
  isFinished,
  spawnWorkerProcess,
  type WorkerProcess,
  waitForInfo,
  waitWhileProgressing,
} from '../workers';

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

/** Every site: one small WordPress home page, slow (100 ms an answer), no links; no robots.txt. */
async function siteHandler(req: IncomingMessage, res: ServerResponse) {
  await new Promise((done) => setTimeout(done, 100));
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

describe('a 500-business session survives 10 kills of one of its three worker processes', () => {
  let t: TestApp;
  let admin: TestUser;
  let osm: FakeOsm;
  let sites: LocalServer;
  let maintenance: JobQueue;
  let workers: WorkerProcess[] = [];
  const spawning: Array<Promise<unknown>> = [];
  const random = seeded(7);
  const survived: Array<{ job: string; at: number; done: number; jobs: number }> = [];

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
    osm.delayMs = 200;
    // Expires the jobs of killed workers (the test shortens their expiry) and queues their retries.
    maintenance = createJobQueue({ connectionString: t.database.url, maintenanceIntervalSeconds: 1 });
    await maintenance.start();
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled(spawning);
    for (const worker of workers) worker.kill('SIGKILL');
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
        // Six sites at a time over the three workers (a batch works on two at a time; three batches in
        // flight): the run lasts long enough for six kills, each while the others go on.
        concurrency: 2,
        batchSize: 20,
        accountBatches: 3,
        pageBudget: 1,
        fetcher: { allowAddresses: ['127.0.0.1'], timeoutMs: 10_000, connectTimeoutMs: 10_000 },
      }),
      RESOLVE_HOSTS: JSON.stringify({ '*': '127.0.0.1' }),
      // A dead worker's jobs are found by their leases going unbeaten, as in production, only sooner.
      JOB_LEASES: JSON.stringify({ beatMs: 200, staleMs: 1500 }),
    });

  const info = (id: string) => waitForInfo(t, admin.token, id, () => true);
  const holding = (names: readonly string[]) =>
    workers.filter((w) => [...w.activeJobs.values()].some((name) => names.includes(name)));

  /**
   * Runs the session's jobs to the end on three worker processes through `kills` crashes, at seeded random points
   * of its progress (the k-th somewhere in the k-th of `kills` equal parts): there one worker holding one of the
   * jobs (chosen at random) is killed; the living workers find its jobs by their unbeaten leases and hand them back
   * to pg-boss, whose retries are made due, and a new worker process is started in its place while the others go on.
   */
  async function runThroughKills(id: string, names: readonly string[], kills: number) {
    workers = await Promise.all([startWorkerProcess(), startWorkerProcess(), startWorkerProcess()]);
    for (let k = 0; k < kills; k++) {
      const at = (k + 0.2 + 0.6 * random()) / kills;
      const reached = await waitForInfo(
        t,
        admin.token,
        id,
        (i) =>
          isFinished(i) || (i.progress.total > 0 && i.progress.done >= Math.floor(at * i.progress.total)),
        300_000,
      );
      expect(reached.status, `the run before kill ${k + 1} of ${names[0]}`).toBe('running');
      await waitFor(() => holding(names).length > 0, `a worker to take a ${names.join(' or ')} job`);
      const candidates = holding(names);
      const victim = candidates[Math.floor(random() * candidates.length)] as WorkerProcess;
      // Ten kills are more than the jobs' retry limits allow for; a real worker dies far less often.
      await t.database.pool.query(
        `update pgboss.job set retry_limit = 50 where name = any($1::text[]) and state < 'completed'`,
        [names],
      );
      const exited = new Promise((done) => victim.once('exit', done));
      victim.kill('SIGKILL');
      await exited;
      workers = workers.filter((w) => w !== victim);
      const held = await heldByTheDead(names, victim);
      const killed = await info(id);
      // The kill landed while the run was going: the session is neither finished nor done.
      expect(killed.status, `kill ${k + 1} of ${names[0]}`).toBe('running');
      survived.push({ job: names[0] as string, at, done: killed.progress.done, jobs: held.length });
      await reviveJobs(held);
      // Started, not waited for: the other workers go on meanwhile, and the run may reach the next kill first.
      spawning.push(startWorkerProcess().then((worker) => workers.push(worker)));
    }
    const finished = await waitWhileProgressing(t, admin.token, id);
    await Promise.all(spawning.splice(0));
    for (const worker of workers) worker.kill('SIGKILL');
    workers = [];
    return finished;
  }

  /**
   * The jobs the killed worker held: those it said it started, and those active in pg-boss that no living worker
   * says it holds (the victim may have taken a job and died before it printed so). A living worker that has just
   * taken one says so within moments, so that second set is read twice, 300 ms apart.
   */
  async function heldByTheDead(names: readonly string[], victim: WorkerProcess): Promise<string[]> {
    const unowned = async () => {
      const { rows } = await t.database.pool.query(
        `select id from pgboss.job where name = any($1::text[]) and state = 'active'`,
        [names],
      );
      const living = new Set(workers.flatMap((w) => [...w.activeJobs.keys()]));
      return new Set(rows.map((r) => r.id as string).filter((jobId) => !living.has(jobId)));
    };
    const first = await unowned();
    await new Promise((done) => setTimeout(done, 300));
    const second = await unowned();
    return [...new Set([...victim.activeJobs.keys(), ...[...first].filter((jobId) => second.has(jobId))])];
  }

  async function waitFor(isTrue: () => boolean, what: string) {
    for (let i = 0; i < 1200 && !isTrue(); i++) await new Promise((done) => setTimeout(done, 50));
    if (!isTrue()) throw new Error(`timed out waiting for ${what}`);
  }

  /** The jobs of the dead worker: expired now (not in an hour), retries not spent, their retries due at once. */
  /**
   * Waits until the living workers have found the killed worker's jobs by their unbeaten leases and handed them
   * back to pg-boss, then makes their retries due: pg-boss's backoff doubles with each kill a job lived through,
   * which would only make the run slower, not tell more.
   */
  async function reviveJobs(ids: readonly string[]) {
    if (ids.length === 0) return;
    const makeDue = () =>
      t.database.pool.query(
        `update pgboss.job set start_after = now() where id = any($1::uuid[]) and state = 'retry'`,
        [ids],
      );
    for (let i = 0; i < 300; i++) {
      await makeDue();
      const { rows } = await t.database.pool.query(
        `select count(*)::int as n from pgboss.job where id = any($1::uuid[]) and state = 'active'`,
        [ids],
      );
      if (rows[0].n === 0) {
        // Handed back between the two statements above: made due once it is in retry.
        await makeDue();
        return;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('no living worker handed back the jobs of the killed worker');
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

    const discovered = await runThroughKills(id, ['session.discover'], KILLS.discovery);
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
    const enriched = await runThroughKills(id, ['session.enrich', 'session.enrich.batch'], KILLS.enrichment);
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
  }, 600_000);
});
