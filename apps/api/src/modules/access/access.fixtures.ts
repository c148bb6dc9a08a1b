/**
 * Test helpers shared by the ventures, sessions and sharing tests: accounts with members, and direct database
 * writes for states the API cannot reach by itself (a running session).
 */
import { eq } from 'drizzle-orm';
import { type TestApp, uniqueEmail } from '../../../test/app';
import { type SessionStatus, sessions } from '../../db/schema';

export interface TestUser {
  token: string;
  userId: string;
  accountId: string;
  email: string;
}

/** An account with its first admin. */
export async function createAdmin(t: TestApp, accountName = 'Acme Ventures'): Promise<TestUser> {
  const admin = await t.createAccount(uniqueEmail('admin'), accountName);
  return { token: admin.token, userId: admin.userId, accountId: admin.accountId, email: admin.email };
}

/** A member (or admin) of the admin's account: invited by the admin, then signed up; their first call links them. */
export async function addUser(
  t: TestApp,
  admin: TestUser,
  role: 'member' | 'admin' = 'member',
  ventureIds: string[] = [],
): Promise<TestUser> {
  const email = uniqueEmail(role);
  const invited = await t.call('POST', '/api/users/invite', {
    token: admin.token,
    body: { email, role, venture_ids: ventureIds },
  });
  if (invited.status !== 201 && invited.status !== 200) {
    throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  }
  const signedUp = await t.signUp(email);
  const me = await t.call('GET', '/api/users/me', { token: signedUp.token });
  if (me.status !== 200) throw new Error(`users/me failed: ${me.status} ${JSON.stringify(me.body)}`);
  return { token: signedUp.token, userId: invited.body.id, accountId: admin.accountId, email };
}

/** The usual cast of the access tests: an account's admin and two of its members, and another account's admin. */
export async function createTeam(
  t: TestApp,
): Promise<{ admin: TestUser; member: TestUser; colleague: TestUser; other: TestUser }> {
  const admin = await createAdmin(t);
  return {
    admin,
    member: await addUser(t, admin),
    colleague: await addUser(t, admin),
    other: await createAdmin(t, 'Other Org'),
  };
}

/** Puts a session in a status directly (the runner that would do it belongs to discovery). */
export async function setSessionStatus(t: TestApp, sessionId: string, status: SessionStatus): Promise<void> {
  await t.database.db.update(sessions).set({ status }).where(eq(sessions.id, sessionId));
}

/** Creates a session through the API and returns its id. */
export async function createSession(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.call('POST', '/api/users/create_session', {
    token: user.token,
    body: { name: 'Dentists in Leeds', ...body },
  });
  if (res.status !== 201) throw new Error(`create_session failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
