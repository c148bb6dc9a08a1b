import { type TestApp, uniqueEmail } from '../../../test/app';
import { ventures } from '../../db/schema/ventures';

/** What the API says when a change would leave an account without an admin. */
export const LAST_ADMIN = 'An account needs at least one admin: make another user an admin first.';

/** Invites a person into the admin's account; they sign up and make their first call, which links them. */
export async function addMember(t: TestApp, adminToken: string, body: Record<string, unknown> = {}) {
  const email = uniqueEmail('member');
  const invited = await t.call('POST', '/api/users/invite', { token: adminToken, body: { email, ...body } });
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  const { token } = await t.signUp(email);
  await t.call('GET', '/api/users/me', { token });
  return { token, email, userId: invited.body.id as string };
}

export async function insertVenture(t: TestApp, accountId: string, name = 'Venture') {
  const [row] = await t.database.db.insert(ventures).values({ accountId, name }).returning();
  if (!row) throw new Error('no venture');
  return row.id;
}
