import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, sendJson, startLocalServer } from '../../test/local-server';
import { createLruCache } from '../http/cache';
import { createNominatimAreaGeocoder } from './area-geocoder';

// The shape Nominatim's /search answers with format=jsonv2, namedetails=1, polygon_geojson=1 (trimmed).
const MUNICH = {
  place_id: 1,
  lat: '48.1371079',
  lon: '11.5753822',
  category: 'boundary',
  type: 'administrative',
  addresstype: 'city',
  name: 'München',
  display_name: 'München, Bayern, Deutschland',
  address: { city: 'München', state: 'Bayern', country: 'Deutschland', country_code: 'de' },
  namedetails: {
    name: 'München',
    'name:en': 'Munich',
    'name:it': 'Monaco di Baviera',
    wikidata: 'Q1726',
    ref: 'M',
  },
  boundingbox: ['48.0616244', '48.2481162', '11.3607770', '11.7229083'],
  geojson: {
    type: 'Polygon',
    coordinates: [
      [
        [11.36, 48.1],
        [11.5, 48.25],
        [11.72, 48.15],
        [11.6, 48.06],
        [11.36, 48.1],
      ],
    ],
  },
};

let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('createNominatimAreaGeocoder', () => {
  it('asks for the outline and every name, and answers the area', async () => {
    server = await startLocalServer((req, res) => {
      sendJson(res, 200, req.url.searchParams.get('q') === 'Munich' ? [MUNICH] : []);
    });
    const geocoder = createNominatimAreaGeocoder({ baseUrl: server.url, nominatimIntervalMs: 0, retries: 0 });
    const area = await geocoder.area(' Munich ');
    const params = server.requests[0]?.url.searchParams;
    expect(params?.get('format')).toBe('jsonv2');
    expect(params?.get('namedetails')).toBe('1');
    expect(params?.get('polygon_geojson')).toBe('1');
    expect(params?.get('polygon_threshold')).toBe('0.001');
    expect(area).toMatchObject({
      query: 'Munich',
      name: 'München',
      // Only names: wikidata and ref are not names of the place.
      names: { name: 'München', 'name:en': 'Munich', 'name:it': 'Monaco di Baviera' },
      kind: 'city',
      countryCode: 'DE',
      postcode: null,
      bbox: [48.0616244, 11.360777, 48.2481162, 11.7229083],
    });
    expect(Object.keys(area?.names ?? {})).toEqual(['name', 'name:en', 'name:it']);
    expect(area?.polygons?.[0]?.[0]?.length).toBe(5);
    expect(await geocoder.area('Atlantis')).toBeNull();
  });

  it('asks once per place: answers and "not found" are cached, failures are not', async () => {
    let failing = true;
    server = await startLocalServer((req, res) => {
      if (req.url.searchParams.get('q') === 'Munich' && failing) return sendJson(res, 503, { error: 'busy' });
      sendJson(res, 200, req.url.searchParams.get('q') === 'Munich' ? [MUNICH] : []);
    });
    const cache = createLruCache<import('./area').PlaceArea | null>({ max: 10, ttlMs: 60_000 });
    const geocoder = createNominatimAreaGeocoder({
      baseUrl: server.url,
      nominatimIntervalMs: 0,
      retries: 0,
      cache,
    });
    await expect(geocoder.area('Munich')).rejects.toThrow();
    failing = false;
    expect((await geocoder.area('Munich'))?.name).toBe('München');
    expect((await geocoder.area('munich'))?.name).toBe('München');
    expect(await geocoder.area('Atlantis')).toBeNull();
    expect(await geocoder.area('Atlantis')).toBeNull();
    expect(server.requests.map((r) => r.url.searchParams.get('q'))).toEqual(['Munich', 'Munich', 'Atlantis']);
  });

  it('takes a point answer as a bbox-only area, and refuses an answer it cannot read', async () => {
    const postcode = {
      ...MUNICH,
      addresstype: 'postcode',
      type: 'postcode',
      name: '80331',
      namedetails: { name: '80331' },
      geojson: { type: 'Point', coordinates: [11.57, 48.13] },
    };
    server = await startLocalServer((req, res) => {
      const q = req.url.searchParams.get('q');
      if (q === '80331') return sendJson(res, 200, [postcode]);
      sendJson(res, 200, { error: 'Unable to geocode' });
    });
    const geocoder = createNominatimAreaGeocoder({ baseUrl: server.url, nominatimIntervalMs: 0, retries: 0 });
    expect(await geocoder.area('80331')).toMatchObject({
      kind: 'postcode',
      postcode: '80331',
      polygons: null,
    });
    await expect(geocoder.area('Munich')).rejects.toThrow(/no list of places/);
  });
});
