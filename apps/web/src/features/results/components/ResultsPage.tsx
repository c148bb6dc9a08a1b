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
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBuildingStore, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { isApiError } from '../../../lib/api-error';
import { resultsInfoQueryOptions, resultsQueryOptions } from '../api';
import { RESULT_PAGE_SIZES, type ResultsSearch } from '../search';
import { ResultsTable } from './ResultsTable';
import { SessionHeader } from './SessionHeader';

const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_ROWS = Array.from({ length: 8 }, (_, i) => `row-${i}`);

interface ResultsPageProps {
  /** The page's search params (the route validates them). */
  search: ResultsSearch;
  /** Changes some search params; the others stay. */
  onSearchChange: (patch: Partial<ResultsSearch>) => void;
}

/** /results?session_id: the businesses of a session in a plain paged table (search, sort, pages). */
export function ResultsPage({ search, onSearchChange }: ResultsPageProps) {
  const sessionId = search.session_id;
  if (!sessionId) {
    return (
      <Alert color="yellow" variant="light" title="No session to show">
        The results belong to a session: open one from the <AnchorLink to="/sessions">Sessions</AnchorLink>{' '}
        page, or <AnchorLink to="/">start a discovery</AnchorLink>.
      </Alert>
    );
  }
  return <SessionResults sessionId={sessionId} search={search} onSearchChange={onSearchChange} />;
}

function SessionResults({ sessionId, search, onSearchChange }: ResultsPageProps & { sessionId: string }) {
  const info = useQuery(resultsInfoQueryOptions(sessionId));
  const isLive = info.data?.status === 'queued' || info.data?.status === 'running';
  const query = {
    page: search.page,
    pageSize: search.pageSize,
    sortBy: search.sortBy,
    sortOrder: search.sortOrder,
    ...(search.search ? { search: search.search } : {}),
  };
  const results = useQuery({ ...resultsQueryOptions(sessionId, query, isLive), enabled: !info.isError });
  const data = results.data;
  const lastPage = data ? Math.max(0, Math.ceil(data.total / search.pageSize) - 1) : 0;

  // A page past the end (fewer results since, or a hand-edited address) steps back to the last page.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && search.page > lastPage) {
      onSearchChange({ page: lastPage });
    }
  }, [data, lastPage, search.page, onSearchChange]);

  const hasOsm = data?.items.some((business) =>
    [business.source, ...business.sources.map((source) => source.source)].includes('osm'),
  );

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
        <>
          <ResultsToolbar search={search} onSearchChange={onSearchChange} total={data?.total} />

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
            <Paper withBorder p="xl">
              {search.search ? (
                <EmptyState
                  icon={<IconSearch size={32} />}
                  title={`No businesses match “${search.search}”`}
                  description="Search looks at names, websites, categories and cities. Try fewer words."
                >
                  <EmptyState.Actions>
                    <Button variant="default" onClick={() => onSearchChange({ search: undefined, page: 0 })}>
                      Clear search
                    </Button>
                  </EmptyState.Actions>
                </EmptyState>
              ) : isLive ? (
                <EmptyState
                  icon={<IconBuildingStore size={32} />}
                  title="Nothing found yet"
                  description="The session is still running; businesses show up here as they are found."
                />
              ) : (
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
              )}
            </Paper>
          )}

          {data && data.total > 0 && (
            <Paper withBorder style={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}>
              <ResultsTable
                businesses={data.items}
                sort={{ sortBy: search.sortBy, sortOrder: search.sortOrder }}
                onSortChange={(sort) => onSearchChange({ ...sort, page: 0 })}
              />
            </Paper>
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

          {hasOsm && (
            <Text size="xs" c="dimmed" data-testid="osm-attribution">
              Contains data ©{' '}
              <Anchor
                href="https://www.openstreetmap.org/copyright"
                target="_blank"
                rel="noreferrer"
                size="xs"
              >
                OpenStreetMap contributors
              </Anchor>
              , available under the Open Database License.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function ResultsToolbar({
  search,
  onSearchChange,
  total,
}: Pick<ResultsPageProps, 'search' | 'onSearchChange'> & { total: number | undefined }) {
  const [text, setText] = useState(search.search ?? '');
  // The search text last sent to the address: a different one there came from elsewhere ("Clear search",
  // going back) and replaces what is in the box.
  const sentText = useRef(search.search ?? '');
  useEffect(() => {
    const fromAddress = search.search ?? '';
    if (fromAddress !== sentText.current) {
      sentText.current = fromAddress;
      setText(fromAddress);
    }
  }, [search.search]);
  const applySearch = useDebouncedCallback((value: string) => {
    sentText.current = value.trim();
    onSearchChange({ search: value.trim() || undefined, page: 0 });
  }, SEARCH_DEBOUNCE_MS);

  return (
    <Group justify="space-between" gap="sm">
      <TextInput
        aria-label="Search businesses"
        placeholder="Search name, website, category, city"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
      />
      {total !== undefined && (
        <Text size="sm" c="dimmed" data-testid="results-total">
          {total.toLocaleString('en-US')} {total === 1 ? 'business' : 'businesses'}
          {search.search ? ' match' : ''}
        </Text>
      )}
    </Group>
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
          data={RESULT_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          w={140}
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
    <Paper withBorder p="md" aria-busy="true" aria-label="Loading businesses">
      <Stack gap="sm">
        {SKELETON_ROWS.map((row) => (
          <Skeleton key={row} height={20} />
        ))}
      </Stack>
    </Paper>
  );
}
