import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthProvider, signIn } from './auth';
import { selectAuthProvider } from './select-provider';
import type { AuthProvider } from './types';

const BASE_CONFIG = {
  version: 'test',
  password_min_length: 8,
  map: {
    tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
    attribution_url: 'https://www.openstreetmap.org/copyright',
    max_zoom: 19,
  },
  features: { language_model: false, google_places: false },
};

const answer = (body: unknown, status = 200) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('selectAuthProvider', () => {
  const cognitoSignIn = vi.fn(async () => ({ step: 'done' as const }));
  const factory = vi.fn((): Partial<AuthProvider> => ({ signIn: cognitoSignIn }));
  const loadCognito = vi.fn(async () => factory as never);

  beforeEach(() => {
    setAuthProvider({ signIn: async () => ({ step: 'error', message: 'built-in' }) });
    cognitoSignIn.mockClear();
    factory.mockClear();
    loadCognito.mockClear();
  });

  it('switches to Cognito with the pool the server publishes', async () => {
    const fetchConfig = answer({
      ...BASE_CONFIG,
      auth_provider: 'cognito',
      cognito: {
        region: 'us-east-1',
        user_pool_id: 'local_Pool1',
        client_id: 'client1',
        endpoint: 'http://127.0.0.1:9229',
      },
    });
    expect(await selectAuthProvider(fetchConfig, loadCognito)).toBe('cognito');
    expect(fetchConfig).toHaveBeenCalledWith('/api/config', expect.objectContaining({ cache: 'no-store' }));
    expect(factory).toHaveBeenCalledWith({
      region: 'us-east-1',
      userPoolId: 'local_Pool1',
      clientId: 'client1',
      endpoint: 'http://127.0.0.1:9229',
    });
    expect(await signIn('ann@example.test', 'Passw0rd!')).toEqual({ step: 'done' });
    expect(cognitoSignIn).toHaveBeenCalledWith('ann@example.test', 'Passw0rd!');
  });

  it('keeps the built-in provider (and never loads Amplify) when the server uses it or cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(
      await selectAuthProvider(
        answer({ ...BASE_CONFIG, auth_provider: 'builtin', cognito: null }),
        loadCognito,
      ),
    ).toBe('builtin');
    expect(await selectAuthProvider(answer({ error: {} }, 503), loadCognito)).toBe('builtin');
    expect(
      await selectAuthProvider(
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
        loadCognito,
      ),
    ).toBe('builtin');
    expect(loadCognito).not.toHaveBeenCalled();
    expect(await signIn('ann@example.test', 'x')).toMatchObject({ message: 'built-in' });
  });
});
