import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ErrorState } from '../../../components/ErrorState';
import { AnchorLink } from '../../../components/links';
import { SessionStatusBadge } from '../../../components/SessionStatusBadge';
import { SESSION_TYPE_LABELS, sessionScreen } from '../../../lib/session-screens';
import { RECENT_SESSIONS, recentSessionsQueryOptions } from '../api';

const SKELETON_ROWS = Array.from({ length: RECENT_SESSIONS }, (_, i) => `row-${i}`);

/** The five newest sessions, each linking to where it is best looked at now. */
export function RecentSessionsList() {
  const recent = useQuery(recentSessionsQueryOptions());
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recent-sessions">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-sessions">
          Recent sessions
        </Title>
        {recent.data && recent.data.total > 0 && (
          <AnchorLink to="/sessions" size="sm">
            All sessions
          </AnchorLink>
        )}
      </Group>
      {recent.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label="Loading recent sessions">
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
        <Text size="sm" c="dimmed">
          No sessions yet. Start one above: each discovery becomes a session you can come back to.
        </Text>
      )}
      {recent.data && recent.data.items.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {recent.data.items.map((session) => (
            <Group key={session.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <AnchorLink
                  to={sessionScreen(session)}
                  search={{ session_id: session.id }}
                  fw={500}
                  truncate="end"
                  display="block"
                >
                  {session.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {SESSION_TYPE_LABELS[session.type]} ·{' '}
                  {dayjs(session.created_at).format('D MMM YYYY, HH:mm')}
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
