import type { ApiKey, ApiKeyScope } from '@argo/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { apiKeysQueryOptions, useCreateApiKey, useRevokeApiKey } from '../api';
import { formatTime, messageOf } from './messages';
import { SecretOnce } from './SecretOnce';

const SCOPES: { value: ApiKeyScope; label: string }[] = [
  { value: 'read', label: 'Read only (GET calls)' },
  { value: 'read_write', label: 'Read and write' },
];
const EXPIRIES = [
  { value: '90', label: 'In 90 days' },
  { value: '30', label: 'In 30 days' },
  { value: '365', label: 'In a year' },
  { value: 'never', label: 'Never' },
];

function expiryFrom(choice: string, now = Date.now()): string | null {
  return choice === 'never' ? null : new Date(now + Number(choice) * 24 * 60 * 60 * 1000).toISOString();
}

/**
 * The user's API keys (an admin sees every key of the organisation): make one, named, with a scope and an expiry,
 * its secret shown once; revoke one at once.
 */
export function ApiKeysPanel({ isAdmin }: { isAdmin: boolean }) {
  const keys = useQuery(apiKeysQueryOptions());
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        An API key lets a script or another tool call the Argo API as you (
        <Text span ff="monospace" size="sm">
          Authorization: Bearer argo_live_…
        </Text>
        ), with your rights and never more. A read-only key can only read.
        {isAdmin ? ' As an admin you see and can revoke every key of your organisation.' : ''}
      </Text>
      <CreateKeyForm />
      {keys.isPending && <Loader size="sm" aria-label="Loading API keys" />}
      {keys.isError && (
        <Alert color="red" variant="light" role="alert">
          The API keys could not be loaded. Reload the page to try again.
        </Alert>
      )}
      {keys.data && keys.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No API keys yet. Make one above to connect a tool.
        </Text>
      )}
      {keys.data && keys.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="API keys" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Made</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {key.name}
                    </Text>
                    <Badge size="xs" variant="light" color={key.scope === 'read' ? 'gray' : 'blue'}>
                      {key.scope === 'read' ? 'read only' : 'read and write'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      argo_live_{key.prefix}_…
                    </Text>
                    {key.expires_at && (
                      <Text size="xs" c="dimmed">
                        expires {formatTime(key.expires_at)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatTime(key.created_at)}</Text>
                    <Text size="xs" c="dimmed">
                      by {key.created_by.name || key.created_by.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{key.last_used_at ? formatTime(key.last_used_at) : 'Never'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => {
                        revoke.reset();
                        setRevoking(key);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        isDanger
        isLoading={revoke.isPending}
        error={revoke.isError ? messageOf(revoke.error) : null}
      >
        <Text size="sm">
          {revoking?.name} stops working at once: every tool using it gets 401 from its next call.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function CreateKeyForm() {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState('90');
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateApiKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scope, expires_at: expiryFrom(expiry) },
      {
        onSuccess: (made) => {
          setSecret(made.secret);
          setName('');
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <form onSubmit={submit} aria-label="Make an API key">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Key name"
            placeholder="e.g. Zapier, nightly export"
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <NativeSelect
            label="Access"
            data={SCOPES}
            value={scope}
            onChange={(event) => setScope(event.currentTarget.value as ApiKeyScope)}
            style={{ flex: '1 1 160px' }}
          />
          <NativeSelect
            label="Expires"
            data={EXPIRIES}
            value={expiry}
            onChange={(event) => setExpiry(event.currentTarget.value)}
            style={{ flex: '1 1 120px' }}
          />
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Make key
          </Button>
        </Group>
      </form>
      {create.isError && (
        <Alert color="red" variant="light" role="alert">
          {messageOf(create.error)}
        </Alert>
      )}
      {secret && <SecretOnce label="Your new API key" secret={secret} onDone={() => setSecret(null)} />}
    </Stack>
  );
}
