import {
  type AttributeColumn,
  type Business,
  type Filters,
  type ResultsMatching,
  type SessionInfo,
  sessionAccessAllows,
} from '@argo/contract';
import { Alert, em, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMap, IconTable, IconTarget } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { ListPagination } from '../../../components/ListPagination';
import { AnchorLink } from '../../../components/links';
import { isSessionGone, SessionGoneAlert } from '../../../components/SessionGoneAlert';
import { useProfile } from '../../../lib/profile';
import type { SearchChange } from '../../../lib/search-params';
import { sessionInfoQueryOptions } from '../../../lib/session-api';
import {
  LIVE_REFETCH_MS,
  resultsQueryOptions,
  SELECTED_ROWS_ENRICHMENT,
  useCorrectBusiness,
  useEnrichSelected,
  useRemovePerson,
} from '../api';
import { useDrawerBusiness } from '../map/api';
import { useResultsView } from '../saved-view';
import { RESULT_PAGE_SIZES, type ResultsSearch, type ResultView } from '../search';
import { BusinessDrawer } from './BusinessDrawer';
import { ActiveFilters, FilterPanel } from './FilterPanel';
import { ResultsCards } from './ResultsCards';
import { ResultsMap } from './ResultsMap';
import { NoResults, OsmAttribution, ResultsSkeleton } from './ResultsStates';
import { ResultsTable } from './ResultsTable';
import { ResultsToolbar } from './ResultsToolbar';
import { SelectionBar } from './SelectionBar';
import { SessionHeader } from './SessionHeader';

/** Parts of /results that other features provide; the route composes them (features do not import each other). */
export interface ResultsSlots {
  /** The ICP tab's content. */
  renderIcp?: (props: { sessionId: string; info: SessionInfo | undefined }) => ReactNode;
  /** The share dialog of a session. */
  renderShare?: (props: { session: SessionInfo; opened: boolean; onClose: () => void }) => ReactNode;
  /** More in the detail drawer of a business (e.g. outreach content). */
  renderBusinessExtra?: (business: Business) => ReactNode;
  /** Actions on the selection or on everything matching, with the filters they may change (e.g. a CRM push). */
  renderSelectionActions?: (props: SelectionActionsProps) => ReactNode;
}

interface SelectionActionsProps {
  sessionId: string;
  /** The rows ticked; empty when none. */
  selectedIds: string[];
  /** "All N matching" is chosen: the action goes to the server as `matching`. */
  isAllMatching: boolean;
  matching: ResultsMatching;
  total: number;
  canEdit: boolean;
  filters: Filters | undefined;
  onFiltersChange: (filters: Filters | undefined) => void;
}

interface ResultsPageProps extends ResultsSlots {
  /** The page's search params (the route validates them). */
  search: ResultsSearch;
  /** Changes some search params; the others stay. */
  onSearchChange: SearchChange<ResultsSearch>;
}

const NO_ATTRIBUTE_COLUMNS: AttributeColumn[] = [];

/** Below Mantine's `sm` breakpoint (48em, 768 px): a phone, where each business is a card instead of a row. */
export const PHONE_QUERY = `(max-width: ${em(767.98)})`;

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
  renderSelectionActions,
}: ResultsPageProps & { sessionId: string }) {
  const profile = useProfile();
  // Read at once (not after a first render as the table), so a phone never draws the table first.
  const isPhone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const info = useQuery(sessionInfoQueryOptions(sessionId, LIVE_REFETCH_MS));
  const isLive = info.data?.status === 'queued' || info.data?.status === 'running';
  // Not a session id, or a session deleted or unshared since: trying again cannot help, so no "Try again".
  const isGone = info.isError && isSessionGone(info.error);
  // The imported file's own columns: optional table columns, filters, the drawer's "From your file".
  const attributeColumns = info.data?.attribute_columns ?? NO_ATTRIBUTE_COLUMNS;
  const query = {
    page: search.page,
    pageSize: search.pageSize,
    sortBy: search.sortBy,
    sortOrder: search.sortOrder,
    ...(search.search ? { search: search.search } : {}),
    ...(search.filters ? { filters: search.filters } : {}),
  };
  const isIcp = search.view === 'icp';
  // The saved view may change the filters and sort: the rows are asked for once it is known.
  const view = useResultsView(sessionId, profile.id, search, onSearchChange);
  const results = useQuery({
    ...resultsQueryOptions(sessionId, query, isLive),
    enabled: !info.isError && !isIcp && !view.isLoading,
  });
  const data = results.data;
  const lastPage = data ? Math.max(0, Math.ceil(data.total / search.pageSize) - 1) : 0;

  const [selection, setSelectionState] = useState<RowSelectionState>({});
  // "All N matching": stands for the search and filters it was chosen under, so it ends when they change.
  const matchingKey = JSON.stringify([search.search ?? null, search.filters ?? null]);
  const [allMatchingKey, setAllMatchingKey] = useState<string | null>(null);
  const isAllMatching = allMatchingKey === matchingKey;
  const setSelection = (next: RowSelectionState) => {
    setSelectionState(next);
    setAllMatchingKey(null);
  };
  const [isFilterPanelOpen, setFilterPanelOpen] = useState(search.filters !== undefined);
  const [isShareOpen, setShareOpen] = useState(false);
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  // A page past the end (fewer results since, or a hand-edited address) steps back to the last page.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && search.page > lastPage) {
      onSearchChange({ page: lastPage }, { replace: true });
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
  // A marker of the map opens any business of the selection, on whichever page of the table it is.
  const drawer = useDrawerBusiness(
    sessionId,
    search.business,
    isIcp ? undefined : data?.items,
    isLive ? LIVE_REFETCH_MS : false,
  );
  const setFilters = (filters: Filters | undefined) => onSearchChange({ filters, page: 0 });
  const onOpenBusiness = (id: string) => onSearchChange({ business: id });
  const canShare = info.data ? sessionAccessAllows(info.data.access, 'share') : false;
  const canRun = info.data ? sessionAccessAllows(info.data.access, 'run') : false;
  const canEdit = info.data ? sessionAccessAllows(info.data.access, 'update') : false;
  const removePerson = useRemovePerson(sessionId);
  const correctBusiness = useCorrectBusiness(sessionId);
  const enrichOne = useEnrichSelected(sessionId);

  return (
    <Stack gap="md">
      {/* A session that is gone shows no header: the one read before it was deleted would still say "completed". */}
      {!isGone && <SessionHeader sessionId={sessionId} userId={profile.id} info={info.data} />}

      {isGone && <SessionGoneAlert error={info.error} />}
      {info.isError && !isGone && (
        <ErrorState
          title="The session could not be loaded"
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
                  columnVisibility={view.visibility}
                  onColumnVisibilityChange={view.setVisibility}
                  columnOrder={view.order}
                  onColumnOrderChange={view.setOrder}
                  visibleColumns={view.columns}
                  attributeColumns={attributeColumns}
                  viewStatus={view.status}
                  onResetView={view.canReset && !view.isResetting ? view.reset : undefined}
                  onShare={canShare && renderShare ? () => setShareOpen(true) : undefined}
                  isTable={search.view === 'table'}
                  isCompact={isPhone}
                />
                {isFilterPanelOpen && (
                  <FilterPanel
                    filters={search.filters}
                    onFiltersChange={setFilters}
                    suggestions={suggestions}
                    attributeColumns={attributeColumns}
                  />
                )}
                <ActiveFilters
                  filters={search.filters}
                  onFiltersChange={setFilters}
                  attributeColumns={attributeColumns}
                />
                {renderSelectionActions?.({
                  sessionId,
                  selectedIds,
                  isAllMatching,
                  matching: {
                    ...(search.search ? { search: search.search } : {}),
                    ...(search.filters ? { filters: search.filters } : {}),
                  },
                  total: data?.total ?? 0,
                  canEdit,
                  filters: search.filters,
                  onFiltersChange: setFilters,
                })}
                {selectedIds.length > 0 && (
                  <SelectionBar
                    sessionId={sessionId}
                    selectedIds={selectedIds}
                    pageCount={items.length}
                    isWholePage={
                      items.length > 0 &&
                      selectedIds.length === items.length &&
                      items.every((business) => selection[business.id])
                    }
                    total={data?.total ?? 0}
                    matching={{
                      ...(search.search ? { search: search.search } : {}),
                      ...(search.filters ? { filters: search.filters } : {}),
                    }}
                    isAllMatching={isAllMatching}
                    onSelectAllMatching={() => setAllMatchingKey(matchingKey)}
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

                {data && data.total > 0 && search.view === 'table' && isPhone && (
                  <ResultsCards
                    businesses={data.items}
                    sort={{ sortBy: search.sortBy, sortOrder: search.sortOrder }}
                    onSortChange={(sort) => onSearchChange({ ...sort, page: 0 })}
                    selection={selection}
                    onSelectionChange={setSelection}
                    onOpenBusiness={onOpenBusiness}
                    openBusinessId={search.business}
                  />
                )}

                {data && data.total > 0 && search.view === 'table' && !isPhone && (
                  <Paper withBorder style={{ overflow: 'hidden' }}>
                    <ResultsTable
                      businesses={data.items}
                      sort={{ sortBy: search.sortBy, sortOrder: search.sortOrder }}
                      onSortChange={(sort) => onSearchChange({ ...sort, page: 0 })}
                      columnVisibility={view.visibility}
                      columnOrder={view.order}
                      attributeColumns={attributeColumns}
                      viewKey={JSON.stringify([search.sortBy, search.sortOrder, matchingKey])}
                      isPlaceholder={results.isPlaceholderData}
                      selection={selection}
                      onSelectionChange={setSelection}
                      onOpenBusiness={onOpenBusiness}
                      openBusinessId={search.business}
                    />
                  </Paper>
                )}

                {data && data.total > 0 && search.view === 'map' && (
                  <ResultsMap
                    sessionId={sessionId}
                    search={search.search}
                    filters={search.filters}
                    isLive={isLive}
                    onOpenBusiness={onOpenBusiness}
                  />
                )}

                {data && data.total > 0 && search.view !== 'map' && (
                  <ListPagination
                    pageSizeLabel="Businesses per page"
                    pageSizes={RESULT_PAGE_SIZES}
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
        business={drawer.business}
        isMissing={drawer.isMissing}
        details={drawer.details}
        onClose={() => onSearchChange({ business: undefined }, { replace: true })}
        extra={renderBusinessExtra}
        attributeColumns={attributeColumns}
        onRemovePerson={
          canRun
            ? (business, person) => removePerson.mutateAsync({ businessId: business.id, name: person.name })
            : undefined
        }
        onCorrect={
          canEdit
            ? (business, body) => correctBusiness.mutateAsync({ businessId: business.id, body })
            : undefined
        }
        onEnrich={
          canRun
            ? (business) =>
                enrichOne.mutateAsync({
                  target: { businessIds: [business.id] },
                  types: SELECTED_ROWS_ENRICHMENT,
                })
            : undefined
        }
      />
      {info.data &&
        renderShare?.({ session: info.data, opened: isShareOpen, onClose: () => setShareOpen(false) })}
    </Stack>
  );
}
