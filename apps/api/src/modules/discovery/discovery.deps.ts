/**
 * What the session jobs need from the outside world, built once per worker process from the config (tests pass
 * overrides: local servers, small tiles, no HTTP retries, fast progress).
 */
import {
  buildUserAgent,
  createNominatimGeocoder,
  createOsmHttpClient,
  type FetcherOptions,
  type GeocodeResult,
  type Geocoder,
  type GooglePlacesOptions,
  IMPORT_BATCH_SIZE,
  type OsmSourceOptions,
} from '@argo/engine';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { createGeocodeCache } from './geocode-cache.repository';

export interface DiscoveryDeps {
  /** OpenStreetMap source options (URLs, User-Agent, HTTP retries); the job adds the per-run fields. */
  osm: OsmSourceOptions;
  /** Google Places options when a key is configured, else null. */
  google: Omit<GooglePlacesOptions, 'geocoder'> | null;
  /** Nominatim, spaced and cached in PostgreSQL (shared by every worker process). */
  geocoder: Geocoder;
  /** Largest tile (km²) each source is asked about at once; a full answer is split further by the source. */
  tileKm2: { osm: number; google_places: number };
  /** Largest area one search covers (km²). */
  maxAreaKm2: number;
  /** CSV rows per stored batch. */
  importBatchSize: number;
  /** Progress and the latest businesses are written at most this often. */
  progressIntervalMs: number;
  /** How often a running job looks for a cancel (and a takeover). */
  cancelPollMs: number;
  /** The website crawler of the competitors search: fetcher options (SSRF allow-list, retries) and pages per site. */
  crawl: { fetcher: FetcherOptions; pageBudget: number };
}

export type DiscoveryOverrides = Partial<Omit<DiscoveryDeps, 'osm' | 'google' | 'tileKm2' | 'crawl'>> & {
  osm?: Partial<OsmSourceOptions>;
  crawl?: { fetcher?: FetcherOptions; pageBudget?: number };
  google?: Partial<Omit<GooglePlacesOptions, 'geocoder'>> | null;
  tileKm2?: Partial<DiscoveryDeps['tileKm2']>;
};

export function createDiscoveryDeps(
  config: Config,
  db: Database,
  overrides: DiscoveryOverrides = {},
): DiscoveryDeps {
  const userAgent = config.OSM_USER_AGENT ?? buildUserAgent(config.PUBLIC_URL);
  const osm: OsmSourceOptions = {
    overpassUrl: config.OVERPASS_URL,
    nominatimUrl: config.NOMINATIM_URL,
    userAgent,
    ...overrides.osm,
  };
  const geocoder =
    overrides.geocoder ??
    createNominatimGeocoder({
      ...osm,
      baseUrl: osm.nominatimUrl,
      http: createOsmHttpClient(osm),
      cache: createGeocodeCache<GeocodeResult>(db),
    });
  const apiKey = overrides.google === null ? undefined : config.GOOGLE_PLACES_API_KEY;
  const google = apiKey
    ? { apiKey, baseUrl: config.GOOGLE_PLACES_URL, userAgent, ...overrides.google }
    : null;
  return {
    osm,
    google,
    geocoder,
    tileKm2: { osm: 400, google_places: 2500, ...overrides.tileKm2 },
    maxAreaKm2: overrides.maxAreaKm2 ?? 25_000,
    importBatchSize: overrides.importBatchSize ?? IMPORT_BATCH_SIZE,
    progressIntervalMs: overrides.progressIntervalMs ?? 500,
    cancelPollMs: overrides.cancelPollMs ?? 1000,
    crawl: {
      fetcher: { allowAddresses: config.CRAWL_ALLOW_HOSTS, ...overrides.crawl?.fetcher },
      pageBudget: overrides.crawl?.pageBudget ?? 15,
    },
  };
}
