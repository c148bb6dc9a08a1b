import type { Business, Tier } from '@argo/contract';
import { Box, EmptyState, Group, Paper, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useMemo } from 'react';

const WIDTH = 800;
const HEIGHT = 480;
const PADDING = 24;
const TIER_FILL: Record<Tier | 'none', string> = {
  A: 'var(--mantine-color-green-6)',
  B: 'var(--mantine-color-teal-5)',
  C: 'var(--mantine-color-yellow-6)',
  D: 'var(--mantine-color-gray-6)',
  none: 'var(--mantine-primary-color-filled)',
};

type Located = Business & { lat: number; lng: number };

export interface MapPoint {
  business: Located;
  x: number;
  y: number;
}

/**
 * Places businesses in a WIDTH×HEIGHT box: an equirectangular projection around their mean latitude (longitude
 * shrunk by cos(lat), so a city keeps its shape), fitted to their bounds with the same scale on both axes.
 */
export function projectPoints(businesses: Business[]): MapPoint[] {
  const located = businesses.filter(
    (business): business is Located =>
      business.lat !== null &&
      business.lng !== null &&
      Number.isFinite(business.lat) &&
      Number.isFinite(business.lng),
  );
  if (located.length === 0) return [];
  const meanLat = located.reduce((sum, business) => sum + business.lat, 0) / located.length;
  const shrink = Math.cos((meanLat * Math.PI) / 180);
  const xs = located.map((business) => business.lng * shrink);
  const ys = located.map((business) => business.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX || 1e-6;
  const spanY = maxY - minY || 1e-6;
  const scale = Math.min((WIDTH - 2 * PADDING) / spanX, (HEIGHT - 2 * PADDING) / spanY);
  const offsetX = (WIDTH - spanX * scale) / 2;
  const offsetY = (HEIGHT - spanY * scale) / 2;
  return located.map((business, index) => ({
    business,
    x: offsetX + ((xs[index] as number) - minX) * scale,
    // North up: larger latitudes nearer the top.
    y: HEIGHT - (offsetY + ((ys[index] as number) - minY) * scale),
  }));
}

interface ResultsMapProps {
  businesses: Business[];
  onOpenBusiness: (id: string) => void;
}

/**
 * The map view: the page's businesses that have coordinates as dots (coloured by ICP tier), drawn as SVG
 * without map tiles, so it works offline and sends nothing to a tile server.
 */
export function ResultsMap({ businesses, onOpenBusiness }: ResultsMapProps) {
  const points = useMemo(() => projectPoints(businesses), [businesses]);
  if (points.length === 0) {
    return (
      <Paper withBorder p="xl">
        <EmptyState
          icon={<IconMapPinOff size={32} />}
          title="No coordinates on this page"
          description="Businesses found on OpenStreetMap or Google Places have a location; imported rows usually do not."
        />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed" data-testid="map-count">
          {points.length.toLocaleString('en-US')} of {businesses.length.toLocaleString('en-US')} businesses on
          this page have coordinates
        </Text>
        <Group gap="sm" aria-hidden>
          {(['A', 'B', 'C', 'D', 'none'] as const).map((tier) => (
            <Group key={tier} gap={4}>
              <Box w={10} h={10} style={{ borderRadius: 5, background: TIER_FILL[tier] }} />
              <Text size="xs">{tier === 'none' ? 'Not scored' : `Tier ${tier}`}</Text>
            </Group>
          ))}
        </Group>
      </Group>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={`Map of ${points.length} businesses`}
        style={{ background: 'var(--mantine-color-default-hover)', borderRadius: 4, display: 'block' }}
      >
        {points.map(({ business, x, y }) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG dot cannot be a <button>; it acts as one
          <circle
            key={business.id}
            cx={x}
            cy={y}
            r={5}
            fill={TIER_FILL[business.icp_tier ?? 'none']}
            stroke="var(--mantine-color-body)"
            strokeWidth={1}
            role="button"
            tabIndex={0}
            aria-label={`${business.name}${business.city ? `, ${business.city}` : ''}`}
            data-testid="map-point"
            style={{ cursor: 'pointer' }}
            onClick={() => onOpenBusiness(business.id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onOpenBusiness(business.id);
              }
            }}
          >
            <title>{business.name}</title>
          </circle>
        ))}
      </svg>
    </Paper>
  );
}
