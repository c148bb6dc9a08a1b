import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import type { UserRole } from '../../db/schema/users';

/** A pending invitation as its invited person sees it: the inviting organisation and who invited. */
export type PendingInvitationRow = {
  id: string;
  account_name: string;
  inviter_name: string | null;
  inviter_email: string | null;
  role: UserRole;
  created_at: Date;
};

// A pending invitation: a user row nobody joined, not disabled by its account's admin.
const PENDING = sql`u.status = 'invited' and u.idp_subject is null`;

/** The pending invitations to this (verified) email, oldest first. */
export async function listPendingInvitations(
  db: DatabaseExecutor,
  email: string,
): Promise<PendingInvitationRow[]> {
  const result = await db.execute<PendingInvitationRow>(sql`
    select u.id, a.name as account_name, inviter.name as inviter_name, inviter.email as inviter_email, u.role,
           u.created_at
    from users u
    join accounts a on a.id = u.account_id
    left join users inviter on inviter.id = u.invited_by_id
    where u.email = ${email} and ${PENDING}
    order by u.created_at, u.id`);
  return result.rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
}

/**
 * Makes the pending invitation `id` to `email` the user of `subject` (active, seen now; the provider's name fills
 * an empty one) in one conditional UPDATE; null when there is no such invitation (withdrawn, declined, answered).
 * A subject or email that joined meanwhile surfaces as a unique violation.
 */
export async function acceptPendingInvitation(
  db: DatabaseExecutor,
  id: string,
  email: string,
  subject: string,
  name: string | null,
): Promise<{ id: string; accountId: string } | null> {
  const result = await db.execute<{ id: string; account_id: string }>(sql`
    update users u
    set idp_subject = ${subject}, status = 'active', last_seen_at = now(), joins_on_sign_in = false,
        name = case when u.name = '' then ${name ?? ''} else u.name end
    where u.id = ${id} and u.email = ${email} and ${PENDING}
    returning u.id, u.account_id`);
  const row = result.rows[0];
  return row ? { id: row.id, accountId: row.account_id } : null;
}

/** Removes the pending invitation `id` to `email` (its venture assignments go with it); false when there is none. */
export async function deletePendingInvitation(
  db: DatabaseExecutor,
  id: string,
  email: string,
): Promise<boolean> {
  const result = await db.execute(
    sql`delete from users u where u.id = ${id} and u.email = ${email} and ${PENDING}`,
  );
  return (result.rowCount ?? 0) > 0;
}
