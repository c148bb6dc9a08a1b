import type { AdminVenture, Role, User, UserStatus } from '@argo/contract';
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Menu,
  Select,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { describeError, useAssignRole, useAssignVenture, useRemoveVenture, useSetUserStatus } from '../api';

dayjs.extend(relativeTime);

const ROLE_OPTIONS = [
  { value: 'admin', label: 'Admin' },
  { value: 'member', label: 'Member' },
];

const STATUS_COLORS: Record<UserStatus, string> = { active: 'green', invited: 'blue', disabled: 'gray' };

function notifyFailure(title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: describeError(error) });
}

/** The role select; while the change is on its way it shows the new role, and it reverts when refused. */
function RoleSelect({ user }: { user: User }) {
  const assignRole = useAssignRole();
  const role = assignRole.isPending ? assignRole.variables.role : user.role;
  return (
    <Select
      aria-label={`Role of ${user.email}`}
      data={ROLE_OPTIONS}
      value={role}
      allowDeselect={false}
      disabled={assignRole.isPending}
      w={120}
      size="xs"
      onChange={(value) => {
        if (!value || value === user.role) return;
        assignRole.mutate(
          { user_id: user.id, role: value as Role },
          {
            onSuccess: (changed) =>
              notifications.show({
                color: 'green',
                title: 'Role changed',
                message: `${changed.email} is now ${changed.role === 'admin' ? 'an admin' : 'a member'}.`,
              }),
            onError: (error) => notifyFailure('Role not changed', error),
          },
        );
      }}
    />
  );
}

function StatusCell({ user, isSelf }: { user: User; isSelf: boolean }) {
  const setStatus = useSetUserStatus();
  const isDisabled = user.status === 'disabled';
  const action = isDisabled ? 'Enable' : 'Disable';
  const change = () =>
    setStatus.mutate(
      { id: user.id, status: isDisabled ? 'active' : 'disabled' },
      {
        onSuccess: (changed) =>
          notifications.show({
            color: 'green',
            title: isDisabled ? 'User enabled' : 'User disabled',
            message: isDisabled
              ? `${changed.email} can sign in again.`
              : `${changed.email} can no longer sign in or use Argo.`,
          }),
        onError: (error) => notifyFailure(`User not ${isDisabled ? 'enabled' : 'disabled'}`, error),
      },
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[user.status]} variant="light">
        {user.status}
      </Badge>
      {!isSelf && (
        <Tooltip label={isDisabled ? 'Enable: let them sign in again' : 'Disable: block their sign-in'}>
          <ActionIcon
            variant="subtle"
            color={isDisabled ? 'green' : 'gray'}
            size="sm"
            aria-label={`${action} ${user.email}`}
            loading={setStatus.isPending}
            onClick={change}
          >
            {isDisabled ? <IconUserCheck size={14} /> : <IconUserOff size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function UserVentures({ user, ventures }: { user: User; ventures: AdminVenture[] }) {
  const assignVenture = useAssignVenture();
  const removeVenture = useRemoveVenture();
  if (user.role === 'admin') {
    return (
      <Text size="sm" c="dimmed">
        Every venture (admin)
      </Text>
    );
  }
  const nameOf = (id: string) => ventures.find((v) => v.venture_id === id)?.name ?? 'Unknown venture';
  const unassigned = ventures.filter((v) => !user.venture_ids.includes(v.venture_id));
  const body = (ventureId: string) => ({ user_id: user.id, venture_id: ventureId });
  return (
    <Group gap={4}>
      {user.venture_ids.map((id) => (
        <Badge
          key={id}
          variant="light"
          tt="none"
          pr={2}
          rightSection={
            <CloseButton
              size="xs"
              variant="transparent"
              aria-label={`Remove ${nameOf(id)} from ${user.email}`}
              disabled={removeVenture.isPending}
              onClick={() =>
                removeVenture.mutate(body(id), {
                  onError: (error) => notifyFailure('Venture not removed', error),
                })
              }
            />
          }
        >
          {nameOf(id)}
        </Badge>
      ))}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            size="compact-xs"
            leftSection={<IconPlus size={12} />}
            aria-label={`Assign venture to ${user.email}`}
            loading={assignVenture.isPending}
          >
            Assign venture
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Assign venture</Menu.Label>
          {unassigned.length === 0 && <Menu.Item disabled>No other ventures</Menu.Item>}
          {unassigned.map((venture) => (
            <Menu.Item
              key={venture.venture_id}
              onClick={() =>
                assignVenture.mutate(body(venture.venture_id), {
                  onError: (error) => notifyFailure('Venture not assigned', error),
                })
              }
            >
              {venture.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function LastSeen({ at }: { at: string | null }) {
  if (!at)
    return (
      <Text size="sm" c="dimmed">
        Never
      </Text>
    );
  return (
    <Tooltip label={dayjs(at).format('D MMM YYYY, HH:mm')}>
      <Text size="sm">{dayjs(at).fromNow()}</Text>
    </Tooltip>
  );
}

interface UserRowProps {
  user: User;
  ventures: AdminVenture[];
  isSelf: boolean;
  onDelete: () => void;
}

export function UserRow({ user, ventures, isSelf, onDelete }: UserRowProps) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{user.email}</Text>
          {isSelf && (
            <Badge size="xs" variant="outline">
              You
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={user.name ? undefined : 'dimmed'}>
          {user.name || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <RoleSelect user={user} />
      </Table.Td>
      <Table.Td>
        <StatusCell user={user} isSelf={isSelf} />
      </Table.Td>
      <Table.Td>
        <UserVentures user={user} ventures={ventures} />
      </Table.Td>
      <Table.Td>
        <LastSeen at={user.last_seen_at} />
      </Table.Td>
      <Table.Td>
        {!isSelf && (
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${user.email}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
