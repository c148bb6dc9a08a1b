import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app';
import { sessions } from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';

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

async function createVenture(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/ventures/create', {
    token: user.token,
    body: { name: 'Ledgerly', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('POST /ventures/create', () => {
  it('creates a venture with the empty ICP by default and its team, linking people who are users', async () => {
    const res = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: {
        name: '  Ledgerly  ',
        website: 'ledgerly.io',
        description: 'Bookkeeping for dentists',
        people: [
          { name: 'Ada', email: member.email.toUpperCase(), title: 'CEO' },
          { name: 'Bob', email: 'bob@example.test', linkedin_url: 'https://linkedin.com/in/bob' },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_id: admin.accountId,
      name: 'Ledgerly',
      website: 'https://ledgerly.io',
      description: 'Bookkeeping for dentists',
      value_proposition: null,
      icp: {
        industries: [],
        locations: [],
        keywords: [],
        exclude_keywords: [],
        employee_min: null,
        employee_max: null,
        software_signals: [],
        hiring_signal: null,
      },
    });
    expect(res.body.people).toEqual([
      expect.objectContaining({ name: 'Ada', email: member.email, title: 'CEO', user_id: member.userId }),
      expect.objectContaining({ name: 'Bob', email: 'bob@example.test', user_id: null }),
    ]);
    expect(res.body.people[0].venture_id).toBe(res.body.venture_id);
  });

  it('keeps the ICP that is given', async () => {
    const icp = { industries: ['Dental'], employee_min: 2, employee_max: 50, hiring_signal: true };
    const venture = await createVenture(admin, { icp });
    expect(venture.icp).toMatchObject(icp);
    expect(venture.icp.keywords).toEqual([]);
  });

  it('answers 400 naming the field when the body is invalid', async () => {
    const missing = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { website: 'x.io' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'validation_failed', field: 'name' });

    const badEmail = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'V', people: [{ name: 'A', email: 'not-an-email' }] },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.field).toBe('people.0.email');

    const badIcp = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'V', icp: { employee_min: 10, employee_max: 5 } },
    });
    expect(badIcp.status).toBe(400);
    expect(badIcp.body.error.field).toBe('icp.employee_max');
  });

  it('refuses a website that is no web address, saying what one looks like, on create and update', async () => {
    for (const website of ['htp:/not a url', 'http://127.0.0.1:8201/site-1/', 'not a url']) {
      const created = await t.call('POST', '/api/ventures/create', {
        token: admin.token,
        body: { name: 'V', website },
      });
      expect(created.status, website).toBe(400);
      expect(created.body.error).toMatchObject({ code: 'validation_failed', field: 'website' });
      expect(created.body.error.message).toMatch(/acme\.com/);
    }
    const venture = await createVenture(admin, { name: 'Kept', website: 'kept.io' });
    const updated = await t.call('POST', '/api/ventures/update', {
      token: admin.token,
      body: { venture_id: venture.venture_id, website: 'htp:/not a url' },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.field).toBe('website');
    const all = await t.call('GET', '/api/ventures/all', { token: admin.token });
    expect(all.body.find((v: { venture_id: string }) => v.venture_id === venture.venture_id).website).toBe(
      'https://kept.io',
    );
  });

  it('refuses a person linked to a user of another account', async () => {
    const res = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'V', people: [{ name: 'X', user_id: other.userId }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('people.0.user_id');
  });

  it('needs a signed-in user', async () => {
    const res = await t.call('POST', '/api/ventures/create', { body: { name: 'V' } });
    expect(res.status).toBe(401);
  });
});

describe('GET /ventures/all and visibility', () => {
  it('shows admins every venture of the account ordered by name, members only the assigned ones', async () => {
    const t2admin = await createAdmin(t, 'Ordering Org');
    const zed = await createVenture(t2admin, { name: 'zed' });
    const alpha = await createVenture(t2admin, { name: 'Alpha', people: [{ name: 'P' }] });
    const mid = await createVenture(t2admin, { name: 'mid' });
    const m = await addUser(t, t2admin, 'member', [mid.venture_id]);

    const all = await t.call('GET', '/api/ventures/all', { token: t2admin.token });
    expect(all.status).toBe(200);
    expect(all.body.map((v: { name: string }) => v.name)).toEqual(['Alpha', 'mid', 'zed']);
    expect(all.body[0].people).toHaveLength(1);
    expect(all.body[1].people).toEqual([]);

    const mine = await t.call('GET', '/api/ventures/all', { token: m.token });
    expect(mine.body.map((v: { venture_id: string }) => v.venture_id)).toEqual([mid.venture_id]);

    // Not assigned: invisible to the member (404, as if it did not exist).
    for (const id of [zed.venture_id, alpha.venture_id]) {
      expect((await t.call('GET', `/api/ventures/${id}/people`, { token: m.token })).status).toBe(404);
      const upd = await t.call('POST', '/api/ventures/update', {
        token: m.token,
        body: { venture_id: id, name: 'x' },
      });
      expect(upd.status).toBe(404);
    }
  });

  it('assigns a member to the venture they create, and lets them update it but not delete it', async () => {
    const venture = await createVenture(member, { name: 'Member Venture' });
    const mine = await t.call('GET', '/api/ventures/all', { token: member.token });
    expect(mine.body.map((v: { venture_id: string }) => v.venture_id)).toContain(venture.venture_id);

    const upd = await t.call('POST', '/api/ventures/update', {
      token: member.token,
      body: { venture_id: venture.venture_id, value_proposition: 'Faster books' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.value_proposition).toBe('Faster books');

    const del = await t.call('POST', '/api/ventures/delete', {
      token: member.token,
      body: { venture_id: venture.venture_id },
    });
    expect(del.status).toBe(403);
  });
});

describe('POST /ventures/update', () => {
  it('changes only the given fields; null clears; icp is replaced as a whole', async () => {
    const venture = await createVenture(admin, {
      website: 'a.io',
      description: 'd',
      icp: { industries: ['Dental'], keywords: ['clinic'] },
    });
    const res = await t.call('POST', '/api/ventures/update', {
      token: admin.token,
      body: { venture_id: venture.venture_id, website: null, icp: { locations: ['Leeds'] } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ledgerly', website: null, description: 'd' });
    expect(res.body.icp).toMatchObject({ locations: ['Leeds'], industries: [], keywords: [] });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(venture.updated_at).getTime(),
    );
  });

  it('replaces the team: keeps people by id, adds new ones, removes the missing; links by email', async () => {
    const venture = await createVenture(admin, { people: [{ name: 'Keep' }, { name: 'Drop' }] });
    const [keep, drop] = venture.people;
    const res = await t.call('POST', '/api/ventures/update', {
      token: admin.token,
      body: {
        venture_id: venture.venture_id,
        people: [
          { name: 'New', email: member.email },
          { id: keep.id, name: 'Kept and renamed', title: 'CTO' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.people).toEqual([
      expect.objectContaining({ name: 'New', user_id: member.userId }),
      expect.objectContaining({ id: keep.id, name: 'Kept and renamed', title: 'CTO' }),
    ]);
    expect(res.body.people.map((p: { id: string }) => p.id)).not.toContain(drop.id);

    const people = await t.call('GET', `/api/ventures/${venture.venture_id}/people`, { token: admin.token });
    expect(people.status).toBe(200);
    expect(people.body).toEqual(res.body.people);

    // Without `people` the team stays as it is.
    const renamed = await t.call('POST', '/api/ventures/update', {
      token: admin.token,
      body: { venture_id: venture.venture_id, name: 'Renamed' },
    });
    expect(renamed.body.people).toEqual(res.body.people);
  });

  it("refuses a person id that is not one of the venture's people", async () => {
    const a = await createVenture(admin, { people: [{ name: 'A' }] });
    const b = await createVenture(admin);
    const res = await t.call('POST', '/api/ventures/update', {
      token: admin.token,
      body: { venture_id: b.venture_id, people: [{ id: a.people[0].id, name: 'Stolen' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('people.0.id');
  });

  it('answers 400 for an invalid venture_id and 404 for an unknown one', async () => {
    const bad = await t.call('POST', '/api/ventures/update', {
      token: admin.token,
      body: { venture_id: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('venture_id');
    const unknown = await t.call('POST', '/api/ventures/update', {
      token: admin.token,
      body: { venture_id: '00000000-0000-4000-8000-000000000000', name: 'x' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /ventures/delete', () => {
  it('deletes (admin, 204); its sessions keep existing without a venture', async () => {
    const venture = await createVenture(admin);
    const sessionId = await createSession(t, admin, { venture_id: venture.venture_id });
    const res = await t.call('POST', '/api/ventures/delete', {
      token: admin.token,
      body: { venture_id: venture.venture_id },
    });
    expect(res.status).toBe(204);
    const all = await t.call('GET', '/api/ventures/all', { token: admin.token });
    expect(all.body.map((v: { venture_id: string }) => v.venture_id)).not.toContain(venture.venture_id);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row?.ventureId).toBeNull();
    const again = await t.call('POST', '/api/ventures/delete', {
      token: admin.token,
      body: { venture_id: venture.venture_id },
    });
    expect(again.status).toBe(404);
  });
});

describe('tenancy', () => {
  it("a user of account A can read and change nothing of account B's ventures", async () => {
    const theirs = await createVenture(other, { name: 'Secret', people: [{ name: 'S' }] });
    const id = theirs.venture_id;
    for (const user of [admin, member]) {
      const all = await t.call('GET', '/api/ventures/all', { token: user.token });
      expect(all.body.map((v: { venture_id: string }) => v.venture_id)).not.toContain(id);
      expect((await t.call('GET', `/api/ventures/${id}/people`, { token: user.token })).status).toBe(404);
      const upd = await t.call('POST', '/api/ventures/update', {
        token: user.token,
        body: { venture_id: id, name: 'Hijacked' },
      });
      expect(upd.status).toBe(404);
    }
    const del = await t.call('POST', '/api/ventures/delete', {
      token: admin.token,
      body: { venture_id: id },
    });
    expect(del.status).toBe(404);
    const stillThere = await t.call('GET', '/api/ventures/all', { token: other.token });
    expect(stillThere.body.find((v: { venture_id: string }) => v.venture_id === id)?.name).toBe('Secret');
  });

  it('does not link a person to a user of another account with the same email', async () => {
    const outsider = uniqueEmail('outsider');
    await t.createAccount(outsider, 'Outsider Org');
    const venture = await createVenture(admin, { people: [{ name: 'O', email: outsider }] });
    expect(venture.people[0].user_id).toBeNull();
  });
});
