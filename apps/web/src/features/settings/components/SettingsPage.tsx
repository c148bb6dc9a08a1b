import {
  Divider,
  type MantineColorScheme,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { getAuthCapabilities } from '../../../lib/auth/auth';
import { useProfile } from '../../../lib/profile';
import { ChangePasswordForm } from './ChangePasswordForm';
import { MfaPanel } from './MfaPanel';
import { PasskeysPanel } from './PasskeysPanel';
import { SignOutEverywhere } from './SignOutEverywhere';
import { SuppressionListPanel } from './SuppressionListPanel';

const COLOR_SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto' },
];

/**
 * /settings: the colour scheme, password and security (password, devices, two-factor, passkeys), and the
 * organisation's suppression list.
 */
export function SettingsPage() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const profile = useProfile();
  const { passkeys } = getAuthCapabilities();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Settings</Title>

      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb={4}>
          Appearance
        </Title>
        <Text size="sm" c="dimmed" mb="md" id="color-scheme-label">
          Colour scheme. Auto follows your operating system.
        </Text>
        <SegmentedControl
          aria-labelledby="color-scheme-label"
          data={COLOR_SCHEMES}
          value={colorScheme}
          onChange={(value) => setColorScheme(value as MantineColorScheme)}
        />
      </Paper>

      <Paper withBorder p="lg" component="section" aria-labelledby="security-title">
        <Title order={2} size="h4" mb="md" id="security-title">
          Password and security
        </Title>
        <Stack gap="lg">
          <div>
            <Text fw={500} mb="xs">
              Change password
            </Text>
            <ChangePasswordForm />
          </div>
          <Divider />
          <MfaPanel isRequired={profile.role === 'admin' && profile.require_admin_mfa} />
          {passkeys && (
            <>
              <Divider />
              <PasskeysPanel />
            </>
          )}
          <Divider />
          <SignOutEverywhere />
        </Stack>
      </Paper>

      <Paper withBorder p="lg" component="section" aria-labelledby="suppressions-title">
        <Title order={2} size="h4" mb="xs" id="suppressions-title">
          Do not contact
        </Title>
        <SuppressionListPanel canRemove={profile.role === 'admin'} />
      </Paper>
    </Stack>
  );
}
