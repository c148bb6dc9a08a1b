import { afterEach, describe, expect, it } from 'vitest';
import { mergeBusinesses } from '../src/dedupe/merge';
import { createGooglePlacesSource } from '../src/discovery/google/places-source';
import { osmElementToBusiness } from '../src/discovery/osm/osm-element';
import type { DiscoveryBatch, RawBusiness } from '../src/discovery/source';
import { createDiscoverySources } from '../src/discovery/sources';
import { createFakeClock } from './fake-clock';
import { type LocalServer, sendJson, startLocalServer } from './local-server';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const place = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `ChIJ-place-${n}`,
  displayName: { text: `Zahnarztpraxis ${n}`, languageCode: 'de' },
  formattedAddress: `Hauptstraße ${n}, 06108 Halle (Saale), Deutschland`,
  addressComponents: [
    { longText: String(n), shortText: String(n), types: ['street_number'] },
    { longText: 'Hauptstraße', shortText: 'Hauptstraße', types: ['route'] },
    { longText: 'Halle (Saale)', shortText: 'Halle (Saale)', types: ['locality', 'political'] },
    { longText: 'Sachsen-Anhalt', shortText: 'ST', types: ['administrative_area_level_1', 'political'] },
    { longText: 'Deutschland', shortText: 'DE', types: ['country', 'political'] },
    { longText: '06108', shortText: '06108', types: ['postal_code'] },
  ],
  location: { latitude: 51.48 + n / 1000, longitude: 11.97 },
  websiteUri: `https://www.zahnarzt-${n}.de/`,
  nationalPhoneNumber: `0345 ${1_000_000 + n}`,
  internationalPhoneNumber: `+49 345 ${1_000_000 + n}`,
  rating: 4.5,
  userRatingCount: 10 * n,
  primaryType: 'dentist',
  primaryTypeDisplayName: { text: 'Zahnarzt', languageCode: 'de' },
  googleMapsUri: `https://maps.google.com/?cid=${n}`,
  ...extra,
});

/** Speaks POST /v1/places:searchText (Places API New): key, field mask, 20 per page, nextPageToken. */
async function startPlacesServer(pages: unknown[][]) {
  return startLocalServer((req, res) => {
    if (req.method !== 'POST' || req.url.pathname !== '/v1/places:searchText') return sendJson(res, 404, {});
    if (req.headers['x-goog-api-key'] !== 'test-key') {
      return sendJson(res, 403, {
        error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' },
      });
    }
    if (!String(req.headers['x-goog-fieldmask']).includes('places.websiteUri')) return sendJson(res, 400, {});
    const body = JSON.parse(req.body) as { pageToken?: string };
    const index = body.pageToken ? Number(body.pageToken.replace('page-', '')) : 0;
    const next = index + 1 < pages.length ? { nextPageToken: `page-${index + 1}` } : {};
    sendJson(res, 200, { places: pages[index] ?? [], ...next });
  });
}

async function collect(iterable: AsyncIterable<DiscoveryBatch>): Promise<RawBusiness[]> {
  const out: RawBusiness[] = [];
  for await (const batch of iterable) out.push(...batch.businesses);
  return out;
}

describe('Google Places source (Text Search, Places API New)', () => {
  it('pages through searchText in a rectangle and normalises places', async () => {
    server = await startPlacesServer([
      [place(1), place(2)],
      [place(3, { websiteUri: 'https://www.facebook.com/zahn3' })],
    ]);
    const source = createGooglePlacesSource({
      apiKey: 'test-key',
      baseUrl: `${server.url}/v1`,
      clock: createFakeClock().clock,
    });
    const businesses = await collect(source.discover({ query: 'dentist', bbox: [51.4, 11.9, 51.5, 12.0] }));
    expect(server.requests).toHaveLength(2);
    const first = JSON.parse(server.requests[0]?.body ?? '{}');
    expect(first).toEqual({
      textQuery: 'dentist',
      pageSize: 20,
      locationRestriction: {
        rectangle: { low: { latitude: 51.4, longitude: 11.9 }, high: { latitude: 51.5, longitude: 12 } },
      },
    });
    expect(JSON.parse(server.requests[1]?.body ?? '{}').pageToken).toBe('page-1');
    expect(businesses).toHaveLength(3);
    expect(businesses[0]).toMatchObject({
      name: 'Zahnarztpraxis 1',
      website: 'https://www.zahnarzt-1.de/',
      domain: 'zahnarzt-1.de',
      phone: '+493451000001',
      address: 'Hauptstraße 1',
      city: 'Halle (Saale)',
      region: 'ST',
      postal_code: '06108',
      country: 'DE',
      lat: expect.closeTo(51.481, 6),
      category: 'dentist',
      source: 'google_places',
      source_ref: 'ChIJ-place-1',
      rating: 4.5,
      review_count: 10,
      url: 'https://maps.google.com/?cid=1',
    });
    expect(businesses[2]).toMatchObject({ domain: null, socials: ['https://www.facebook.com/zahn3'] });
    expect(source.attribution).toBeNull();
  });

  it('reports a rejected key as a non-retryable error', async () => {
    server = await startPlacesServer([[place(1)]]);
    const source = createGooglePlacesSource({ apiKey: 'wrong', baseUrl: `${server.url}/v1` });
    await expect(
      collect(source.discover({ query: 'dentist', bbox: [51.4, 11.9, 51.5, 12] })),
    ).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('API key not valid'),
    });
    expect(server.requests).toHaveLength(1);
  });

  it('merges with OpenStreetMap across sources, keeping both', async () => {
    server = await startPlacesServer([[place(1)]]);
    const google = await collect(
      createGooglePlacesSource({ apiKey: 'test-key', baseUrl: `${server.url}/v1` }).discover({
        query: 'dentist',
        bbox: [51.4, 11.9, 51.5, 12],
      }),
    );
    const osm = osmElementToBusiness(
      {
        type: 'node',
        id: 42,
        lat: 51.481,
        lon: 11.97,
        tags: { amenity: 'dentist', name: 'Zahnarzt 1', 'contact:website': 'zahnarzt-1.de' },
      },
      { category: 'dentist', defaultCountry: 'DE' },
    );
    const merged = mergeBusinesses([osm as RawBusiness, ...google]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.sources.map((s) => [s.source, s.source_ref])).toEqual([
      ['osm', 'node/42'],
      ['google_places', 'ChIJ-place-1'],
    ]);
    // The OSM name is the one the website carries (zahnarzt-1.de); the other stays as an alias.
    expect(merged[0]).toMatchObject({
      name: 'Zahnarzt 1',
      aliases: ['Zahnarztpraxis 1'],
      phone: '+493451000001',
      rating: 4.5,
      source: 'osm',
    });
  });

  it('is configured only with a key', () => {
    expect(createDiscoverySources().map((s) => s.id)).toEqual(['osm']);
    expect(createDiscoverySources({ googlePlaces: { apiKey: '  ' } }).map((s) => s.id)).toEqual(['osm']);
    expect(createDiscoverySources({ googlePlaces: { apiKey: 'k' } }).map((s) => s.id)).toEqual([
      'osm',
      'google_places',
    ]);
    expect(() => createGooglePlacesSource({ apiKey: '' })).toThrow(/API key/);
  });
});
