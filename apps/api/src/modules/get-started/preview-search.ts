/**
 * The search behind the anonymous /get-started preview (one small discovery, ≤ 10 results):
 * OpenStreetMap (keyless, the default source) for the venture's first industry around its first location.
 * Bounded in time, and never failing the preview: a search that cannot run answers no businesses.
 */
import { PREVIEW_LIMITS } from '@argo/contract';
import {
  createOsmSource,
  DiscoveryError,
  type MergedBusiness,
  mergeBusinesses,
  type RawBusiness,
} from '@argo/engine';
import type { PreviewBusinessData, PreviewVentureData } from '../../db/schema/get-started';
import type { JobLogger } from '../../jobs/define-job';
import type { DiscoveryDeps } from '../discovery/discovery.deps';

export type PreviewSearch = (venture: PreviewVentureData) => Promise<PreviewBusinessData[]>;

export interface PreviewSearchOptions {
  /** The whole search (geocoding included) gives up after this. Default 20 s. */
  timeoutMs?: number;
  /** Around the place's centre when the place itself is larger than one search may cover. Default 15 km. */
  fallbackRadiusKm?: number;
  log?: Pick<JobLogger, 'warn'>;
}

/** The discovery query and place of a venture: what the preview searches for, and the claimed session's input. */
export function previewSearchInput(venture: PreviewVentureData): { query: string; location: string | null } {
  return { query: venture.industries[0] ?? venture.name, location: venture.locations[0] ?? null };
}

function toPreviewBusiness(business: MergedBusiness): PreviewBusinessData {
  return {
    name: business.name,
    category: business.category,
    address: business.address,
    city: business.city,
    website: business.website,
    lat: business.lat,
    lng: business.lng,
    source: business.source,
  };
}

export function createPreviewSearch(deps: DiscoveryDeps, options: PreviewSearchOptions = {}): PreviewSearch {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const source = createOsmSource({ ...deps.osm, geocoder: deps.geocoder, maxAreaKm2: deps.maxAreaKm2 });
  const limit = PREVIEW_LIMITS.businesses;

  async function search(query: string, location: string, signal: AbortSignal, radiusKm?: number) {
    const found: RawBusiness[] = [];
    for await (const batch of source.discover({
      query,
      location,
      limit,
      signal,
      ...(radiusKm ? { radiusKm } : {}),
    })) {
      found.push(...batch.businesses);
      if (found.length >= limit) break;
    }
    return found;
  }

  return async (venture) => {
    const { query, location } = previewSearchInput(venture);
    // Without a place there is nothing to search around: the preview asks for one instead.
    if (!location || !query.trim()) return [];
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      let found: RawBusiness[];
      try {
        found = await search(query, location, signal);
      } catch (error) {
        // A country or a large region: look around its centre instead.
        if (!(error instanceof DiscoveryError && error.code === 'area_too_large')) throw error;
        found = await search(query, location, signal, options.fallbackRadiusKm ?? 15);
      }
      return mergeBusinesses(found).slice(0, limit).map(toPreviewBusiness);
    } catch (error) {
      if (!(error instanceof DiscoveryError)) {
        options.log?.warn({ err: error, query, location }, 'get-started preview: the search failed');
      }
      return [];
    }
  };
}
