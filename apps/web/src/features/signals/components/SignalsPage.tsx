import { routes, type SignalEventType, sessionAccessAllows } from '@argo/contract';
import {
  Badge,
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { ListPagination } from '../../../components/ListPagination';
import { callApi } from '../../../lib/api-client';
import type { SearchChange } from '../../../lib/search-params';
import { sessionInfoQueryOptions } from '../../../lib/session-api';
import { signalEventsQueryOptions, useMarkSignalsSeen } from '../api';
import { EVENT_LABELS } from '../event-text';
import { PERIODS, type SignalsSearch, sinceOf } from '../search';
import { DigestChoice } from './DigestChoice';
import { EventItem } from './EventItem';
import { WatchPanel } from './WatchPanel';

const PAGE_SIZE = 25;
const PERIOD_LABELS: Record<number, string> = {
  7: 'Last 7 days',
  30: 'Last 30 days',
  90: 'Last 90 days',
  0: 'Any time',
};
const typeData = Object.entries(EVENT_LABELS).map(([value, label]) => ({ value, label }));

const sessionsQuery = {
  queryKey: ['signals', 'session-choices'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(routes.sessionsList, { query: { page: 0, page_size: 100 }, signal }),
};
const venturesQuery = {
  queryKey: ['signals', 'venture-choices'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(routes.venturesAll, { signal }),
};

/**
 * The Signals screen: what changed at the businesses of the caller's sessions, newest first, per venture or per
 * session, by kind of change, ICP tier and period, with what is new since the caller last looked; and, for one
 * session, its watch (how often Argo checks its businesses again).
 */
export function SignalsPage({
  search,
  onSearchChange,
  now = () => new Date(),
}: {
  search: SignalsSearch;
  onSearchChange: SearchChange<SignalsSearch>;
  now?: () => Date;
}) {
  const sessions = useQuery(sessionsQuery);
  const ventures = useQuery(venturesQuery);
  const info = useQuery({
    ...sessionInfoQueryOptions(search.session_id ?? '', false),
    enabled: Boolean(search.session_id),
  });
  // The period's start moves on the hour, so the query key stays the same while the page is open.
  const since = useMemo(() => sinceOf(search.days, now()), [search.days, now]);
  const events = useQuery(
    signalEventsQueryOptions({
      session_id: search.session_id,
      venture_id: search.venture_id,
      types: search.types,
      tier: search.tier,
      since,
      only_new: search.only_new,
      page: search.page,
      page_size: PAGE_SIZE,
    }),
  );
  const markSeen = useMarkSignalsSeen();
  const change = (patch: Partial<SignalsSearch>) => onSearchChange({ ...patch, page: 0 });
  const newCount = events.data?.new_count ?? 0;
  const filtered = Boolean(search.types?.length || search.tier || search.only_new || search.days !== 0);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2">
            Signals
          </Title>
          {newCount > 0 && (
            <Badge color="orange" variant="light" size="lg" data-testid="new-count">
              {newCount} new
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          <DigestChoice />
          <Button
            variant="default"
            onClick={() => markSeen.mutate()}
            loading={markSeen.isPending}
            disabled={newCount === 0}
          >
            Mark all as seen
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        What changed on the websites of your sessions' businesses since Argo last read them: tools added or
        removed, openings, decision-makers, contact details, sites gone or moved, ICP tiers.
      </Text>

      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Select
          label="Venture"
          placeholder="All ventures"
          clearable
          data={(ventures.data ?? []).map((v) => ({ value: v.venture_id, label: v.name }))}
          value={search.venture_id ?? null}
          onChange={(value) => change({ venture_id: value ?? undefined })}
        />
        <Select
          label="Session"
          placeholder="All sessions"
          clearable
          searchable
          data={(sessions.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={search.session_id ?? null}
          onChange={(value) => change({ session_id: value ?? undefined })}
        />
        <MultiSelect
          label="Kind of change"
          placeholder={search.types?.length ? undefined : 'Every kind'}
          clearable
          data={typeData}
          value={search.types ?? []}
          onChange={(value) => change({ types: value.length ? (value as SignalEventType[]) : undefined })}
        />
        <Select
          label="ICP tier"
          placeholder="Any tier"
          clearable
          data={['A', 'B', 'C', 'D'].map((t) => ({ value: t, label: `Tier ${t}` }))}
          value={search.tier ?? null}
          onChange={(value) => change({ tier: (value as SignalsSearch['tier']) ?? undefined })}
        />
        <Select
          label="Period"
          data={PERIODS.map((d) => ({ value: String(d), label: PERIOD_LABELS[d] as string }))}
          value={String(search.days)}
          allowDeselect={false}
          onChange={(value) => change({ days: Number(value ?? 30) })}
        />
        <Switch
          mt={{ base: 0, sm: 'xl' }}
          label="New since I last looked"
          checked={search.only_new === true}
          onChange={(e) => change({ only_new: e.currentTarget.checked ? true : undefined })}
        />
      </SimpleGrid>

      {search.session_id && (
        <WatchPanel
          sessionId={search.session_id}
          canEdit={info.data ? sessionAccessAllows(info.data.access, 'run') : false}
        />
      )}

      {events.isPending && (
        <Stack gap="sm" aria-busy="true" aria-label="Loading signals">
          <Skeleton height={72} />
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      )}
      {events.isError && (
        <ErrorState
          title="Signals could not be loaded"
          error={events.error}
          onRetry={() => void events.refetch()}
          isRetrying={events.isFetching}
        />
      )}
      {events.isSuccess && events.data.total === 0 && (
        <Stack gap={4} py="lg" data-testid="signals-empty">
          <Text fw={600}>{filtered ? 'Nothing changed that matches these filters.' : 'No changes yet.'}</Text>
          <Text size="sm" c="dimmed">
            {filtered
              ? 'Try another period, kind of change or tier.'
              : 'Changes appear once a session is enriched again. Choose a session and watch it, and Argo checks its businesses on a schedule.'}
          </Text>
        </Stack>
      )}
      {events.isSuccess && events.data.total > 0 && (
        <>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Changes">
            {events.data.items.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </Stack>
          <ListPagination
            total={events.data.total}
            page={search.page}
            pageSize={PAGE_SIZE}
            pageSizes={[PAGE_SIZE]}
            onPageChange={(page) => onSearchChange({ page })}
            onPageSizeChange={() => undefined}
            pageSizeLabel="Changes per page"
            noun={['change', 'changes']}
          />
        </>
      )}
    </Stack>
  );
}
