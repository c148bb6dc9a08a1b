import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClock, IconDeviceMobile, IconLifebuoy, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { cancelSignIn, chooseMfa, submitChallenge } from '../../../lib/auth/auth';
import { SIGN_IN_EXPIRED_MESSAGE } from '../../../lib/auth/error-messages';
import type { AuthErrorStep, ChallengeStep, MfaMethod, SignInStep } from '../../../lib/auth/types';
import { formatMinutesSeconds, useCountdown } from '../use-countdown';

const METHOD_CHOICES: Record<MfaMethod, { label: string; instead: string; icon: typeof IconMail }> = {
  totp: {
    label: 'Code from my authenticator app',
    instead: 'Use your authenticator app',
    icon: IconDeviceMobile,
  },
  email_code: { label: 'Email me a code', instead: 'Email me a code instead', icon: IconMail },
  backup_code: { label: 'Use a backup code', instead: 'Use a backup code', icon: IconLifebuoy },
};

interface ChallengeFormProps {
  step: ChallengeStep;
  email: string;
  /** Moves the sign-in on; answers the error to show here, or null when the page moved on. */
  onStep: (step: SignInStep) => Promise<AuthErrorStep | null>;
  /** Back to the password step, with the reason (null: the user chose to go back). */
  onRestart: (message: string | null) => void;
}

/** The second sign-in step: pick a method, or type the code, within the provider's 180 s. */
export function ChallengeForm({ step, email, onStep, onRestart }: ChallengeFormProps) {
  const secondsLeft = useCountdown(step.expiresAt, () => {
    cancelSignIn();
    onRestart(SIGN_IN_EXPIRED_MESSAGE);
  });

  return (
    <Stack gap="md">
      {step.step === 'select_mfa' ? (
        <MethodChoice methods={step.methods} onStep={onStep} />
      ) : (
        <CodeForm key={step.step} step={step} email={email} onStep={onStep} />
      )}
      {secondsLeft !== null && (
        <Group gap={6} c="dimmed" aria-live="off">
          <IconClock size={14} aria-hidden />
          <Text size="xs" role="timer" aria-label="Time left to finish signing in">
            Time left to finish signing in: {formatMinutesSeconds(secondsLeft)}
          </Text>
        </Group>
      )}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => {
          cancelSignIn();
          onRestart(null);
        }}
      >
        Back to email and password
      </Anchor>
    </Stack>
  );
}

function MethodChoice({ methods, onStep }: { methods: MfaMethod[]; onStep: ChallengeFormProps['onStep'] }) {
  const [pending, setPending] = useState<MfaMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="sm" role="group" aria-label="How do you want to confirm it is you?">
      <Text size="sm">How do you want to confirm it is you?</Text>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {methods.map((method) => {
        const { label, icon: Icon } = METHOD_CHOICES[method];
        return (
          <Button
            key={method}
            variant="default"
            justify="flex-start"
            leftSection={<Icon size={18} aria-hidden />}
            loading={pending === method}
            disabled={pending !== null && pending !== method}
            onClick={async () => {
              setPending(method);
              setError(null);
              const failed = await onStep(await chooseMfa(method));
              setPending(null);
              if (failed) setError(failed.message);
            }}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}

type CodeStep = Exclude<ChallengeStep, { step: 'select_mfa' }>;

const PROMPTS: Record<CodeStep['step'], (destination: string) => string> = {
  totp: () => 'Open your authenticator app and enter the 6-digit code it shows for Argo.',
  email_code: (destination) => `We emailed a 6-digit code to ${destination}. It works for 3 minutes.`,
  backup_code: () =>
    'Enter one of the backup codes you saved when you set up two-factor sign-in. Each works once.',
};

function CodeForm({
  step,
  email,
  onStep,
}: {
  step: CodeStep;
  email: string;
  onStep: ChallengeFormProps['onStep'];
}) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { code: '' } });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const [notice, setNotice] = useState<string | null>(null);
  const destination = ('destination' in step && step.destination) || email;
  const isBackup = step.step === 'backup_code';

  const submit = handleSubmit(async ({ code }) => {
    const failed = await onStep(await submitChallenge(step.step, code));
    if (failed) showError(failed);
  });

  async function switchTo(method: MfaMethod) {
    setNotice(null);
    const failed = await onStep(await chooseMfa(method));
    if (failed) showError(failed);
    else if (method === 'email_code' && step.step === 'email_code')
      setNotice(`We sent a new code to ${destination}.`);
  }

  const others = step.methods.filter((m) => m !== step.step);
  return (
    <AuthForm
      onSubmit={submit}
      label="Two-factor sign-in"
      submitLabel="Verify"
      isSubmitting={isSubmitting}
      formError={formError}
      notice={notice}
      footer={
        <Stack gap={4} align="center">
          {step.step === 'email_code' && (
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo('email_code')}>
              Send a new code
            </Anchor>
          )}
          {others.map((method) => (
            <Anchor key={method} component="button" type="button" size="sm" onClick={() => switchTo(method)}>
              {METHOD_CHOICES[method].instead}
            </Anchor>
          ))}
        </Stack>
      }
    >
      <Text size="sm">{PROMPTS[step.step](destination)}</Text>
      <TextInput
        label={isBackup ? 'Backup code' : 'Code'}
        autoComplete="one-time-code"
        inputMode={isBackup ? 'text' : 'numeric'}
        required
        autoFocus
        key={form.key('code')}
        {...form.getInputProps('code')}
      />
    </AuthForm>
  );
}
