import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { signOutEverywhere } from '../../../lib/auth/auth';

/** Ends every session of the person, on every device, this one included. */
export function SignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    const result = await signOutEverywhere();
    setPending(false);
    if (result.step === 'error') return setError(result.message);
    queryClient.clear();
    await navigate({ to: '/login', replace: true });
  }

  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div>
        <Text fw={500}>Sign out of all devices</Text>
        <Text size="sm" c="dimmed">
          Lost a laptop or signed in somewhere public? End every session, including this one.
        </Text>
      </div>
      <Button
        variant="default"
        color="red"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ flexShrink: 0 }}
      >
        Sign out everywhere
      </Button>
      <ConfirmModal
        opened={isOpen}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        title="Sign out of all devices?"
        confirmLabel="Sign out everywhere"
        isDanger
        isLoading={isPending}
        error={error}
      >
        <Text size="sm">
          Every device signed in to your account, this one included, will have to sign in again.
        </Text>
      </ConfirmModal>
    </Group>
  );
}
