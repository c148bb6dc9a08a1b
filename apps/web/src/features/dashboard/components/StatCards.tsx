import { SESSION_STATUSES } from '@argo/contract';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState';
import { SESSION_STATUS_LABELS } from '../../../components/SessionStatusBadge';
import { type SessionCounts, sessionCountsQueryOptions } from '../api';

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

/** Sessions in total and per status; the business numbers are shown once the API counts them. */
export function StatCards() {
  const counts = useQuery(sessionCountsQueryOptions());
  if (counts.isError) {
    return (
      <ErrorState
        title="The numbers could not be loaded"
        error={counts.error}
        onRetry={() => void counts.refetch()}
        isRetrying={counts.isFetching}
      />
    );
  }
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
        <Skeleton height={104} aria-label="Loading the numbers" />
      )}
      <StatCard
        label="Businesses found"
        value="—"
        hint="Counted here once discovery results arrive."
        testId="stat-businesses"
      />
      <StatCard label="Enriched" value="—" hint="Counted here once enrichment runs." testId="stat-enriched" />
      <StatCard label="A-tier" value="—" hint="Counted here once ICP scoring runs." testId="stat-a-tier" />
    </SimpleGrid>
  );
}
