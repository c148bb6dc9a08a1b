import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, sendJson, startLocalServer } from '../../../test/local-server';
import type { HttpClient } from '../../http/client';
import { normalizeOverpassResponse } from './osm-element';
import { createOsmSource } from './osm-source';
import { createOverpassClient, parseOverpassElement } from './overpass';

const good = (id: number, name: string) => ({
  type: 'node',
  id,
  lat: 48.001 + id / 100_000,
  lon: 2.001 + id / 100_000,
  tags: { name, amenity: 'cafe' },
});

/** Two good elements among every kind of garbage an answer could hold. */
const MIXED = [
  null,
  good(1, 'Café Un'),
  'text',
  42,
  [1, 2],
  {},
  { type: 'node', tags: { name: 'No id' } },
  { id: 5, tags: { name: 'No type' } },
  { type: 'area', id: 6, tags: { name: 'Not an element type' } },
  { type: 'node', id: 'not-a-number', lat: 'north', tags: { name: 'Text id' } },
  { type: 'node', id: 7.5, tags: { name: 'Fractional id' } },
  { type: 'node', id: 8 },
  { type: 'node', id: 9, tags: 42 },
  { type: 'node', id: 10, tags: null },
  { type: 'way', id: 11, tags: ['name', 'list'] },
  good(2, 'Café Deux'),
];
const GARBAGE_COUNT = MIXED.length - 2;

/** An HttpClient answering every request with `json` (as if parsed from the server's body). */
function answering(json: unknown): HttpClient {
  return {
    userAgent: 'test',
    requestText: async () => ({ status: 200, headers: {}, text: JSON.stringify(json) }),
    requestJson: async <T>() => json as T,
  };
}

describe('parseOverpassElement', () => {
  it('keeps a well-formed element, with only its text tags and numeric coordinates', () => {
    expect(
      parseOverpassElement({
        type: 'way',
        id: 12,
        center: { lat: 48.1, lon: 2.2 },
        tags: { name: 'Bakery', 'addr:street': ['a', 'list'], level: 3, shop: 'bakery' },
      }),
    ).toEqual({
      type: 'way',
      id: 12,
      center: { lat: 48.1, lon: 2.2 },
      tags: { name: 'Bakery', shop: 'bakery' },
    });
    expect(parseOverpassElement({ type: 'node', id: 3, lat: 'north', lon: 2, tags: { name: 'X' } })).toEqual({
      type: 'node',
      id: 3,
      tags: { name: 'X' },
    });
  });

  it('rejects what is not an element', () => {
    for (const entry of MIXED.filter((_, i) => i !== 1 && i !== MIXED.length - 1)) {
      expect(parseOverpassElement(entry), JSON.stringify(entry)).toBeNull();
    }
  });
});

describe('Overpass answers with garbage among the elements', () => {
  it('the client keeps the good elements and counts the others', async () => {
    const overpass = createOverpassClient({ http: answering({ version: 0.6, elements: MIXED }) });
    const result = await overpass.run('[out:json];node(1,2,3,4);out;');
    expect(result.elements.map((e) => e.id)).toEqual([1, 2]);
    expect(result.skipped).toBe(GARBAGE_COUNT);
    expect(result.isIncomplete).toBe(false);
  });

  it('the client takes an answer of the wrong shape as empty, not as an error', async () => {
    for (const json of [null, 'text', 42, [], { elements: 'nope' }, { elements: null }]) {
      const result = await createOverpassClient({ http: answering(json) }).run('[out:json];out;');
      expect(result, JSON.stringify(json)).toMatchObject({ elements: [], skipped: 0, isIncomplete: false });
    }
  });

  it('normalizeOverpassResponse maps the good elements and counts the invalid ones', () => {
    const normalized = normalizeOverpassResponse({ elements: MIXED });
    expect(normalized.businesses.map((b) => b.name)).toEqual(['Café Un', 'Café Deux']);
    expect(normalized).toMatchObject({ invalid: GARBAGE_COUNT, dropped: 0, repeated: 0 });
    expect(normalizeOverpassResponse(null)).toMatchObject({ businesses: [], invalid: 0 });
  });

  describe('the OSM source', () => {
    let server: LocalServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    it('finds the good places of the area and counts the garbage as dropped, not as a failed area', async () => {
      server = await startLocalServer((_request, res) => sendJson(res, 200, { elements: MIXED }));
      const source = createOsmSource({
        overpassUrl: `${server.url}/api/interpreter`,
        nominatimUrl: server.url,
        nominatimIntervalMs: 0,
        retries: 0,
        shouldReverseGeocodeCountry: false,
      });
      const batches = [];
      for await (const batch of source.discover({ query: 'cafe', bbox: [48, 2, 48.01, 2.01] })) {
        batches.push(batch);
      }
      expect(batches.flatMap((b) => b.businesses.map((x) => x.name))).toEqual(['Café Un', 'Café Deux']);
      const last = batches.at(-1);
      expect(last?.progress).toMatchObject({ found: 2, failed: 0, dropped: GARBAGE_COUNT });
      expect(batches.every((b) => b.error === undefined)).toBe(true);
    });

    it('a batch whose area failed carries the error; the other areas go on', async () => {
      let calls = 0;
      server = await startLocalServer((_request, res) => {
        calls++;
        if (calls === 1) return sendJson(res, 503, { remark: 'runtime error: too busy' });
        sendJson(res, 200, { elements: [good(1, 'Café Un')] });
      });
      const source = createOsmSource({
        overpassUrl: `${server.url}/api/interpreter`,
        nominatimUrl: server.url,
        nominatimIntervalMs: 0,
        retries: 0,
        shouldReverseGeocodeCountry: false,
        maxTileKm2: 0.5,
      });
      const batches = [];
      for await (const batch of source.discover({ query: 'cafe', bbox: [48, 2, 48.01, 2.01] })) {
        batches.push(batch);
      }
      expect(batches.length).toBeGreaterThan(1);
      expect(batches[0]?.error).toMatchObject({ status: 503 });
      expect(batches.slice(1).every((b) => b.error === undefined)).toBe(true);
      expect(batches.at(-1)?.progress).toMatchObject({ failed: 1, found: 1 });
    });
  });
});
