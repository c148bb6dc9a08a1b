import { and, asc, type Column, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../../db/client';
import { type ShareAccess, sessionShares, users } from '../../db/schema';

export interface SharedUserRow {
  userId: string;
  email: string;
  name: string;
  access: ShareAccess;
  grantedAt: Date;
  grantedBy: string | null;
}

const sharedUserColumns = {
  userId: sessionShares.userId,
  email: users.email,
  name: users.name,
  access: sessionShares.access,
  grantedAt: sessionShares.grantedAt,
  grantedBy: sessionShares.grantedBy,
};

/** The users a session is shared with, oldest grant first. */
export async function listSharedUsers(db: DatabaseExecutor, sessionId: string): Promise<SharedUserRow[]> {
  return db
    .select(sharedUserColumns)
    .from(sessionShares)
    .innerJoin(users, eq(users.id, sessionShares.userId))
    .where(eq(sessionShares.sessionId, sessionId))
    .orderBy(asc(sessionShares.grantedAt), asc(users.email));
}

/**
 * listSharedUsers as a sub-select for a statement that reads a session together with its shares (the polled
 * GET …/info): a json array of SharedUserRow objects, grantedAt as text; `sharedUsersFromJson` reads it back.
 */
export function sharedUsersOf(sessionId: Column | SQL): SQL<SharedUserJson[]> {
  // Under another name: the statement around it may read `users` too (a session's owner).
  const aliasName = 'shared_with';
  const sharedWith = alias(users, aliasName);
  return sql<SharedUserJson[]>`(select coalesce(json_agg(json_build_object(
      'userId', ${sessionShares.userId}, 'email', ${sharedWith.email}, 'name', ${sharedWith.name},
      'access', ${sessionShares.access}, 'grantedAt', ${sessionShares.grantedAt}, 'grantedBy', ${sessionShares.grantedBy}
    ) order by ${sessionShares.grantedAt}, ${sharedWith.email}), '[]'::json)
    from ${sessionShares} join ${users} as ${sql.identifier(aliasName)} on ${sharedWith.id} = ${sessionShares.userId}
    where ${sessionShares.sessionId} = ${sessionId})`;
}

export type SharedUserJson = Omit<SharedUserRow, 'grantedAt'> & { grantedAt: string };

export function sharedUsersFromJson(rows: SharedUserJson[]): SharedUserRow[] {
  return rows.map((row) => ({ ...row, grantedAt: new Date(row.grantedAt) }));
}

export async function findSharedUser(
  db: DatabaseExecutor,
  sessionId: string,
  userId: string,
): Promise<SharedUserRow | null> {
  const [row] = await db
    .select(sharedUserColumns)
    .from(sessionShares)
    .innerJoin(users, eq(users.id, sessionShares.userId))
    .where(and(eq(sessionShares.sessionId, sessionId), eq(sessionShares.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A user of the account, by id or by (lower-case) email; null when there is none in this account. */
export async function findAccountUser(
  db: DatabaseExecutor,
  accountId: string,
  by: { id: string } | { email: string },
): Promise<{ id: string } | null> {
  const match = 'id' in by ? eq(users.id, by.id) : eq(users.email, by.email.toLowerCase());
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(match, eq(users.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** Grants access, or changes the level (and grantor, time) of an existing grant. */
export async function upsertShare(
  db: DatabaseExecutor,
  share: { sessionId: string; userId: string; access: ShareAccess; grantedBy: string },
): Promise<void> {
  await db
    .insert(sessionShares)
    .values({ ...share, grantedAt: new Date() })
    .onConflictDoUpdate({
      target: [sessionShares.sessionId, sessionShares.userId],
      set: { access: share.access, grantedBy: share.grantedBy, grantedAt: new Date() },
    });
}

export async function deleteShare(db: DatabaseExecutor, sessionId: string, userId: string): Promise<void> {
  await db
    .delete(sessionShares)
    .where(and(eq(sessionShares.sessionId, sessionId), eq(sessionShares.userId, userId)));
}
