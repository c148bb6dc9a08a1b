import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { sessionShares, sessions } from '../../db/schema/sessions';
import { userVentures } from '../../db/schema/user-ventures';
import { type NewUserRow, type UserRole, type UserRow, users } from '../../db/schema/users';
import { ventures } from '../../db/schema/ventures';

/** A user row with the ventures it is assigned to, ready for the mapper. */
export type UserRecord = UserRow & { ventureIds: string[] };

const PG_UNIQUE_VIOLATION = '23505';

/** Is this a PostgreSQL unique violation (optionally on the named constraint)? drizzle wraps the pg error in `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === PG_UNIQUE_VIOLATION) return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

// ---------------------------------------------------------------- reads

/** Venture ids per user (ordered), for the given users. */
async function findVentureIdsByUser(db: DatabaseExecutor, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userVentures.userId, ventureId: userVentures.ventureId })
    .from(userVentures)
    .where(inArray(userVentures.userId, userIds))
    .orderBy(asc(userVentures.userId), asc(userVentures.ventureId));
  for (const row of rows) byUser.get(row.userId)?.push(row.ventureId);
  return byUser;
}

async function withVentures(db: DatabaseExecutor, rows: UserRow[]): Promise<UserRecord[]> {
  const ventureIds = await findVentureIdsByUser(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, ventureIds: ventureIds.get(row.id) ?? [] }));
}

/** Every user of an account, oldest first. */
export async function listUsersByAccount(db: DatabaseExecutor, accountId: string): Promise<UserRecord[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.createdAt), asc(users.id));
  return withVentures(db, rows);
}

/** One user of the account, or null (a user of another account is "not found" as well). */
export async function findUserInAccount(
  db: DatabaseExecutor,
  accountId: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRecord | null> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) return null;
  const [record] = await withVentures(db, [row]);
  return record ?? null;
}

export async function findUserBySubject(db: DatabaseExecutor, subject: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.idpSubject, subject));
  return row ?? null;
}

/** The user (or pending invitation) of this account with the email, or null. */
export async function findUserInAccountByEmail(
  db: DatabaseExecutor,
  accountId: string,
  email: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.email, email.toLowerCase())));
  return row ?? null;
}

/** The user who joined an account with this email (any account; there is at most one), or null. */
export async function findJoinedUserByEmail(db: DatabaseExecutor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNotNull(users.idpSubject)));
  return row ?? null;
}

/**
 * What other accounts hold for this email, for an invitation (never shown to the inviting admin): whether the
 * address's owner joined an organisation already, and whether other invitations to it are pending.
 */
export async function findEmailElsewhere(
  db: DatabaseExecutor,
  email: string,
  accountId: string,
): Promise<{ joined: boolean; pending: boolean }> {
  const result = await db.execute<{ joined: boolean; pending: boolean }>(sql`
    select coalesce(bool_or(idp_subject is not null), false) as joined,
           coalesce(bool_or(status = 'invited' and idp_subject is null), false) as pending
    from users where email = ${email.toLowerCase()} and account_id <> ${accountId}`);
  return result.rows[0] ?? { joined: false, pending: false };
}

/**
 * After an invitation made (or took over) the person's sign-in: signing in with it accepts this invitation — unless
 * other invitations to the address are pending, which that sign-in serves as well; then none is accepted by
 * signing in, and the person picks one on the screen that lists them.
 */
export async function setJoinsOnSignIn(
  db: DatabaseExecutor,
  email: string,
  userId: string,
  isOnlyInvitation: boolean,
): Promise<void> {
  if (isOnlyInvitation) {
    await db.update(users).set({ joinsOnSignIn: true }).where(eq(users.id, userId));
    return;
  }
  await db
    .update(users)
    .set({ joinsOnSignIn: false })
    .where(and(eq(users.email, email.toLowerCase()), eq(users.status, 'invited'), isNull(users.idpSubject)));
}

export interface UserSearch {
  page: number;
  pageSize: number;
  search?: string | undefined;
  role?: UserRole | undefined;
}

/** `%`, `_` and `\` typed by the user match themselves, not any text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A page of the account's users (ILIKE on email and name, optional role) and the total that match. */
export async function searchUsersInAccount(
  db: DatabaseExecutor,
  accountId: string,
  q: UserSearch,
): Promise<{ rows: UserRecord[]; total: number }> {
  const conditions: SQL[] = [eq(users.accountId, accountId)];
  if (q.role) conditions.push(eq(users.role, q.role));
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern)) as SQL);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.email))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: await withVentures(db, rows), total: totals[0]?.total ?? 0 };
}

/**
 * Locks the account's active admin rows until the transaction ends and returns their ids, oldest first. Two
 * transactions that each demote, disable or delete an admin serialise here; the second then re-reads the rows
 * and sees the first one's change (READ COMMITTED re-checks the WHERE of a locked row).
 */
export async function lockActiveAdminIds(tx: DatabaseExecutor, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt), asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** The subset of `ventureIds` that are ventures of the account. */
export async function findVentureIdsInAccount(
  db: DatabaseExecutor,
  accountId: string,
  ventureIds: string[],
): Promise<string[]> {
  if (ventureIds.length === 0) return [];
  const rows = await db
    .select({ id: ventures.id })
    .from(ventures)
    .where(and(eq(ventures.accountId, accountId), inArray(ventures.id, ventureIds)));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- writes

/** Inserts a user; a taken email or subject surfaces as a unique violation (see isUniqueViolation). */
export async function insertUser(db: DatabaseExecutor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export type UserPatch = Partial<Pick<UserRow, 'name' | 'title' | 'role' | 'status'>>;

export async function updateUserInAccount(
  db: DatabaseExecutor,
  accountId: string,
  userId: string,
  patch: UserPatch,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(users)
    .set(patch)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)));
}

export async function deleteUserInAccount(
  db: DatabaseExecutor,
  accountId: string,
  userId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
    .returning({ id: users.id });
  return deleted.length > 0;
}

/** Makes the user's venture assignments exactly `ventureIds` (already checked to be the account's). */
export async function replaceUserVentures(
  tx: DatabaseExecutor,
  userId: string,
  ventureIds: string[],
): Promise<void> {
  await tx.delete(userVentures).where(eq(userVentures.userId, userId));
  if (ventureIds.length > 0) {
    await tx
      .insert(userVentures)
      .values(ventureIds.map((ventureId) => ({ userId, ventureId })))
      .onConflictDoNothing();
  }
}

/** Idempotent: assigning a venture twice keeps one assignment. */
export async function addUserVenture(db: DatabaseExecutor, userId: string, ventureId: string): Promise<void> {
  await db.insert(userVentures).values({ userId, ventureId }).onConflictDoNothing();
}

/** Idempotent: removing an assignment that does not exist changes nothing. */
export async function removeUserVenture(
  db: DatabaseExecutor,
  userId: string,
  ventureId: string,
): Promise<void> {
  await db
    .delete(userVentures)
    .where(and(eq(userVentures.userId, userId), eq(userVentures.ventureId, ventureId)));
}

/**
 * Hands every session `fromUserId` owns over to `toUserId` (sessions.owner_id has no cascade), and drops the new
 * owner's now-pointless share rows on them. Returns how many sessions moved.
 */
export async function reassignOwnedSessions(
  tx: DatabaseExecutor,
  accountId: string,
  fromUserId: string,
  toUserId: string,
): Promise<number> {
  const moved = await tx
    .update(sessions)
    .set({ ownerId: toUserId })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.ownerId, fromUserId)))
    .returning({ id: sessions.id });
  if (moved.length > 0) {
    await tx.delete(sessionShares).where(
      and(
        eq(sessionShares.userId, toUserId),
        inArray(
          sessionShares.sessionId,
          moved.map((m) => m.id),
        ),
      ),
    );
  }
  return moved.length;
}
