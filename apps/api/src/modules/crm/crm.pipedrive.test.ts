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

const push = (body: Record<string, unknown>) =>
  world.t.call('POST', `/api/user/session/${sessionId}/crm/push`, {
    token: world.admin.token,
    body: { provider: 'pipedrive', ...body },
  });

describe('Pipedrive', () => {
  it('connects with an API token and the company domain', async () => {
    const noDomain = await world.t.call('PUT', '/api/accounts/crm/pipedrive', {
      token: world.admin.token,
      body: { token: world.pipedrive.token },
    });
    expect(noDomain.status).toBe(400);
    expect(noDomain.body.error.field).toBe('company_domain');
    const wrong = await world.t.call('PUT', '/api/accounts/crm/pipedrive', {
      token: world.admin.token,
      body: { token: 'pd-wrong-token-0000', company_domain: 'acme' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain('unauthorized access');
    const ok = await world.t.call('PUT', '/api/accounts/crm/pipedrive', {
      token: world.admin.token,
      body: { token: world.pipedrive.token, company_domain: 'https://Acme.pipedrive.com/' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ connected: true, token_hint: '…9b1c', company_domain: 'acme' });
  });

  it('pushes 1,000 businesses: organizations and persons found first, then created', async () => {
    await world.t.call('POST', '/api/accounts/suppressions', {
      token: world.admin.token,
      body: { values: ['anna@shop0009.example'] },
    });
    const started = await push({ matching: {} });
    expect(started.status).toBe(202);
    const job = await waitForCrmJob(world.t, world.admin.token, started.body.id);
    expect(job).toMatchObject({ status: 'completed', created: 1000 + 1999, updated: 0, failed: 0 });
    expect(world.pipedrive.organizations.size).toBe(1000);
    expect(world.pipedrive.persons.size).toBe(1999);
    expect(world.pipedrive.notes.size).toBe(1000);
    const org = [...world.pipedrive.organizations.values()].find((o) => o.name === 'shop 42');
    expect(org?.address).toBe('Hauptstraße 43, 10115 Berlin, DE');
    const anna = [...world.pipedrive.persons.values()].find((p) =>
      JSON.stringify(p.email).includes('anna@shop0042'),
    );
    expect(anna).toMatchObject({ name: 'Anna Berg', org_id: org?.id, job_title: 'Owner' });
    expect(world.pipedrive.bodies.join('\n')).not.toContain('anna@shop0009.example');
  }, 180_000);

  it('pushes again after losing its memory of the ids: the search finds every record, nothing is duplicated', async () => {
    await world.t.database.pool.query(
      `delete from crm_records where provider = 'pipedrive' and kind <> 'note'`,
    );
    // Another company whose note holds shop0030.example inside its own domain: the search finds it, Argo does not
    // take it for shop 30.
    world.pipedrive.organizations.set(9001, { id: 9001, name: 'Decoy Ltd' });
    world.pipedrive.notes.set(9002, { id: 9002, org_id: 9001, content: 'Domain: myshop0030.example' });
    // …and found first: shop 30's own organization goes behind it in the search's order.
    const own = [...world.pipedrive.organizations.values()].find((o) => o.name === 'shop 30');
    if (!own) throw new Error('shop 30 was not pushed');
    world.pipedrive.organizations.delete(own.id);
    world.pipedrive.organizations.set(own.id, own);
    world.pipedrive.rateLimit(1, 1, '/v1/organizations/search');
    const started = await push({ business_ids: [...ids.values()].slice(0, 50) });
    const job = await waitForCrmJob(world.t, world.admin.token, started.body.id);
    expect(job).toMatchObject({ status: 'completed', created: 0, failed: 0 });
    expect(job.updated).toBeGreaterThanOrEqual(50 + 99);
    expect(world.pipedrive.limited).toBe(1);
    expect(world.pipedrive.organizations.size).toBe(1001);
    expect(world.pipedrive.organizations.get(9001)?.name).toBe('Decoy Ltd');
    expect(world.pipedrive.persons.size).toBe(1999);
    expect(world.pipedrive.notes.size).toBe(1001);
  }, 120_000);

  it('logs a person Pipedrive refused in its own words, and the sync pages with start', async () => {
    world.pipedrive.refuse.set('lea@shop0020.example', 'Email address is not valid.');
    const started = await push({ business_ids: [ids.get('shop0020.example')] });
    const job = await waitForCrmJob(world.t, world.admin.token, started.body.id);
    expect(job).toMatchObject({ status: 'completed', failed: 1, updated: 2 });
    const failed = await readLog(world.t, world.admin.token, job.id, 'failed');
    expect(failed).toEqual([
      expect.objectContaining({ key: 'lea@shop0020.example', message: 'Email address is not valid.' }),
    ]);

    const sync = await world.t.call('POST', '/api/accounts/crm/pipedrive/sync', {
      token: world.member.token,
    });
    expect(sync.status).toBe(202);
    const synced = await waitForCrmJob(world.t, world.member.token, sync.body.id);
    expect(synced).toMatchObject({ status: 'completed', done: 1001 + 1999 });
    const connections = await world.t.call('GET', '/api/accounts/crm', { token: world.member.token });
    expect(connections.body.connections[1]).toMatchObject({ provider: 'pipedrive', known_contacts: 1999 });
  }, 120_000);
});
