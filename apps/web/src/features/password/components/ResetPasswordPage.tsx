import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { AuthLayout } from '../../../components/layout/AuthLayout';
import { AnchorLink } from '../../../components/links';
import { requestPasswordReset } from '../../../lib/auth/auth';

/** /password/reset: asks for the email, sends a reset code, then /confirmation/password takes the code. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: {
      email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address.'),
    },
  });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);

  const submit = handleSubmit(async ({ email }) => {
    const result = await requestPasswordReset(email);
    if (result.step === 'error') return showError(result);
    await navigate({ to: '/confirmation/password', search: { email: email.trim() } });
  });

  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the email you sign in with. We will email you a code to choose a new password."
    >
      <AuthForm
        onSubmit={submit}
        label="Reset your password"
        submitLabel="Email me a code"
        isSubmitting={isSubmitting}
        formError={formError}
        footer={
          <Text size="sm" ta="center">
            Remembered it?{' '}
            <AnchorLink to="/login" size="sm">
              Back to sign in
            </AnchorLink>
          </Text>
        }
      >
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
      </AuthForm>
    </AuthLayout>
  );
}
