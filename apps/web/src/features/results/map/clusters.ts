/**
 * The map's points and clusters (supercluster): nearby businesses merge into one marker with their count until
 * the map is zoomed in far enough to tell them apart; a cluster carries how many of each tier it holds, so it
 * takes the colour of its best tier.
 */
import type { MapBBox, MapPoint } from '@argo/contract';
import Supercluster from 'supercluster';
import { TIER_KEYS, type TierKey } from './tiers';

interface LeafProps {
  id: string;
  name: string;
  tier: TierKey;
}

export type TierCounts = Record<TierKey, number>;

export type MapIndex = Supercluster<LeafProps, TierCounts>;

export type MapFeature =
  | { kind: 'business'; id: string; name: string; tier: TierKey; lat: number; lng: number }
  | { kind: 'cluster'; clusterId: number; count: number; tiers: TierCounts; lat: number; lng: number };

/** Clusters up to zoom 17: further in, businesses at the same address stay one cluster (zoom 18 shows them). */
const CLUSTER_MAX_ZOOM = 17;

/** Builds the cluster index of every point (about 0.2 s for 100,000 points). */
export function buildMapIndex(points: readonly MapPoint[]): MapIndex {
  const index = new Supercluster<LeafProps, TierCounts>({
    // Leaflet's tiles are 256 pixels: with the same extent, the radius is in screen pixels (a cluster disc is
    // up to 48 wide, so neighbours do not overlap).
    extent: 256,
    radius: 60,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (props) => ({ A: 0, B: 0, C: 0, D: 0, none: 0, [props.tier]: 1 }),
    reduce: (sum, props) => {
      for (const tier of TIER_KEYS) sum[tier] += props[tier];
    },
  });
  index.load(
    points.map(([id, name, lat, lng, tier]) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [lng, lat] },
      properties: { id, name, tier: tier ?? 'none' },
    })),
  );
  return index;
}

/** The clusters and single businesses inside a box (`[west, south, east, north]`) at a zoom. */
export function featuresIn(
  index: MapIndex,
  box: [number, number, number, number],
  zoom: number,
): MapFeature[] {
  return index.getClusters(box, Math.round(zoom)).map((feature): MapFeature => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      const { cluster_id, point_count, ...tiers } = props;
      return {
        kind: 'cluster',
        clusterId: cluster_id,
        count: point_count,
        tiers: pickTiers(tiers),
        lat,
        lng,
      };
    }
    const leaf = props as LeafProps;
    return { kind: 'business', id: leaf.id, name: leaf.name, tier: leaf.tier, lat, lng };
  });
}

const pickTiers = (props: Partial<TierCounts>): TierCounts => ({
  A: props.A ?? 0,
  B: props.B ?? 0,
  C: props.C ?? 0,
  D: props.D ?? 0,
  none: props.none ?? 0,
});

/** The tiers of a cluster as a ring: each tier's share of the circle, A first, clockwise from the top. */
export function tierRing(tiers: TierCounts, colors: Record<TierKey, string>): string {
  const total = TIER_KEYS.reduce((sum, tier) => sum + tiers[tier], 0) || 1;
  let start = 0;
  const stops = TIER_KEYS.filter((tier) => tiers[tier] > 0).map((tier) => {
    const end = start + (tiers[tier] / total) * 100;
    const stop = `${colors[tier]} ${start.toFixed(2)}% ${end.toFixed(2)}%`;
    start = end;
    return stop;
  });
  return `conic-gradient(${stops.join(', ')})`;
}

/** The best tier a cluster holds (A before B …, scored before not scored). */
export const bestTier = (tiers: TierCounts): TierKey => TIER_KEYS.find((tier) => tiers[tier] > 0) ?? 'none';

/** "12 businesses: 3 tier A, 9 not scored" — a cluster's name for screen readers and its tooltip. */
export function describeCluster(count: number, tiers: TierCounts): string {
  const parts = TIER_KEYS.filter((tier) => tiers[tier] > 0).map(
    (tier) => `${tiers[tier].toLocaleString('en-US')} ${tier === 'none' ? 'not scored' : `tier ${tier}`}`,
  );
  return `${count.toLocaleString('en-US')} businesses: ${parts.join(', ')}`;
}

/** The box around every point and the search area, `[south, west, north, east]`; null when there is nothing. */
export function boundsOf(points: readonly MapPoint[], area: MapBBox | null): MapBBox | null {
  let [south, west, north, east] = area ?? [90, 180, -90, -180];
  for (const [, , lat, lng] of points) {
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return south <= north && west <= east ? [south, west, north, east] : null;
}
