import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { MailLog } from '../modules/email/mailer';
import { createBuiltinProvider } from './builtin-provider';
import { createCognitoProvider, hasCognitoConfig } from './cognito-provider';
import type { IdentityProvider } from './identity-provider';

/**
 * Picks the configured identity provider: AWS Cognito when COGNITO_USER_POOL_ID and
 * COGNITO_CLIENT_ID are set, else the built-in one. `connectSources` are the origins the browser must reach
 * besides Argo itself (the Content-Security-Policy's connect-src).
 */
export async function createIdentityProvider(
  db: Database,
  config: Config,
  log?: MailLog,
): Promise<{ provider: IdentityProvider; connectSources: string[] }> {
  if (hasCognitoConfig(config)) {
    return { provider: createCognitoProvider(config), connectSources: cognitoConnectSources(config) };
  }
  return { provider: await createBuiltinProvider(db, config, { log }), connectSources: [] };
}

/** Amplify calls the pool's endpoint from the browser: AWS's for the region, or the configured emulator. */
export function cognitoConnectSources(config: Config): string[] {
  if (config.COGNITO_ENDPOINT) return [new URL(config.COGNITO_ENDPOINT).origin];
  return [`https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com`];
}
