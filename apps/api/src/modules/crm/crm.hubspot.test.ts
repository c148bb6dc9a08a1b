import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrmWorld, readLog, seedCrmSession, startCrmWorld, waitForCrmJob } from './crm.fixtures';

let world: CrmWorld;
let sessionId: string;
let ids: Map<string, string>;

beforeAll(async () => {
  world = await startCrmWorld();
  ({ sessionId, ids } = await seedCrmSession(world, world.admin, 1000));
}, 120_000);
afterAll(() => world.close());

const push = (body: Record<string, unknown>, token = world.admin.token) =>
  world.t.call('POST', `/api/user/session/${sessionId}/crm/push`, {
    token,
    body: { provider: 'hubspot', ...body },
  });

describe('HubSpot', () => {
  it('connects with a private app token, checked with HubSpot, and never shows the token again', async () => {
    const wrong = await world.t.call('PUT', '/api/accounts/crm/hubspot', {
      token: world.admin.token,
      body: { token: 'pat-eu1-wrong-0000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('token');
    expect(wrong.body.error.message).toContain('Authentication credentials not found');

    const ok = await world.t.call('PUT', '/api/accounts/crm/hubspot', {
      token: world.admin.token,
      body: { token: world.hubspot.token },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ provider: 'hubspot', connected: true, token_hint: '…4f2a' });
    const list = await world.t.call('GET', '/api/accounts/crm', { token: world.member.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(world.hubspot.token);
    expect(list.body.field_mapping.contact.map((r: { hubspot: string }) => r.hubspot)).toContain('jobtitle');
    const stored = await world.t.database.pool.query('select token_encrypted from crm_connections');
    expect(stored.rows[0].token_encrypted).not.toContain(world.hubspot.token);
  });

  it('pushes 1,000 businesses with their people: companies, contacts, associations and notes created', async () => {
    const t = world.t;
    const suppress = await t.call('POST', '/api/accounts/suppressions', {
      token: world.admin.token,
      body: { values: ['shop0003.example', 'lea@shop0005.example'], reason: 'asked not to be contacted' },
    });
    expect(suppress.status).toBe(201);
    const removed = await t.call('POST', `/api/user/session/${sessionId}/people/remove`, {
      token: world.admin.token,
      body: { business_id: ids.get('shop0007.example'), name: 'Lea Roth' },
    });
    expect(removed.status).toBe(204);

    const started = await push({ matching: {} });
    expect(started.status).toBe(202);
    expect(started.body.total).toBe(1000);
    const job = await waitForCrmJob(t, world.admin.token, started.body.id);
    expect(job.status).toBe('completed');
    expect(world.hubspot.companies.size).toBe(999);
    expect(world.hubspot.contacts.size).toBe(999 * 2 - 2);
    expect(world.hubspot.associations.size).toBe(999 * 2 - 2);
    expect(world.hubspot.notes.size).toBe(999);
    expect(job).toMatchObject({ created: 999 + 1996, updated: 0, failed: 0 });
    const company = world.hubspot.companies.get('shop0042.example');
    expect(company?.properties).toMatchObject({
      name: 'shop 42',
      city: 'Berlin',
      zip: '10115',
      phone: '+4930123456',
    });
    expect(world.hubspot.contacts.get('anna@shop0042.example')?.properties).toMatchObject({
      firstname: 'Anna',
      lastname: 'Berg',
      jobtitle: 'Owner',
    });

    // Suppressed never sent; the removed person neither.
    const sent = world.hubspot.bodies.join('\n');
    expect(sent).not.toContain('shop0003.example');
    expect(sent).not.toContain('lea@shop0005.example');
    expect(sent).not.toContain('lea@shop0007.example');
    const skipped = await readLog(t, world.admin.token, job.id, 'skipped');
    expect(skipped.map((l) => l.message)).toContain('Its domain is on the do-not-contact list: not sent.');
    expect(skipped.map((l) => l.message)).toContain('On the do-not-contact list: not sent.');
  }, 120_000);

  it('pushes again, waiting out a 429: nothing new is created, every record is updated', async () => {
    world.hubspot.rateLimit(1, 1, '/crm/v3/objects/companies/batch');
    const started = await push({ matching: {} });
    expect(started.status).toBe(202);
    const job = await waitForCrmJob(world.t, world.admin.token, started.body.id);
    expect(job.status).toBe('completed');
    expect(world.hubspot.limited).toBe(1);
    expect(world.hubspot.companies.size).toBe(999);
    expect(world.hubspot.contacts.size).toBe(1996);
    expect(world.hubspot.notes.size).toBe(999);
    expect(job).toMatchObject({ created: 0, updated: 999 + 1996, failed: 0 });
  }, 120_000);

  it('shows a record HubSpot refused in the batch with HubSpot’s own words', async () => {
    const words =
      'Property values were not valid: [{"isValid":false,"message":"Email address anna@shop0010.example is invalid","error":"INVALID_EMAIL","name":"email"}]';
    world.hubspot.refuse.set('anna@shop0010.example', words);
    const started = await push({ business_ids: [ids.get('shop0010.example'), ids.get('shop0011.example')] });
    expect(started.status).toBe(202);
    const job = await waitForCrmJob(world.t, world.admin.token, started.body.id);
    expect(job).toMatchObject({ status: 'completed', failed: 1, updated: 5 });
    const failed = await readLog(world.t, world.admin.token, job.id, 'failed');
    expect(failed).toEqual([
      expect.objectContaining({ object: 'contact', key: 'anna@shop0010.example', message: words }),
    ]);
    world.hubspot.refuse.clear();
  }, 60_000);

  it('syncs from HubSpot page by page, and "not in my CRM" leaves out what it holds', async () => {
    const other = await seedCrmSession(world, world.admin, 5, 'bshop');
    await world.t.database.pool.query(
      `update businesses set email = 'info@bshop0002.example' where domain = 'bshop0002.example'`,
    );
    world.hubspot.companies.set('bshop0001.example', {
      id: '9001',
      properties: { domain: 'bshop0001.example', name: 'Already there' },
      createdAt: '',
      updatedAt: '',
    });
    world.hubspot.contacts.set('info@bshop0002.example', {
      id: '9002',
      properties: { email: 'info@bshop0002.example' },
      createdAt: '',
      updatedAt: '',
    });
    const started = await world.t.call('POST', '/api/accounts/crm/hubspot/sync', {
      token: world.member.token,
    });
    expect(started.status).toBe(202);
    const job = await waitForCrmJob(world.t, world.member.token, started.body.id);
    expect(job.status).toBe('completed');
    expect(job.done).toBe(1000 + 1997);
    const names = async (filters: Record<string, unknown>) => {
      const res = await world.t.call('GET', `/api/user/session/${other.sessionId}/results`, {
        token: world.admin.token,
        query: { filters: JSON.stringify(filters), sortBy: 'name', sortOrder: 'asc' },
      });
      expect(res.status).toBe(200);
      return res.body.items.map((b: { name: string }) => b.name);
    };
    expect(await names({ in_crm: false })).toEqual(['bshop 0', 'bshop 3', 'bshop 4']);
    expect(await names({ in_crm: true })).toEqual(['bshop 1', 'bshop 2']);
    // The exports use the same filter: "not in my CRM" leaves those businesses out of the file.
    const file = await world.t.app.inject({
      method: 'GET',
      url: `/api/user/session/${other.sessionId}/export`,
      query: { filters: JSON.stringify({ in_crm: false }) },
      headers: { authorization: `Bearer ${world.admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('bshop0000.example');
    expect(file.body).not.toContain('bshop0001.example');
    expect(file.body).not.toContain('bshop0002.example');
    const bad = await world.t.call('GET', `/api/user/session/${other.sessionId}/results`, {
      token: world.admin.token,
      query: { filters: JSON.stringify({ in_crm: 'yes' }) },
    });
    expect(bad.status).toBe(400);

    const connections = await world.t.call('GET', '/api/accounts/crm', { token: world.member.token });
    expect(connections.body.connections[0]).toMatchObject({
      known_companies: 1000,
      last_sync_at: expect.any(String),
    });

    const onlyNew = await world.t.call('POST', `/api/user/session/${other.sessionId}/crm/push`, {
      token: world.admin.token,
      body: { provider: 'hubspot', matching: {}, exclude_in_crm: true },
    });
    expect(onlyNew.status).toBe(202);
    expect(onlyNew.body.total).toBe(3);
    await waitForCrmJob(world.t, world.admin.token, onlyNew.body.id);
  }, 120_000);
});
