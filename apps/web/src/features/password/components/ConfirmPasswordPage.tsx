import { Anchor, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { matchesPassword, NewPasswordFields } from '../../../components/auth/NewPasswordFields';
import { AuthLayout } from '../../../components/layout/AuthLayout';
import { AnchorLink } from '../../../components/links';
import { confirmPasswordReset, requestPasswordReset } from '../../../lib/auth/auth';

/** /confirmation/password?email: the emailed reset code and the new password. */
export function ConfirmPasswordPage({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email, code: '', password: '', confirm: '' },
    validate: { confirm: matchesPassword('password') },
  });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const [notice, setNotice] = useState<string | null>(
    email ? `If ${email} has an Argo account, we emailed it a 6-digit code. It works for 10 minutes.` : null,
  );

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const result = await confirmPasswordReset(values.email, values.code, values.password);
    if (result.step === 'error') return showError(result);
    notifications.show({
      color: 'green',
      title: 'Password changed',
      message: 'Sign in with your new password.',
    });
    await navigate({ to: '/login', replace: true });
  });

  async function resend() {
    const address = form.getValues().email.trim();
    const result = await requestPasswordReset(address);
    if (result.step === 'error') showError(result);
    else setNotice(`If ${address} has an Argo account, a new code is on its way.`);
  }

  return (
    <AuthLayout title="Choose a new password">
      <AuthForm
        onSubmit={submit}
        label="Choose a new password"
        submitLabel="Change password"
        isSubmitting={isSubmitting}
        formError={formError}
        notice={notice}
        footer={
          <Stack gap={4} align="center">
            <Anchor component="button" type="button" size="sm" onClick={resend}>
              Send a new code
            </Anchor>
            <AnchorLink to="/login" size="sm">
              Back to sign in
            </AnchorLink>
          </Stack>
        }
      >
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          readOnly={Boolean(email)}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Code"
          description="The 6-digit code from the email."
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          autoFocus
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <NewPasswordFields form={form} field="password" confirmField="confirm" />
      </AuthForm>
    </AuthLayout>
  );
}
