/**
 * Faults of the outside world, for discovery: the whole app — routes, the session.discover job
 * on a worker in this process, PostgreSQL — against a local Nominatim + Overpass that hangs, resets
 * connections, answers 429 with Retry-After, 5xx, garbage JSON, JSON of the wrong shape and a gigantic body.
 * Each session finishes: completed, or failed with a reason a user can read; failed map areas are counted; no
 * promise rejection goes unhandled; memory stays bounded; the app answers as before.
 * (The HTTP client's retry rules and the Overpass parsing have their own unit tests in the engine; this is
 * about the app staying healthy around them.)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { BBox, OverpassElement } from '@argo/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../src/jobs/queue';
import { createAdmin, type TestUser } from '../../src/modules/access/access.fixtures';
import { createTestApp, type TestApp } from '../app';
import { isFinished, startWorker, waitForInfo } from '../workers';

type Fault =
  | 'none'
  | 'hang'
  | 'reset'
  | 'rate_limit_once'
  | 'half_5xx'
  | 'garbage'
  | 'wrong_shape'
  | 'gigantic'
  | 'geocoder_5xx'
  | 'geocoder_garbage';

interface FaultPlace {
  name: string;
  fault: Fault;
  bbox: BBox;
}

const PER_PLACE = 8;
const GIGANTIC_BYTES = 160 * 1024 * 1024;
/** Small places are one map area (tile); the half-5xx one is several, half of which always fail. */
const PLACES: FaultPlace[] = (
  [
    ['Healthytown', 'none'],
    ['Hangville', 'hang'],
    ['Resetburg', 'reset'],
    ['Ratelimit City', 'rate_limit_once'],
    ['Halfdown', 'half_5xx'],
    ['Garbageton', 'garbage'],
    ['Wrongshape', 'wrong_shape'],
    ['Gigantia', 'gigantic'],
    ['Geofail', 'geocoder_5xx'],
    ['Geogarbage', 'geocoder_garbage'],
  ] as const
).map(([name, fault], i) => {
  const size = fault === 'half_5xx' ? 0.1 : 0.03;
  return { name, fault, bbox: [48, 2 + i, 48 + size, 2 + i + size] as BBox };
});

function elementsOf(place: FaultPlace, index: number): OverpassElement[] {
  const [south, west, north, east] = place.bbox;
  return Array.from({ length: PER_PLACE }, (_, i) => ({
    type: 'node' as const,
    id: 7_000_000 + index * 100 + i,
    lat: south + ((north - south) * (i + 0.5)) / PER_PLACE,
    lon: west + ((east - west) * (((i * 3) % PER_PLACE) + 0.5)) / PER_PLACE,
    tags: {
      name: `${place.name} Café ${i}`,
      amenity: 'cafe',
      website: `https://${place.name.toLowerCase().replace(/\W+/g, '-')}-cafe-${i}.com/`,
    },
  }));
}

const BBOX_IN_QL = /\((-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\)/;
const inside = (bbox: BBox, lat: number, lon: number) =>
  lat >= bbox[0] && lat < bbox[2] && lon >= bbox[1] && lon < bbox[3];

interface FaultyOsm {
  url: string;
  /** Requests per fault, to show each fault was met. */
  seen: Map<Fault, number>;
  close(): Promise<void>;
}

async function startFaultyOsm(): Promise<FaultyOsm> {
  const seen = new Map<Fault, number>();
  const rateLimited = new Set<string>();
  const sockets = new Set<Socket>();
  const note = (fault: Fault) => seen.set(fault, (seen.get(fault) ?? 0) + 1);
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  function nominatim(url: URL, res: ServerResponse) {
    const q = url.searchParams.get('q') ?? '';
    const place = PLACES.find((p) => q.toLowerCase().includes(p.name.toLowerCase()));
    if (!place) return json(res, 200, []);
    if (place.fault === 'geocoder_5xx') {
      note(place.fault);
      return json(res, 500, { error: 'internal error' });
    }
    if (place.fault === 'geocoder_garbage') {
      note(place.fault);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('[{"lat": "48.0", "lon": 7.0, "boundingbox": [oops');
    }
    const [south, west, north, east] = place.bbox;
    json(res, 200, [
      {
        lat: String((south + north) / 2),
        lon: String((west + east) / 2),
        boundingbox: [south, north, west, east].map(String),
        display_name: place.name,
        address: { country_code: 'fr' },
      },
    ]);
  }

  function overpass(ql: string, res: ServerResponse) {
    const match = BBOX_IN_QL.exec(ql);
    if (!match) return json(res, 400, { error: 'no bbox' });
    const bbox = match.slice(1, 5).map(Number) as BBox;
    const [south, west, north, east] = bbox;
    const index = PLACES.findIndex((p) => inside(p.bbox, (south + north) / 2, (west + east) / 2));
    const place = PLACES[index];
    if (!place) return json(res, 200, { elements: [] });
    note(place.fault);
    const elements = elementsOf(place, index).filter((e) => inside(bbox, e.lat ?? 0, e.lon ?? 0));
    switch (place.fault) {
      case 'hang':
        return; // never answers; the client's timeout has to end it
      case 'reset':
        return res.socket?.destroy();
      case 'rate_limit_once': {
        const key = bbox.join();
        if (!rateLimited.has(key)) {
          rateLimited.add(key);
          return json(res, 429, { remark: 'rate_limited' }, { 'retry-after': '1' });
        }
        break;
      }
      case 'half_5xx':
        // The western half of the place never answers well.
        if ((west + east) / 2 < (place.bbox[1] + place.bbox[3]) / 2) {
          return json(res, 503, { remark: 'runtime error: too busy' });
        }
        break;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"version":0.6,"elements":[{"type":"node","id":1,"tags":{"name":"Half');
      case 'wrong_shape':
        return json(res, 200, {
          elements: [
            { type: 'node', id: 'not-a-number', lat: 'north', tags: 42 },
            { type: 'way', id: 2, tags: { name: ['a', 'list'] } },
            null,
            'text',
          ],
        });
      case 'gigantic':
        return streamGigantic(res);
    }
    json(res, 200, { version: 0.6, generator: 'faulty', elements });
  }

  /** A valid-looking answer that never ends in time: GIGANTIC_BYTES of elements, written as fast as read. */
  function streamGigantic(res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"version":0.6,"elements":[');
    const chunk = Buffer.from(
      `${Array.from({ length: 500 }, (_, i) => `{"type":"node","id":${i},"lat":48.01,"lon":9.01,"tags":{"name":"Giant ${i}"}},`).join('')}`,
    );
    let written = 0;
    const pump = () => {
      while (written < GIGANTIC_BYTES) {
        written += chunk.length;
        if (!res.write(chunk)) return res.once('drain', pump);
      }
      res.end('{"type":"node","id":0,"lat":48.01,"lon":9.01}]}');
    };
    res.on('close', () => {
      written = GIGANTIC_BYTES + 1;
    });
    pump();
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/search') return nominatim(url, res);
      if (url.pathname === '/reverse') return json(res, 200, { address: { country_code: 'fr' } });
      if (url.pathname === '/api/interpreter') {
        const body = Buffer.concat(chunks).toString('utf8');
        const ql =
          req.method === 'POST'
            ? (new URLSearchParams(body).get('data') ?? '')
            : (url.searchParams.get('data') ?? '');
        return overpass(ql, res);
      }
      json(res, 404, { error: 'not found' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

describe('discovery against a faulty outside world', () => {
  let t: TestApp;
  let admin: TestUser;
  let osm: FaultyOsm;
  let worker: JobQueue;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    osm = await startFaultyOsm();
    t = await createTestApp();
    admin = await createAdmin(t);
    worker = await startWorker(t, {
      osm: {
        overpassUrl: `${osm.url}/api/interpreter`,
        nominatimUrl: osm.url,
        nominatimIntervalMs: 0,
        // One retry, quickly, so each fault is met twice and the test stays short; everything else as configured.
        retries: 1,
        backoffBaseMs: 50,
        backoffMaxMs: 200,
        timeoutMs: 1500,
      },
      tileKm2: { osm: 30 },
    });
  }, 60_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await worker?.stop({ timeoutMs: 2000 });
    await osm?.close();
    await t?.close();
  });

  it('every session finishes with a readable outcome; failures counted; no unhandled rejection; memory bounded', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const ids = new Map<Fault, string>();
    for (const place of PLACES) {
      const res = await t.call('POST', '/api/discovery/scrape', {
        token: admin.token,
        body: { name: `Faults: ${place.fault}`, query: 'cafe', location: place.name },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      ids.set(place.fault, res.body.id);
    }
    const outcomes = new Map<
      Fault,
      { status: string; error: string | null; progress: { failed: number }; found: number }
    >();
    let heapPeak = heapBefore;
    for (const [fault, id] of ids) {
      const info = await waitForInfo(
        t,
        admin.token,
        id,
        (i) => {
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
          return isFinished(i);
        },
        120_000,
      );
      outcomes.set(fault, { ...info, found: info.counts.businesses });
    }
    const outcome = (fault: Fault) => outcomes.get(fault) as NonNullable<ReturnType<typeof outcomes.get>>;

    // A reason a user can read: a sentence of ours, short, no stack trace, nothing of the service's raw answer
    // (no JSON or HTML, no JavaScript message): which service, its HTTP status where there is one, what it means.
    for (const [fault, o] of outcomes) {
      expect(['completed', 'failed'], fault).toContain(o.status);
      if (o.status === 'failed') {
        expect(o.error, fault).toMatch(
          /^(The search failed: the map service could not be searched|\d+ of \d+ map areas could not be searched|The place could not be looked up)/,
        );
        expect(o.error?.length ?? 0, fault).toBeLessThan(600);
        expect(o.error, fault).not.toMatch(/\n\s+at /);
        expect(o.error, fault).not.toMatch(/[{}<>]|remark|Cannot read|undefined|null/);
      }
    }

    expect(outcome('none')).toMatchObject({ status: 'completed', error: null, found: PER_PLACE });
    expect(outcome('rate_limit_once')).toMatchObject({ status: 'completed', error: null, found: PER_PLACE });
    expect(outcome('rate_limit_once').progress.failed).toBe(0);
    for (const fault of ['hang', 'reset', 'garbage', 'gigantic'] as const) {
      expect(outcome(fault), fault).toMatchObject({ status: 'failed', found: 0 });
      expect(outcome(fault).error, fault).toMatch(
        /^The search failed: the map service could not be searched \(.+\)/,
      );
      expect(outcome(fault).progress.failed, fault).toBeGreaterThan(0);
    }
    // Half the map areas fail: what the other half found is kept, and the reason says how many failed.
    const half = outcome('half_5xx');
    expect(half.status).toBe('failed');
    expect(half.error).toMatch(/^\d+ of \d+ map areas could not be searched .*The businesses found are kept/);
    expect(half.progress.failed).toBeGreaterThan(0);
    expect(half.found).toBeGreaterThan(0);
    expect(half.found).toBeLessThan(PER_PLACE);
    // Elements of the wrong shape (null, text, no id or tags) are left out, not stored half-parsed; the area
    // itself is searched.
    expect(outcome('wrong_shape')).toMatchObject({ status: 'completed', error: null, found: 0 });
    for (const fault of ['geocoder_5xx', 'geocoder_garbage'] as const) {
      expect(outcome(fault), fault).toMatchObject({ status: 'failed', found: 0 });
      expect(outcome(fault).error, fault).toMatch(
        /^The place could not be looked up \(.+\)\. Retry in a few minutes\.$/,
      );
    }

    // Each fault was really met (the retry too, where there is one).
    for (const place of PLACES) expect(osm.seen.get(place.fault) ?? 0, place.fault).toBeGreaterThan(0);
    expect(osm.seen.get('rate_limit_once')).toBe(2);

    // What failed is stored with the session: the stored error and the failed count survive a fresh read.
    const { rows } = await t.database.pool.query(
      'select id, status::text, error from sessions where id = any($1::uuid[])',
      [[...ids.values()]],
    );
    expect(rows.filter((r) => r.status === 'failed' && r.error)).toHaveLength(
      [...outcomes.values()].filter((o) => o.status === 'failed').length,
    );

    // The app is as healthy as before: calls answer, nothing went unhandled, the heap did not balloon
    // (the gigantic answer is cut at the client's byte limit, never held whole).
    const list = await t.call('GET', '/api/users/sessions', { token: admin.token });
    expect(list.status).toBeLessThan(500);
    expect(unhandled.map(String)).toEqual([]);
    const growthMb = (Math.max(heapPeak, process.memoryUsage().heapUsed) - heapBefore) / 2 ** 20;
    console.info(
      `[outside-faults] outcomes: ${JSON.stringify(Object.fromEntries([...outcomes].map(([f, o]) => [f, [o.status, o.found, o.error]])))}; heap growth peak ${growthMb.toFixed(0)} MB; requests ${JSON.stringify(Object.fromEntries(osm.seen))}`,
    );
    expect(growthMb).toBeLessThan(400);
  }, 240_000);
});
