import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ApiAccessSection } from '../../features/api-access/components/ApiAccessSection';
import { CrmSettings } from '../../features/crm/components/CrmSettings';
import { SettingsPage } from '../../features/settings/components/SettingsPage';
import { useProfile } from '../../lib/profile';

export const Route = createFileRoute('/_app/settings')({
  staticData: { title: 'Settings' },
  component: Settings,
});

function Settings() {
  const profile = useProfile();
  return (
    <Stack gap="lg">
      <SettingsPage />
      <ApiAccessSection />
      <CrmSettings isAdmin={profile.role === 'admin'} />
    </Stack>
  );
}
