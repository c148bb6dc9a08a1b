import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createAdmin } from '../access/access.fixtures';
import { type CrmWorld, seedCrmSession, startCrmWorld } from './crm.fixtures';
import { decryptToken, encryptToken } from './token-cipher';

let world: CrmWorld;
let sessionId: string;
let businessId: string;

beforeAll(async () => {
  world = await startCrmWorld();
  const seeded = await seedCrmSession(world, world.admin, 3);
  sessionId = seeded.sessionId;
  businessId = [...seeded.ids.values()][0] as string;
}, 60_000);
afterAll(() => world.close());

const call = (method: string, path: string, token: string, body?: unknown) =>
  world.t.call(method, `/api${path}`, { token, ...(body !== undefined ? { body } : {}) });

describe('CRM rules', () => {
  it('lets only admins connect and disconnect', async () => {
    const member = await call('PUT', '/accounts/crm/hubspot', world.member.token, {
      token: world.hubspot.token,
    });
    expect(member.status).toBe(403);
    const notConnected = await call('DELETE', '/accounts/crm/hubspot', world.admin.token);
    expect(notConnected.status).toBe(404);
    expect(
      (await call('PUT', '/accounts/crm/hubspot', world.admin.token, { token: world.hubspot.token })).status,
    ).toBe(200);
    expect((await call('DELETE', '/accounts/crm/hubspot', world.member.token)).status).toBe(403);
  });

  it('refuses bad input with a message that says what to fix', async () => {
    const cases: [string, string, unknown, string][] = [
      ['PUT', '/accounts/crm/salesforce', { token: 'abcdefgh1234' }, 'provider'],
      ['PUT', '/accounts/crm/hubspot', { token: 'short' }, 'token'],
      ['PUT', '/accounts/crm/hubspot', { token: 'has spaces inside' }, 'token'],
      [
        'PUT',
        '/accounts/crm/hubspot',
        { token: world.hubspot.token, company_domain: 'acme' },
        'company_domain',
      ],
      [
        'PUT',
        '/accounts/crm/pipedrive',
        { token: 'abcdefgh1234', company_domain: 'not a domain!' },
        'company_domain',
      ],
      ['POST', `/user/session/${sessionId}/crm/push`, { provider: 'hubspot' }, 'matching'],
      [
        'POST',
        `/user/session/${sessionId}/crm/push`,
        { provider: 'hubspot', business_ids: [businessId], matching: {} },
        'matching',
      ],
      [
        'POST',
        `/user/session/${sessionId}/crm/push`,
        { provider: 'hubspot', business_ids: ['00000000-0000-4000-8000-000000000000'] },
        'business_ids',
      ],
      ['POST', `/user/session/${sessionId}/crm/push`, { provider: 'pipedrive', matching: {} }, 'provider'],
      [
        'POST',
        `/user/session/${sessionId}/crm/push`,
        { provider: 'hubspot', matching: { filters: { in_crm: 'no' } } },
        'filters.in_crm',
      ],
      ['POST', '/accounts/crm/pipedrive/sync', undefined, 'provider'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(method, path, world.admin.token, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.field, JSON.stringify(res.body)).toContain(field);
      expect(res.body.error.message.length).toBeGreaterThan(10);
    }
  });

  it('needs edit access to push a session; a view share gets 403, another account 404', async () => {
    const viewer = await addUser(world.t, world.admin);
    await call('POST', `/sessions/${sessionId}/grant-access`, world.admin.token, {
      user_id: viewer.userId,
      access: 'view',
    });
    const body = { provider: 'hubspot', business_ids: [businessId] };
    expect((await call('POST', `/user/session/${sessionId}/crm/push`, viewer.token, body)).status).toBe(403);
    const stranger = await createAdmin(world.t, 'Stranger Org');
    expect((await call('POST', `/user/session/${sessionId}/crm/push`, stranger.token, body)).status).toBe(
      404,
    );
    expect((await call('GET', `/user/session/${sessionId}/crm/jobs`, viewer.token)).status).toBe(200);
  });

  it('cancels a queued push at once, and says so when it has ended', async () => {
    const inserted = await world.t.database.pool.query(
      `insert into crm_jobs (account_id, provider, kind, session_id, business_ids, total)
       values ($1, 'hubspot', 'push', $2, array[$3]::uuid[], 1) returning id`,
      [world.admin.accountId, sessionId, businessId],
    );
    const id = inserted.rows[0].id;
    const cancelled = await call('POST', `/crm/jobs/${id}/cancel`, world.admin.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', finished_at: expect.any(String) });
    const again = await call('POST', `/crm/jobs/${id}/cancel`, world.admin.token);
    expect(again.status).toBe(409);
    const stranger = await createAdmin(world.t, 'Far Org');
    expect((await call('GET', `/crm/jobs/${id}/log`, stranger.token)).status).toBe(404);
  });

  it('fails a push whose background job was lost, so the session can be pushed again', async () => {
    const inserted = await world.t.database.pool.query(
      `insert into crm_jobs (account_id, provider, kind, session_id, business_ids, total, status, created_at)
       values ($1, 'hubspot', 'push', $2, array[$3]::uuid[], 1, 'running', now() - interval '10 minutes') returning id`,
      [world.admin.accountId, sessionId, businessId],
    );
    const id = inserted.rows[0].id;
    const read = await call('GET', `/crm/jobs/${id}`, world.admin.token);
    expect(read.body).toMatchObject({ status: 'failed', error: expect.stringContaining('was lost') });
  });

  it('keeps tokens encrypted: another key or a changed value does not decrypt', () => {
    const key = randomBytes(32);
    const stored = encryptToken(key, 'pat-eu1-secret-4f2a');
    expect(stored).not.toContain('secret');
    expect(decryptToken(key, stored)).toBe('pat-eu1-secret-4f2a');
    expect(() => decryptToken(randomBytes(32), stored)).toThrow();
    const changed = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => decryptToken(key, changed)).toThrow();
  });
});
