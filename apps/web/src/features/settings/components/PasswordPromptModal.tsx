import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { getAuthCapabilities } from '../../../lib/auth/auth';
import type { AuthErrorStep } from '../../../lib/auth/types';
import { useAuthForm } from '../../auth/components/AuthForm';

interface PasswordPromptModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  isDanger?: boolean;
  /** Runs the change with the password (null when the provider does not ask); answers its error, or null. */
  onConfirm: (password: string | null) => Promise<AuthErrorStep | null>;
}

/** Asks for the password (when the provider wants it) before a change to how the person signs in. */
export function PasswordPromptModal({
  opened,
  onClose,
  title,
  description,
  confirmLabel,
  isDanger,
  onConfirm,
}: PasswordPromptModalProps) {
  const needsPassword = getAuthCapabilities().mfaNeedsPassword;
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '' } });
  const { formError, setFormError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const submit = handleSubmit(async ({ password }) => {
    const failed = await onConfirm(needsPassword ? password : null);
    if (failed) showError(failed);
    else form.reset();
  });
  const close = () => {
    form.reset();
    setFormError(null);
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
