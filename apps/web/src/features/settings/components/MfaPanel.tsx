import { Alert, Badge, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BackupCodes } from '../../../components/auth/BackupCodes';
import { ButtonLink } from '../../../components/links';
import { disableMfa, getAuthCapabilities, regenerateBackupCodes } from '../../../lib/auth/auth';
import { mfaStatusQueryOptions } from '../../../lib/auth/queries';
import { PasswordPromptModal } from './PasswordPromptModal';

interface MfaPanelProps {
  /** The organisation requires admins to use two-factor sign-in and this person is an admin. */
  isRequired: boolean;
}

/** Two-factor sign-in: its status; set it up on /mfa, make new backup codes, or turn it off. */
export function MfaPanel({ isRequired }: MfaPanelProps) {
  const queryClient = useQueryClient();
  const status = useQuery(mfaStatusQueryOptions());
  const { backupCodes: hasBackupCodes } = getAuthCapabilities();
  const [prompt, setPrompt] = useState<'disable' | 'codes' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const isEnabled = status.data?.enabled === true;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Group gap="xs">
            <Text fw={500}>Two-factor sign-in</Text>
            {status.data && (
              <Badge color={isEnabled ? 'green' : 'gray'} variant="light">
                {isEnabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            After your password, Argo asks for a code from your authenticator app or your email.
          </Text>
        </div>
        {!isEnabled && status.data && (
          <Box style={{ flexShrink: 0 }}>
            <ButtonLink
              to="/mfa"
              search={{ redirect: '/settings' }}
              leftSection={<IconShieldLock size={16} aria-hidden />}
            >
              Set up two-factor sign-in
            </ButtonLink>
          </Box>
        )}
      </Group>
      {status.isError && (
        <Alert color="red" variant="light" role="alert">
          The two-factor status could not be loaded. Reload the page to try again.
        </Alert>
      )}
      {isEnabled && (
        <Group gap="xs">
          <ButtonLink to="/mfa" search={{ redirect: '/settings' }} variant="default" size="xs">
            Add an authenticator app
          </ButtonLink>
          {hasBackupCodes && (
            <Button variant="default" size="xs" onClick={() => setPrompt('codes')}>
              New backup codes
            </Button>
          )}
          <Button
            variant="default"
            color="red"
            size="xs"
            onClick={() => setPrompt('disable')}
            disabled={isRequired}
            title={isRequired ? 'Your organisation requires admins to use two-factor sign-in.' : undefined}
          >
            Turn off
          </Button>
        </Group>
      )}
      {isEnabled && isRequired && (
        <Text size="xs" c="dimmed">
          Your organisation requires admins to use two-factor sign-in, so it cannot be turned off.
        </Text>
      )}
      <PasswordPromptModal
        opened={prompt === 'disable'}
        onClose={() => setPrompt(null)}
        title="Turn off two-factor sign-in?"
        description="Your password alone will sign you in. Your authenticator app and backup codes stop working."
        confirmLabel="Turn off"
        isDanger
        asksForCode
        onConfirm={async (password, code) => {
          const result = await disableMfa(password, code);
          if (result.step === 'error') return result;
          setPrompt(null);
          await queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey });
          return null;
        }}
      />
      <PasswordPromptModal
        opened={prompt === 'codes'}
        onClose={() => setPrompt(null)}
        title="Make new backup codes?"
        description="Your current backup codes stop working."
        confirmLabel="Make new codes"
        asksForCode
        onConfirm={async (password, code) => {
          const result = await regenerateBackupCodes(password, code);
          if (result.step === 'error') return result;
          setPrompt(null);
          setNewCodes(result.backupCodes);
          return null;
        }}
      />
      <Modal
        opened={newCodes !== null}
        onClose={() => setNewCodes(null)}
        title="Your new backup codes"
        centered
      >
        <Stack gap="md">
          {newCodes && <BackupCodes codes={newCodes} />}
          <Button onClick={() => setNewCodes(null)}>I have saved them</Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
