import { PublicConfig } from '@argo/contract';
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
  let config: PublicConfig;
  try {
    const response = await fetchConfig(`${API_BASE}/config`, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`GET ${API_BASE}/config answered ${response.status}`);
    config = PublicConfig.parse(await response.json());
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
