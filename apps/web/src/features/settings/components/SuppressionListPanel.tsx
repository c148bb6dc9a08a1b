import { parseSuppression, type Suppression } from '@argo/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { isApiError, readErrorDetail } from '../../../lib/api-error';
import {
  splitSuppressionInput,
  suppressionsQueryOptions,
  useAddSuppressions,
  useRemoveSuppression,
} from '../suppressions-api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const messageOf = (error: unknown) =>
  isApiError(error)
    ? (readErrorDetail(error.data).message ?? error.message)
    : 'Something went wrong. Try again.';

/**
 * The account's suppression list: addresses and domains Argo never exports or writes to. Every member
 * may add (whoever hears "do not contact us" must be able to honour it at once); only admins may remove.
 */
export function SuppressionListPanel({ canRemove }: { canRemove: boolean }) {
  const list = useQuery(suppressionsQueryOptions());
  const [filter, setFilter] = useState('');
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const remove = useRemoveSuppression();
  const needle = filter.trim().toLowerCase();
  const shown = (list.data ?? []).filter(
    (e) => !needle || e.value.includes(needle) || e.reason?.toLowerCase().includes(needle),
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Email addresses and domains on this list are never exported and never used in outreach content. A
        domain covers every address at it and at its subdomains. Anyone in your organisation can add to the
        list; only admins can take an entry off it.
      </Text>
      <AddSuppressionsForm />
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          The suppression list could not be loaded. Reload the page to try again.
        </Alert>
      )}
      {list.data && list.data.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing is suppressed yet. When someone asks not to be contacted, add their address or domain above.
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <>
          {list.data.length > 10 && (
            <TextInput
              label="Find on the list"
              placeholder="Address, domain or reason"
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
            />
          )}
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Suppressed addresses and domains" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Address or domain</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Added</Table.Th>
                  {canRemove && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" style={{ wordBreak: 'break-all' }}>
                          {entry.value}
                        </Text>
                        <Badge size="xs" variant="light" color={entry.kind === 'domain' ? 'grape' : 'blue'}>
                          {entry.kind === 'domain' ? 'domain' : 'email'}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.reason ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{dateFormat.format(new Date(entry.created_at))}</Text>
                      {entry.created_by && (
                        <Text size="xs" c="dimmed">
                          by {entry.created_by.name || entry.created_by.email}
                        </Text>
                      )}
                    </Table.Td>
                    {canRemove && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Take ${entry.value} off the list`}
                          onClick={() => {
                            remove.reset();
                            setRemoving(entry);
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        title="Allow contact again?"
        confirmLabel="Take off the list"
        isDanger
        isLoading={remove.isPending}
        error={remove.isError ? messageOf(remove.error) : null}
      >
        <Text size="sm">
          {removing?.value} will be exported and may be used in outreach content again. Only do this when the
          person or company agreed to be contacted.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function AddSuppressionsForm() {
  const add = useAddSuppressions();
  const [values, setValues] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const entries = splitSuppressionInput(values);
    if (entries.length === 0) return setError('Enter at least one email address or domain.');
    const wrong = entries.filter((entry) => !parseSuppression(entry));
    if (wrong.length) {
      return setError(
        `Not an email address or a domain: ${wrong.slice(0, 5).join(', ')}${wrong.length > 5 ? ' …' : ''}`,
      );
    }
    setError(null);
    add.mutate(
      { values: entries, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (added) => {
          setValues('');
          setReason('');
          notifications.show({
            color: 'green',
            title: 'Suppression list updated',
            message: `${added.length} ${added.length === 1 ? 'entry is' : 'entries are'} on the list.`,
          });
        },
        onError: (cause) => setError(messageOf(cause)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add to the suppression list">
      <Stack gap="xs">
        <Textarea
          label="Email addresses or domains"
          description="One per line, or separated by commas. A domain may be written as example.com or pasted as a web address."
          placeholder={'anna.berg@example.com\nexample.org'}
          rows={3}
          value={values}
          onChange={(event) => setValues(event.currentTarget.value)}
          error={error}
        />
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Reason (optional)"
            placeholder="e.g. Asked not to be contacted"
            style={{ flex: 1 }}
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Button type="submit" loading={add.isPending}>
            Add to the list
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
