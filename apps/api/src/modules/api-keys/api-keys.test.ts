/**
 * API keys on the real database: made and shown once, stored hashed, listed and revoked; a key calls the API as its
 * user within its scope and never beyond (read keys GET only, no admin call from a member's key, no sign-in or
 * profile route, another organisation's data never seen); revoked, expired and disabled-owner keys stop at once.
 */
import { createHash } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_READ_ONLY_MESSAGE, API_KEY_ROUTE_MESSAGE } from '@argo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { addUser, createAdmin, type TestUser } from '../access/access.fixtures';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  member = await addUser(t, admin);
  other = await createAdmin(t, 'Other Org');
});
afterAll(() => t?.close());

async function makeKey(by: TestUser, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/user/api-keys', {
    token: by.token,
    body: { name: 'Zapier', scope: 'read_write', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { key: { id: string; prefix: string; scope: string }; secret: string };
}

const withKey = (method: string, path: string, key: string, body?: unknown) =>
  t.call(method, `/api${path}`, { token: key, body });

describe('making and listing keys', () => {
  it('shows the secret once and stores only its SHA-256', async () => {
    const made = await makeKey(member, { name: 'CRM sync', scope: 'read' });
    expect(made.secret).toMatch(API_KEY_PATTERN);
    expect(made.secret.startsWith(`argo_live_${made.key.prefix}_`)).toBe(true);
    const stored = await t.database.db.execute<{ secret_hash: string }>(sql`
      select secret_hash from api_keys where id = ${made.key.id}::uuid`);
    const hash = stored.rows[0]?.secret_hash;
    expect(hash).toBe(createHash('sha256').update(made.secret).digest('hex'));
    expect(JSON.stringify(stored.rows)).not.toContain(made.secret.split('_').at(-1));

    const listed = await t.call('GET', '/api/user/api-keys', { token: member.token });
    expect(listed.status).toBe(200);
    const row = listed.body.find((k: { id: string }) => k.id === made.key.id);
    expect(row).toMatchObject({
      name: 'CRM sync',
      scope: 'read',
      prefix: made.key.prefix,
      last_used_at: null,
    });
    expect(row.created_by.email).toBe(member.email);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);
  });

  it('lists a member their own keys and an admin every key of the organisation, never another one', async () => {
    const mine = await makeKey(member);
    const admins = await makeKey(admin);
    const strangers = await makeKey(other);
    const ids = async (by: TestUser) =>
      (await t.call('GET', '/api/user/api-keys', { token: by.token })).body.map((k: { id: string }) => k.id);
    expect(await ids(member)).toContain(mine.key.id);
    expect(await ids(member)).not.toContain(admins.key.id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine.key.id, admins.key.id]));
    expect(await ids(admin)).not.toContain(strangers.key.id);
    expect(await ids(other)).not.toContain(mine.key.id);
  });

  it('records when a key was last used', async () => {
    const made = await makeKey(member);
    expect((await withKey('GET', '/users/sessions', made.secret)).status).toBe(200);
    for (let i = 0; i < 50; i++) {
      const row = await t.database.db.execute<{ last_used_at: Date | null }>(sql`
        select last_used_at from api_keys where id = ${made.key.id}::uuid`);
      if (row.rows[0]?.last_used_at) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('last_used_at was never set');
  });

  it.each([
    [{ name: '', scope: 'read' }, 'name'],
    [{ name: 'x', scope: 'admin' }, 'scope'],
    [{ name: 'x', scope: 'read', expires_at: 'tomorrow' }, 'expires_at'],
    [{ name: 'x', scope: 'read', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
    [{ name: 'x', scope: 'read', expires_at: '2999-01-01T00:00:00Z' }, 'expires_at'],
    [{ name: 'x'.repeat(201), scope: 'read' }, 'name'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await t.call('POST', '/api/user/api-keys', { token: member.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toBeTruthy();
  });
});

describe('calling the API with a key', () => {
  it('acts as its user: a read key reads, and is refused anything but GET with a clear 403', async () => {
    const { secret } = await makeKey(member, { scope: 'read' });
    const list = await withKey('GET', '/users/sessions', secret);
    expect(list.status).toBe(200);
    const create = await withKey('POST', '/users/create_session', secret, { name: 'Via key' });
    expect(create.status).toBe(403);
    expect(create.body.error.message).toBe(API_KEY_READ_ONLY_MESSAGE);
  });

  it('a read_write key changes data as its user', async () => {
    const { secret } = await makeKey(member);
    const created = await withKey('POST', '/users/create_session', secret, { name: 'Via key' });
    expect(created.status).toBe(201);
    const info = await t.call('GET', `/api/user/session/${created.body.id}/info`, { token: member.token });
    expect(info.status).toBe(200);
  });

  it("refuses admin routes from a member's key, and allows them from an admin's", async () => {
    const members = await makeKey(member);
    const admins = await makeKey(admin, { scope: 'read' });
    expect((await withKey('GET', '/admin/users', members.secret)).status).toBe(403);
    expect((await withKey('GET', '/admin/users', admins.secret)).status).toBe(200);
  });

  it('refuses sign-in, profile and key routes: a key cannot mint keys', async () => {
    const { secret } = await makeKey(admin);
    for (const [method, path] of [
      ['GET', '/users/me'],
      ['GET', '/accounts/me'],
      ['GET', '/user/api-keys'],
      ['POST', '/user/api-keys'],
    ] as const) {
      const res = await withKey(
        method,
        path,
        secret,
        method === 'POST' ? { name: 'x', scope: 'read' } : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message).toBe(API_KEY_ROUTE_MESSAGE);
    }
  });

  it("never shows another organisation's data", async () => {
    const session = await t.call('POST', '/api/users/create_session', {
      token: member.token,
      body: { name: 'Private' },
    });
    const { secret } = await makeKey(other);
    expect((await withKey('GET', `/user/session/${session.body.id}/info`, secret)).status).toBe(404);
    const list = await withKey('GET', '/users/sessions', secret);
    expect(JSON.stringify(list.body)).not.toContain(session.body.id);
  });

  it('stops a revoked key at once (401), and only its maker or an admin may revoke it', async () => {
    const { key, secret } = await makeKey(member);
    const colleague = await addUser(t, admin);
    expect((await t.call('DELETE', `/api/user/api-keys/${key.id}`, { token: colleague.token })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/user/api-keys/${key.id}`, { token: other.token })).status).toBe(404);
    expect((await withKey('GET', '/users/sessions', secret)).status).toBe(200);
    expect((await t.call('DELETE', `/api/user/api-keys/${key.id}`, { token: admin.token })).status).toBe(204);
    const after = await withKey('GET', '/users/sessions', secret);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/revoked/);
    const listed = await t.call('GET', '/api/user/api-keys', { token: member.token });
    expect(listed.body.map((k: { id: string }) => k.id)).not.toContain(key.id);
  });

  it('stops an expired key (401)', async () => {
    const { key, secret } = await makeKey(member, {
      expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    expect((await withKey('GET', '/users/sessions', secret)).status).toBe(200);
    await t.database.db.execute(sql`
      update api_keys set expires_at = now() - interval '1 second' where id = ${key.id}::uuid`);
    const res = await withKey('GET', '/users/sessions', secret);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/expired/);
  });

  it('stops working when its owner is disabled', async () => {
    const owner = await addUser(t, admin);
    const { secret } = await makeKey(owner);
    expect((await withKey('GET', '/users/sessions', secret)).status).toBe(200);
    const disabled = await t.call('PUT', `/api/users/${owner.userId}`, {
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(disabled.status).toBe(200);
    expect((await withKey('GET', '/users/sessions', secret)).status).toBe(403);
  });

  it('refuses a wrong, malformed or unknown key with a 401', async () => {
    const { secret } = await makeKey(member);
    const wrong =
      `${secret.slice(0, -4)}0000` === secret ? `${secret.slice(0, -4)}1111` : `${secret.slice(0, -4)}0000`;
    for (const token of [wrong, 'argo_live_nothex', `argo_live_${'0'.repeat(12)}_${'0'.repeat(64)}`]) {
      const res = await withKey('GET', '/users/sessions', token);
      expect(res.status, token).toBe(401);
      expect(res.body.error.message).toBeTruthy();
    }
  });
});

describe('the key routes', () => {
  it('answer 404 for a key that does not exist and 400 for an id that is no UUID', async () => {
    expect(
      (
        await t.call('DELETE', '/api/user/api-keys/00000000-0000-4000-8000-000000000000', {
          token: member.token,
        })
      ).status,
    ).toBe(404);
    expect((await t.call('DELETE', '/api/user/api-keys/nope', { token: member.token })).status).toBe(400);
  });
});

describe('the per-key rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited?.close());

  it('counts each key apart from the client address and from other keys', async () => {
    const owner = await createAdmin(limited);
    const make = async () =>
      (
        await limited.call('POST', '/api/user/api-keys', {
          token: owner.token,
          body: { name: 'k', scope: 'read' },
        })
      ).body.secret as string;
    const first = await make();
    const second = await make();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await limited.call('GET', '/api/users/sessions', { token: first })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await limited.call('GET', '/api/users/sessions', { token: second })).status).toBe(200);
    expect((await limited.call('GET', '/api/users/sessions', { token: owner.token })).status).toBe(200);
  });
});
