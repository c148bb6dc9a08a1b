import type { PublicConfig } from '@argo/contract';
import { API_BASE } from '../../config/constants';
import { setAuthProvider } from './auth';
import type { AuthProvider } from './types';

/** Builds the Cognito provider; loaded only when the server says so, so the built-in app never loads Amplify. */
export type CognitoProviderFactory = (settings: {
  region: string;
  userPoolId: string;
  clientId: string;
  endpoint: string | null;
}) => AuthProvider;

const loadCognitoFactory = async (): Promise<CognitoProviderFactory> =>
  (await import('./cognito-provider')).createCognitoProvider;

/**
 * Picks the identity provider the server is configured with (GET /api/config), before anything asks who is
 * signed in. The built-in provider needs nothing: it stays the default when the server says `builtin`, and when
 * /api/config cannot be read (the API is then unreachable anyway, which every screen reports).
 */
export async function selectAuthProvider(
  fetchConfig: typeof fetch = (input, init) => fetch(input, init),
  loadCognito: () => Promise<CognitoProviderFactory> = loadCognitoFactory,
): Promise<'builtin' | 'cognito'> {
  let config: SignInConfig;
  try {
    const response = await fetchConfig(`${API_BASE}/config`, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`GET ${API_BASE}/config answered ${response.status}`);
    config = readSignInConfig(await response.json());
  } catch (error) {
    console.error('Could not read the sign-in configuration; using the built-in sign-in', error);
    return 'builtin';
  }
  if (config.auth_provider !== 'cognito' || !config.cognito) return 'builtin';
  const createCognitoProvider = await loadCognito();
  setAuthProvider(
    createCognitoProvider({
      region: config.cognito.region,
      userPoolId: config.cognito.user_pool_id,
      clientId: config.cognito.client_id,
      endpoint: config.cognito.endpoint,
    }),
  );
  return 'cognito';
}

type SignInConfig = Pick<PublicConfig, 'auth_provider' | 'cognito'>;

/**
 * The sign-in part of GET /api/config, checked by hand rather than with the contract's zod schema: this runs
 * before the first screen, and zod is not part of the first screen's JavaScript (lib/search-params.ts).
 */
function readSignInConfig(body: unknown): SignInConfig {
  const config = (body ?? {}) as Record<string, unknown>;
  const provider = config.auth_provider;
  if (provider !== 'builtin' && provider !== 'cognito') throw new Error('/api/config has no auth_provider');
  const cognito = config.cognito as Record<string, unknown> | null | undefined;
  if (provider === 'builtin' || !cognito) return { auth_provider: provider, cognito: null };
  const textOf = (key: string) => {
    const value = cognito[key];
    if (typeof value !== 'string' || value === '') throw new Error(`/api/config has no cognito.${key}`);
    return value;
  };
  return {
    auth_provider: provider,
    cognito: {
      region: textOf('region'),
      user_pool_id: textOf('user_pool_id'),
      client_id: textOf('client_id'),
      endpoint: typeof cognito.endpoint === 'string' ? cognito.endpoint : null,
    },
  };
}
