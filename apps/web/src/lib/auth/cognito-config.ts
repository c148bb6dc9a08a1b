/** The Cognito pool the browser signs in with, Amplify configured for it, and the password rules shown. */
import { Amplify } from 'aws-amplify';
import type { PasswordPolicy } from './types';

/** GET /api/config's `cognito`: the pool the browser signs in with. */
export interface CognitoSettings {
  region: string;
  userPoolId: string;
  clientId: string;
  /** An emulator's URL (cognito-local); null: AWS's own endpoint. */
  endpoint: string | null;
}

/**
 * A new Cognito pool's default password policy. The pool's own policy can only be read with AWS credentials,
 * so the rules shown before submitting are the default ones; a stricter pool still answers
 * InvalidPasswordException, shown next to the field.
 */
export const COGNITO_DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumber: true,
  requireSymbol: true,
};

/** Configures Amplify for the pool: AWS's endpoint for the region, or an emulator's. */
export function configureAmplify(settings: CognitoSettings): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: settings.userPoolId,
        userPoolClientId: settings.clientId,
        ...(settings.endpoint ? { userPoolEndpoint: settings.endpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}
