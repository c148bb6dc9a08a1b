import { Anchor, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { AuthLayout } from '../../../components/layout/AuthLayout';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { confirmSignUp, resendSignUpCode } from '../../../lib/auth/auth';
import type { AuthErrorStep, ConfirmSignUpStep } from '../../../lib/auth/types';

interface ConfirmationPageProps {
  email: string;
  code: string;
}

type Stage = { kind: 'form'; error?: AuthErrorStep } | { kind: 'confirming' } | { kind: 'confirmed' };

/**
 * /confirmation/?email&code: confirms a new account's email with the emailed code. The email's link carries
 * both, and the page confirms by itself; otherwise the person types the code.
 */
export function ConfirmationPage({ email, code }: ConfirmationPageProps) {
  const navigate = useNavigate();
  const hasLink = Boolean(email && code);
  const [stage, setStage] = useState<Stage>(hasLink ? { kind: 'confirming' } : { kind: 'form' });
  const started = useRef(false);

  async function follow(result: ConfirmSignUpStep): Promise<AuthErrorStep | null> {
    if (result.step === 'done') {
      // Signed in: a new person names their organisation next (the guard sends members on to the app).
      await navigate({ to: '/register', search: { step: 'organisation' }, replace: true });
      return null;
    }
    if (result.step === 'confirmed') {
      setStage({ kind: 'confirmed' });
      return null;
    }
    return result;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the link the page was opened with.
  useEffect(() => {
    // Strict mode runs effects twice; a code works once.
    if (!hasLink || started.current) return;
    started.current = true;
    void (async () => {
      const failed = await follow(await confirmSignUp(email, code));
      if (failed) setStage({ kind: 'form', error: failed });
    })();
  }, []);

  if (stage.kind === 'confirming') {
    return (
      <AuthLayout title="Confirm your email">
        <Center py="lg">
          <Stack align="center" gap="xs">
            <Loader aria-label="Confirming your email" />
            <Text c="dimmed">Confirming {email}…</Text>
          </Stack>
        </Center>
      </AuthLayout>
    );
  }
  if (stage.kind === 'confirmed') {
    return (
      <AuthLayout title="Email confirmed">
        <Text>Your email is confirmed. Sign in to continue.</Text>
        <ButtonLink to="/login" fullWidth>
          Sign in
        </ButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Confirm your email"
      description={
        email
          ? `We sent a 6-digit code to ${email}. Enter it below, or open the link in the email.`
          : 'Enter your email and the 6-digit code we sent you.'
      }
    >
      <CodeForm email={email} code={code} initialError={stage.error} follow={follow} />
    </AuthLayout>
  );
}

interface CodeFormProps {
  email: string;
  code: string;
  initialError: AuthErrorStep | undefined;
  follow: (result: ConfirmSignUpStep) => Promise<AuthErrorStep | null>;
}

function CodeForm({ email, code, initialError, follow }: CodeFormProps) {
  const onField =
    initialError?.field && !(initialError.field === 'email' && email) ? initialError.field : null;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email, code },
    initialErrors: initialError && onField ? { [onField]: initialError.message } : {},
  });
  const {
    formError,
    showError: showFieldError,
    isSubmitting,
    handleSubmit,
  } = useAuthForm(form, initialError && !onField ? initialError.message : null);
  // With the address known, its field is not shown: what concerns it goes above the form.
  const showError = (failed: AuthErrorStep) =>
    showFieldError(failed.field === 'email' && email ? { message: failed.message } : failed);
  const [notice, setNotice] = useState<string | null>(null);
  const [isResending, setResending] = useState(false);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const failed = await follow(await confirmSignUp(values.email, values.code));
    if (failed) showError(failed);
  });

  async function resend() {
    const address = form.getValues().email.trim();
    setNotice(null);
    setResending(true);
    const result = await resendSignUpCode(address);
    setResending(false);
    if (result.step === 'error') showError(result);
    else
      setNotice(
        `If ${address} is waiting to be confirmed, a new code is on its way. Codes work for 10 minutes.`,
      );
  }

  return (
    <AuthForm
      onSubmit={submit}
      label="Confirm your email"
      submitLabel="Confirm email"
      isSubmitting={isSubmitting}
      formError={formError}
      notice={notice}
      footer={
        <Stack gap={4} align="center">
          <Anchor component="button" type="button" size="sm" onClick={resend} disabled={isResending}>
            {isResending ? 'Sending…' : 'Send a new code'}
          </Anchor>
          <AnchorLink to="/login" size="sm">
            Back to sign in
          </AnchorLink>
        </Stack>
      }
    >
      {/* The address is known from the sign-up or the link: ask for it only when it is not. */}
      {!email && (
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
      )}
      <TextInput
        label="Code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        autoFocus
        key={form.key('code')}
        {...form.getInputProps('code')}
      />
    </AuthForm>
  );
}
