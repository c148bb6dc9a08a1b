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

/**
 * A code the provider will still accept in the next half minute that is none of `used`, the codes the test already
 * spent: the next step's code, else the current one. The previous step's code is never offered: it expires at the
 * next step boundary, which a slow request can cross. When both are spent, this waits for the next step.
 */
export async function unusedCode(secret: string, used: string[]): Promise<string> {
  for (const steps of [1, 0]) {
    const code = await totpCode(secret, steps);
    if (!used.includes(code)) return code;
  }
  const untilNextStep = 30_000 - (Date.now() % 30_000) + 100;
  await new Promise((resolve) => setTimeout(resolve, untilNextStep));
  const code = await totpCode(secret, 1);
  if (used.includes(code)) throw new Error('every code the provider accepts now was used already');
  return code;
}
