import { passkeyClient } from '@better-auth/passkey/client';
import { emailOTPClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The better-auth client with the plugins Argo's server mounts. Kept in its own module: better-auth-provider.ts loads
 * it on the first call that needs it (signing in, not checking who is signed in), so /login renders without it.
 */
export function createBetterAuthClient(baseURL: string) {
  return createAuthClient({ baseURL, plugins: [twoFactorClient(), emailOTPClient(), passkeyClient()] });
}

export type BetterAuthClient = ReturnType<typeof createBetterAuthClient>;
