import type { CognitoIdentityProviderClient, UserType } from '@aws-sdk/client-cognito-identity-provider';

/** One user of the Cognito pool, as the admin sync needs it. */
export interface CognitoPoolUser {
  /** The `sub` attribute: what the pool's ID tokens carry and Argo stores as `idp_subject`. */
  subject: string;
  /** Lower-cased; null when the pool user has no email. */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** False once an admin disabled the user in the pool (AdminDisableUser). */
  enabled: boolean;
  /** CONFIRMED, UNCONFIRMED, FORCE_CHANGE_PASSWORD, … */
  status: string;
}

export interface CognitoDirectoryOptions {
  region: string;
  /** An emulator (cognito-local) instead of AWS: any static credentials will do there. */
  endpoint: string | null;
  userPoolId: string;
}

/** ListUsers answers at most 60 users a page. */
const PAGE_SIZE = 60;

export function toPoolUser(user: UserType): CognitoPoolUser | null {
  const attributes = new Map((user.Attributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
  const subject = attributes.get('sub');
  if (!subject) return null;
  const email = attributes.get('email')?.trim().toLowerCase() || null;
  return {
    subject,
    email,
    emailVerified: attributes.get('email_verified') === 'true',
    name: attributes.get('name')?.trim() || null,
    enabled: user.Enabled !== false,
    status: user.UserStatus ?? 'UNKNOWN',
  };
}

/**
 * Reads the pool's users with the AWS SDK. Against AWS the credentials come from the default chain (environment,
 * profile, instance role) and need `cognito-idp:ListUsers` on the pool.
 */
export function createCognitoDirectory(options: CognitoDirectoryOptions) {
  // The SDK is loaded on the first sync only: loading it slows a start that may never need it (docs/performance.md).
  let client: Promise<CognitoIdentityProviderClient> | null = null;
  const sdk = () => import('@aws-sdk/client-cognito-identity-provider');
  const getClient = () => {
    client ??= sdk().then(
      ({ CognitoIdentityProviderClient }) =>
        new CognitoIdentityProviderClient({
          region: options.region,
          ...(options.endpoint
            ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
            : {}),
          maxAttempts: 3,
        }),
    );
    return client;
  };

  return {
    /** Every user of the pool, page after page. */
    async listUsers(): Promise<CognitoPoolUser[]> {
      const found: CognitoPoolUser[] = [];
      const { paginateListUsers } = await sdk();
      const pages = paginateListUsers(
        { client: await getClient(), pageSize: PAGE_SIZE, stopOnSameToken: true },
        { UserPoolId: options.userPoolId },
      );
      for await (const page of pages) {
        for (const user of page.Users ?? []) {
          const poolUser = toPoolUser(user);
          if (poolUser) found.push(poolUser);
        }
      }
      return found;
    },
  };
}
