import type { BBox } from '../geo/geo';

/**
 * One place as a source found it, already normalised (domain, E.164 phone, split address), before merging
 * duplicates across sources and tiles. Field names follow the contract's Business.
 */
export interface RawBusiness {
  name: string;
  /** Canonical URL of the business's own website (never a social network). */
  website: string | null;
  domain: string | null;
  email: string | null;
  /** E.164 */
  phone: string | null;
  /** Street line ("Hauptstr. 5"). */
  address: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  /** ISO 3166-1 alpha-2 where known. */
  country: string | null;
  lat: number | null;
  lng: number | null;
  category: string | null;
  /** `osm`, `google_places`, `import`, `competitor`… */
  source: string;
  /** The source's own id: `node/123`, a Google place id, a CSV line. */
  source_ref: string | null;
  rating: number | null;
  review_count: number | null;
  /** The source's page of this place (openstreetmap.org/node/…, Google Maps). */
  url?: string | null;
  /** Social-network or portal links (facebook, instagram…), e.g. when that was all the "website" held. */
  socials?: string[];
  /** Evidence text (competitor customers). */
  snippet?: string | null;
  /** Every category the place carries, the main one (`category`) first. */
  categories?: string[];
  /** Every phone number (E.164), `phone` first (an OSM tag "a; b" holds two). */
  phones?: string[];
  /** Every website (canonical URL), `website` first. */
  websites?: string[];
  /** Other names the business goes by (a merged outlet's name, a brand), never `name` itself. */
  aliases?: string[];
  /** The source says the business has closed for good (an imported "permanently closed" row). */
  is_closed?: boolean;
  /**
   * The imported file's own columns (key → number, boolean, 'YYYY-MM-DD' date or text), keyed as the import
   * session's attribute_columns; only imported records have them.
   */
  attributes?: Record<string, string | number | boolean>;
  /** ISO time the source was read. */
  observed_at?: string;
}

export interface DiscoveryProgress {
  /** Units of work finished (tiles, result pages). */
  done: number;
  /** Units known so far: grows when a full tile is split. */
  total: number;
  /** Businesses yielded so far (after the source's own de-duplication). */
  found: number;
  /** Places skipped: no name, outside the radius, or an entry of the answer that is not a place at all. */
  dropped: number;
  /** Requests that failed for good (the run goes on with the other tiles). */
  failed: number;
  /** True when a tile still hit the cap at the deepest split: there may be more places than returned. */
  isTruncated: boolean;
}

export interface DiscoveryBatch {
  businesses: RawBusiness[];
  progress: DiscoveryProgress;
  /** The area this batch came from, when the source works in tiles. */
  tile?: BBox;
  /**
   * Why this batch's area could not be searched (it then counts in `progress.failed`; the run goes on), as
   * thrown by the HTTP client: describeSourceFailure turns it into words a user can read.
   */
  error?: unknown;
}

export interface DiscoverRequest {
  /** A category ("dentist") or free text ("kombucha"). */
  query: string;
  /** Free text, geocoded. Give this or `bbox`. */
  location?: string;
  bbox?: BBox;
  /** Around the location's (or bbox's) centre; places farther away are dropped. */
  radiusKm?: number;
  /** Stop after this many businesses. */
  limit?: number;
  /** Cancels promptly: the iteration rejects with the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (progress: DiscoveryProgress) => void;
}

/**
 * A discovery source. The job runner iterates the batches, stores each (so a cancel keeps what was found),
 * reports `progress`, and stops by aborting `signal` (or by leaving the loop).
 */
export interface DiscoverySource {
  readonly id: 'osm' | 'google_places';
  /** Shown with the data this source returned (null when the source requires none). */
  readonly attribution: string | null;
  discover(request: DiscoverRequest): AsyncIterable<DiscoveryBatch>;
}

/** Errors a user can act on ("no place called …", "area too large"); `code` is for the API's mapping. */
export class DiscoveryError extends Error {
  override name = 'DiscoveryError';
  constructor(
    readonly code: 'location_not_found' | 'area_too_large' | 'invalid_request' | 'source_failed',
    message: string,
  ) {
    super(message);
  }
}
