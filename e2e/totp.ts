import { generate } from 'otplib';

/*
 * Authenticator-app codes for the journeys, computed from the setup key the /mfa screen shows, as a phone would.
 * Argo refuses a code that was already accepted, so a second sign-in waits for the app's next code.
 */

const used = new Map<string, Set<string>>();

/** The current code for `secret` (the base32 key, spaces allowed) that this run has not used yet. */
export async function freshTotpCode(secret: string): Promise<string> {
  const key = secret.replace(/\s+/g, '').toUpperCase();
  const seen = used.get(key) ?? new Set<string>();
  used.set(key, seen);
  const deadline = Date.now() + 35_000;
  while (Date.now() < deadline) {
    const code = await generate({ secret: key });
    if (!seen.has(code)) {
      seen.add(code);
      return code;
    }
    // The app shows a new code every 30 s.
    await new Promise((done) => setTimeout(done, 1_000));
  }
  throw new Error('No new authenticator code within 35 s');
}
