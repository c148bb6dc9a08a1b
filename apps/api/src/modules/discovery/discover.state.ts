/**
 * The resumable state of a search run, kept in session_runs.state: the resolved area, the tiles per source with
 * what is finished and what failed, and how many businesses were found (for the limit). A resumed job skips the
 * finished tiles; a retry re-runs only the failed parts.
 */
import type { BBox, DiscoveryService } from '@argo/engine';
import type { RunProgress } from '../sessions/session-run';

export type SourceId = 'osm' | 'google_places';

export interface DiscoverTile {
  source: SourceId;
  bbox: BBox;
  state: 'pending' | 'done' | 'skipped';
  /** Units of this tile (itself and the quarters a full answer split it into): known, finished, failed. */
  total: number;
  done: number;
  failed: number;
  /** Businesses kept from this tile (counted against the search's limit). */
  found?: number;
  /** The parts that could not be searched, retried alone. */
  failed_parts?: BBox[];
  /** The last error of a failed part, in plain words. */
  error?: string;
  /**
   * The setting to check when that error is the server's configuration (the service's address does not resolve or
   * refuses connections): retrying cannot help until it is fixed.
   */
  check_setting?: string;
}

export interface DiscoverPlan {
  bbox: BBox;
  center: { lat: number; lng: number };
  radius_km: number | null;
  country: string | null;
  display_name: string | null;
}

export interface DiscoverState {
  plan?: DiscoverPlan;
  tiles?: DiscoverTile[];
  /** A tile was still full at the deepest split: there may be more places than found. */
  truncated?: boolean;
}

export const newTile = (source: SourceId, bbox: BBox): DiscoverTile => ({
  source,
  bbox,
  state: 'pending',
  total: 1,
  done: 0,
  failed: 0,
});

/** Businesses the sources returned so far (before merging), counted against the limit. */
export const foundOf = (state: DiscoverState): number =>
  (state.tiles ?? []).reduce((sum, tile) => sum + (tile.found ?? 0), 0);

export function progressOf(state: DiscoverState): RunProgress {
  let total = 0;
  let done = 0;
  let failed = 0;
  for (const tile of state.tiles ?? []) {
    total += tile.total;
    done += tile.state === 'pending' ? tile.done : tile.total;
    failed += tile.failed;
  }
  return { total, done, failed };
}

/**
 * The state a retry starts from: each failed part becomes a tile of its own (its parent keeps what it found);
 * when nothing failed item by item, the whole search runs again over what is stored (the upserts keep it).
 */
export function prepareDiscoverRetry(state: DiscoverState): DiscoverState {
  if (!state.plan || !state.tiles?.length) return {};
  const hasFailedParts = state.tiles.some((tile) => (tile.failed_parts?.length ?? 0) > 0);
  if (!hasFailedParts) {
    return { ...state, tiles: state.tiles.map((tile) => newTile(tile.source, tile.bbox)) };
  }
  const tiles: DiscoverTile[] = [];
  for (const tile of state.tiles) {
    const parts = tile.failed_parts ?? [];
    const rest = { ...tile, total: tile.total - tile.failed, done: tile.done - tile.failed, failed: 0 };
    delete rest.failed_parts;
    delete rest.error;
    if (rest.total > 0) tiles.push(rest);
    for (const part of parts) tiles.push(newTile(tile.source, part));
  }
  return { ...state, tiles };
}

/** The server setting that names each service's address (docs/configuration.md). */
export const SETTING_OF: Record<DiscoveryService, string> = {
  overpass: 'OVERPASS_URL',
  nominatim: 'NOMINATIM_URL',
  google_places: 'GOOGLE_PLACES_URL',
};

/**
 * What to do about a failed request: a configuration fault (isConfigurationFault) names the setting to check, since
 * a retry would fail the same way; anything else (429, 5xx, a timeout) passes, so retrying later is the advice.
 */
export function failureAdvice(setting: string | undefined): string {
  return setting
    ? `Check the server's ${setting} setting, and that the server can reach that address; retrying will fail the same way until then.`
    : 'Retry in a few minutes.';
}

/** "3 of 12 map areas could not be searched (…)", or null when none failed. */
export function describeFailedTiles(state: DiscoverState): string | null {
  const { total, failed } = progressOf(state);
  if (failed === 0) return null;
  const failedTile = state.tiles?.find((tile) => tile.error);
  const because = failedTile?.error ? ` (${failedTile.error})` : '';
  const setting = failedTile?.check_setting;
  if (failed >= total) {
    return `The search failed: the map service could not be searched${because}. ${failureAdvice(setting)}`;
  }
  const next = setting
    ? `check the server's ${setting} setting, then retry to search the missing areas`
    : 'retry to search the missing areas';
  return `${failed} of ${total} map areas could not be searched${because}. The businesses found are kept; ${next}.`;
}
