/**
 * Compressed answers, as a browser asks for them (Accept-Encoding: gzip, deflate, br): a page of results gzipped,
 * a kept CSV export sent as it is kept (gzip), decompressed for a client that does not accept gzip; every answer
 * equal to the uncompressed one. The sign-in routes are never compressed (BREACH). On the seeded session of
 * results.fixtures.ts.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../access/access.fixtures';
import { clearExportCache } from './export-cache';
import { seedResultsSession } from './results.fixtures';

const BROWSER = 'gzip, deflate, br, zstd';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let sessionId: string;

beforeAll(async () => {
  ({ t, admin, viewer, sessionId } = await seedResultsSession());
  clearExportCache();
});
afterAll(() => t?.close());

async function get(path: string, acceptEncoding?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/session/${sessionId}${path}`,
    headers: {
      authorization: `Bearer ${viewer.token}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

/** The answer's bytes as the client reads them, after undoing its Content-Encoding. */
function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

describe('compressed answers', () => {
  it('sends a page of results gzipped to a browser (brotli to a client that asks for it alone), the same JSON', async () => {
    const plain = await get('/results?pageSize=50');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await get('/results?pageSize=50', BROWSER);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decoded(compressed))).toEqual(plain.json());
    const brotli = await get('/results?pageSize=50', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(brotli))).toEqual(plain.json());
    // Small answers are not worth it.
    const info = await get('/info', BROWSER);
    expect(info.rawPayload.length).toBeLessThan(1024);
    expect(info.headers['content-encoding']).toBeUndefined();
  });

  it('sends a CSV export gzipped as it is kept, and decompressed to a client without gzip', async () => {
    const made = await get('/export', BROWSER);
    expect(made.headers['content-encoding']).toBe('gzip');
    expect(made.headers.vary).toMatch(/accept-encoding/i);
    const csv = decoded(made);
    expect(csv.startsWith('\uFEFFid,name,website')).toBe(true);

    const kept = await get('/export', BROWSER);
    expect(kept.headers['content-encoding']).toBe('gzip');
    expect(kept.rawPayload.equals(made.rawPayload)).toBe(true);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/export', acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(csv);
    }
    // Another coding alone: decompressed from the kept gzip, then compressed as the client asks.
    for (const [acceptEncoding, encoding] of [
      ['br', 'br'],
      ['gzip;q=0, deflate', 'deflate'],
    ]) {
      const other = await get('/export', acceptEncoding);
      expect(other.headers['content-encoding']).toBe(encoding);
      expect(decoded(other)).toBe(csv);
    }
    // Content codings ignore case.
    expect((await get('/export', 'GZIP')).headers['content-encoding']).toBe('gzip');
  });

  it('never compresses a sign-in answer, which carries a token beside what the client sent', async () => {
    // A long User-Agent is echoed in the session the answer carries: over the compression threshold.
    const userAgent = `Browser/1.0 ${'x'.repeat(1500)}`;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.PUBLIC_URL, 'user-agent': userAgent, 'accept-encoding': BROWSER },
      payload: { email: admin.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['content-encoding']).toBeUndefined();
    const cookie = [signIn.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { origin: t.config.PUBLIC_URL, cookie, 'user-agent': userAgent, 'accept-encoding': BROWSER },
    });
    expect(session.statusCode).toBe(200);
    expect(session.headers['content-encoding']).toBeUndefined();
    expect(session.rawPayload.length).toBeGreaterThan(1024);
    expect(session.body).toContain(userAgent);
  });
});
