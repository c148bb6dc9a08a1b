import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createNominatimGeocoder } from '../src/discovery/osm/nominatim';
import { createOsmSource, type OsmSourceOptions } from '../src/discovery/osm/osm-source';
import type { OverpassElement } from '../src/discovery/osm/overpass';
import type { DiscoveryBatch } from '../src/discovery/source';
import { HttpError } from '../src/http/errors';
import { createFakeClock } from './fake-clock';
import { sendJson } from './local-server';
import { startOsmServer } from './osm-server';

type Server = Awaited<ReturnType<typeof startOsmServer>>;
let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const cafe = (id: number, lat = 51.48, lon = 11.97): OverpassElement => ({
  type: 'node',
  id,
  lat,
  lon,
  tags: { amenity: 'cafe', name: `Café ${id}`, phone: `+49 345 ${String(1_000_000 + id)}` },
});
const bboxOf = (ql: string) =>
  /\(([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)\);/.exec(ql)?.slice(1).map(Number) ?? [];

function sourceFor(s: Server, options: OsmSourceOptions = {}) {
  return createOsmSource({
    nominatimUrl: s.nominatimUrl,
    overpassUrl: s.overpassUrl,
    defaultCountry: 'DE',
    ...options,
  });
}

async function collect(iterable: AsyncIterable<DiscoveryBatch>) {
  const batches: DiscoveryBatch[] = [];
  for await (const batch of iterable) batches.push(batch);
  return batches;
}

describe('OSM source behaviour', () => {
  it('retries a 429 after its Retry-After, then a timed-out attempt, and succeeds', async () => {
    let calls = 0;
    server = await startOsmServer({
      overpass: (_ql, _req, res) => {
        calls++;
        if (calls === 1) return sendJson(res, 429, { remark: 'rate_limited' }, { 'retry-after': '3' });
        if (calls === 2) return undefined; // hangs: the attempt times out
        return { elements: [cafe(1)] };
      },
    });
    const fake = createFakeClock();
    const source = sourceFor(server, {
      clock: fake.clock,
      timeoutMs: 200,
      backoffBaseMs: 50,
      random: () => 1,
    });
    const batches = await collect(source.discover({ query: 'cafe', bbox: [51.4, 11.9, 51.5, 12.0] }));
    expect(batches.flatMap((b) => b.businesses).map((b) => b.phone)).toEqual(['+493451000001']);
    expect(calls).toBe(3);
    expect(fake.sleeps).toEqual([3000, 100]);
  });

  it('splits a tile whose answer hits the cap into four and re-queries, recursively', async () => {
    const cap = 4;
    const big = [1, 2, 3, 4].map((id) => cafe(id));
    server = await startOsmServer({
      overpass: (ql) => {
        const [south = 0, west = 0, north = 0] = bboxOf(ql);
        // The whole box is full; each quarter has 2 places (one repeated from the first answer).
        if (north - south > 0.06) return { elements: big };
        return { elements: [cafe(1), cafe(Math.round(south * 1000 + west * 10))] };
      },
    });
    const progress: number[][] = [];
    const source = sourceFor(server, { tileCap: cap, clock: createFakeClock().clock });
    const batches = await collect(
      source.discover({
        query: 'cafe',
        bbox: [51.4, 11.9, 51.5, 12.0],
        onProgress: (p) => progress.push([p.done, p.total]),
      }),
    );
    const qls = server.overpassRequests().map((r) => new URLSearchParams(r.body).get('data') ?? '');
    expect(qls).toHaveLength(5);
    expect(qls[0]).toContain('out center tags 4;');
    expect(bboxOf(qls[0] ?? '')).toEqual([51.4, 11.9, 51.5, 12]);
    expect(qls.slice(1).map(bboxOf)).toEqual([
      [51.4, 11.9, 51.45, 11.95],
      [51.4, 11.95, 51.45, 12],
      [51.45, 11.9, 51.5, 11.95],
      [51.45, 11.95, 51.5, 12],
    ]);
    const refs = batches.flatMap((b) => b.businesses.map((x) => x.source_ref));
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs).toHaveLength(4 + 4);
    expect(progress.at(-1)).toEqual([5, 5]);
    expect(batches.at(-1)?.progress.isTruncated).toBe(false);
  });

  it('splits a tile that Overpass cut short (runtime error in remark), over GET', async () => {
    server = await startOsmServer({
      overpass: (ql) => {
        const [south = 0, , north = 0] = bboxOf(ql);
        if (north - south > 0.06)
          return {
            elements: [cafe(1)],
            remark: 'runtime error: Query timed out in "query" at line 3 after 26 seconds.',
          };
        return { elements: [cafe(Math.round(south * 1000))] };
      },
    });
    const source = sourceFor(server, { overpassMethod: 'GET', clock: createFakeClock().clock });
    const batches = await collect(source.discover({ query: 'cafe', bbox: [51.4, 11.9, 51.5, 12.0] }));
    expect(server.overpassRequests().map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET', 'GET']);
    expect(batches.flatMap((b) => b.businesses.map((x) => x.source_ref))).toEqual([
      'node/1',
      'node/51400',
      'node/51450',
    ]);
  });

  it('keeps going when one tile fails for good, and fails when all do', async () => {
    server = await startOsmServer({
      overpass: (ql, _req, res) => {
        const west = bboxOf(ql)[1] ?? 0;
        return west === 11
          ? sendJson(res, 400, { error: 'bad query' })
          : { elements: [cafe(Math.round(west * 100))] };
      },
    });
    const source = sourceFor(server, { maxTileKm2: 2000, clock: createFakeClock().clock });
    const batches = await collect(source.discover({ query: 'cafe', bbox: [51, 11, 51.3, 12] }));
    const last = batches.at(-1)?.progress;
    expect(last?.failed).toBe(1);
    expect(last?.found).toBe((last?.total ?? 0) - 1);

    const all = await startOsmServer({
      overpass: (_ql, _req, res) => sendJson(res, 400, { error: 'bad query' }),
    });
    const failing = sourceFor(all, { clock: createFakeClock().clock });
    await expect(
      collect(failing.discover({ query: 'cafe', bbox: [51.4, 11.9, 51.5, 12] })),
    ).rejects.toBeInstanceOf(HttpError);
    await all.close();
  });

  it('stops promptly on cancel, mid-request and between tiles', async () => {
    server = await startOsmServer({
      overpass: (ql) => (bboxOf(ql)[1] === 11 ? { elements: [cafe(1)] } : undefined),
    });
    const source = sourceFor(server, { maxTileKm2: 2000 });
    const controller = new AbortController();
    const started = Date.now();
    const seen: DiscoveryBatch[] = [];
    const run = (async () => {
      for await (const batch of source.discover({
        query: 'cafe',
        bbox: [51, 11, 51.3, 12],
        signal: controller.signal,
      })) {
        seen.push(batch);
        setTimeout(() => controller.abort(new Error('cancelled by the user')), 100);
      }
    })();
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(seen).toHaveLength(1);
    expect(server.overpassRequests()).toHaveLength(2); // the second tile hung until the cancel

    const before = server.overpassRequests().length;
    const early = new AbortController();
    const between = (async () => {
      for await (const _batch of source.discover({
        query: 'cafe',
        bbox: [51, 11, 51.3, 12],
        signal: early.signal,
      })) {
        early.abort();
      }
    })();
    await expect(between).rejects.toThrow(/abort/i);
    expect(server.overpassRequests().length - before).toBe(1);
  });
});

describe('Nominatim', () => {
  it('spaces two geocodes at least 1 s apart, and caches', async () => {
    server = await startOsmServer({ overpass: () => ({ elements: [] }) });
    const fake = createFakeClock();
    const sentAt: number[] = [];
    const geocoder = createNominatimGeocoder({ baseUrl: server.nominatimUrl, clock: fake.clock });
    const s = server;
    const track = async (q: string) => {
      const result = await geocoder.geocode(q);
      sentAt.push(fake.now);
      return result;
    };
    expect((await track('Halle (Saale)'))?.countryCode).toBe('DE');
    expect((await track('Skopje'))?.bbox).toEqual([41.94, 21.33, 42.05, 21.56]);
    expect(await track('  halle  (saale) ')).toMatchObject({ center: { lat: 51.4825041, lng: 11.9705452 } });
    expect(s.nominatimRequests()).toHaveLength(2);
    expect((sentAt[1] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(fake.sleeps).toEqual([1000]);
    expect(await geocoder.geocode('Nowhere-at-all')).toBeNull();
  });

  it('spaces requests in real time too (measured where the client sends them)', async () => {
    server = await startOsmServer({ overpass: () => ({ elements: [] }) });
    const sentAt: number[] = [];
    // An undici interceptor records the moment each request leaves the client.
    const dispatcher = new Agent().compose((dispatch) => (options, handler) => {
      sentAt.push(performance.now());
      return dispatch(options, handler);
    });
    const geocoder = createNominatimGeocoder({
      baseUrl: server.nominatimUrl,
      nominatimIntervalMs: 250,
      dispatcher,
    });
    // The first request in a process pays undici's one-time setup after the limiter lets it through;
    // the spacing is measured on the requests after it.
    await geocoder.geocode('Leipzig');
    sentAt.length = 0;
    await Promise.all([
      geocoder.geocode('Halle'),
      geocoder.geocode('Skopje'),
      geocoder.geocode('Halle (Saale)'),
    ]);
    expect(sentAt).toHaveLength(3);
    for (let i = 1; i < sentAt.length; i++)
      expect((sentAt[i] ?? 0) - (sentAt[i - 1] ?? 0)).toBeGreaterThanOrEqual(245);
  });
});
