import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { useAuthForm } from '../../../components/auth/AuthForm';
import { getAuthCapabilities, sendMfaCode } from '../../../lib/auth/auth';
import type { AuthErrorStep } from '../../../lib/auth/types';

interface PasswordPromptModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  isDanger?: boolean;
  /** The change also needs a current two-factor code (turning it off, new backup codes), when the provider asks. */
  asksForCode?: boolean;
  /**
   * Runs the change with the password and the code (each null when the provider does not ask); answers its
   * error, or null.
   */
  onConfirm: (password: string | null, code: string | null) => Promise<AuthErrorStep | null>;
}

/** Asks for the password (and a current code) when the provider wants them, before a change to how one signs in. */
export function PasswordPromptModal({
  opened,
  onClose,
  title,
  description,
  confirmLabel,
  isDanger,
  asksForCode = false,
  onConfirm,
}: PasswordPromptModalProps) {
  const { mfaNeedsPassword: needsPassword, mfaChangeNeedsCode, mfaCodeByEmail } = getAuthCapabilities();
  const needsCode = asksForCode && mfaChangeNeedsCode;
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '', code: '' } });
  const { formError, setFormError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const [emailed, setEmailed] = useState<'sending' | 'sent' | null>(null);
  const submit = handleSubmit(async ({ password, code }) => {
    const failed = await onConfirm(needsPassword ? password : null, needsCode ? code : null);
    if (failed) showError(failed);
    else {
      form.reset();
      setEmailed(null);
    }
  });
  const emailCode = async () => {
    setEmailed('sending');
    const result = await sendMfaCode();
    if (result.step === 'error') {
      setEmailed(null);
      showError(result);
    } else setEmailed('sent');
  };
  const close = () => {
    form.reset();
    setFormError(null);
    setEmailed(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">{description}</Text>
          {needsPassword && (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              data-autofocus
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
          )}
          {needsCode && (
            <Stack gap={4}>
              <TextInput
                label="Code"
                description="From your authenticator app, one of your backup codes, or a code we email you."
                autoComplete="one-time-code"
                required
                key={form.key('code')}
                {...form.getInputProps('code')}
              />
              {mfaCodeByEmail && (
                <Group gap="xs">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={emailCode}
                    loading={emailed === 'sending'}
                  >
                    Email me a code
                  </Button>
                  {emailed === 'sent' && (
                    <Text size="xs" c="dimmed" role="status">
                      We emailed you a code. It works for 3 minutes.
                    </Text>
                  )}
                </Group>
              )}
            </Stack>
          )}
          {formError && (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" color={isDanger ? 'red' : undefined} loading={isSubmitting}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
