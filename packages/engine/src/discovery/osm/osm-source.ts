import { type BBox, distanceMeters } from '../../geo/geo';
import type { AsyncCache } from '../../http/cache';
import { toCountryCode } from '../../normalize/countries';
import { type AreaOptions, resolveSearchArea } from '../area';
import type { DiscoveryBatch, DiscoveryProgress, DiscoverySource, RawBusiness } from '../source';
import { DiscoveryError } from '../source';
import { splitBbox, walkTiles } from '../tiles';
import { resolveQuery } from './categories';
import { createNominatimGeocoder, type GeocodeResult, type Geocoder } from './nominatim';
import { osmElementToBusiness } from './osm-element';
import { createOsmHttpClient, DEFAULT_OVERPASS_URL, OSM_ATTRIBUTION, type OsmHttpOptions } from './osm-http';
import { createOverpassClient } from './overpass';
import { buildOverpassQuery } from './overpass-query';

export interface OsmSourceOptions extends OsmHttpOptions, AreaOptions {
  /** Default https://overpass-api.de/api/interpreter */
  overpassUrl?: string;
  /** POST (default) or GET. */
  overpassMethod?: 'POST' | 'GET';
  /** Geocoding results; default an in-memory LRU (pass a PostgreSQL-backed one to share across workers). */
  geocodeCache?: AsyncCache<GeocodeResult | null>;
  /** Or a ready geocoder (shared cache, another service). */
  geocoder?: Geocoder;
  /** Tiles larger than this are cut before querying. Default 400 km². */
  maxTileKm2?: number;
  /** Elements asked per query (`out … N`); an answer this full splits the tile in four. Default 1000. */
  tileCap?: number;
  /** Splits of a full tile, at most. Default 4. */
  maxSplitDepth?: number;
  /** Overpass `[timeout:]` in seconds. Default 25. */
  overpassTimeoutSec?: number;
  /** Phone and address country when neither the place nor geocoding tell (a bbox search skips the look-up). */
  defaultCountry?: string | null;
  /** Look the country up (Nominatim reverse) when a bbox is given without one. Default true. */
  shouldReverseGeocodeCountry?: boolean;
  /** Stamped on each record; default new Date(). */
  now?: () => Date;
}

/** OpenStreetMap as a discovery source: Nominatim geocodes, Overpass finds the category's tags, tile by tile. */
export function createOsmSource(options: OsmSourceOptions = {}): DiscoverySource {
  const http = createOsmHttpClient(options);
  const geocoder =
    options.geocoder ?? createNominatimGeocoder({ ...options, http, cache: options.geocodeCache });
  const overpass = createOverpassClient({
    ...options,
    http,
    baseUrl: options.overpassUrl ?? DEFAULT_OVERPASS_URL,
    method: options.overpassMethod ?? 'POST',
  });
  const cap = options.tileCap ?? 1000;
  const timeoutSec = options.overpassTimeoutSec ?? 25;

  return {
    id: 'osm',
    attribution: OSM_ATTRIBUTION,
    async *discover(request): AsyncGenerator<DiscoveryBatch> {
      const { signal } = request;
      const query = request.query?.trim();
      if (!query) throw new DiscoveryError('invalid_request', 'Give a category or a search term.');
      const area = await resolveSearchArea(request, geocoder, options);
      let country = area.countryCode ?? toCountryCode(options.defaultCountry);
      if (!country && options.shouldReverseGeocodeCountry !== false) {
        country =
          (await geocoder.reverse(area.center, { signal }).catch(rethrowAbort(signal)))?.countryCode ?? null;
      }
      const resolved = resolveQuery(query);
      const limit = request.limit ?? Number.POSITIVE_INFINITY;
      const observedAt = (options.now?.() ?? new Date()).toISOString();
      const seen = new Set<string>();
      const tiles = splitBbox(area.bbox, options.maxTileKm2 ?? 400);
      const progress: DiscoveryProgress = {
        done: 0,
        total: tiles.length,
        found: 0,
        dropped: 0,
        failed: 0,
        isTruncated: false,
      };
      request.onProgress?.({ ...progress });
      let lastError: unknown = null;
      // The error of the tile just queried (walkTiles yields each tile's step right after its query).
      let stepError: unknown = null;
      let stepSkipped = 0;

      const queryTile = async (tile: BBox) => {
        const ql = buildOverpassQuery({ filters: resolved.filters, bbox: tile, timeoutSec, maxCount: cap });
        stepError = null;
        stepSkipped = 0;
        try {
          const result = await overpass.run(ql, { signal, timeoutSec });
          stepSkipped = result.skipped;
          // Malformed entries count towards the cap: the server did send them.
          const sent = result.elements.length + result.skipped;
          return { items: result.elements, isFull: sent >= cap || result.isIncomplete };
        } catch (error) {
          if (signal?.aborted) throw error;
          lastError = error;
          stepError = error;
          progress.failed++;
          return { items: [], isFull: false };
        }
      };

      for await (const step of walkTiles(tiles, queryTile, {
        maxDepth: options.maxSplitDepth ?? 4,
        signal,
      })) {
        const businesses: RawBusiness[] = [];
        progress.dropped += stepSkipped;
        for (const element of step.items) {
          const ref = `${element.type}/${element.id}`;
          if (seen.has(ref)) continue;
          seen.add(ref);
          const business = osmElementToBusiness(element, {
            category: resolved.category,
            categoryFilters: resolved.category ? resolved.filters : null,
            query,
            defaultCountry: country,
            observedAt,
          });
          if (!business || !isWithinRadius(business, area.center, area.radiusKm)) {
            progress.dropped++;
            continue;
          }
          if (progress.found >= limit) break;
          businesses.push(business);
          progress.found++;
        }
        Object.assign(progress, { done: step.done, total: step.total });
        progress.isTruncated ||= step.isTruncated;
        request.onProgress?.({ ...progress });
        const error = stepError === null ? {} : { error: stepError };
        yield { businesses, progress: { ...progress }, tile: step.tile, ...error };
        if (progress.found >= limit) return;
      }
      if (progress.failed > 0 && progress.failed >= progress.total) throw lastError;
    },
  };
}

function isWithinRadius(
  business: RawBusiness,
  center: { lat: number; lng: number },
  radiusKm: number | null,
) {
  if (radiusKm === null || business.lat === null || business.lng === null) return true;
  return distanceMeters(center, { lat: business.lat, lng: business.lng }) <= radiusKm * 1000;
}

/** Ignores a failed optional look-up, but not a cancellation. */
function rethrowAbort(signal: AbortSignal | undefined) {
  return (error: unknown): null => {
    if (signal?.aborted) throw error;
    return null;
  };
}
