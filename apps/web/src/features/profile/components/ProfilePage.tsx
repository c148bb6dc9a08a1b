import { Badge, Code, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useProfile } from '../../../lib/profile';
import { AccountForm } from './AccountForm';
import { NameForm } from './NameForm';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{value}</Text>
    </div>
  );
}

/** /profile: who is signed in, the own name, and (for admins) the organisation's settings. */
export function ProfilePage() {
  const profile = useProfile();
  const isAdmin = profile.role === 'admin';
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Profile</Title>

      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          You
        </Title>
        <Stack gap="lg">
          <NameForm />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Field label="Email" value={profile.email} />
            <Field
              label="Role"
              value={
                <Badge variant="light" color={isAdmin ? 'grape' : 'argo'}>
                  {isAdmin ? 'Admin' : 'Member'}
                </Badge>
              }
            />
            <Field label="Organisation" value={profile.account.name} />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="md">
          Organisation
        </Title>
        {isAdmin ? (
          <AccountForm />
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Field label="Name" value={profile.account.name} />
              <Field label="Website" value={profile.account.website || '—'} />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              Only admins of {profile.account.name} can change these.
            </Text>
          </Stack>
        )}
      </Paper>

      <Text size="xs" c="dimmed">
        Analytics identifier: <Code fz="xs">{profile.analytics_identifier}</Code>
      </Text>
    </Stack>
  );
}
