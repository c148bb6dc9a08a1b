/** Tier colours and names of the map's markers and legend (kept apart from clusters.ts, which loads with Leaflet). */
import type { Tier } from '@argo/contract';

export type TierKey = Tier | 'none';
export const TIER_KEYS: readonly TierKey[] = ['A', 'B', 'C', 'D', 'none'];

/** Mantine colours, so both colour schemes keep them. */
export const TIER_COLOR: Record<TierKey, string> = {
  A: 'var(--mantine-color-green-7)',
  B: 'var(--mantine-color-teal-6)',
  C: 'var(--mantine-color-yellow-6)',
  D: 'var(--mantine-color-gray-6)',
  none: 'var(--mantine-color-blue-6)',
};

export const tierLabel = (tier: TierKey) => (tier === 'none' ? 'Not scored' : `Tier ${tier}`);
