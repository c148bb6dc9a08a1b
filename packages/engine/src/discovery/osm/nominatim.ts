import { z } from 'zod';
import type { BBox, LatLng } from '../../geo/geo';
import { type AsyncCache, createLruCache } from '../../http/cache';
import type { HttpClient } from '../../http/client';
import { collapseSpaces } from '../../normalize/text';
import { trimEndChars } from '../../normalize/trim';
import { createOsmHttpClient, DEFAULT_NOMINATIM_URL, type OsmHttpOptions } from './osm-http';

export interface GeocodeResult {
  displayName: string;
  center: LatLng;
  bbox: BBox;
  /** ISO 3166-1 alpha-2 (upper case), when Nominatim knows it. */
  countryCode: string | null;
}

export interface Geocoder {
  /** The best match for free text, or null when nothing matches. */
  geocode(text: string, options?: { signal?: AbortSignal }): Promise<GeocodeResult | null>;
  /** The place at a point (country level), or null. */
  reverse(point: LatLng, options?: { signal?: AbortSignal }): Promise<GeocodeResult | null>;
}

export interface NominatimOptions extends OsmHttpOptions {
  /** Default https://nominatim.openstreetmap.org */
  baseUrl?: string;
  /** A client shared with Overpass (it must space requests to the Nominatim host: createOsmHttpClient). */
  http?: HttpClient;
  /** Results, including "not found" (null). Default an in-memory LRU of 1000 entries for 24 h. */
  cache?: AsyncCache<GeocodeResult | null>;
  /** Accept-Language for display names, e.g. "en". */
  language?: string;
  /** Contact address sent as `email` (Nominatim's policy for heavy users). */
  email?: string;
}

const Place = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  boundingbox: z.tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()]),
  display_name: z.string().default(''),
  address: z.object({ country_code: z.string().optional() }).optional(),
});

function toResult(place: z.infer<typeof Place>): GeocodeResult {
  // Nominatim's boundingbox is [south, north, west, east].
  const [south, north, west, east] = place.boundingbox;
  const country = place.address?.country_code;
  return {
    displayName: place.display_name,
    center: { lat: place.lat, lng: place.lon },
    bbox: [south, west, north, east],
    countryCode: country ? country.toUpperCase() : null,
  };
}

/** Geocodes with Nominatim (format jsonv2, one result), politely: spaced, identified, cached. */
export function createNominatimGeocoder(options: NominatimOptions = {}): Geocoder {
  const baseUrl = trimEndChars(options.baseUrl ?? options.nominatimUrl ?? DEFAULT_NOMINATIM_URL, '/');
  const http = options.http ?? createOsmHttpClient({ ...options, nominatimUrl: baseUrl });
  const cache = options.cache ?? createLruCache<GeocodeResult | null>({ max: 1000, ttlMs: 24 * 3600 * 1000 });

  async function lookup(
    path: string,
    params: Record<string, string>,
    cacheKey: string,
    signal?: AbortSignal,
  ) {
    const cached = await cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const query = new URLSearchParams({ ...params, format: 'jsonv2', addressdetails: '1' });
    if (options.email) query.set('email', options.email);
    const headers: Record<string, string> = options.language ? { 'accept-language': options.language } : {};
    const body = await http.requestJson<unknown>(`${baseUrl}/${path}?${query}`, { headers, signal });
    const first = Array.isArray(body) ? body[0] : body;
    const parsed = Place.safeParse(first);
    const result = parsed.success ? toResult(parsed.data) : null;
    await cache.set(cacheKey, result);
    return result;
  }

  return {
    async geocode(text, { signal } = {}) {
      const q = collapseSpaces(text);
      if (q === '') return null;
      return lookup('search', { q, limit: '1' }, `search:${q.toLowerCase()}`, signal);
    },
    async reverse(point, { signal } = {}) {
      const lat = point.lat.toFixed(3);
      const lon = point.lng.toFixed(3);
      return lookup('reverse', { lat, lon, zoom: '3' }, `reverse:${lat},${lon}`, signal);
    },
  };
}
