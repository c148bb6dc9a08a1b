import { describe, expect, it, vi } from 'vitest';
import { createIdTokenCache, readTokenExpiry } from './id-token';

function jwt(expSeconds: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: expSeconds })).replace(/=+$/, '');
  return `eyJhbGciOiJFZERTQSJ9.${payload}.sig`;
}

describe('readTokenExpiry', () => {
  it('reads exp in milliseconds, or null for a token it cannot read', () => {
    expect(readTokenExpiry(jwt(1000))).toBe(1_000_000);
    expect(readTokenExpiry('opaque')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
  });
});

describe('createIdTokenCache', () => {
  it('keeps the token until 30 s before it expires, then fetches a new one', async () => {
    let now = 0;
    const fetchToken = vi.fn().mockResolvedValueOnce(jwt(900)).mockResolvedValueOnce(jwt(1800));
    const cache = createIdTokenCache(fetchToken, () => now);
    expect(await cache.get()).toBe(jwt(900));
    now = 869_000;
    expect(await cache.get()).toBe(jwt(900));
    expect(fetchToken).toHaveBeenCalledTimes(1);
    now = 870_000;
    expect(await cache.get()).toBe(jwt(1800));
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent callers and does not cache "signed out"', async () => {
    const fetchToken = vi.fn().mockResolvedValue(null);
    const cache = createIdTokenCache(fetchToken, () => 0);
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([null, null]);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await cache.get();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('forgets the token on clear, even one that was still in flight', async () => {
    let resolve: (token: string) => void = () => {};
    const fetchToken = vi
      .fn()
      .mockImplementationOnce(() => new Promise((r) => (resolve = r)))
      .mockResolvedValue(null);
    const cache = createIdTokenCache(fetchToken, () => 0);
    const first = cache.get();
    cache.clear();
    resolve(jwt(900));
    await first;
    expect(await cache.get()).toBeNull();
  });
});
