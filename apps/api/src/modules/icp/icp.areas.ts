/**
 * The geocoded areas of an ICP's locations, fetched when a run scores the ICP: each location is
 * geocoded once (Nominatim outline and names in every language, cached in PostgreSQL for every worker), so a
 * business matches "Skopje" by lying inside Skopje, or by "Скопје" being one of its names. A location Nominatim
 * cannot be asked about now (no network, 5xx, too slow) is matched by names for this run and not asked again for
 * a while in this process, so a worker without network does not wait on every run.
 */
import {
  type AreaGeocoder,
  createNominatimAreaGeocoder,
  createOsmHttpClient,
  type IcpAreas,
  type OsmSourceOptions,
  type PlaceArea,
} from '@argo/engine';
import type { Database } from '../../db/client';
import type { JobLogger } from '../../jobs/define-job';
import { createGeocodeCache } from '../discovery/geocode-cache.repository';

/** A run waits at most this long for all of its locations; the rest are matched by names. */
const AREA_BUDGET_MS = 20_000;
/** One Nominatim request may take this long (one retry). */
const AREA_REQUEST_TIMEOUT_MS = 8_000;
/** After a failure, a location is not asked about again in this process for this long. */
const FAILURE_PAUSE_MS = 10 * 60 * 1000;
/** More locations than this are matched by names (an ICP lists a few places, not a gazetteer). */
const MAX_GEOCODED_LOCATIONS = 20;

export interface IcpAreaResolver {
  /**
   * The area of each location (trimmed, as scoring keys them): a PlaceArea, null when Nominatim knows no such
   * place, absent when it could not be asked. Throws only when `signal` aborts (the run stops).
   */
  resolve(locations: readonly string[], options: { signal: AbortSignal; log: JobLogger }): Promise<IcpAreas>;
}

/** Discovery's Nominatim (URL, User-Agent, the process's request spacing) with the areas cached in PostgreSQL. */
function createIcpAreaGeocoder(db: Database, osm: OsmSourceOptions): AreaGeocoder {
  const options = {
    ...osm,
    retries: Math.min(osm.retries ?? 1, 1),
    timeoutMs: AREA_REQUEST_TIMEOUT_MS,
  };
  return createNominatimAreaGeocoder({
    ...options,
    baseUrl: osm.nominatimUrl,
    http: createOsmHttpClient(options),
    cache: createGeocodeCache<PlaceArea>(db),
  });
}

function createIcpAreaResolver(geocoder: AreaGeocoder, now: () => number = Date.now): IcpAreaResolver {
  const failedUntil = new Map<string, number>();
  return {
    async resolve(locations, { signal, log }) {
      const areas: Record<string, PlaceArea | null> = {};
      const wanted = [...new Set(locations.map((l) => l.trim()).filter((l) => l !== ''))];
      const budget = AbortSignal.any([signal, AbortSignal.timeout(AREA_BUDGET_MS)]);
      for (const location of wanted.slice(0, MAX_GEOCODED_LOCATIONS)) {
        const key = location.toLowerCase();
        if ((failedUntil.get(key) ?? 0) > now()) continue;
        try {
          areas[location] = await geocoder.area(location, { signal: budget });
          failedUntil.delete(key);
        } catch (error) {
          signal.throwIfAborted();
          failedUntil.set(key, now() + FAILURE_PAUSE_MS);
          log.warn(
            { location, err: error instanceof Error ? error.message : String(error) },
            'ICP location not geocoded; matching it by its names',
          );
        }
      }
      return areas;
    },
  };
}

// One resolver per worker's OSM options (one per process; one per test worker), so failures are remembered there.
const resolvers = new WeakMap<OsmSourceOptions, IcpAreaResolver>();

/** The resolver of a worker whose discovery uses `osm`. */
export function icpAreaResolverFor(db: Database, osm: OsmSourceOptions): IcpAreaResolver {
  let resolver = resolvers.get(osm);
  if (!resolver) {
    resolver = createIcpAreaResolver(createIcpAreaGeocoder(db, osm));
    resolvers.set(osm, resolver);
  }
  return resolver;
}
