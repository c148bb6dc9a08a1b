import type { MapPoint } from '@argo/contract';
import { describe, expect, it } from 'vitest';
import { boundsOf, buildMapIndex, describeCluster, featuresIn, tierRing } from './clusters';
import { TIER_COLOR } from './tiers';

// Ten bakeries within 200 m of each other in Berlin, one in Potsdam 25 km away.
const points: MapPoint[] = [
  ...Array.from(
    { length: 10 },
    (_, i): MapPoint => [`b${i}`, `Bakery ${i}`, 52.52 + i * 0.0002, 13.405, i < 3 ? 'A' : null],
  ),
  ['p', 'Potsdam Bakery', 52.39, 13.06, 'B'],
];
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe('the map’s clusters', () => {
  it('merges close businesses into one cluster with their tiers, and keeps a distant one apart', () => {
    const index = buildMapIndex(points);
    const features = featuresIn(index, WORLD, 10);
    expect(features).toHaveLength(2);
    const cluster = features.find((feature) => feature.kind === 'cluster');
    expect(cluster).toMatchObject({ count: 10, tiers: { A: 3, B: 0, C: 0, D: 0, none: 7 } });
    const potsdam = features.find((feature) => feature.kind === 'business');
    expect(potsdam).toMatchObject({ id: 'p', name: 'Potsdam Bakery', tier: 'B' });
    expect(potsdam?.lat).toBeCloseTo(52.39, 6);
    expect(potsdam?.lng).toBeCloseTo(13.06, 6);
  });

  it('shows each business alone once zoomed in far enough, and zooms a cluster to where it splits', () => {
    const index = buildMapIndex(points);
    const [cluster] = featuresIn(index, WORLD, 10).filter((feature) => feature.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect(index.getClusterExpansionZoom(cluster.clusterId)).toBeGreaterThan(10);
    const close = featuresIn(index, WORLD, 19);
    expect(close.every((feature) => feature.kind === 'business')).toBe(true);
    expect(close).toHaveLength(11);
  });

  it('names a cluster by its count and tiers, and rings it with their shares', () => {
    const tiers = { A: 3, B: 0, C: 0, D: 1, none: 6 };
    expect(describeCluster(10, tiers)).toBe('10 businesses: 3 tier A, 1 tier D, 6 not scored');
    expect(tierRing(tiers, TIER_COLOR)).toBe(
      `conic-gradient(${TIER_COLOR.A} 0.00% 30.00%, ${TIER_COLOR.D} 30.00% 40.00%, ${TIER_COLOR.none} 40.00% 100.00%)`,
    );
  });

  it('fits the view around the businesses and the search area', () => {
    const [south, west, north, east] = boundsOf(points, null) ?? [];
    expect([south, west, east]).toEqual([52.39, 13.06, 13.405]);
    expect(north).toBeCloseTo(52.5218, 9);
    expect(boundsOf(points, [52.3, 13.0, 52.6, 13.5])).toEqual([52.3, 13.0, 52.6, 13.5]);
    expect(boundsOf([], null)).toBeNull();
  });
});
