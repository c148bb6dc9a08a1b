import type { Session, ShareAccess, SharedUser, User } from '@argo/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  Select,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { useProfile } from '../../../lib/profile';
import { colleaguesQueryOptions, sharedUsersQueryOptions, useGrantAccess, useRevokeAccess } from '../api';

const ACCESS_OPTIONS: { value: ShareAccess; label: string }[] = [
  { value: 'view', label: 'Can view' },
  { value: 'edit', label: 'Can edit' },
];

const displayName = (person: { name: string | null; email: string }) => person.name || person.email;

interface ShareSessionModalProps {
  session: Session;
  opened: boolean;
  onClose: () => void;
}

/** Who may open a session besides its owner: grant, change and revoke view/edit access. */
export function ShareSessionModal({ session, opened, onClose }: ShareSessionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Share “${session.name}”`} size="lg" centered>
      {opened && <SharePanel key={session.id} session={session} />}
    </Modal>
  );
}

function SharePanel({ session }: { session: Session }) {
  const shared = useQuery(sharedUsersQueryOptions(session.id));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Colleagues you share with see this session in their Sessions list. “Can view” lets them read the
        results; “Can edit” also lets them rename and run it.
      </Text>
      <GrantForm session={session} sharedUsers={shared.data} />
      <Divider label="People with access" labelPosition="left" />
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" fw={500}>
            {displayName(session.owner)}
          </Text>
          <Text size="xs" c="dimmed">
            {session.owner.email}
          </Text>
        </div>
        <Badge variant="outline">Owner</Badge>
      </Group>
      {shared.isPending && <Skeleton height={40} aria-label="Loading shared users" />}
      {shared.isError && (
        <ErrorState
          title="The people with access could not be loaded"
          error={shared.error}
          onRetry={() => void shared.refetch()}
          isRetrying={shared.isFetching}
        />
      )}
      {shared.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          Not shared with anyone yet.
        </Text>
      )}
      {shared.data?.map((user) => (
        <SharedUserRow key={user.user_id} session={session} user={user} />
      ))}
    </Stack>
  );
}

function GrantForm({ session, sharedUsers }: { session: Session; sharedUsers: SharedUser[] | undefined }) {
  const profile = useProfile();
  const colleagues = useQuery(colleaguesQueryOptions());
  const grant = useGrantAccess(session.id);
  const [userId, setUserId] = useState<string | null>(null);
  const [access, setAccess] = useState<ShareAccess>('view');

  const sharedIds = new Set((sharedUsers ?? []).map((user) => user.user_id));
  // Neither yourself nor the owner (who has every right already), nor a disabled user.
  const others = (colleagues.data ?? []).filter(
    (user: User) => user.id !== profile.id && user.id !== session.owner_id && user.status !== 'disabled',
  );
  const candidates = others.filter((user) => !sharedIds.has(user.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return;
    grant.mutate(
      { userId, access },
      {
        onSuccess: (granted) => {
          notifications.show({
            color: 'green',
            title: 'Session shared',
            message: `${displayName(granted)} can now ${granted.access} “${session.name}”.`,
          });
          setUserId(null);
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not share the session', message: error.message }),
      },
    );
  };

  if (colleagues.isError) {
    return (
      <ErrorState
        title="Your colleagues could not be loaded"
        error={colleagues.error}
        onRetry={() => void colleagues.refetch()}
        isRetrying={colleagues.isFetching}
      />
    );
  }
  if (colleagues.isSuccess && sharedUsers && candidates.length === 0) {
    return (
      <Text size="sm">
        {others.length === 0
          ? 'There is no one else in your account yet. An admin can invite colleagues on the Users page.'
          : 'Everyone in your account already has access.'}
      </Text>
    );
  }
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Colleague"
          placeholder={colleagues.isPending ? 'Loading colleagues…' : 'Pick a colleague'}
          data={candidates.map((user) => ({
            value: user.id,
            label: user.name ? `${user.name} (${user.email})` : user.email,
          }))}
          value={userId}
          onChange={setUserId}
          searchable
          nothingFoundMessage="No colleague matches"
          disabled={colleagues.isPending}
          style={{ flex: 1, minWidth: 220 }}
        />
        <NativeSelect
          label="Access"
          data={ACCESS_OPTIONS}
          value={access}
          onChange={(event) => setAccess(event.currentTarget.value as ShareAccess)}
        />
        <Button type="submit" disabled={!userId} loading={grant.isPending}>
          Share
        </Button>
      </Group>
    </form>
  );
}

function SharedUserRow({ session, user }: { session: Session; user: SharedUser }) {
  const change = useGrantAccess(session.id);
  const revoke = useRevokeAccess(session.id);
  const name = displayName(user);

  const changeAccess = (access: ShareAccess) =>
    change.mutate(
      { userId: user.user_id, access },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: 'Access changed',
            message: `${name} can now ${access} “${session.name}”.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not change the access', message: error.message }),
      },
    );

  const revokeAccess = () =>
    revoke.mutate(user.user_id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Access revoked',
          message: `${name} can no longer open “${session.name}”.`,
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not revoke the access', message: error.message }),
    });

  return (
    <Group justify="space-between" wrap="nowrap" data-testid="shared-user" data-user-id={user.user_id}>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
        {user.name && (
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          aria-label={`Access for ${name}`}
          data={ACCESS_OPTIONS}
          value={user.access}
          onChange={(event) => changeAccess(event.currentTarget.value as ShareAccess)}
          disabled={change.isPending || revoke.isPending}
          size="xs"
        />
        <Tooltip label="Revoke access">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Revoke access for ${name}`}
            onClick={revokeAccess}
            loading={revoke.isPending}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
