/**
 * Test helpers shared by the admin tests (admin-users.test.ts, admin-sessions-ventures.test.ts): the app under
 * test, started and closed by useAdminApp(), and the accounts, members, ventures and sessions they seed.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app';
import { sessions } from '../../db/schema/sessions';
import { ventures } from '../../db/schema/ventures';

/** The app of the calling test file (set by useAdminApp's beforeAll). */
export let t: TestApp;

/** Starts the app before the file's tests and closes it after them; call once at the top of a test file. */
export function useAdminApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}

export const LAST_ADMIN = 'An account needs at least one admin: make another user an admin first.';

export async function invite(adminToken: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/users/invite', { token: adminToken, body });
  if (res.status !== 201) throw new Error(`invite failed: ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** An invited member who has signed up and made their first call (so they are linked and active). */
export async function addMember(adminToken: string, role: 'admin' | 'member' = 'member') {
  const email = uniqueEmail('member');
  const userId = await invite(adminToken, { email, role });
  const { token } = await t.signUp(email);
  await t.call('GET', '/api/users/me', { token });
  return { token, userId, email };
}

export async function insertVenture(accountId: string, name: string) {
  const [row] = await t.database.db.insert(ventures).values({ accountId, name }).returning();
  if (!row) throw new Error('no venture');
  return row.id;
}

export async function insertSession(
  accountId: string,
  ownerId: string,
  name: string,
  extra: Partial<typeof sessions.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(sessions)
    .values({ accountId, ownerId, name, type: 'search', ...extra })
    .returning();
  if (!row) throw new Error('no session');
  return row.id;
}
