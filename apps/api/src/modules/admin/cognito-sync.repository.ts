import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { type UserStatus, users } from '../../db/schema/users';

/** An Argo user as the Cognito sync compares it with the pool. */
export interface SyncedUser {
  id: string;
  email: string;
  name: string;
  status: UserStatus;
  idpSubject: string | null;
}

/**
 * Every user of the account, locked until the transaction ends: a concurrent sync, an admin's change or a first
 * sign-in linking an invited user waits for this one instead of interleaving with it.
 */
export async function lockAccountUsers(tx: DatabaseExecutor, accountId: string): Promise<SyncedUser[]> {
  return tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      status: users.status,
      idpSubject: users.idpSubject,
    })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .for('update');
}

/**
 * Which of these subjects are already linked to an Argo user (of any account: `idp_subject` is unique across
 * Argo). Only used to leave such pool users alone; nothing about the other account is returned to the caller.
 */
export async function findLinkedSubjects(tx: DatabaseExecutor, subjects: string[]): Promise<Set<string>> {
  if (subjects.length === 0) return new Set();
  const rows = await tx
    .select({ subject: users.idpSubject })
    .from(users)
    .where(and(isNotNull(users.idpSubject), inArray(users.idpSubject, subjects)));
  return new Set(rows.map((r) => r.subject).filter((s): s is string => s !== null));
}

/** Links the user to a pool subject; an invited user becomes active, a disabled one stays disabled. */
export async function linkUserToSubject(
  tx: DatabaseExecutor,
  accountId: string,
  userId: string,
  subject: string,
  poolName: string | null,
): Promise<void> {
  await tx
    .update(users)
    .set({
      idpSubject: subject,
      status: sql`case when ${users.status} = 'invited' then 'active'::user_status else ${users.status} end`,
      name: sql`case when ${users.name} = '' then ${poolName ?? ''} else ${users.name} end`,
    })
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
}

/** Sets the users disabled (a disabled user's tokens stop working at once: the row is read on every request). */
export async function disableUsers(
  tx: DatabaseExecutor,
  accountId: string,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(users)
    .set({ status: 'disabled' })
    .where(and(eq(users.accountId, accountId), inArray(users.id, userIds), ne(users.status, 'disabled')));
}
