import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { AuthLayout } from '../../../components/layout/AuthLayout';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { enableEmailMfa, getAuthCapabilities, getIdToken } from '../../../lib/auth/auth';
import { mfaStatusQueryOptions } from '../../../lib/auth/queries';
import { safeRedirectTarget } from '../../../lib/auth/redirect';
import { profileQueryKey } from '../../../lib/profile';
import { TotpSetupFlow } from './TotpSetupFlow';

interface MfaPageProps {
  redirect?: string | undefined;
  /** `required`: the organisation requires admins to use two-factor sign-in, and this one has none yet. */
  reason?: 'required' | undefined;
}

type Stage = 'choose' | 'totp' | 'email';

/** The choice buttons hold two lines of text: let them wrap instead of cutting them off. */
const WRAPPING_LABEL = { label: { whiteSpace: 'normal', textAlign: 'left' } } as const;

/** /mfa (MFA Setup): turn on two-factor sign-in with an authenticator app (QR code) or codes by email. */
export function MfaPage({ redirect, reason }: MfaPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery(mfaStatusQueryOptions());
  const [stage, setStage] = useState<Stage>('choose');
  const { emailMfa } = getAuthCapabilities();

  async function finish() {
    // The API decides again with the new sign-in state (the ID token now says MFA is on).
    await queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey });
    queryClient.removeQueries({ queryKey: profileQueryKey });
    await navigate({ href: safeRedirectTarget(redirect), replace: true });
  }

  /** Turning codes by email on ends this sign-in (it proved no code): the next one asks for the emailed code. */
  async function finishEmail() {
    if ((await getIdToken()) !== null) return finish();
    queryClient.clear();
    await navigate({
      to: '/login',
      search: { reason: 'two-factor', redirect: safeRedirectTarget(redirect) },
      replace: true,
    });
  }

  // Two-factor is on, yet the organisation's rule refused this admin: this sign-in did not use it.
  const isSignInWithoutIt = reason === 'required' && status.data?.enabled === true && stage === 'choose';

  let content: ReactNode;
  if (stage === 'totp') {
    content = <TotpSetupFlow onDone={finish} onCancel={() => setStage('choose')} />;
  } else if (stage === 'email') {
    content = <EmailMfaSetup onDone={finishEmail} onCancel={() => setStage('choose')} />;
  } else if (isSignInWithoutIt) {
    content = (
      <Stack gap="sm">
        <Alert color="blue" variant="light" role="status">
          Two-factor sign-in is on for your account, but this sign-in did not use it (a passkey, for example,
          or a sign-in from before your organisation required it). Sign in again with your password and a
          code.
        </Alert>
        <ButtonLink
          to="/logout"
          search={{ reason: 'two-factor', redirect: safeRedirectTarget(redirect) }}
          fullWidth
        >
          Sign in again
        </ButtonLink>
      </Stack>
    );
  } else if (status.isPending) {
    content = (
      <Center py="lg">
        <Loader aria-label="Loading" />
      </Center>
    );
  } else {
    content = (
      <Stack gap="sm">
        {status.data?.enabled && (
          <Alert color="green" variant="light" role="status">
            Two-factor sign-in is on for your account. You can add an authenticator app here, or manage it in
            Settings.
          </Alert>
        )}
        <Text size="sm">How do you want to confirm it is you when you sign in?</Text>
        <Button
          variant="default"
          justify="flex-start"
          h="auto"
          py="sm"
          styles={WRAPPING_LABEL}
          leftSection={<IconDeviceMobile size={22} aria-hidden />}
          onClick={() => setStage('totp')}
        >
          <Stack gap={0} align="flex-start">
            <Text fw={500}>Authenticator app</Text>
            <Text size="xs" c="dimmed">
              Recommended. A code from an app on your phone.
            </Text>
          </Stack>
        </Button>
        {emailMfa && (
          <Button
            variant="default"
            justify="flex-start"
            h="auto"
            py="sm"
            styles={WRAPPING_LABEL}
            leftSection={<IconMail size={22} aria-hidden />}
            onClick={() => setStage('email')}
          >
            <Stack gap={0} align="flex-start">
              <Text fw={500}>Code by email</Text>
              <Text size="xs" c="dimmed">
                We email you a code each time you sign in.
              </Text>
            </Stack>
          </Button>
        )}
        {status.data?.enabled ? (
          <Button variant="subtle" onClick={finish}>
            Continue
          </Button>
        ) : (
          reason !== 'required' && (
            <AnchorLink to="/settings" size="sm" ta="center">
              Not now
            </AnchorLink>
          )
        )}
      </Stack>
    );
  }

  return (
    <AuthLayout
      title="MFA Setup"
      description="Two-factor sign-in: after your password, Argo asks for a second proof that it is you."
    >
      {reason === 'required' && !isSignInWithoutIt && (
        <Alert color="blue" variant="light" role="status">
          Your organisation requires admins to use two-factor sign-in. Set it up to continue.
        </Alert>
      )}
      {content}
      <AnchorLink to="/logout" size="sm" ta="center" c="dimmed">
        Sign out
      </AnchorLink>
    </AuthLayout>
  );
}

/** /mfa while signed out: setting up MFA changes a signed-in account, so the page asks to sign in first. */
export function MfaSignInFirst({ returnTo }: { returnTo: string }) {
  return (
    <AuthLayout
      title="MFA Setup"
      description="Two-factor sign-in: after your password, Argo asks for a second proof that it is you."
    >
      <Alert color="blue" variant="light" role="status">
        Sign in first: two-factor sign-in is set up for the account you are signed in to.
      </Alert>
      <ButtonLink to="/login" search={{ redirect: returnTo }} fullWidth>
        Sign in
      </ButtonLink>
    </AuthLayout>
  );
}

function EmailMfaSetup({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const needsPassword = getAuthCapabilities().mfaNeedsPassword;
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '' } });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const submit = handleSubmit(async ({ password }) => {
    const result = await enableEmailMfa(needsPassword ? password : null);
    if (result.step === 'error') return showError(result);
    onDone();
  });
  return (
    <AuthForm
      onSubmit={submit}
      label="Codes by email"
      submitLabel="Turn on codes by email"
      isSubmitting={isSubmitting}
      formError={formError}
      footer={
        <Button variant="subtle" color="gray" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <Text size="sm">Each time you sign in, Argo emails you a 6-digit code that works for 3 minutes.</Text>
      {needsPassword && (
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          autoFocus
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
      )}
    </AuthForm>
  );
}
