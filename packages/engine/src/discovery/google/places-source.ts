import { type BBox, distanceMeters } from '../../geo/geo';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../../http/client';
import { trimEndChars } from '../../normalize/trim';
import { type AreaOptions, resolveSearchArea } from '../area';
import { resolveCategory } from '../osm/categories';
import type { Geocoder } from '../osm/nominatim';
import type { DiscoveryBatch, DiscoveryProgress, DiscoverySource, RawBusiness } from '../source';
import { DiscoveryError } from '../source';
import { splitBbox, walkTiles } from '../tiles';
import { type GooglePlace, googlePlaceToBusiness, PLACES_FIELD_MASK } from './places-mapping';

const DEFAULT_GOOGLE_PLACES_URL = 'https://places.googleapis.com/v1';

export interface GooglePlacesOptions extends HttpClientOptions, AreaOptions {
  apiKey: string;
  /** Default https://places.googleapis.com/v1 (the call is POST {baseUrl}/places:searchText). */
  baseUrl?: string;
  http?: HttpClient;
  /** Turns `location` into an area to tile (the OSM source's Nominatim geocoder); without one, the location
   * is sent inside the text query ("dentist in Halle") and the search is not tiled. */
  geocoder?: Geocoder;
  languageCode?: string;
  /** Result pages per tile (20 places each; the API stops at 3). Default 3. */
  maxPages?: number;
  /** Splits of a full tile (every query is billed). Default 1. */
  maxSplitDepth?: number;
  /** Default 2,500 km²: Text Search ranks, it does not list everything, so smaller tiles find more. */
  maxTileKm2?: number;
  defaultCountry?: string | null;
  now?: () => Date;
}

interface SearchTextResponse {
  places?: GooglePlace[];
  nextPageToken?: string;
}

/** Google Places Text Search (Places API New) as a discovery source. Create it only when a key is configured. */
export function createGooglePlacesSource(options: GooglePlacesOptions): DiscoverySource {
  if (!options.apiKey?.trim()) throw new Error('createGooglePlacesSource needs an API key');
  const http = options.http ?? createHttpClient(options);
  const url = `${trimEndChars(options.baseUrl ?? DEFAULT_GOOGLE_PLACES_URL, '/')}/places:searchText`;
  const maxPages = options.maxPages ?? 3;

  async function searchText(body: Record<string, unknown>, signal?: AbortSignal) {
    const places: GooglePlace[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await http.requestJson<SearchTextResponse>(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': options.apiKey,
          'x-goog-fieldmask': PLACES_FIELD_MASK,
        },
        body: JSON.stringify({ ...body, pageSize: 20, ...(pageToken ? { pageToken } : {}) }),
        signal,
      });
      places.push(...(page.places ?? []));
      pageToken = page.nextPageToken || undefined;
      pages++;
    } while (pageToken && pages < maxPages);
    return { items: places, isFull: pageToken !== undefined };
  }

  return {
    id: 'google_places',
    attribution: null,
    async *discover(request): AsyncGenerator<DiscoveryBatch> {
      const { signal } = request;
      const query = request.query?.trim();
      if (!query) throw new DiscoveryError('invalid_request', 'Give a category or a search term.');
      const category = resolveCategory(query)?.id ?? null;
      const base: Record<string, unknown> = { textQuery: query };
      if (options.languageCode) base.languageCode = options.languageCode;
      const observedAt = (options.now?.() ?? new Date()).toISOString();
      const isUntiled = !request.bbox && !options.geocoder;
      const area = isUntiled ? null : await resolveSearchArea(request, options.geocoder ?? null, options);
      const country = area?.countryCode ?? options.defaultCountry ?? null;
      const tiles: (BBox | null)[] = area ? splitBbox(area.bbox, options.maxTileKm2 ?? 2500) : [null];
      const limit = request.limit ?? Number.POSITIVE_INFINITY;
      const seen = new Set<string>();
      const progress: DiscoveryProgress = {
        done: 0,
        total: tiles.length,
        found: 0,
        dropped: 0,
        failed: 0,
        isTruncated: false,
      };
      request.onProgress?.({ ...progress });

      const queryTile = (tile: BBox | null) => {
        if (!tile)
          return searchText({ ...base, textQuery: `${query} in ${request.location ?? ''}`.trim() }, signal);
        const [south, west, north, east] = tile;
        const rectangle = {
          low: { latitude: south, longitude: west },
          high: { latitude: north, longitude: east },
        };
        return searchText({ ...base, locationRestriction: { rectangle } }, signal);
      };
      const steps = area
        ? walkTiles(tiles as BBox[], queryTile, { maxDepth: options.maxSplitDepth ?? 1, signal })
        : walkTiles([[0, 0, 0, 0]], () => queryTile(null), { maxDepth: 0, signal });

      for await (const step of steps) {
        const businesses: RawBusiness[] = [];
        for (const place of step.items) {
          const business = googlePlaceToBusiness(place, { category, defaultCountry: country, observedAt });
          if (!business || seen.has(business.source_ref ?? '')) continue;
          seen.add(business.source_ref ?? '');
          const isOutside =
            area?.radiusKm && business.lat !== null && business.lng !== null
              ? distanceMeters(area.center, { lat: business.lat, lng: business.lng }) > area.radiusKm * 1000
              : false;
          if (isOutside) {
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
        yield { businesses, progress: { ...progress }, ...(area ? { tile: step.tile } : {}) };
        if (progress.found >= limit) return;
      }
    },
  };
}
