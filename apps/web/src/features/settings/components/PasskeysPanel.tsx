import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconFingerprint, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthForm } from '../../../components/auth/AuthForm';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { addPasskey, removePasskey } from '../../../lib/auth/auth';
import { passkeysQueryOptions } from '../../../lib/auth/queries';
import type { PasskeyInfo } from '../../../lib/auth/types';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Passkeys: sign in with the device's fingerprint, face or PIN instead of the password. */
export function PasskeysPanel() {
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQueryOptions());
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [isRemovePending, setRemovePending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });

  async function confirmRemove() {
    if (!removing) return;
    setRemovePending(true);
    setRemoveError(null);
    const result = await removePasskey(removing.id);
    setRemovePending(false);
    if (result.step === 'error') return setRemoveError(result.message);
    setRemoving(null);
    await refresh();
  }

  return (
    <Stack gap="sm">
      <div>
        <Text fw={500}>Passkeys</Text>
        <Text size="sm" c="dimmed">
          Sign in with your fingerprint, face or device PIN instead of your password.
        </Text>
      </div>
      {passkeys.isError && (
        <Alert color="red" variant="light" role="alert">
          Your passkeys could not be loaded. Reload the page to try again.
        </Alert>
      )}
      {passkeys.data && passkeys.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No passkeys yet. Add one for this device below.
        </Text>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <Stack gap={4} role="list" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => {
            const name = passkey.name || 'Unnamed passkey';
            return (
              <Group key={passkey.id} justify="space-between" role="listitem" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <IconFingerprint size={18} aria-hidden />
                  <div>
                    <Text size="sm" fw={500}>
                      {name}
                    </Text>
                    {passkey.createdAt && (
                      <Text size="xs" c="dimmed">
                        Added {dateFormat.format(new Date(passkey.createdAt))}
                      </Text>
                    )}
                  </div>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove passkey ${name}`}
                  onClick={() => {
                    setRemoveError(null);
                    setRemoving(passkey);
                  }}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
      <AddPasskeyForm onAdded={refresh} />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
        title="Remove this passkey?"
        confirmLabel="Remove passkey"
        isDanger
        isLoading={isRemovePending}
        error={removeError}
      >
        <Text size="sm">
          “{removing?.name || 'Unnamed passkey'}” will no longer sign you in. You can add it again later.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function AddPasskeyForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { passkeyName: '' } });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const submit = handleSubmit(async ({ passkeyName }) => {
    const result = await addPasskey(passkeyName);
    if (result.step === 'error') return showError(result);
    form.reset();
    notifications.show({ color: 'green', title: 'Passkey added', message: 'You can now sign in with it.' });
    await onAdded();
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add a passkey">
      <Stack gap="xs">
        {formError && (
          <Text c="red" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <Group align="flex-start" gap="xs">
          <TextInput
            label="Passkey name"
            placeholder="e.g. Work laptop"
            style={{ flex: 1 }}
            key={form.key('passkeyName')}
            {...form.getInputProps('passkeyName')}
          />
          <Button
            type="submit"
            loading={isSubmitting}
            mt={25}
            leftSection={<IconFingerprint size={16} aria-hidden />}
          >
            Add passkey
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
