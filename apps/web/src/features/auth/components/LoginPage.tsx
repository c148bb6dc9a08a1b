import { Button, Divider, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { AuthLayout } from '../../../components/layout/AuthLayout';
import { AnchorLink } from '../../../components/links';
import { getAuthCapabilities, signIn, signInWithPasskey } from '../../../lib/auth/auth';
import { SIGN_OUT_REASON_MESSAGES, type SignOutReason } from '../../../lib/auth/sign-out-reason';
import type { AuthErrorStep, ChallengeStep, SignInStep } from '../../../lib/auth/types';
import { useFinishSignIn } from '../../../lib/auth/use-finish-sign-in';
import { ChallengeForm } from './ChallengeForm';

interface LoginPageProps {
  redirect?: string | undefined;
  /** Why the app signed the user out (user disabled, sign-in ended): said above the form until they try again. */
  reason?: SignOutReason | undefined;
}

/** /login: email and password (or a passkey), then the challenge steps inline. */
export function LoginPage({ redirect, reason }: LoginPageProps) {
  const finish = useFinishSignIn(redirect);
  const [challenge, setChallenge] = useState<ChallengeStep | null>(null);
  const [email, setEmail] = useState('');
  /** Why the user is back at the password step (signed out by the app, the sign-in took too long, …). */
  const [restartReason, setRestartReason] = useState<string | null>(
    reason ? SIGN_OUT_REASON_MESSAGES[reason] : null,
  );

  /** Follows a step; answers the error for the current form to show, or null. */
  async function proceed(step: SignInStep): Promise<AuthErrorStep | null> {
    const rest = await finish(step);
    if (!rest) return null;
    if (rest.step === 'error') {
      if (rest.restart) {
        setChallenge(null);
        setRestartReason(rest.message);
        return null;
      }
      return rest;
    }
    setRestartReason(null);
    setChallenge(rest);
    return null;
  }

  function restart(message: string | null) {
    setChallenge(null);
    setRestartReason(message);
  }

  if (challenge) {
    return (
      <AuthLayout title="Two-factor sign-in" description="One more step to confirm it is you.">
        <ChallengeForm step={challenge} email={email} onStep={proceed} onRestart={restart} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Sign in" description="Welcome back. Sign in to find and qualify your next customers.">
      <PasswordStep
        initialEmail={email}
        restartReason={restartReason}
        onSubmitted={(typedEmail) => {
          setEmail(typedEmail.trim());
          setRestartReason(null);
        }}
        proceed={proceed}
      />
    </AuthLayout>
  );
}

interface PasswordStepProps {
  initialEmail: string;
  restartReason: string | null;
  onSubmitted: (email: string) => void;
  proceed: (step: SignInStep) => Promise<AuthErrorStep | null>;
}

function PasswordStep({ initialEmail, restartReason, onSubmitted, proceed }: PasswordStepProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, password: '' },
    validate: {
      email: (value) => (value.trim() ? null : 'Enter your email.'),
      password: (value) => (value ? null : 'Enter your password.'),
    },
  });
  const { formError, setFormError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const [isPasskeyPending, setPasskeyPending] = useState(false);
  const hasPasskeys = getAuthCapabilities().passkeys;

  const submit = handleSubmit(async ({ email, password }) => {
    onSubmitted(email);
    const failed = await proceed(await signIn(email, password));
    if (failed) showError(failed);
  });

  async function signInWithAPasskey() {
    setFormError(null);
    setPasskeyPending(true);
    try {
      const failed = await proceed(await signInWithPasskey());
      if (failed) setFormError(failed.message);
    } finally {
      setPasskeyPending(false);
    }
  }

  return (
    <AuthForm
      onSubmit={submit}
      label="Sign in"
      submitLabel="Sign in"
      isSubmitting={isSubmitting}
      formError={formError ?? restartReason}
      footer={
        <>
          {hasPasskeys && (
            <>
              <Divider label="or" labelPosition="center" />
              <Button
                variant="default"
                leftSection={<IconFingerprint size={18} aria-hidden />}
                loading={isPasskeyPending}
                onClick={signInWithAPasskey}
                fullWidth
              >
                Sign in with a passkey
              </Button>
            </>
          )}
          <Text size="sm" ta="center">
            New to Argo?{' '}
            <AnchorLink to="/register" size="sm">
              Create an account
            </AnchorLink>
          </Text>
        </>
      }
    >
      <TextInput
        label="Email"
        type="email"
        autoComplete="username webauthn"
        required
        autoFocus
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <Group justify="flex-end">
        <AnchorLink to="/password/reset" size="sm">
          Forgot your password?
        </AnchorLink>
      </Group>
    </AuthForm>
  );
}
