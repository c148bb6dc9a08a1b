/**
 * The client's retry stays hand-written beside undici's retry interceptor, which re-sends a request on the same
 * statuses and network errors: the interceptor waits on its own timers (not the injected clock, nor the per-host
 * limiter that spaces every attempt to Nominatim and Overpass), without jitter, and caps a long Retry-After at its
 * maxTimeout and retries, where the client fails at once rather than hold a job for an hour. These tests run both
 * on the same scripted answers: they make the same attempts, and differ only on the long Retry-After.
 */
import { Agent, interceptors, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test/fake-clock';
import { type LocalServer, sendJson, startLocalServer } from '../../test/local-server';
import { createHttpClient } from './client';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers with the listed statuses in turn (the last one repeats); `attempts` starts the script again. */
async function serve(script: number[], headers: Record<string, string> = {}) {
  let calls = 0;
  server = await startLocalServer((_req, res) => {
    const status = script[Math.min(calls++, script.length - 1)] as number;
    sendJson(res, status, { ok: status === 200 }, status === 200 ? {} : headers);
  });
  const local = server;
  return {
    url: local.url,
    /** The requests since the last call: one run of the script. */
    attempts: () => {
      const made = local.requests.length;
      local.requests.length = 0;
      calls = 0;
      return made;
    },
  };
}

const RETRIES = 3;
/** The client's retryable statuses (undici's default lacks 408 and 425). */
const RETRYABLE_STATUS = [408, 425, 429, 500, 502, 503, 504];

type Outcome = { answer: 'ok' | number; attempts: number };

/** The home-made client, then undici's retry interceptor, with the same retries on the same script. */
async function both(url: string, attempts: () => number): Promise<{ home: Outcome; library: Outcome }> {
  const http = createHttpClient({ clock: createFakeClock().clock, retries: RETRIES, random: () => 0.5 });
  const homeAnswer = await http.requestText(url).then(
    () => 'ok' as const,
    (error: { status: number }) => error.status,
  );
  const home = { answer: homeAnswer, attempts: attempts() };
  const retrying = new Agent().compose(
    interceptors.retry({ maxRetries: RETRIES, minTimeout: 5, maxTimeout: 50, statusCodes: RETRYABLE_STATUS }),
  );
  try {
    const libraryAnswer = await request(url, { dispatcher: retrying }).then(
      async (response) => {
        await response.body.dump();
        return response.statusCode === 200 ? ('ok' as const) : response.statusCode;
      },
      (error: { statusCode: number }) => error.statusCode,
    );
    return { home, library: { answer: libraryAnswer, attempts: attempts() } };
  } finally {
    await retrying.close();
  }
}

describe('retries beside undici’s retry interceptor', () => {
  it('both retry 5xx and 429 until an answer comes', async () => {
    const { url, attempts } = await serve([503, 502, 429, 200]);
    const ok = { answer: 'ok', attempts: 4 };
    expect(await both(url, attempts)).toEqual({ home: ok, library: ok });
  });

  it('both give up after the same number of retries', async () => {
    const { url, attempts } = await serve([503]);
    const failed = { answer: 503, attempts: 1 + RETRIES };
    expect(await both(url, attempts)).toEqual({ home: failed, library: failed });
  });

  it('neither retries a 400', async () => {
    const { url, attempts } = await serve([400]);
    const failed = { answer: 400, attempts: 1 };
    expect(await both(url, attempts)).toEqual({ home: failed, library: failed });
  });

  it('differs: a Retry-After past the limit fails at once, where the library caps the wait and retries', async () => {
    const { url, attempts } = await serve([429, 200], { 'retry-after': '3600' });
    const http = createHttpClient({ clock: createFakeClock().clock, maxRetryAfterMs: 60_000 });
    await expect(http.requestText(url)).rejects.toMatchObject({ status: 429, retryAfterMs: 3_600_000 });
    expect(attempts()).toBe(1);

    const retrying = new Agent().compose(interceptors.retry({ maxRetries: RETRIES, maxTimeout: 50 }));
    try {
      const response = await request(url, { dispatcher: retrying });
      await response.body.dump();
      expect(response.statusCode).toBe(200);
    } finally {
      await retrying.close();
    }
    expect(attempts()).toBe(2);
  });
});
