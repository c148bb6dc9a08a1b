import type { Filters } from '@argo/contract';
import { Alert, Box, EmptyState, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { publicConfigQueryOptions } from '../../../lib/public-config';
import { resultsMapQueryOptions } from '../map/api';
import { TIER_COLOR, TIER_KEYS, tierLabel } from '../map/tiers';

// Leaflet and its styles load with the map tab only: /results' table and /login stay without them.
const LeafletMap = lazy(() => import('../map/LeafletMap'));

const MAP_HEIGHT = 520;

interface ResultsMapProps {
  sessionId: string;
  search: string | undefined;
  filters: Filters | undefined;
  /** The session is still running: the points refresh. */
  isLive: boolean;
  onOpenBusiness: (id: string) => void;
}

/**
 * The map view: every business of the session that matches the search and filters and has coordinates (not only
 * the table's page), clustered where dense, coloured by ICP tier; a marker opens the business's drawer, a
 * cluster zooms in. The discovery's search area is drawn dashed.
 */
export function ResultsMap({ sessionId, search, filters, isLive, onOpenBusiness }: ResultsMapProps) {
  const config = useQuery(publicConfigQueryOptions());
  const map = useQuery(resultsMapQueryOptions(sessionId, { search, filters }, isLive));
  const [hasTileError, setTileError] = useState(false);
  const onTileError = useCallback(() => setTileError(true), []);

  const failed = map.isError ? map : config.isError ? config : null;
  if (failed) {
    return (
      <ErrorState
        title={map.isError ? 'The map’s businesses could not be loaded' : 'The map could not be set up'}
        error={failed.error}
        onRetry={() => void failed.refetch()}
        isRetrying={failed.isFetching}
      />
    );
  }
  if (!map.data || !config.data) return <MapSkeleton />;

  const { points, total, area } = map.data;
  if (points.length === 0) {
    return (
      <Paper withBorder p="xl" data-testid="map-empty">
        <EmptyState
          icon={<IconMapPinOff size={32} />}
          title="None of these businesses has coordinates"
          description={`${total.toLocaleString('en-US')} ${total === 1 ? 'business matches' : 'businesses match'}, but none has a location. Businesses found on OpenStreetMap or Google Places have one; imported rows only when the file had latitude and longitude columns.`}
        />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs" gap="xs">
        <Text size="sm" c="dimmed" data-testid="map-count">
          {points.length === total
            ? `${total.toLocaleString('en-US')} ${total === 1 ? 'business' : 'businesses'} on the map`
            : `${points.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} businesses have coordinates`}
          {area?.label ? ` · searched around ${area.label}` : ''}
        </Text>
        <Group gap="sm" aria-label="Marker colours">
          {TIER_KEYS.map((tier) => (
            <Group key={tier} gap={4}>
              <Box w={10} h={10} style={{ borderRadius: 5, background: TIER_COLOR[tier] }} />
              <Text size="xs">{tierLabel(tier)}</Text>
            </Group>
          ))}
          {area && (
            <Group gap={4}>
              <Box
                w={14}
                h={10}
                style={{ border: '2px dashed var(--mantine-primary-color-filled)', borderRadius: 2 }}
              />
              <Text size="xs">Search area</Text>
            </Group>
          )}
        </Group>
      </Group>
      {hasTileError && (
        <Alert color="yellow" variant="light" mb="xs" data-testid="map-tile-error">
          Some map tiles could not be loaded from the tile server; the businesses are still shown.
        </Alert>
      )}
      <Box
        data-testid="results-map"
        aria-label={`Map of ${points.length.toLocaleString('en-US')} businesses`}
      >
        <Suspense fallback={<Skeleton h={MAP_HEIGHT} radius="sm" />}>
          <LeafletMap
            points={points}
            area={area}
            tiles={config.data.map}
            height={MAP_HEIGHT}
            onOpenBusiness={onOpenBusiness}
            onTileError={onTileError}
          />
        </Suspense>
      </Box>
    </Paper>
  );
}

function MapSkeleton() {
  return (
    <Paper withBorder p="sm" aria-busy="true" aria-label="Loading the map">
      <Skeleton h={14} w={260} mb="xs" />
      <Skeleton h={MAP_HEIGHT} radius="sm" />
    </Paper>
  );
}
