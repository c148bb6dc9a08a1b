import { LIMITS, type Session } from '@argo/contract';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useUpdateSession } from '../api';

interface EditSessionModalProps {
  session: Session;
  /** The ventures the caller may pick (GET /ventures/all). */
  ventures: readonly { venture_id: string; name: string }[];
  opened: boolean;
  onClose: () => void;
}

/** PUT /users/sessions/:id: the session's name and its venture (whose ICP scores it and keeps its profiles). */
export function EditSessionModal({ session, ventures, opened, onClose }: EditSessionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit session" centered>
      {/* Keyed so that each session starts from its own values. */}
      <EditSessionForm key={session.id} session={session} ventures={ventures} onDone={onClose} />
    </Modal>
  );
}

function EditSessionForm({
  session,
  ventures,
  onDone,
}: {
  session: Session;
  ventures: EditSessionModalProps['ventures'];
  onDone: () => void;
}) {
  const [name, setName] = useState(session.name);
  const [ventureId, setVentureId] = useState<string | null>(session.venture_id);
  const [error, setError] = useState<string | null>(null);
  const [ventureError, setVentureError] = useState<string | null>(null);
  const update = useUpdateSession();
  // A venture the caller cannot see stays the session's: it is offered under its id rather than dropped.
  const options = ventures.map((venture) => ({ value: venture.venture_id, label: venture.name }));
  if (session.venture_id && !options.some((option) => option.value === session.venture_id))
    options.push({ value: session.venture_id, label: 'A venture not shared with you' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Enter a name.');
    if (trimmed.length > LIMITS.name) return setError(`Use at most ${LIMITS.name} characters.`);
    const changes = {
      ...(trimmed !== session.name ? { name: trimmed } : {}),
      ...(ventureId !== session.venture_id ? { venture_id: ventureId } : {}),
    };
    if (Object.keys(changes).length === 0) return onDone();
    setError(null);
    setVentureError(null);
    update.mutate(
      { id: session.id, changes },
      {
        onSuccess: (updated) => {
          const renamed = changes.name !== undefined;
          const venture = ventures.find((v) => v.venture_id === updated.venture_id)?.name;
          notifications.show({
            color: 'green',
            title: renamed && !('venture_id' in changes) ? 'Session renamed' : 'Session saved',
            message: [
              renamed ? `“${session.name}” is now “${updated.name}”.` : null,
              'venture_id' in changes
                ? venture
                  ? `Its venture is ${venture}: its ICP scores the businesses from the next ICP analysis.`
                  : 'It has no venture now.'
                : null,
            ]
              .filter(Boolean)
              .join(' '),
          });
          onDone();
        },
        onError: (cause) =>
          /venture/i.test(cause.message) ? setVentureError(cause.message) : setError(cause.message),
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
        <Select
          label="Venture"
          description="Its ICP scores the businesses, and the ICP profiles made from them are saved to it."
          placeholder={options.length === 0 ? 'No ventures yet' : 'No venture'}
          data={options}
          value={ventureId}
          onChange={setVentureId}
          error={ventureError}
          disabled={options.length === 0}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
