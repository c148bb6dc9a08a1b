/**
 * The small world the proof suites' route cases run against: two accounts — the first with an admin, a
 * member (owner of the venture and its sessions), a viewer and an editor of the member's sessions who are not on
 * the venture, a colleague on the venture without access to the sessions, and an editor of the sessions who is on
 * the venture too — the kinds of caller, and fresh targets (sessions, users, invitations, ventures, ICP profiles,
 * suppressions) for the calls that change them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addUser, createAdmin, type TestUser } from '../../src/modules/access/access.fixtures';
import { type TestApp, uniqueEmail } from '../app';

export const CALLERS = [
  'none',
  'anonymous',
  'member',
  'viewer',
  'editor',
  'admin',
  'otherMember',
  'otherAdmin',
  /** A member assigned to the venture, without access to the member's sessions. */
  'ventureMember',
  /** An edit share of the member's sessions, and assigned to their venture (`editor` is not). */
  'ventureEditor',
] as const;
export type Caller = (typeof CALLERS)[number];

/** The app the world lives in (set by createWorld). */
export let testApp: TestApp;
export let users: Record<Exclude<Caller, 'none' | 'anonymous'>, TestUser>;
export let ventureId: string;
const anonymousToken = randomBytes(18).toString('base64url');

export const tokenOf = (caller: Caller): string | null =>
  caller === 'none' ? null : caller === 'anonymous' ? anonymousToken : users[caller].token;

/** The callers a fresh session of the member is shared with, and how. */
export const SHARES = [
  ['viewer', 'view'],
  ['editor', 'edit'],
  ['ventureEditor', 'edit'],
] as const;

/** A fresh completed session of the member, on the venture, shared as SHARES says, with three businesses. */
export async function freshSession(type = 'search'): Promise<{ sessionId: string; businessId: string }> {
  const created = await testApp.call('POST', '/api/users/create_session', {
    token: users.member.token,
    body: { name: `Matrix ${randomUUID().slice(0, 8)}`, type, venture_id: ventureId },
  });
  expect(created.status).toBe(201);
  const sessionId: string = created.body.id;
  for (const [who, access] of SHARES) {
    const shared = await testApp.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: users.member.token,
      body: { user_id: users[who].userId, access },
    });
    expect(shared.status).toBe(200);
  }
  // As if a discovery had completed: six businesses on the session's current run, two industries of three (as
  // many as profiles need: two segments of at least three).
  const runId = randomUUID();
  await testApp.database.db.execute(sql`
    update sessions set run_id = ${runId}::uuid, status = 'completed' where id = ${sessionId}::uuid`);
  const inserted = await testApp.database.db.execute<{ id: string }>(sql`
    insert into businesses (account_id, session_id, run_id, dedupe_key, name, website, domain, source, city,
      industry, icp_score, icp_tier)
    select ${users.member.accountId}::uuid, ${sessionId}::uuid, ${runId}::uuid, 'd:matrix' || n || '.example',
      'Matrix ' || n, 'https://matrix' || n || '.example/', 'matrix' || n || '.example', 'import',
      (array['Leeds', 'York', 'Hull', 'Leeds', 'York', 'Hull'])[n],
      (array['Dental', 'Dental', 'Dental', 'Legal services', 'Legal services', 'Legal services'])[n], 95 - 15 * n,
      (array['A', 'B', 'C', 'A', 'B', 'C'])[n]
    from generate_series(1, 6) n
    returning id`);
  return { sessionId, businessId: inserted.rows[0]?.id as string };
}

/** A fresh invited (not yet signed-up) member of the account. */
export async function freshUser(): Promise<string> {
  const invited = await testApp.call('POST', '/api/users/invite', {
    token: users.admin.token,
    body: { email: uniqueEmail('target') },
  });
  expect(invited.status).toBe(201);
  return invited.body.id;
}

/** A fresh pending invitation to the caller's address, from the admin of the other account than theirs. */
export async function invitationTo(caller: Caller): Promise<string> {
  if (caller === 'none' || caller === 'anonymous') return randomUUID();
  const inviter = users[caller].accountId === users.admin.accountId ? users.otherAdmin : users.admin;
  const invited = await testApp.call('POST', '/api/users/invite', {
    token: inviter.token,
    body: { email: users[caller].email },
  });
  // Invited before by this account (the matrix and the bad-input suite both build requests): sent again, same id.
  expect(invited.status).toBe(201);
  return invited.body.id;
}

export async function freshVenture(): Promise<string> {
  const created = await testApp.call('POST', '/api/ventures/create', {
    token: users.admin.token,
    body: { name: `Venture ${randomUUID().slice(0, 8)}` },
  });
  expect(created.status).toBe(201);
  return created.body.venture_id;
}

/** A fresh saved ICP profile on the member's venture, derived from a fresh session (one of its businesses). */
export async function freshProfile(): Promise<string> {
  const { sessionId, businessId } = await freshSession();
  const examples = JSON.stringify([{ business_id: businessId, name: 'Matrix 1' }]);
  const inserted = await testApp.database.db.execute<{ id: string }>(sql`
    insert into icp_profiles (account_id, venture_id, session_id, name, criteria, size, examples, why,
      generated_by)
    values (${users.member.accountId}::uuid, ${ventureId}::uuid, ${sessionId}::uuid, 'Dentists in Leeds',
      '{"locations":["Leeds"]}'::jsonb, 3, ${examples}::jsonb, 'They run practice software', 'builtin')
    returning id`);
  return inserted.rows[0]?.id as string;
}

/** A fresh entry on the suppression list of the member's account. */
export async function freshSuppression(): Promise<string> {
  const inserted = await testApp.database.db.execute<{ id: string }>(sql`
    insert into suppressions (account_id, kind, value)
    values (${users.member.accountId}::uuid, 'email', ${uniqueEmail('suppressed')})
    returning id`);
  return inserted.rows[0]?.id as string;
}
/** Two accounts: the first with an admin, a member (owner of the venture), and the colleagues of CALLERS. */
export async function createWorld(app: TestApp): Promise<void> {
  testApp = app;
  const admin = await createAdmin(testApp, 'Matrix Org');
  const otherAdmin = await createAdmin(testApp, 'Other Org');
  const [member, viewer, editor, otherMember] = await Promise.all([
    addUser(testApp, admin),
    addUser(testApp, admin),
    addUser(testApp, admin),
    addUser(testApp, otherAdmin),
  ]);
  const venture = await testApp.call('POST', '/api/ventures/create', {
    token: member.token,
    body: { name: 'Ledgerly', icp: { industries: ['Dentists'] } },
  });
  expect(venture.status).toBe(201);
  ventureId = venture.body.venture_id;
  const [ventureMember, ventureEditor] = await Promise.all([
    addUser(testApp, admin, 'member', [ventureId]),
    addUser(testApp, admin, 'member', [ventureId]),
  ]);
  users = { member, viewer, editor, admin, otherMember, otherAdmin, ventureMember, ventureEditor };
}
