/**
 * Findings of the security review that are about the HTTP surface as a whole:
 *  - the request limit is decided on the route the router found, so `/%61pi/…` and an absolute-form request line
 *    (sent on a raw TCP socket, as an attacker would) count like `/api/…`; exports and bulk results pages have
 *    their own, smaller limits;
 *  - a JSON body nested 20,000 levels deep is refused with 400 before it is parsed, on the sign-in provider's
 *    routes as on Argo's own;
 *  - an ID token signed with the provider's own key but without `exp`, or with a lifetime longer than the
 *    provider issues, is refused.
 */
import { connect } from 'node:net';
import { symmetricDecrypt } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_PAGE_ROWS } from '../../src/http/rate-limits';
import { createAdmin, createSession } from '../../src/modules/access/access.fixtures';
import { createTestApp, type TestApp } from '../app';

/** Sends one raw HTTP/1.1 request (request line as given) and answers the response's status code. */
function rawStatus(port: number, requestLine: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1];
      if (status) resolve(Number(status));
      else reject(new Error(`no HTTP answer: ${data.slice(0, 200)}`));
    });
    socket.write(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

describe('the request limit counts the routed path, however the URL is spelled', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '6' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });
  afterAll(() => t?.close());

  it('percent-encoded and absolute-form requests use up the same allowance', async () => {
    const spellings = [
      'GET /api/health HTTP/1.1',
      'GET /%61pi/health HTTP/1.1',
      `GET http://127.0.0.1:${port}/api/health HTTP/1.1`,
      'GET /%61%70%69/health HTTP/1.1',
      `GET http://127.0.0.1:${port}/%61pi/health HTTP/1.1`,
      'GET /api/health HTTP/1.1',
    ];
    const allowed = [];
    for (const line of spellings) allowed.push(await rawStatus(port, line));
    expect(allowed).toEqual([200, 200, 200, 200, 200, 200]);

    const refused = [];
    for (const line of spellings.slice(1, 3)) refused.push(await rawStatus(port, line));
    expect(refused).toEqual([429, 429]);
  });
});

describe('expensive calls have their own limits', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let sessionId: string;
  // 120 a minute: exports get 2, results pages of more than LARGE_PAGE_ROWS rows 6.
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '120' });
    admin = await createAdmin(t);
    sessionId = await createSession(t, admin);
  });
  afterAll(() => t?.close());

  it('exports: 2 a minute per address here (a sixtieth of the limit)', async () => {
    const ip = '10.16.3.1';
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.call('GET', `/api/user/session/${sessionId}/export`, { token: admin.token, ip });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const other = await t.call('GET', `/api/user/session/${sessionId}/export`, {
      token: admin.token,
      ip: '10.16.3.2',
    });
    expect(other.status).toBe(200);
  });

  it('results pages of more than 500 rows: 6 a minute (a twentieth); ordinary pages go on', async () => {
    const ip = '10.16.3.3';
    const page = (pageSize: number) =>
      t.call('GET', `/api/user/session/${sessionId}/results`, {
        token: admin.token,
        ip,
        query: { pageSize },
      });
    const large = [];
    for (let i = 0; i < 7; i++) large.push((await page(5000)).status);
    expect(large).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await page(LARGE_PAGE_ROWS + 1)).status).toBe(429);
    expect((await page(50)).status).toBe(200);
  });
});

describe('deep JSON bodies', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await createAdmin(t)).token;
  });
  afterAll(() => t?.close());

  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('a body nested 20,000 levels deep is refused with 400, at sign-in and on the API', async () => {
    for (const url of ['/api/auth/sign-in/email', '/api/users/create_session']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          origin: t.config.PUBLIC_URL,
          authorization: `Bearer ${token}`,
        },
        payload: nested(20_000),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toMatch(/more than 64 levels deep/);
    }
  });

  it('an ordinary sign-in body still goes through (depth counts brackets, not those inside strings)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: t.config.PUBLIC_URL },
      payload: JSON.stringify({ email: 'nobody@example.test', password: '{'.repeat(100) }),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('ID tokens must end', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(() => t?.close());

  /** A token with the claims of the admin's own, re-signed with the provider's current key. */
  async function forge(change: (claims: Record<string, unknown>) => Record<string, unknown>) {
    const ctx = await t.auth.$context;
    const rows = await t.database.db.execute<{ id: string; private_key: string; alg: string | null }>(
      sql`select id, private_key, alg from auth_jwks order by created_at desc limit 1`,
    );
    const key = rows.rows[0];
    if (!key) throw new Error('no signing key');
    const jwk = await symmetricDecrypt({ key: ctx.secretConfig, data: JSON.parse(key.private_key) });
    const privateKey = await importJWK(JSON.parse(jwk), key.alg ?? 'EdDSA');
    const [, payload = ''] = admin.token.split('.');
    const claims = change(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return new SignJWT(claims).setProtectedHeader({ alg: key.alg ?? 'EdDSA', kid: key.id }).sign(privateKey);
  }

  it('the re-signed token itself is accepted (the forging is right)', async () => {
    const token = await forge((claims) => claims);
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(200);
  });

  it('without exp: 401', async () => {
    const token = await forge(({ exp: _exp, ...claims }) => claims);
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(401);
  });

  it('living longer than 15 minutes: 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await forge((claims) => ({ ...claims, iat: now, exp: now + 10 * 365 * 24 * 3600 }));
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(401);
  });
});
