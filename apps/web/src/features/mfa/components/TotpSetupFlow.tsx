import { Button, Code, CopyButton, Group, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { AuthForm, useAuthForm } from '../../../components/auth/AuthForm';
import { BackupCodes } from '../../../components/auth/BackupCodes';
import { getAuthCapabilities, startTotpSetup, verifyTotpSetup } from '../../../lib/auth/auth';
import type { TotpSetup } from '../../../lib/auth/types';

/** "JBSW Y3DP EHPK 3PXP": the key in groups of four, easier to type. */
function groupKey(secret: string): string {
  return secret
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

interface TotpSetupFlowProps {
  /** After the first code was accepted (and the backup codes were seen). */
  onDone: () => void;
  onCancel: () => void;
}

/** Authenticator app: password → QR code and manual key → first code → backup codes, once. */
export function TotpSetupFlow({ onDone, onCancel }: TotpSetupFlowProps) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [isVerified, setVerified] = useState(false);
  if (!setup) return <StartSetup onStarted={setSetup} onCancel={onCancel} />;
  if (!isVerified)
    return <ScanAndVerify setup={setup} onVerified={() => setVerified(true)} onCancel={onCancel} />;
  return (
    <Stack gap="md">
      <Text fw={500}>
        Your authenticator app is set up. From now on Argo asks for its code when you sign in.
      </Text>
      {setup.backupCodes.length > 0 && <BackupCodes codes={setup.backupCodes} />}
      <Button onClick={onDone}>
        {setup.backupCodes.length > 0 ? 'I have saved my backup codes' : 'Continue'}
      </Button>
    </Stack>
  );
}

function StartSetup({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TotpSetup) => void;
  onCancel: () => void;
}) {
  const needsPassword = getAuthCapabilities().mfaNeedsPassword;
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '' } });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const submit = handleSubmit(async ({ password }) => {
    const result = await startTotpSetup(needsPassword ? password : null);
    if (result.step === 'error') return showError(result);
    onStarted(result);
  });

  // Without a password to ask for, start at once (once, despite strict mode).
  const started = useRef(false);
  useEffect(() => {
    if (needsPassword || started.current) return;
    started.current = true;
    void submit();
  });

  return (
    <AuthForm
      onSubmit={submit}
      label="Confirm your password"
      submitLabel="Continue"
      isSubmitting={isSubmitting}
      formError={formError}
      footer={<CancelButton onCancel={onCancel} />}
    >
      {needsPassword && (
        <>
          <Text size="sm">Confirm your password to set up an authenticator app.</Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            autoFocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
        </>
      )}
    </AuthForm>
  );
}

function ScanAndVerify({
  setup,
  onVerified,
  onCancel,
}: {
  setup: TotpSetup;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const [qrCode, setQrCode] = useState<string | null>(null);
  useEffect(() => {
    // An SVG, so it needs no canvas and stays sharp.
    QRCode.toString(setup.totpUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => setQrCode(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch((error: unknown) => console.error('Could not draw the QR code', error));
  }, [setup.totpUri]);

  const form = useForm({ mode: 'uncontrolled', initialValues: { code: '' } });
  const { formError, isSubmitting, showError, handleSubmit } = useAuthForm(form);
  const submit = handleSubmit(async ({ code }) => {
    const result = await verifyTotpSetup(code);
    if (result.step === 'error') return showError(result);
    onVerified();
  });

  const key = groupKey(setup.secret);
  return (
    <AuthForm
      onSubmit={submit}
      label="Set up your authenticator app"
      submitLabel="Verify and turn on"
      isSubmitting={isSubmitting}
      formError={formError}
      footer={<CancelButton onCancel={onCancel} />}
    >
      <Text size="sm">
        1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, Microsoft
        Authenticator…).
      </Text>
      <Group justify="center">
        {qrCode ? (
          <Image
            src={qrCode}
            alt="QR code for your authenticator app"
            w={200}
            h={200}
            bg="white"
            radius="sm"
          />
        ) : (
          <div style={{ width: 200, height: 200 }} />
        )}
      </Group>
      <Text size="sm">Can’t scan it? Type this setup key into the app instead:</Text>
      <Stack gap={4}>
        <Code
          block
          fz="md"
          aria-label="Setup key"
          data-testid="totp-secret"
          style={{ letterSpacing: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        >
          {key}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <TextInput
        label="2. Enter the 6-digit code the app shows"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        key={form.key('code')}
        {...form.getInputProps('code')}
      />
    </AuthForm>
  );
}

function CancelButton({ onCancel }: { onCancel: () => void }) {
  return (
    <Button variant="subtle" color="gray" onClick={onCancel}>
      Cancel
    </Button>
  );
}
