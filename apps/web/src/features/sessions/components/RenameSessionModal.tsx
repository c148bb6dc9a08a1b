import { LIMITS, type Session } from '@argo/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useRenameSession } from '../api';

interface RenameSessionModalProps {
  session: Session;
  opened: boolean;
  onClose: () => void;
}

export function RenameSessionModal({ session, opened, onClose }: RenameSessionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Rename session" centered>
      {/* Keyed so that each session starts from its own name. */}
      <RenameSessionForm key={session.id} session={session} onDone={onClose} />
    </Modal>
  );
}

function RenameSessionForm({ session, onDone }: { session: Session; onDone: () => void }) {
  const [name, setName] = useState(session.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameSession();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Enter a name.');
    if (trimmed.length > LIMITS.name) return setError(`Use at most ${LIMITS.name} characters.`);
    if (trimmed === session.name) return onDone();
    setError(null);
    rename.mutate(
      { id: session.id, name: trimmed },
      {
        onSuccess: (updated) => {
          notifications.show({
            color: 'green',
            title: 'Session renamed',
            message: `“${session.name}” is now “${updated.name}”.`,
          });
          onDone();
        },
        onError: (cause) => setError(cause.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Session name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          maxLength={LIMITS.name}
          data-autofocus
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
