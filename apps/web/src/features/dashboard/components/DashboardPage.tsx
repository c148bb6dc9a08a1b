import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useProfile } from '../../../lib/profile';
import { GettingStarted } from './GettingStarted';
import { RecentSessions } from './RecentSessions';
import { StatCards } from './StatCards';

/** /landing: the numbers at a glance, the newest sessions and the first steps. */
export function DashboardPage() {
  const profile = useProfile();
  const firstName = profile.name?.trim().split(/\s+/)[0];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed" size="sm">
          {firstName ? `Welcome, ${firstName}.` : 'Welcome.'} Here is where {profile.account.name} stands.
        </Text>
      </div>
      <StatCards />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RecentSessions />
        <GettingStarted />
      </SimpleGrid>
    </Stack>
  );
}
