import { LIMITS } from '@argo/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useProfile, useUpdateMyName } from '../api';

/** The own name (PUT /users/me). */
export function NameForm() {
  const profile = useProfile();
  const [name, setName] = useState(profile.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMyName();
  const trimmed = name.trim();
  const isChanged = trimmed !== (profile.name ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) {
      setError('Enter your name.');
      return;
    }
    setError(null);
    update.mutate(trimmed, {
      onSuccess: (user) => {
        setName(user.name ?? '');
        notifications.show({ color: 'green', title: 'Name saved', message: `You appear as ${user.name}.` });
      },
      onError: (cause) => setError(cause.message),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          maxLength={LIMITS.name}
          autoComplete="name"
          style={{ flex: 1, maxWidth: 400 }}
        />
        <Button type="submit" mt={25} disabled={!isChanged} loading={update.isPending}>
          Save name
        </Button>
      </Group>
    </form>
  );
}
