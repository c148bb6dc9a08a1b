import { SESSION_STATUSES, type Session } from '@argo/contract';
import {
  Button,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconListDetails, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { ListPagination } from '../../../components/ListPagination';
import { ButtonLink } from '../../../components/links';
import { SESSION_STATUS_LABELS } from '../../../components/SessionStatusBadge';
import { useProfile } from '../../../lib/profile';
import type { SearchChange } from '../../../lib/search-params';
import { sessionsListQueryOptions, venturesQueryOptions } from '../api';
import {
  SESSION_PAGE_SIZES,
  SESSIONS_SEARCH_DEFAULTS,
  type SessionScope,
  type SessionsSearch,
} from '../search';
import { DeleteSessionModal } from './DeleteSessionModal';
import { EditSessionModal } from './EditSessionModal';
import { RunActionModal } from './RunActionModal';
import { type SessionDialogKind, SessionsTable } from './SessionsTable';
import { ShareSessionModal } from './ShareSessionModal';

const SEARCH_DEBOUNCE_MS = 300;

const SCOPE_OPTIONS: { value: SessionScope; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'own', label: 'Mine' },
  { value: 'shared', label: 'Shared with me' },
];

const STATUS_OPTIONS = SESSION_STATUSES.map((status) => ({
  value: status,
  label: SESSION_STATUS_LABELS[status],
}));

interface SessionsPageProps {
  /** The page's search params (the route validates them). */
  search: SessionsSearch;
  /** Changes some search params; the others stay. */
  onSearchChange: SearchChange<SessionsSearch>;
}

interface Dialog {
  kind: SessionDialogKind;
  session: Session;
  opened: boolean;
}

/** /sessions: own and shared sessions with their status, progress and the actions allowed now. */
export function SessionsPage({ search, onSearchChange }: SessionsPageProps) {
  const profile = useProfile();
  const sessions = useQuery(sessionsListQueryOptions(search));
  const ventures = useQuery(venturesQueryOptions());
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const ventureNames = useMemo(
    () => new Map((ventures.data ?? []).map((venture) => [venture.venture_id, venture.name])),
    [ventures.data],
  );

  const isFiltered = Boolean(
    search.search || search.status || search.scope !== SESSIONS_SEARCH_DEFAULTS.scope,
  );
  const data = sessions.data;
  const lastPage = data ? Math.max(0, Math.ceil(data.total / search.page_size) - 1) : 0;

  // After deleting the last row of the last page, step back to the page that now is the last.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && search.page > lastPage) {
      onSearchChange({ page: lastPage }, { replace: true });
    }
  }, [data, lastPage, search.page, onSearchChange]);

  const closeDialog = () => setDialog((current) => (current ? { ...current, opened: false } : null));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Sessions</Title>
          <Text c="dimmed" size="sm">
            Your discovery sessions and those shared with you.
          </Text>
        </div>
        <ButtonLink to="/" leftSection={<IconPlus size={16} />}>
          New discovery
        </ButtonLink>
      </Group>

      <SessionsFilters search={search} onSearchChange={onSearchChange} />

      {sessions.isError && (
        <ErrorState
          title="Sessions could not be loaded"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
          isRetrying={sessions.isFetching}
        />
      )}

      {sessions.isPending && <SessionsSkeleton />}

      {data && data.total === 0 && (
        <Paper withBorder p="xl">
          {isFiltered ? (
            <EmptyState
              icon={<IconSearch size={32} />}
              title="No sessions match these filters"
              description="Try another search or status, or show all sessions."
            >
              <EmptyState.Actions>
                <Button
                  variant="default"
                  onClick={() =>
                    onSearchChange({ search: undefined, status: undefined, scope: 'all', page: 0 })
                  }
                >
                  Clear filters
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              icon={<IconListDetails size={32} />}
              title="No sessions yet — start a discovery"
              description="A session is one discovery: businesses found by category and place, the customers of your competitors, or an imported CSV list."
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
        <Paper withBorder style={{ opacity: sessions.isPlaceholderData ? 0.6 : 1 }}>
          <SessionsTable
            sessions={data.items}
            ventureNames={ventureNames}
            currentUserId={profile.id}
            onAction={(kind, session) => setDialog({ kind, session, opened: true })}
          />
        </Paper>
      )}

      {data && data.total > 0 && (
        <ListPagination
          pageSizeLabel="Sessions per page"
          noun={['session', 'sessions']}
          countTestId="sessions-total"
          total={data.total}
          page={search.page}
          pageSize={search.page_size}
          pageSizes={SESSION_PAGE_SIZES}
          onPageChange={(page) => onSearchChange({ page })}
          onPageSizeChange={(pageSize) => onSearchChange({ page_size: pageSize, page: 0 })}
        />
      )}

      {dialog?.kind === 'edit' && (
        <EditSessionModal
          session={dialog.session}
          ventures={ventures.data ?? []}
          opened={dialog.opened}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteSessionModal session={dialog.session} opened={dialog.opened} onClose={closeDialog} />
      )}
      {(dialog?.kind === 'cancel' || dialog?.kind === 'retry' || dialog?.kind === 'restart') && (
        <RunActionModal
          action={dialog.kind}
          session={dialog.session}
          opened={dialog.opened}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'share' && (
        <ShareSessionModal session={dialog.session} opened={dialog.opened} onClose={closeDialog} />
      )}
    </Stack>
  );
}

function SessionsFilters({ search, onSearchChange }: SessionsPageProps) {
  const [text, setText] = useState(search.search ?? '');
  // The search text last sent to the address: a different one there came from elsewhere ("Clear filters",
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
    <Group gap="sm" wrap="wrap">
      <TextInput
        aria-label="Search sessions"
        placeholder="Search by name"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        style={{ flex: 1, minWidth: 200, maxWidth: 360 }}
      />
      <Select
        aria-label="Status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        value={search.status ?? null}
        onChange={(value) =>
          onSearchChange({ status: (value as SessionsSearch['status']) ?? undefined, page: 0 })
        }
        clearable
        w={180}
      />
      <SegmentedControl
        aria-label="Whose sessions"
        data={SCOPE_OPTIONS}
        value={search.scope}
        onChange={(value) => onSearchChange({ scope: value as SessionScope, page: 0 })}
      />
    </Group>
  );
}

function SessionsSkeleton() {
  return (
    <Paper withBorder p="md" aria-busy="true" aria-label="Loading sessions">
      <Table>
        <Table.Tbody>
          {[0, 1, 2, 3, 4].map((row) => (
            <Table.Tr key={row}>
              <Table.Td>
                <Skeleton height={14} width="70%" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={14} />
              </Table.Td>
              <Table.Td>
                <Skeleton height={20} width={80} radius="xl" />
              </Table.Td>
              <Table.Td>
                <Skeleton height={14} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
