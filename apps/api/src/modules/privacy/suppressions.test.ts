import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { addUser, createAdmin, type TestUser } from '../access/access.fixtures';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  member = await addUser(t, admin);
  otherAdmin = await createAdmin(t, 'Other Org');
});
afterAll(() => t?.close());

const list = (by: TestUser) => t.call('GET', '/api/accounts/suppressions', { token: by.token });
const add = (by: TestUser, body: Record<string, unknown>) =>
  t.call('POST', '/api/accounts/suppressions', { token: by.token, body });
const remove = (by: TestUser, id: string) =>
  t.call('DELETE', `/api/accounts/suppressions/${id}`, { token: by.token });

describe('the suppression list', () => {
  it('lets a member add addresses and domains as typed, normalised, with the reason and who added them', async () => {
    const res = await add(member, {
      values: [
        ' Anna.Berg@Example.COM ',
        'https://www.baeckerei-sonne.de/kontakt',
        '@mail.test',
        'bäcker.de',
      ],
      reason: 'Asked not to be contacted',
    });
    expect(res.status).toBe(201);
    const entries = res.body.map((e: { kind: string; value: string }) => `${e.kind}:${e.value}`).sort();
    expect(entries).toEqual([
      'domain:baeckerei-sonne.de',
      'domain:bäcker.de',
      'domain:mail.test',
      'email:anna.berg@example.com',
    ]);
    expect(res.body[0]).toMatchObject({
      reason: 'Asked not to be contacted',
      created_by: { id: member.userId, email: member.email },
    });

    const listed = await list(admin);
    expect(listed.status).toBe(200);
    expect(listed.body.map((e: { value: string }) => e.value)).toContain('anna.berg@example.com');
  });

  it('keeps an entry once: adding it again answers the existing entry with its first reason', async () => {
    const first = await add(member, { values: ['owner@once.test'], reason: 'first' });
    const again = await add(admin, { values: ['OWNER@once.test', 'owner@once.test'], reason: 'second' });
    expect(again.status).toBe(201);
    expect(again.body).toHaveLength(1);
    expect(again.body[0]).toMatchObject({ id: first.body[0].id, reason: 'first' });
    const listed = await list(member);
    expect(listed.body.filter((e: { value: string }) => e.value === 'owner@once.test')).toHaveLength(1);
  });

  it('refuses what is neither an address nor a domain, naming the entry', async () => {
    for (const value of ['not an address', 'localhost', '10.0.0.1', 'anna@', '']) {
      const res = await add(member, { values: ['fine@example.org', value] });
      expect(res.status, value).toBe(400);
      expect(res.body.error.message).toMatch(/^values\.1: must be an email address/);
    }
    expect((await list(member)).body.map((e: { value: string }) => e.value)).not.toContain(
      'fine@example.org',
    );
  });

  it('lets only an admin remove an entry, and only one of their own account', async () => {
    const [entry] = (await add(member, { values: ['remove-me@example.net'] })).body;
    expect((await remove(member, entry.id)).status).toBe(403);
    expect((await remove(otherAdmin, entry.id)).status).toBe(404);
    expect((await remove(admin, entry.id)).status).toBe(204);
    expect((await list(member)).body.map((e: { id: string }) => e.id)).not.toContain(entry.id);
    expect((await remove(admin, entry.id)).status).toBe(404);
  });

  it('never shows one account the list of another', async () => {
    await add(otherAdmin, { values: ['secret@other-org.test'] });
    const mine = await list(admin);
    expect(mine.body.map((e: { value: string }) => e.value)).not.toContain('secret@other-org.test');
    expect((await list(otherAdmin)).body.map((e: { value: string }) => e.value)).toEqual([
      'secret@other-org.test',
    ]);
  });
});
