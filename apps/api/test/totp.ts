import { generate } from 'otplib';

/** The base32 secret of an `otpauth://totp/…?secret=…` URI (what the QR code carries). */
export function totpSecretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

/**
 * The authenticator app's code, `steps` 30-second steps from now (the provider accepts the previous, current and
 * next step), so a test can use a code other than one it already used in the same step.
 */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A six-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 500_001) % 1_000_000).padStart(6, '0');
}
