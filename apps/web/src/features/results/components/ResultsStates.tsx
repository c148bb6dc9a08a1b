import { Anchor, Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconFilterOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/links';
import type { SearchChange } from '../../../lib/search-params';
import type { ResultsSearch } from '../search';

/** The states of /results around the table: nothing found, loading, paging, and the OpenStreetMap credit. */

const SKELETON_ROWS = Array.from({ length: 8 }, (_, i) => `row-${i}`);

export function NoResults({
  search,
  isLive,
  onSearchChange,
}: {
  search: ResultsSearch;
  onSearchChange: SearchChange<ResultsSearch>;
  isLive: boolean;
}) {
  if (search.search || search.filters) {
    return (
      <Paper withBorder p="xl">
        <EmptyState
          icon={search.search ? <IconSearch size={32} /> : <IconFilterOff size={32} />}
          title={
            search.search ? `No businesses match “${search.search}”` : 'No businesses match these filters'
          }
          description="Search looks at names, websites, categories, cities and summaries. Try fewer words or fewer filters."
        >
          <EmptyState.Actions>
            {search.search && (
              <Button variant="default" onClick={() => onSearchChange({ search: undefined, page: 0 })}>
                Clear search
              </Button>
            )}
            {search.filters && (
              <Button variant="default" onClick={() => onSearchChange({ filters: undefined, page: 0 })}>
                Clear filters
              </Button>
            )}
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }
  if (isLive) {
    return (
      <Paper withBorder p="xl">
        <EmptyState
          icon={<IconBuildingStore size={32} />}
          title="Nothing found yet"
          description="The session is still running; businesses show up here as they are found."
        />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="xl">
      <EmptyState
        icon={<IconBuildingStore size={32} />}
        title="This session found no businesses"
        description="Try another category or a larger area, other competitors, or another file."
      >
        <EmptyState.Actions>
          <ButtonLink to="/" leftSection={<IconPlus size={16} />}>
            Start a discovery
          </ButtonLink>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

export function OsmAttribution() {
  return (
    <Text size="xs" c="dimmed" data-testid="osm-attribution">
      Contains data ©{' '}
      <Anchor
        href="https://www.openstreetmap.org/copyright"
        target="_blank"
        rel="noreferrer"
        size="xs"
        underline="always"
      >
        OpenStreetMap contributors
      </Anchor>
      , available under the Open Database License.
    </Text>
  );
}

export function ResultsSkeleton() {
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label="Loading businesses">
      <Stack gap="sm">
        {SKELETON_ROWS.map((row) => (
          <Skeleton key={row} height={20} />
        ))}
      </Stack>
    </Paper>
  );
}
