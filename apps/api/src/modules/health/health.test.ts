import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and platform behaviour', () => {
  it('answers 200 with the database checked', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: 'test', database: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('publishes the public configuration', async () => {
    const res = await t.call('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body.auth_provider).toBe('builtin');
    expect(res.body.password_min_length).toBe(6);
  });

  it('keeps a caller-supplied request id and sets security headers', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-permitted-cross-domain-policies': 'none',
    });
  });

  it('sets the same security headers on errors and on the web app', async () => {
    for (const path of ['/api/user/session/00000000-0000-0000-0000-000000000000/info', '/login']) {
      const res = await t.call('GET', path);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const res = await t.call('GET', '/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.body.error.message).toContain('/api/no-such-call');
  });

  it('refuses a protected call without a token, and with a forged one', async () => {
    const none = await t.call('GET', '/api/users');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthenticated');
    const forged = await t.call('GET', '/api/users', {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
    });
    expect(forged.status).toBe(401);
  });

  it('does not let an anonymous argo-token use member calls', async () => {
    const res = await t.call('GET', '/api/users/sessions', { token: crypto.randomUUID() });
    expect(res.status).toBe(401);
  });

  it('reports malformed JSON as a 400 that says so', async () => {
    const res = await t.call('POST', '/api/accounts', {
      token: (await t.signUp(`json.${Date.now()}@example.test`)).token,
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/JSON/);
  });

  it('redirects /index.html to /', async () => {
    const res = await t.call('GET', '/index.html');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/');
  });

  it('publishes OpenAPI with the contract calls', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/users/me', '/api/ventures/create']),
    );
  });
});
