import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test/fake-clock';
import { type LocalServer, sendJson, startLocalServer } from '../../test/local-server';
import { createLruCache } from './cache';
import { createHttpClient, parseRetryAfter } from './client';
import { HttpError, HttpTimeoutError } from './errors';
import { createHostLimiter } from './rate-limit';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers with the listed statuses in turn (the last one repeats); 'hang' never answers. */
async function serve(script: (number | 'hang')[], headers: Record<string, string> = {}) {
  let calls = 0;
  server = await startLocalServer((_req, res) => {
    const step = script[Math.min(calls++, script.length - 1)];
    if (step === 'hang') return;
    sendJson(res, step as number, { ok: step === 200, call: calls }, step === 200 ? {} : headers);
  });
  return server;
}

describe('createHttpClient', () => {
  it('identifies itself and parses JSON', async () => {
    const { url, requests } = await serve([200]);
    const http = createHttpClient({ userAgent: 'Argo/0.1 (+https://example.test/contact)' });
    await expect(http.requestJson(`${url}/x`)).resolves.toEqual({ ok: true, call: 1 });
    expect(requests[0]?.headers['user-agent']).toBe('Argo/0.1 (+https://example.test/contact)');
  });

  it('honours Retry-After on 429, then succeeds', async () => {
    const { url, requests } = await serve([429, 200], { 'retry-after': '2' });
    const fake = createFakeClock();
    const retries: number[] = [];
    const http = createHttpClient({ clock: fake.clock, onRetry: (e) => retries.push(e.delayMs) });
    await expect(http.requestJson(url)).resolves.toMatchObject({ ok: true });
    expect(requests).toHaveLength(2);
    expect(fake.sleeps).toEqual([2000]);
    expect(retries).toEqual([2000]);
  });

  it('backs off exponentially with jitter on 5xx and gives up after the retries', async () => {
    const { url, requests } = await serve([503]);
    const fake = createFakeClock();
    const http = createHttpClient({ clock: fake.clock, retries: 3, backoffBaseMs: 100, random: () => 0.5 });
    const error = await http.requestJson(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect(requests).toHaveLength(4);
    // ceiling 100, 200, 400 → half + half × jitter(0.5)
    expect(fake.sleeps).toEqual([75, 150, 300]);
  });

  it('does not retry a 400, nor wait for a Retry-After beyond the limit', async () => {
    const bad = await serve([400]);
    const http = createHttpClient({ clock: createFakeClock().clock });
    await expect(http.requestJson(bad.url)).rejects.toMatchObject({ status: 400, retryable: false });
    expect(bad.requests).toHaveLength(1);
    await bad.close();
    const slow = await serve([429, 200], { 'retry-after': '3600' });
    await expect(createHttpClient({ maxRetryAfterMs: 60_000 }).requestJson(slow.url)).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 3_600_000,
    });
    expect(slow.requests).toHaveLength(1);
  });

  it('retries an attempt that times out', async () => {
    const { url, requests } = await serve(['hang', 200]);
    const fake = createFakeClock();
    const http = createHttpClient({ clock: fake.clock, timeoutMs: 150 });
    await expect(http.requestJson(url)).resolves.toMatchObject({ ok: true });
    expect(requests).toHaveLength(2);
    expect(fake.sleeps).toHaveLength(1);
  });

  it('fails with a timeout error when every attempt times out', async () => {
    const { url } = await serve(['hang']);
    const http = createHttpClient({ clock: createFakeClock().clock, timeoutMs: 50, retries: 1 });
    await expect(http.requestJson(url)).rejects.toBeInstanceOf(HttpTimeoutError);
  });

  it('stops promptly when the signal aborts, during a request or a back-off', async () => {
    const hanging = await serve(['hang']);
    const http = createHttpClient({ timeoutMs: 30_000 });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    await expect(http.requestJson(hanging.url, { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(Date.now() - started).toBeLessThan(1000);
    await hanging.close();

    const busy = await serve([503]);
    const patient = createHttpClient({ backoffBaseMs: 20_000 });
    const second = new AbortController();
    const began = Date.now();
    setTimeout(() => second.abort(), 100);
    await expect(patient.requestJson(busy.url, { signal: second.signal })).rejects.toThrow(/abort/i);
    expect(Date.now() - began).toBeLessThan(1000);
    expect(busy.requests).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('parses Retry-After seconds and dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('spaces requests per host, in call order', async () => {
    const fake = createFakeClock();
    const limiter = createHostLimiter({ 'slow.test': 1000 }, fake.clock);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      await limiter.acquire('slow.test');
      times.push(fake.now);
    }
    await limiter.acquire('fast.test');
    expect(times.map((t) => t - (times[0] as number))).toEqual([0, 1000, 2000]);
    expect(fake.sleeps).toEqual([1000, 1000]);
  });

  it('spaces a caller from when the one before was let through; an aborted caller leaves its turn', async () => {
    const fake = createFakeClock();
    const limiter = createHostLimiter({ 'slow.test': 1000 }, fake.clock);
    await limiter.acquire('slow.test');
    fake.advance(300);
    const cancelled = new AbortController();
    const second = limiter.acquire('slow.test', cancelled.signal);
    const third = limiter.acquire('slow.test');
    cancelled.abort();
    await expect(second).rejects.toThrow(/abort/i);
    await third;
    expect(fake.sleeps).toEqual([700]);
  });

  it('keeps the most recently used entries and expires old ones', () => {
    let now = 0;
    const cache = createLruCache<number>({ max: 2, ttlMs: 100, now: () => now });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    now = 200;
    expect(cache.get('a')).toBeUndefined();
  });

  it('reads a cached null (a look-up that found nothing) as cached, apart from a key never set', () => {
    const cache = createLruCache<number | null>({ max: 2 });
    cache.set('nothing', null);
    expect(cache.get('nothing')).toBeNull();
    expect(cache.get('never')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
