import { createHttpClient, type HttpClient, type HttpClientOptions } from '../../http/client';
import { type Clock, systemClock } from '../../http/clock';
import { createHostLimiter, type HostLimiter } from '../../http/rate-limit';

export const DEFAULT_NOMINATIM_URL = 'https://nominatim.openstreetmap.org';
export const DEFAULT_OVERPASS_URL = 'https://overpass-api.de/api/interpreter';
/** Shown with OpenStreetMap data (ODbL). */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
/** Nominatim's usage policy: at most one request per second. */
const NOMINATIM_MIN_INTERVAL_MS = 1000;

// One limiter per process for the real clock, so every source and job in the process shares Nominatim's
// budget. (Several worker processes share an IP too: keep geocoding in one of them, or cache in PostgreSQL.)
const processIntervals: Record<string, number> = {};
const processLimiter = createHostLimiter(processIntervals, systemClock);

export interface OsmHttpOptions extends HttpClientOptions {
  nominatimUrl?: string;
  /** Spacing of Nominatim requests; default (and minimum against the public server) 1000 ms. */
  nominatimIntervalMs?: number;
}

/** The HTTP client both Nominatim and Overpass use: identifying User-Agent, retries, Nominatim spacing. */
export function createOsmHttpClient(options: OsmHttpOptions = {}): HttpClient {
  const host = new URL(options.nominatimUrl ?? DEFAULT_NOMINATIM_URL).host;
  const requested = options.nominatimIntervalMs ?? NOMINATIM_MIN_INTERVAL_MS;
  // The public server's policy is not ours to loosen; a self-hosted Nominatim may go faster.
  const isPublic = host === new URL(DEFAULT_NOMINATIM_URL).host;
  const interval = isPublic ? Math.max(requested, NOMINATIM_MIN_INTERVAL_MS) : requested;
  let limiter: HostLimiter | undefined = options.limiter;
  if (!limiter) {
    const clock: Clock = options.clock ?? systemClock;
    if (clock === systemClock) {
      processIntervals[host] = Math.max(processIntervals[host] ?? 0, interval);
      limiter = processLimiter;
    } else {
      limiter = createHostLimiter({ ...options.minIntervalMsByHost, [host]: interval }, clock);
    }
  }
  return createHttpClient({ ...options, limiter });
}
