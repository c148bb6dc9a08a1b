import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  canDoSessionAction,
  type SessionAction,
  type SessionStatus,
  sessionActionRefusal,
} from '@argo/contract';
import { type BBox, bboxAreaKm2, distanceMeters } from '@argo/engine';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  extentOf,
  type FakeOsm,
  hasOsmFixtures,
  OSM_FIXTURES,
  readOverpass,
  startFakeOsm,
} from '../../../test/osm-server';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import { businesses } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import {
  addUser,
  createAdmin,
  createSession,
  setSessionStatus,
  type TestUser,
} from '../access/access.fixtures';
import type { DiscoveryOverrides } from '../discovery/discovery.deps';

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const halle = hasOsmFixtures ? readOverpass(OSM_FIXTURES.halle).elements : [];
const extent: BBox = hasOsmFixtures ? extentOf(halle) : [0, 0, 1, 1];
/** Small tiles: the Halle search becomes ~16 tiles, so a run can be stopped in the middle. */
const TILE_KM2 = bboxAreaKm2(extent) / 16;
const SEARCH = { name: 'Vegan in Halle', query: 'vegan', location: 'Halle (Saale)' };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function startOsm() {
  return startFakeOsm([
    {
      place: { match: /halle/i, bbox: extent, displayName: 'Halle (Saale)', countryCode: 'DE' },
      elements: halle,
    },
  ]);
}

function overridesFor(osm: FakeOsm): DiscoveryOverrides {
  return {
    osm: { overpassUrl: osm.overpassUrl, nominatimUrl: osm.nominatimUrl, retries: 0, nominatimIntervalMs: 0 },
    tileKm2: { osm: TILE_KM2 },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: test helper
type Item = any;

async function results(t: TestApp, user: TestUser, sessionId: string): Promise<Item[]> {
  const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
    token: user.token,
    query: { pageSize: 5000 },
  });
  expect(res.status).toBe(200);
  return res.body.items;
}

/** Every source (an OSM element) is in exactly one stored business, and each business lists it once. */
function refsOf(items: Item[]): string[] {
  const refs = items.flatMap((item: Item) => item.sources.map((s: { source_ref: string }) => s.source_ref));
  expect(new Set(refs).size).toBe(refs.length);
  return refs.sort();
}

async function action(t: TestApp, user: TestUser, sessionId: string, name: SessionAction) {
  return t.call('POST', `/api/users/sessions/${sessionId}/${name}`, { token: user.token });
}

describe.skipIf(!hasOsmFixtures)('session lifecycle: cancel, retry, restart', () => {
  let t: TestApp;
  let osm: FakeOsm;
  let worker: JobQueue;
  let admin: TestUser;
  let viewer: TestUser;
  let other: TestUser;
  /** The refs a complete search of Halle stores. */
  let fullRefs: string[];

  beforeAll(async () => {
    t = await createTestApp();
    osm = await startOsm();
    worker = await startWorker(t, overridesFor(osm));
    admin = await createAdmin(t);
    viewer = await addUser(t, admin);
    other = await createAdmin(t, 'Other Org');
    const res = await t.call('POST', '/api/discovery/scrape', { token: admin.token, body: SEARCH });
    const info = await waitForInfo(t, admin.token, res.body.id, isFinished);
    expect(info.status).toBe('completed');
    expect(info.progress.total).toBeGreaterThanOrEqual(12);
    fullRefs = refsOf(await results(t, admin, res.body.id));
  });
  afterEach(() => {
    osm.delayMs = 0;
    osm.fail = null;
    osm.hide = null;
  });
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 2000 });
    await osm?.close();
    await t?.close();
  });

  it('cancel stops a running search within seconds and keeps what it found', async () => {
    osm.delayMs = 150;
    const res = await t.call('POST', '/api/discovery/scrape', { token: admin.token, body: SEARCH });
    const id = res.body.id;
    await waitForInfo(t, admin.token, id, (i) => i.status === 'running' && i.run.found > 0);
    const cancelled = await action(t, admin, id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', stage: null });
    expect(cancelled.body.finished_at).not.toBeNull();
    await sleep(600);
    const queries = osm.queries.length;
    await sleep(600);
    expect(osm.queries.length).toBe(queries);

    const info = await waitForInfo(t, admin.token, id, isFinished);
    expect(info.status).toBe('cancelled');
    expect(info.progress.done).toBeLessThan(info.progress.total);
    const kept = refsOf(await results(t, admin, id));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(fullRefs.length);
    expect(info.counts.businesses).toBeGreaterThan(0);
  });

  it('retry re-runs only the tiles that failed, keeping what the others found', async () => {
    const midLat = (extent[0] + extent[2]) / 2;
    osm.fail = (bbox) => (bbox[0] < midLat && bbox[1] < (extent[1] + extent[3]) / 2 ? 504 : null);
    const res = await t.call('POST', '/api/discovery/scrape', { token: admin.token, body: SEARCH });
    const failed = await waitForInfo(t, admin.token, res.body.id, isFinished);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(
      /^\d+ of \d+ map areas could not be searched .*retry to search the missing areas\.$/,
    );
    expect(failed.progress.failed).toBeGreaterThan(0);
    const partial = refsOf(await results(t, admin, res.body.id));
    expect(partial.length).toBeLessThan(fullRefs.length);

    osm.fail = null;
    const before = osm.queries.length;
    const retried = await action(t, admin, res.body.id, 'retry');
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('queued');
    const info = await waitForInfo(t, admin.token, res.body.id, isFinished);
    expect(info).toMatchObject({ status: 'completed', error: null });
    expect(info.run.mode).toBe('retry');
    // Only the failed tiles were asked again.
    const asked = osm.queries.slice(before);
    expect(asked.length).toBe(failed.progress.failed);
    expect(asked.every((bbox) => bbox[0] < midLat)).toBe(true);
    expect(refsOf(await results(t, admin, res.body.id))).toEqual(fullRefs);
  });

  it('restart replaces the results when it succeeds; a failed restart leaves them as they were', async () => {
    const res = await t.call('POST', '/api/discovery/scrape', { token: admin.token, body: SEARCH });
    const id = res.body.id;
    await waitForInfo(t, admin.token, id, isFinished);
    expect(refsOf(await results(t, admin, id))).toEqual(fullRefs);

    // The data changed: every other place is gone. While the restart runs, the old results stay.
    osm.hide = (element) => element.id % 2 === 0;
    osm.delayMs = 100;
    const restarted = await action(t, admin, id, 'restart');
    expect(restarted.status).toBe(200);
    expect(restarted.body.status).toBe('queued');
    await waitForInfo(t, admin.token, id, (i) => i.status === 'running' && i.run.found > 0);
    expect(refsOf(await results(t, admin, id))).toEqual(fullRefs);
    const done = await waitForInfo(t, admin.token, id, isFinished);
    expect(done.status).toBe('completed');
    const replaced = refsOf(await results(t, admin, id));
    expect(replaced.length).toBeLessThan(fullRefs.length);
    expect(replaced.every((ref) => Number(ref.split('/')[1]) % 2 === 1)).toBe(true);
    const [stored] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(businesses)
      .where(eq(businesses.sessionId, id));
    expect(stored?.n).toBe(done.counts.businesses);

    osm.hide = null;
    osm.delayMs = 0;
    osm.fail = () => 504;
    await action(t, admin, id, 'restart');
    const failed = await waitForInfo(t, admin.token, id, isFinished);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The search failed/);
    expect(refsOf(await results(t, admin, id))).toEqual(replaced);
  });

  it('stops at the limit across tiles, and keeps only places within the radius', async () => {
    const before = osm.queries.length;
    const res = await t.call('POST', '/api/discovery/scrape', {
      token: admin.token,
      body: { ...SEARCH, limit: 20 },
    });
    const info = await waitForInfo(t, admin.token, res.body.id, isFinished);
    expect(info.status).toBe('completed');
    expect(refsOf(await results(t, admin, res.body.id))).toHaveLength(20);
    expect(osm.queries.length - before).toBeLessThan(info.progress.total);

    const near = await t.call('POST', '/api/discovery/scrape', {
      token: admin.token,
      body: { ...SEARCH, radius_km: 6 },
    });
    await waitForInfo(t, admin.token, near.body.id, isFinished);
    const items = await results(t, admin, near.body.id);
    const center = { lat: (extent[0] + extent[2]) / 2, lng: (extent[1] + extent[3]) / 2 };
    expect(items.length).toBeGreaterThan(0);
    expect(refsOf(items).length).toBeLessThan(fullRefs.length);
    for (const item of items) {
      if (item.lat !== null) expect(distanceMeters(center, item)).toBeLessThanOrEqual(6000);
    }
  });

  it('answers 409 naming the status for every action the status does not allow', async () => {
    const id = await createSession(t, admin, { name: 'Statuses' });
    const statuses: SessionStatus[] = ['draft', 'queued', 'running', 'completed', 'failed', 'cancelled'];
    for (const status of statuses) {
      await setSessionStatus(t, id, status);
      for (const name of ['cancel', 'retry', 'restart'] as const) {
        if (canDoSessionAction(status, name)) continue;
        const res = await action(t, admin, id, name);
        expect(res.status, `${name} when ${status}`).toBe(409);
        expect(res.body.error.message).toBe(sessionActionRefusal(status, name));
      }
    }
  });

  it('view access cannot cancel, retry or restart (403); another account gets 404', async () => {
    const id = await createSession(t, admin, { name: 'Shared' });
    await t.call('POST', `/api/sessions/${id}/grant-access`, {
      token: admin.token,
      body: { user_id: viewer.userId, access: 'view' },
    });
    await setSessionStatus(t, id, 'running');
    expect((await action(t, viewer, id, 'cancel')).status).toBe(403);
    expect((await action(t, other, id, 'cancel')).status).toBe(404);
    await setSessionStatus(t, id, 'failed');
    expect((await action(t, viewer, id, 'retry')).status).toBe(403);
    expect((await action(t, viewer, id, 'restart')).status).toBe(403);
    expect((await t.call('GET', `/api/user/session/${id}/info`, { token: viewer.token })).status).toBe(200);
  });
});

describe.skipIf(!hasOsmFixtures)('a search survives a worker that stops in the middle', () => {
  let t: TestApp;
  let osm: FakeOsm;
  let admin: TestUser;
  let child: ChildProcess | null = null;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    osm = await startOsm();
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await Promise.all(queues.map((queue) => queue.stop({ timeoutMs: 2000 })));
    await osm?.close();
    await t?.close();
  });

  /** The refs of a complete search, from the data itself. */
  const namedRefs = () =>
    halle
      .filter((e) => e.tags?.name || e.tags?.brand)
      .map((e) => `${e.type}/${e.id}`)
      .sort();

  it('a graceful stop (server restart): the job is retried and resumes at the next tile', async () => {
    osm.delayMs = 150;
    const first = await startWorker(t, overridesFor(osm));
    const res = await t.call('POST', '/api/discovery/scrape', { token: admin.token, body: SEARCH });
    const id = res.body.id;
    await waitForInfo(t, admin.token, id, (i) => i.status === 'running' && i.run.found > 0);
    await first.stop({ timeoutMs: 5000 });
    const stopped = await waitForInfo(t, admin.token, id, () => true);
    expect(stopped.status).toBe('running');
    const doneBefore = stopped.progress.done;
    const asked = osm.queries.length;

    queues.push(await startWorker(t, overridesFor(osm)));
    const info = await waitForInfo(t, admin.token, id, isFinished, 30_000);
    expect(info.status).toBe('completed');
    expect(refsOf(await results(t, admin, id))).toEqual(namedRefs());
    // Finished tiles were not asked again (the one in flight may be).
    expect(osm.queries.length - asked).toBeLessThanOrEqual(info.progress.total - doneBefore + 1);
  });

  it('a killed worker process: pg-boss retries the expired job, a new worker resumes it, nothing twice', async () => {
    osm.delayMs = 150;
    child = spawn(process.execPath, ['--import', 'tsx', 'test/worker-process.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        DISCOVERY_OVERRIDES: JSON.stringify({
          ...overridesFor(osm),
          progressIntervalMs: 0,
          cancelPollMs: 100,
        }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((ready, fail) => {
      let errors = '';
      child?.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) ready();
      });
      child?.stderr?.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
      });
      child?.on('exit', (code) => fail(new Error(`worker exited (${code}): ${errors}`)));
    });
    const res = await t.call('POST', '/api/discovery/scrape', { token: admin.token, body: SEARCH });
    const id = res.body.id;
    await waitForInfo(t, admin.token, id, (i) => i.status === 'running' && i.run.found > 0, 30_000);
    child.kill('SIGKILL');
    await new Promise((done) => child?.once('exit', done));
    child = null;
    const killed = await waitForInfo(t, admin.token, id, () => true);
    expect(killed.status).toBe('running');
    const partial = refsOf(await results(t, admin, id));
    expect(partial.length).toBeGreaterThan(0);

    // The job's expiry (an hour) passes; pg-boss' maintenance fails it and queues the retry.
    await t.database.pool.query(
      `update pgboss.job set expire_in = interval '1 second' where name = 'session.discover' and state = 'active'`,
    );
    queues.push(await startWorker(t, overridesFor(osm), { maintenanceIntervalSeconds: 1 }));
    const info = await waitForInfo(t, admin.token, id, isFinished, 40_000);
    expect(info.status).toBe('completed');
    const refs = refsOf(await results(t, admin, id));
    expect(refs).toEqual(namedRefs());
    expect(refs.filter((ref) => partial.includes(ref))).toEqual(partial);
  }, 60_000);
});
