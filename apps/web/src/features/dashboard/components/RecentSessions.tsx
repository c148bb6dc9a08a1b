import { EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ErrorState } from '../../../components/ErrorState';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { SessionStatusBadge } from '../../../components/SessionStatusBadge';
import { useProfile } from '../../../lib/profile';
import { RECENT_SESSIONS, recentSessionsQueryOptions } from '../api';

const SKELETON_ROWS = Array.from({ length: RECENT_SESSIONS }, (_, i) => `row-${i}`);

/** The newest sessions, each linking to its results. */
export function RecentSessions() {
  const profile = useProfile();
  const recent = useQuery(recentSessionsQueryOptions());
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Recent sessions
        </Title>
        {recent.data && recent.data.total > 0 && (
          <AnchorLink to="/sessions" size="sm">
            All sessions
          </AnchorLink>
        )}
      </Group>
      {recent.isPending && (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading recent sessions">
          {SKELETON_ROWS.map((row) => (
            <Skeleton key={row} height={28} />
          ))}
        </Stack>
      )}
      {recent.isError && (
        <ErrorState
          title="Recent sessions could not be loaded"
          error={recent.error}
          onRetry={() => void recent.refetch()}
          isRetrying={recent.isFetching}
        />
      )}
      {recent.data?.total === 0 && (
        <EmptyState
          size="sm"
          icon={<IconListDetails size={28} />}
          title="No sessions yet — start a discovery"
          description="Find businesses by category and place, the customers of your competitors, or import a list."
        >
          <EmptyState.Actions>
            <ButtonLink to="/" leftSection={<IconPlus size={16} />}>
              Start a discovery
            </ButtonLink>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {recent.data && recent.data.items.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {recent.data.items.map((session) => (
            <Group key={session.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <AnchorLink
                  to="/results"
                  search={{ session_id: session.id }}
                  fw={500}
                  truncate="end"
                  display="block"
                >
                  {session.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {dayjs(session.created_at).format('D MMM YYYY, HH:mm')}
                  {session.owner_id === profile.id
                    ? ''
                    : ` · shared by ${session.owner.name || session.owner.email}`}
                </Text>
              </div>
              <SessionStatusBadge status={session.status} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
