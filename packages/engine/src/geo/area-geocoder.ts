/**
 * Geocodes a place name to its AREA with Nominatim: outline (polygon_geojson, simplified), bbox, kind, and every
 * name OSM has for it (namedetails: "München", "Munich", "Monaco di Baviera" …). ICP scoring asks once per ICP
 * location; answers (a "not found" too) go to the cache the caller passes, failures are thrown and not cached.
 */
import { z } from 'zod';
import { createOsmHttpClient, DEFAULT_NOMINATIM_URL, type OsmHttpOptions } from '../discovery/osm/osm-http';
import { type AsyncCache, createLruCache } from '../http/cache';
import type { HttpClient } from '../http/client';
import { collapseSpaces } from '../normalize/text';
import { trimEndChars } from '../normalize/trim';
import { areaKindOf, type PlaceArea, type PolygonRings } from './area';
import type { BBox } from './geo';

export interface AreaGeocoder {
  /** The area the text names, or null when Nominatim knows no such place. Throws when Nominatim cannot be asked. */
  area(text: string, options?: { signal?: AbortSignal }): Promise<PlaceArea | null>;
}

export interface AreaGeocoderOptions extends OsmHttpOptions {
  /** Default https://nominatim.openstreetmap.org */
  baseUrl?: string;
  /** A client that spaces requests to the Nominatim host (createOsmHttpClient); built from the options otherwise. */
  http?: HttpClient;
  /** Areas by `area:<folded text>`; default an in-memory LRU of 500 entries for 24 h. */
  cache?: AsyncCache<PlaceArea | null>;
  /**
   * Outline simplification in degrees (Nominatim's polygon_threshold). 0.001° ≈ 100 m: a city's outline stays
   * a few hundred points, a business near the border may fall either way by that much. Default 0.001.
   */
  polygonThreshold?: number;
  /** Contact address sent as `email` (Nominatim's policy for heavy users). */
  email?: string;
}

const Position = z.tuple([z.number(), z.number()]).rest(z.number());
const Ring = z.array(Position);
const GeoJson = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(Ring) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(Ring)) }),
  z.object({ type: z.literal('Point') }),
  z.object({ type: z.literal('LineString') }),
  z.object({ type: z.literal('MultiLineString') }),
]);

const Place = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  boundingbox: z.tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()]),
  name: z.string().optional(),
  display_name: z.string().default(''),
  addresstype: z.string().optional(),
  type: z.string().optional(),
  address: z
    .object({ country_code: z.string().optional(), postcode: z.string().optional() })
    .partial()
    .optional(),
  namedetails: z.record(z.string(), z.string()).nullish(),
  geojson: z.unknown().optional(),
});

/** Only name keys: name, name:xx, int_name, alt_name, official_name, short_name, old_name, loc_name … */
const isNameKey = (key: string) => key === 'name' || key.startsWith('name:') || key.endsWith('_name');

const toRings = (rings: number[][]): [number, number][] => rings.map((p) => [p[0] ?? 0, p[1] ?? 0]);

function polygonsOf(geojson: unknown): PolygonRings[] | null {
  const parsed = GeoJson.safeParse(geojson);
  if (!parsed.success) return null;
  const shape = parsed.data;
  if (shape.type === 'Polygon') return [shape.coordinates.map(toRings)];
  if (shape.type === 'MultiPolygon') return shape.coordinates.map((polygon) => polygon.map(toRings));
  return null;
}

function toArea(query: string, place: z.infer<typeof Place>): PlaceArea {
  // Nominatim's boundingbox is [south, north, west, east].
  const [south, north, west, east] = place.boundingbox;
  const names: Record<string, string> = {};
  for (const [key, value] of Object.entries(place.namedetails ?? {})) {
    const text = collapseSpaces(value);
    if (isNameKey(key) && text !== '') names[key] = text;
  }
  const displayFirst = collapseSpaces(place.display_name.split(',')[0] ?? '');
  if (!names.name && place.name) names.name = collapseSpaces(place.name);
  if (!names.name && displayFirst) names.name = displayFirst;
  const kind = areaKindOf(place.addresstype, place.type);
  const country = place.address?.country_code;
  const postcode = kind === 'postcode' ? (names.name ?? place.address?.postcode ?? null) : null;
  return {
    query,
    name: names.name ?? Object.values(names)[0] ?? query,
    names,
    kind,
    countryCode: country ? country.toUpperCase() : null,
    postcode,
    bbox: [south, west, north, east] satisfies BBox,
    polygons: polygonsOf(place.geojson),
  };
}

export function createNominatimAreaGeocoder(options: AreaGeocoderOptions = {}): AreaGeocoder {
  const baseUrl = trimEndChars(options.baseUrl ?? options.nominatimUrl ?? DEFAULT_NOMINATIM_URL, '/');
  const http = options.http ?? createOsmHttpClient({ ...options, nominatimUrl: baseUrl });
  const cache = options.cache ?? createLruCache<PlaceArea | null>({ max: 500, ttlMs: 24 * 3600 * 1000 });
  const threshold = String(options.polygonThreshold ?? 0.001);

  return {
    async area(text, { signal } = {}) {
      const q = collapseSpaces(text);
      if (q === '') return null;
      const key = `area:${q.toLowerCase()}`;
      const cached = await cache.get(key);
      if (cached !== undefined) return cached;
      const query = new URLSearchParams({
        q,
        format: 'jsonv2',
        limit: '1',
        addressdetails: '1',
        namedetails: '1',
        polygon_geojson: '1',
        polygon_threshold: threshold,
      });
      if (options.email) query.set('email', options.email);
      const body = await http.requestJson<unknown>(`${baseUrl}/search?${query}`, { signal });
      // An answer we cannot read is not "no such place": throw, so it is not cached as one.
      if (!Array.isArray(body)) throw new Error(`Nominatim answered "${q}" with no list of places`);
      const first: unknown = body[0];
      const parsed = Place.safeParse(first);
      if (first !== undefined && !parsed.success) {
        throw new Error(
          `Nominatim answered "${q}" in an unexpected shape: ${parsed.error.issues[0]?.message}`,
        );
      }
      const area = parsed.success ? toArea(q, parsed.data) : null;
      await cache.set(key, area);
      return area;
    },
  };
}
