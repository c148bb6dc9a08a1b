import type { User } from '@argo/contract';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconLock, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useProfile } from '../../../lib/profile';
import type { SearchChange } from '../../../lib/search-params';
import { accountVenturesQueryOptions, adminUsersQueryOptions, describeError, useDeleteUser } from '../api';
import { USER_PAGE_SIZES, type UsersSearch } from '../search';
import { InviteUserModal } from './InviteUserModal';
import { UserRow } from './UserRow';

const SEARCH_DEBOUNCE_MS = 300;

const ROLE_FILTERS = [
  { value: 'admin', label: 'Admins' },
  { value: 'member', label: 'Members' },
];

export interface UsersPageProps {
  search: UsersSearch;
  onSearchChange: SearchChange<UsersSearch>;
}

/** /users: admin user management. A member gets a notice and no request is made. */
export function UsersPage(props: UsersPageProps) {
  const profile = useProfile();
  if (profile.role !== 'admin') {
    return (
      <Stack gap="lg">
        <Title order={1}>Users</Title>
        <Alert color="yellow" variant="light" icon={<IconLock />} title="Only admins can manage users">
          Ask an admin of {profile.account.name} to invite people, change roles or assign ventures.
        </Alert>
      </Stack>
    );
  }
  return <UsersAdmin {...props} currentUserId={profile.id} />;
}

/** The search box: typing changes the address (and so the request) after a short pause. */
function SearchBox({ value, onChange }: { value: string | undefined; onChange: (value?: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const sendSearch = useDebouncedCallback((typed: string) => {
    const next = typed.trim() || undefined;
    if (next !== value) onChange(next);
  }, SEARCH_DEBOUNCE_MS);
  // The address changed by itself (back button, "Clear filters"): show what it says.
  useEffect(() => {
    setText((current) => (current.trim() === (value ?? '') ? current : (value ?? '')));
  }, [value]);
  return (
    <TextInput
      label="Search"
      placeholder="Email or name"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        sendSearch(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 280 }}
    />
  );
}

function UsersAdmin({ search, onSearchChange, currentUserId }: UsersPageProps & { currentUserId: string }) {
  const users = useQuery(adminUsersQueryOptions(search));
  const ventures = useQuery(accountVenturesQueryOptions());
  const [isInviteOpen, invite] = useDisclosure(false);
  const [deleting, setDeleting] = useState<User | null>(null);
  const deleteUser = useDeleteUser();
  const isFiltered = Boolean(search.search || search.role);

  const closeDelete = () => {
    setDeleting(null);
    deleteUser.reset();
  };
  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'User deleted',
          message: `${deleting.email} is gone; their sessions are now yours.`,
        });
        closeDelete();
      },
    });
  };

  let content: ReactNode;
  if (users.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading users">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={36} />
        ))}
      </Stack>
    );
  } else if (users.isError) {
    content = (
      <Alert color="red" variant="light" title="Users could not be loaded" icon={<IconAlertTriangle />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{users.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => users.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (users.data.items.length === 0) {
    const isPastEnd = users.data.total > 0 && search.page > 0;
    let hint = 'Invite the people who work with you; they join by registering with the email you give.';
    if (isFiltered) hint = 'Try another search or role, or invite the person you are looking for.';
    if (isPastEnd) hint = 'This page is past the end of the list.';
    content = (
      <EmptyState
        icon={<IconUsers size={28} />}
        title={isFiltered || isPastEnd ? 'No users match' : 'No users yet — invite your colleagues'}
        description={hint}
        py="xl"
      >
        <EmptyState.Actions>
          {isPastEnd && <Button onClick={() => onSearchChange({ page: 0 })}>Go to the first page</Button>}
          {isFiltered && (
            <Button
              variant="default"
              onClick={() => onSearchChange({ search: undefined, role: undefined, page: 0 })}
            >
              Clear filters
            </Button>
          )}
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    const { items, total, page, page_size } = users.data;
    const pages = Math.max(1, Math.ceil(total / page_size));
    content = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={960}>
          <Table verticalSpacing="xs" highlightOnHover aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Ventures</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  ventures={ventures.data ?? []}
                  isSelf={user.id === currentUserId}
                  onDelete={() => setDeleting(user)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Showing {page * page_size + 1}–{page * page_size + items.length} of {total}
          </Text>
          <Group gap="sm">
            <Select
              aria-label="Users per page"
              data={USER_PAGE_SIZES.map(String)}
              value={String(search.page_size)}
              onChange={(value) => value && onSearchChange({ page_size: Number(value), page: 0 })}
              allowDeselect={false}
              w={80}
              size="xs"
            />
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page + 1}
                onChange={(next) => onSearchChange({ page: next - 1 })}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            )}
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Users</Title>
          <Group gap="xs">
            <Text c="dimmed" size="sm">
              {users.data
                ? `${users.data.total} ${users.data.total === 1 ? 'user' : 'users'}${isFiltered ? ' match' : ''}`
                : 'The people of your organisation, their roles and ventures.'}
            </Text>
            {users.isFetching && !users.isPending && <Loader size="xs" aria-label="Updating" />}
          </Group>
        </Stack>
        <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
          Invite user
        </Button>
      </Group>

      <Group align="flex-end" gap="sm">
        <SearchBox value={search.search} onChange={(next) => onSearchChange({ search: next, page: 0 })} />
        <Select
          label="Role"
          placeholder="All roles"
          data={ROLE_FILTERS}
          value={search.role ?? null}
          onChange={(value) => onSearchChange({ role: (value as UsersSearch['role']) ?? undefined, page: 0 })}
          clearable
          w={160}
        />
      </Group>

      {content}

      <InviteUserModal opened={isInviteOpen} onClose={invite.close} ventures={ventures.data ?? []} />

      <ConfirmModal
        opened={deleting !== null}
        onClose={closeDelete}
        onConfirm={confirmDelete}
        title="Delete user"
        confirmLabel="Delete user"
        isDanger
        isLoading={deleteUser.isPending}
        error={deleteUser.error ? describeError(deleteUser.error) : null}
      >
        <Text size="sm">
          Delete <strong>{deleting?.email}</strong>? They lose access at once. This cannot be undone.
        </Text>
        <Text size="sm" c="dimmed">
          Their sessions pass to you, so no work is lost. Their shares and venture assignments are removed.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
