/**
 * The admin's overview of the account: GET /admin/sessions pages through every session of the account (whoever
 * owns it, never another account's) with search, status and owner filters and validated query parameters; GET
 * /admin/ventures lists the account's ventures with their people, member and session counts.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/app';
import { userVentures } from '../../db/schema/user-ventures';
import { people } from '../../db/schema/ventures';
import { addMember, insertSession, insertVenture, t, useAdminApp } from './admin.fixtures';

useAdminApp();

describe('GET /admin/sessions', () => {
  it('pages through every session of the account with search, status and owner filters', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const member = await addMember(a.token);
    const venture = await insertVenture(a.accountId, 'Alpha');
    const base = Date.now() - 60_000;
    const at = (i: number) => ({
      createdAt: new Date(base + i * 1000),
      updatedAt: new Date(base + i * 1000),
    });
    const mine = await insertSession(a.accountId, a.userId, 'Plumbers in Leeds', {
      ...at(1),
      ventureId: venture,
    });
    const theirs = await insertSession(a.accountId, member.userId, 'Bakeries 50%', {
      ...at(2),
      status: 'completed',
      finishedAt: new Date(base + 5000),
    });
    const third = await insertSession(a.accountId, member.userId, 'Plumbers in York', {
      ...at(3),
      status: 'failed',
      error: 'boom',
    });
    await insertSession(b.accountId, b.userId, 'Plumbers elsewhere', at(4));

    const all = await t.call('GET', '/api/admin/sessions', { token: a.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 0, page_size: 50 });
    expect(all.body.items.map((s: { id: string }) => s.id)).toEqual([third, theirs, mine]);
    expect(all.body.items[2]).toMatchObject({
      id: mine,
      account_id: a.accountId,
      owner_id: a.userId,
      owner: { id: a.userId, email: a.email },
      venture_id: venture,
      name: 'Plumbers in Leeds',
      type: 'search',
      status: 'draft',
      progress: { total: 0, done: 0, failed: 0 },
      access: 'owner',
      finished_at: null,
    });
    expect(all.body.items[1]).toMatchObject({
      access: 'admin',
      status: 'completed',
      finished_at: new Date(base + 5000).toISOString(),
    });

    const paged = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { page: 1, page_size: 2 },
    });
    expect(paged.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(paged.body.items.map((s: { id: string }) => s.id)).toEqual([mine]);

    const search = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { search: 'plumbers' },
    });
    expect(search.body.items.map((s: { id: string }) => s.id)).toEqual([third, mine]);
    const literal = await t.call('GET', '/api/admin/sessions', { token: a.token, query: { search: '50%' } });
    expect(literal.body.total).toBe(1);

    const failed = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { status: 'failed' },
    });
    expect(failed.body.items).toMatchObject([{ id: third, error: 'boom' }]);

    const byOwner = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { owner_id: member.userId },
    });
    expect(byOwner.body.total).toBe(2);
    const foreignOwner = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { owner_id: b.userId },
    });
    expect(foreignOwner.body).toMatchObject({ items: [], total: 0 });

    const badStatus = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { status: 'done' },
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.field).toBe('status');
    const badOwner = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { owner_id: 'me' },
    });
    expect(badOwner.body.error).toMatchObject({ field: 'owner_id', message: 'owner_id: must be a UUID' });
  });
});

describe('GET /admin/ventures', () => {
  it('lists the account’s ventures with people, member and session counts', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const m1 = await addMember(a.token);
    const m2 = await addMember(a.token);
    const alpha = await insertVenture(a.accountId, 'Alpha');
    const beta = await insertVenture(a.accountId, 'Beta');
    await insertVenture(b.accountId, 'Gamma');
    const db = t.database.db;
    await db.insert(userVentures).values([
      { userId: m1.userId, ventureId: alpha },
      { userId: m2.userId, ventureId: alpha },
    ]);
    await db.insert(people).values([
      { ventureId: alpha, accountId: a.accountId, name: 'Second', position: 1 },
      {
        ventureId: alpha,
        accountId: a.accountId,
        name: 'First',
        position: 0,
        userId: m1.userId,
        email: m1.email,
      },
    ]);
    await insertSession(a.accountId, a.userId, 's1', { ventureId: alpha });
    await insertSession(a.accountId, m1.userId, 's2', { ventureId: beta });
    await insertSession(a.accountId, m1.userId, 's3', { ventureId: beta });

    const res = await t.call('GET', '/api/admin/ventures', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      venture_id: alpha,
      account_id: a.accountId,
      name: 'Alpha',
      member_count: 2,
      session_count: 1,
      icp: { industries: [], employee_min: null, hiring_signal: null },
    });
    expect(
      res.body[0].people.map((p: { name: string; user_id: string | null }) => [p.name, p.user_id]),
    ).toEqual([
      ['First', m1.userId],
      ['Second', null],
    ]);
    expect(res.body[1]).toMatchObject({ venture_id: beta, member_count: 0, session_count: 2, people: [] });
  });
});
