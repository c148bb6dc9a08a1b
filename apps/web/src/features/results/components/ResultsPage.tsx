import { type Business, type Filters, type SessionInfo, sessionAccessAllows } from '@argo/contract';
import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import {
  IconBuildingStore,
  IconFilterOff,
  IconMap,
  IconPlus,
  IconSearch,
  IconTable,
  IconTarget,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { isApiError } from '../../../lib/api-error';
import { useProfile } from '../../profile/api';
import { sessionInfoQueryOptions } from '../../sessions/api';
import { LIVE_REFETCH_MS, resultsQueryOptions, useRemovePerson } from '../api';
import { useColumnChoice } from '../column-choice';
import { RESULT_PAGE_SIZES, type ResultsSearch, type ResultView } from '../search';
import { BusinessDrawer } from './BusinessDrawer';
import { ActiveFilters, FilterPanel } from './FilterPanel';
import { ResultsMap } from './ResultsMap';
import { ResultsTable } from './ResultsTable';
import { ResultsToolbar, SelectionBar } from './ResultsToolbar';
import { SessionHeader } from './SessionHeader';

const SKELETON_ROWS = Array.from({ length: 8 }, (_, i) => `row-${i}`);

/** Parts of /results that other features provide; the route composes them (features do not import each other). */
export interface ResultsSlots {
  /** The ICP tab's content. */
  renderIcp?: (props: { sessionId: string; info: SessionInfo | undefined }) => ReactNode;
  /** The share dialog of a session. */
  renderShare?: (props: { session: SessionInfo; opened: boolean; onClose: () => void }) => ReactNode;
  /** More in the detail drawer of a business (e.g. outreach content). */
  renderBusinessExtra?: (business: Business) => ReactNode;
}

interface ResultsPageProps extends ResultsSlots {
  /** The page's search params (the route validates them). */
  search: ResultsSearch;
  /** Changes some search params; the others stay. */
  onSearchChange: (patch: Partial<ResultsSearch>) => void;
}

/** /results?session_id: the businesses of a session — table, map, ICP — with filters, search, export, share. */
export function ResultsPage(props: ResultsPageProps) {
  const sessionId = props.search.session_id;
  if (!sessionId) {
    return (
      <Alert color="yellow" variant="light" title="No session to show">
        The results belong to a session: open one from the <AnchorLink to="/sessions">Sessions</AnchorLink>{' '}
        page, or <AnchorLink to="/">start a discovery</AnchorLink>.
      </Alert>
    );
  }
  return <SessionResults {...props} sessionId={sessionId} />;
}

function SessionResults({
  sessionId,
  search,
  onSearchChange,
  renderIcp,
  renderShare,
  renderBusinessExtra,
}: ResultsPageProps & { sessionId: string }) {
  const profile = useProfile();
  const info = useQuery(sessionInfoQueryOptions(sessionId, LIVE_REFETCH_MS));
  const isLive = info.data?.status === 'queued' || info.data?.status === 'running';
  const query = {
    page: search.page,
    pageSize: search.pageSize,
    sortBy: search.sortBy,
    sortOrder: search.sortOrder,
    ...(search.search ? { search: search.search } : {}),
    ...(search.filters ? { filters: search.filters } : {}),
  };
  const isIcp = search.view === 'icp';
  const results = useQuery({
    ...resultsQueryOptions(sessionId, query, isLive),
    enabled: !info.isError && !isIcp,
  });
  const data = results.data;
  const lastPage = data ? Math.max(0, Math.ceil(data.total / search.pageSize) - 1) : 0;

  const [columnVisibility, setColumnVisibility] = useColumnChoice(profile.id);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [isFilterPanelOpen, setFilterPanelOpen] = useState(search.filters !== undefined);
  const [isShareOpen, setShareOpen] = useState(false);
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  // A page past the end (fewer results since, or a hand-edited address) steps back to the last page.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && search.page > lastPage) {
      onSearchChange({ page: lastPage });
    }
  }, [data, lastPage, search.page, onSearchChange]);

  const items = data?.items ?? [];
  const hasOsm = items.some((business) =>
    [business.source, ...business.sources.map((source) => source.source)].includes('osm'),
  );
  const suggestions = useMemo(
    () => ({
      industries: [...new Set(items.flatMap((business) => (business.industry ? [business.industry] : [])))],
      software: [...new Set(items.flatMap((business) => business.software.map((software) => software.name)))],
    }),
    [items],
  );
  const openBusiness = search.business
    ? items.find((business) => business.id === search.business)
    : undefined;
  const setFilters = (filters: Filters | undefined) => onSearchChange({ filters, page: 0 });
  const onOpenBusiness = (id: string) => onSearchChange({ business: id });
  const canShare = info.data ? sessionAccessAllows(info.data.access, 'share') : false;
  const canRun = info.data ? sessionAccessAllows(info.data.access, 'run') : false;
  const removePerson = useRemovePerson(sessionId);

  return (
    <Stack gap="md">
      <SessionHeader sessionId={sessionId} info={info.data} />

      {info.isError && (
        <ErrorState
          title={
            isApiError(info.error, 404) || isApiError(info.error, 400)
              ? 'This session does not exist, or is not shared with you'
              : 'The session could not be loaded'
          }
          error={info.error}
          onRetry={() => void info.refetch()}
          isRetrying={info.isFetching}
        />
      )}

      {!info.isError && (
        <Tabs
          value={search.view}
          onChange={(view) => view && onSearchChange({ view: view as ResultView, business: undefined })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="table" leftSection={<IconTable size={16} />}>
              Table
            </Tabs.Tab>
            <Tabs.Tab value="map" leftSection={<IconMap size={16} />}>
              Map
            </Tabs.Tab>
            <Tabs.Tab value="icp" leftSection={<IconTarget size={16} />}>
              ICP
            </Tabs.Tab>
          </Tabs.List>

          {isIcp ? (
            <Tabs.Panel value="icp">
              {renderIcp ? (
                renderIcp({ sessionId, info: info.data })
              ) : (
                <Text c="dimmed">The ICP overview is not available here.</Text>
              )}
            </Tabs.Panel>
          ) : (
            <Tabs.Panel value={search.view}>
              <Stack gap="md">
                <ResultsToolbar
                  search={search}
                  onSearchChange={onSearchChange}
                  total={data?.total}
                  sessionId={sessionId}
                  isFilterPanelOpen={isFilterPanelOpen}
                  onToggleFilterPanel={() => setFilterPanelOpen((open) => !open)}
                  columnVisibility={columnVisibility}
                  onColumnVisibilityChange={setColumnVisibility}
                  onShare={canShare && renderShare ? () => setShareOpen(true) : undefined}
                  isTable={search.view === 'table'}
                />
                {isFilterPanelOpen && (
                  <FilterPanel
                    filters={search.filters}
                    onFiltersChange={setFilters}
                    suggestions={suggestions}
                  />
                )}
                <ActiveFilters filters={search.filters} onFiltersChange={setFilters} />
                {selectedIds.length > 0 && (
                  <SelectionBar
                    sessionId={sessionId}
                    selectedIds={selectedIds}
                    canRun={canRun}
                    onClear={() => setSelection({})}
                  />
                )}

                {results.isError && (
                  <ErrorState
                    title="The businesses could not be loaded"
                    error={results.error}
                    onRetry={() => void results.refetch()}
                    isRetrying={results.isFetching}
                  />
                )}

                {results.isPending && !results.isError && <ResultsSkeleton />}

                {data && data.total === 0 && (
                  <NoResults search={search} isLive={isLive} onSearchChange={onSearchChange} />
                )}

                {data && data.total > 0 && search.view === 'table' && (
                  <Paper withBorder style={{ overflow: 'hidden' }}>
                    <ResultsTable
                      businesses={data.items}
                      sort={{ sortBy: search.sortBy, sortOrder: search.sortOrder }}
                      onSortChange={(sort) => onSearchChange({ ...sort, page: 0 })}
                      columnVisibility={columnVisibility}
                      selection={selection}
                      onSelectionChange={setSelection}
                      onOpenBusiness={onOpenBusiness}
                      openBusinessId={search.business}
                    />
                  </Paper>
                )}

                {data && data.total > 0 && search.view === 'map' && (
                  <ResultsMap businesses={data.items} onOpenBusiness={onOpenBusiness} />
                )}

                {data && data.total > 0 && (
                  <ResultsPagination
                    total={data.total}
                    page={search.page}
                    pageSize={search.pageSize}
                    onPageChange={(page) => onSearchChange({ page })}
                    onPageSizeChange={(pageSize) => onSearchChange({ pageSize, page: 0 })}
                  />
                )}

                {hasOsm && <OsmAttribution />}
              </Stack>
            </Tabs.Panel>
          )}
        </Tabs>
      )}

      <BusinessDrawer
        business={openBusiness}
        isMissing={search.business !== undefined && data !== undefined && !openBusiness && !isIcp}
        onClose={() => onSearchChange({ business: undefined })}
        extra={renderBusinessExtra}
        onRemovePerson={
          canRun
            ? (business, person) => removePerson.mutateAsync({ businessId: business.id, name: person.name })
            : undefined
        }
      />
      {info.data &&
        renderShare?.({ session: info.data, opened: isShareOpen, onClose: () => setShareOpen(false) })}
    </Stack>
  );
}

function NoResults({
  search,
  isLive,
  onSearchChange,
}: Pick<ResultsPageProps, 'search' | 'onSearchChange'> & { isLive: boolean }) {
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

function OsmAttribution() {
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

interface ResultsPaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

function ResultsPagination({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: ResultsPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = Math.min(total, page * pageSize + 1);
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
      </Text>
      <Group gap="sm">
        <Select
          aria-label="Businesses per page"
          data={RESULT_PAGE_SIZES.map((size) => ({
            value: String(size),
            label: `${size.toLocaleString('en-US')} per page`,
          }))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          w={150}
          size="xs"
        />
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages - 1) + 1}
            onChange={(value) => onPageChange(value - 1)}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': {
                first: 'First page',
                previous: 'Previous page',
                next: 'Next page',
                last: 'Last page',
              }[control],
            })}
          />
        )}
      </Group>
    </Group>
  );
}

function ResultsSkeleton() {
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
