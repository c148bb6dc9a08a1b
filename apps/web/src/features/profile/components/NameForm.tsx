import { LIMITS } from '@argo/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useProfile } from '../../../lib/profile';
import { useUpdateMyName } from '../api';

/** The own name and job title (PUT /users/me): outreach Argo writes for you is signed with both. */
export function NameForm() {
  const profile = useProfile();
  const [name, setName] = useState(profile.name ?? '');
  const [title, setTitle] = useState(profile.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMyName();
  const trimmed = name.trim();
  const trimmedTitle = title.trim();
  const isChanged = trimmed !== (profile.name ?? '') || trimmedTitle !== (profile.title ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) {
      setError('Enter your name.');
      return;
    }
    setError(null);
    update.mutate(
      { name: trimmed, title: trimmedTitle || null },
      {
        onSuccess: (user) => {
          setName(user.name ?? '');
          setTitle(user.title ?? '');
          notifications.show({
            color: 'green',
            title: 'Name saved',
            message: user.title
              ? `You appear as ${user.name}, ${user.title}.`
              : `You appear as ${user.name}.`,
          });
        },
        onError: (cause) => setError(cause.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={LIMITS.name}
            autoComplete="name"
            style={{ flex: '1 1 220px', maxWidth: 320 }}
          />
          <TextInput
            label="Job title"
            placeholder="e.g. Head of Sales"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={LIMITS.shortText}
            autoComplete="organization-title"
            style={{ flex: '1 1 220px', maxWidth: 320 }}
          />
          <Button type="submit" mt={25} disabled={!isChanged} loading={update.isPending}>
            Save name
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Outreach Argo writes for you is signed with your name and job title.
        </Text>
      </Stack>
    </form>
  );
}
