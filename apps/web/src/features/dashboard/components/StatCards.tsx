import { SESSION_STATUSES } from '@argo/contract';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState';
import { SESSION_STATUS_LABELS } from '../../../components/SessionStatusBadge';
import {
  type BusinessTotals,
  businessTotalsQueryOptions,
  type SessionCounts,
  sessionCountsQueryOptions,
} from '../api';

interface StatCardProps {
  label: string;
  value: string;
  hint: string;
  testId: string;
}

function StatCard({ label, value, hint, testId }: StatCardProps) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={32} fw={600} lh={1.3}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

function describeStatuses(counts: SessionCounts): string {
  if (counts.total === 0) return 'No sessions yet';
  const parts = SESSION_STATUSES.filter((status) => counts.byStatus[status] > 0).map(
    (status) => `${counts.byStatus[status]} ${SESSION_STATUS_LABELS[status].toLowerCase()}`,
  );
  return parts.join(' · ');
}

/** Where the sums come from, when they cover only the newest sessions. */
function describeScope(totals: BusinessTotals, text: string): string {
  return totals.sessionsCounted < totals.sessionsTotal
    ? `${text} (in the ${totals.sessionsCounted} newest sessions)`
    : text;
}

const number = (value: number) => value.toLocaleString('en-US');
const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '0%');

/** Sessions in total and per status; businesses found, enriched and A-tier across the sessions. */
export function StatCards() {
  const counts = useQuery(sessionCountsQueryOptions());
  const totals = useQuery(businessTotalsQueryOptions());
  const failed = counts.isError ? counts : totals.isError ? totals : null;
  if (failed) {
    return (
      <ErrorState
        title="The numbers could not be loaded"
        error={failed.error}
        onRetry={() => {
          if (counts.isError) void counts.refetch();
          if (totals.isError) void totals.refetch();
        }}
        isRetrying={counts.isFetching || totals.isFetching}
      />
    );
  }
  const t = totals.data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {counts.data ? (
        <StatCard
          label="Sessions"
          value={String(counts.data.total)}
          hint={describeStatuses(counts.data)}
          testId="stat-sessions"
        />
      ) : (
        <Skeleton height={104} role="status" aria-label="Loading the numbers" />
      )}
      {t ? (
        <>
          <StatCard
            label="Businesses found"
            value={number(t.businesses)}
            hint={describeScope(
              t,
              t.businesses === 0 ? 'Run a discovery or import a CSV' : 'Across your sessions',
            )}
            testId="stat-businesses"
          />
          <StatCard
            label="Enriched"
            value={number(t.enriched)}
            hint={describeScope(
              t,
              t.enriched === 0
                ? 'Enrich a session to read the websites'
                : `${share(t.enriched, t.businesses)} of those found`,
            )}
            testId="stat-enriched"
          />
          <StatCard
            label="A-tier"
            value={number(t.aTier)}
            hint={describeScope(
              t,
              t.aTier === 0 ? 'Scored by ICP analysis against a venture' : 'Best fit for your ICP',
            )}
            testId="stat-a-tier"
          />
        </>
      ) : (
        ['businesses', 'enriched', 'a-tier'].map((key) => (
          <Skeleton key={key} height={104} role="status" aria-label="Loading the numbers" />
        ))
      )}
    </SimpleGrid>
  );
}
