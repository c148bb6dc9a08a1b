/**
 * A request to a session's route reads the caller's access to that session with its sign-in, in one statement
 * (sign-in.repository.ts), and the route's access check uses that row. It must decide exactly as a check of its own:
 * for that request only, that session only, once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { ActorUser } from '../../http/auth';
import { createSession, createTeam, type TestUser } from './access.fixtures';
import { findSessionAccessRow, rememberSessionAccessRow } from './access.repository';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let colleague: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, member, colleague, other } = await createTeam(t));
});
afterAll(() => t?.close());

/** The statements the app sends while `run` runs (their names, or their text when unnamed). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const pool = t.database.db.$client;
  const sent: string[] = [];
  const query = pool.query;
  pool.query = function (this: unknown, ...args: unknown[]) {
    const [config] = args as [string | { text?: string; name?: string }];
    sent.push(typeof config === 'string' ? config : (config.name ?? config.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(pool, args);
  } as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = query;
  }
  return sent;
}

describe('session access read with the sign-in', () => {
  it('a results page costs one statement after the sign-in, and answers as the access rules say', async () => {
    const id = await createSession(t, member);
    const sent = await statementsOf(async () => {
      const res = await t.call('GET', `/api/user/session/${id}/results`, { token: member.token });
      expect(res.status).toBe(200);
    });
    expect(sent[0]).toBe('argo_identity_with_session_access');
    expect(sent).not.toContain('argo_session_access_row');
    expect(sent).toHaveLength(2);

    // A colleague without a share, another account's admin, an unknown session: 404, as before.
    for (const [caller, session] of [
      [colleague, id],
      [other, id],
      [member, randomUUID()],
    ] as const) {
      const res = await t.call('GET', `/api/user/session/${session}/results`, { token: caller.token });
      expect(res.status).toBe(404);
    }
    // The account's admin sees it; a malformed id is the route's 400, not a database error.
    expect((await t.call('GET', `/api/user/session/${id}/info`, { token: admin.token })).body.access).toBe(
      'admin',
    );
    expect((await t.call('GET', '/api/user/session/not-a-uuid/info', { token: member.token })).status).toBe(
      400,
    );
  });

  it('a share granted or revoked is seen by the very next request', async () => {
    const id = await createSession(t, member);
    const asColleague = () => t.call('GET', `/api/user/session/${id}/info`, { token: colleague.token });
    expect((await asColleague()).status).toBe(404);
    const grant = await t.call('POST', `/api/sessions/${id}/grant-access`, {
      token: member.token,
      body: { user_id: colleague.userId, access: 'view' },
    });
    expect(grant.status).toBe(200);
    const granted = await asColleague();
    expect(granted.status).toBe(200);
    expect(granted.body.access).toBe('view');
    // View access reads but does not edit.
    const renamed = await t.call('PUT', `/api/users/sessions/${id}`, {
      token: colleague.token,
      body: { name: 'Renamed' },
    });
    expect(renamed.status).toBe(403);
    const revoked = await t.call('DELETE', `/api/sessions/${id}/revoke-access?user_id=${colleague.userId}`, {
      token: member.token,
    });
    expect(revoked.status).toBe(204);
    expect((await asColleague()).status).toBe(404);
  });

  it('a remembered row serves its session once; any other check reads the database', async () => {
    const id = await createSession(t, member);
    const actor: ActorUser = {
      id: colleague.userId,
      accountId: admin.accountId,
      email: colleague.email,
      role: 'member',
      status: 'active',
      accountRequiresAdminMfa: false,
    };
    // The colleague has no share: the database says so, whatever was remembered.
    const stale = { ownerId: member.userId, status: 'draft' as const, shareAccess: 'edit' as const };
    rememberSessionAccessRow(actor, id, stale);
    expect(await findSessionAccessRow(t.database.db, actor, id)).toEqual(stale);
    expect(await findSessionAccessRow(t.database.db, actor, id)).toMatchObject({ shareAccess: null });

    rememberSessionAccessRow(actor, randomUUID(), stale);
    expect(await findSessionAccessRow(t.database.db, actor, id)).toMatchObject({ shareAccess: null });

    // Another request's actor object (the same user) never sees this one's row.
    rememberSessionAccessRow(actor, id, stale);
    expect(await findSessionAccessRow(t.database.db, { ...actor }, id)).toMatchObject({ shareAccess: null });
  });
});
