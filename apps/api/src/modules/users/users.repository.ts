import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { IdTokenClaims } from '../../auth/identity-provider';
import type { Database, DatabaseExecutor } from '../../db/client';
import { sessionShares, sessions } from '../../db/schema/sessions';
import {
  type NewUserRow,
  type UserRole,
  type UserRow,
  type UserStatus,
  users,
  userVentures,
} from '../../db/schema/users';
import { ventures } from '../../db/schema/ventures';
import type { ActorUser, IdentityLookup } from '../../http/auth';

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

type ActorRow = {
  id: string;
  account_id: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  require_admin_mfa: boolean;
};

const toActor = (row: ActorRow): ActorUser => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  role: row.role,
  status: row.status,
  accountRequiresAdminMfa: row.require_admin_mfa,
});

/**
 * Runs on every authenticated request: one round trip. It answers whether the provider session the token names still
 * exists (no session id: the provider has none to check) and the Argo user with its account's MFA rule. The CTE
 * bumps last_seen_at only when it is older than a minute, so most requests write nothing. A named statement: each
 * connection prepares it once (PostgreSQL spends longer planning it than running it).
 */
const IDENTITY_LOOKUP = {
  name: 'argo_identity_lookup',
  text: `
    with touched as (
      update users set last_seen_at = now()
      where idp_subject = $1 and (last_seen_at is null or last_seen_at < now() - interval '1 minute')
      returning id
    )
    select ($2::text is null or exists (
              select 1 from auth_sessions s where s.id = $2::text and s.user_id = $1 and s.expires_at > now()
            )) as session_active,
           u.id, u.account_id, u.email, u.role, u.status, a.require_admin_mfa
    from (select 1) as one
    left join users u on u.idp_subject = $1
    left join accounts a on a.id = u.account_id`,
};

async function lookUpSubject(
  db: Database,
  subject: string,
  sessionId: string | undefined,
): Promise<{ sessionActive: boolean; row: ActorRow | null }> {
  const result = await db.$client.query<ActorRow & { session_active: boolean }>({
    ...IDENTITY_LOOKUP,
    values: [subject, sessionId ?? null],
  });
  const first = result.rows[0];
  if (!first) return { sessionActive: false, row: null };
  const { session_active: sessionActive, ...row } = first;
  return { sessionActive, row: row.id ? row : null };
}

/**
 * The Argo user behind a verified identity: by `idp_subject`; else, on first sight, the pending invitation whose
 * sign-in the invitation itself made (`joins_on_sign_in`: the person signed in with the emailed temporary
 * password, which accepts it) — only when the provider says the token's email is verified — is linked to this
 * subject (and becomes active) in one conditional UPDATE, so two concurrent first requests cannot both link. Any
 * other invitation waits for the person to accept it (invitations.service, issue 16 item 6). `user` is null when
 * the identity has no Argo user yet; `sessionActive` is false when the token's provider session is gone.
 */
export async function findUserForIdentity(db: Database, claims: IdTokenClaims): Promise<IdentityLookup> {
  const known = await lookUpSubject(db, claims.sub, claims.sessionId);
  if (!known.sessionActive) return { sessionActive: false, user: known.row ? toActor(known.row) : null };
  if (known.row) return { sessionActive: true, user: toActor(known.row) };
  if (!claims.email || claims.emailVerified !== true) return { sessionActive: true, user: null };
  try {
    const linked = await db.execute<ActorRow>(sql`
      update users
      set idp_subject = ${claims.sub}, status = 'active', last_seen_at = now(),
          name = case when name = '' then ${claims.name ?? ''} else name end
      where status = 'invited' and idp_subject is null and joins_on_sign_in
        and email = ${claims.email.toLowerCase()}
      returning id, account_id, email, role, status,
        (select require_admin_mfa from accounts where accounts.id = users.account_id) as require_admin_mfa`);
    const row = linked.rows[0];
    if (row) return { sessionActive: true, user: toActor(row) };
  } catch (error) {
    // The same subject was linked or given an account by a concurrent request: read what it made.
    if (!isUniqueViolation(error)) throw error;
  }
  // A concurrent request may have linked this subject between our two statements.
  const again = await lookUpSubject(db, claims.sub, claims.sessionId);
  return { sessionActive: again.sessionActive, user: again.row ? toActor(again.row) : null };
}

/**
 * Ends every sign-in session of the built-in provider for this Argo user (disabled or deleted): their ID tokens are
 * refused at once (the auth hook checks the token's session) and the provider will not issue new ones. Matches the
 * sign-in user by subject, or by email before the first sign-in linked it — only for an invitation that made that
 * sign-in: any other sign-in with the address belongs to the person, not to this account's invitation.
 * No-op for other providers' users.
 */
export async function deleteSignInSessions(
  db: DatabaseExecutor,
  user: { idpSubject: string | null; email: string; joinsOnSignIn: boolean },
): Promise<void> {
  const byEmail = user.idpSubject === null && user.joinsOnSignIn;
  await db.execute(sql`
    delete from auth_sessions
    where user_id in (select id from auth_users
                      where id = ${user.idpSubject ?? ''} or (${byEmail}::boolean and email = ${user.email}))`);
}

/** The built-in provider's view of a sign-in user: second factor on, temporary password to replace. */
export async function findSignInState(
  db: DatabaseExecutor,
  subject: string,
): Promise<{ mfaEnabled: boolean; mustChangePassword: boolean } | null> {
  const result = await db.execute<{ two_factor_enabled: boolean; must_change_password: boolean }>(
    sql`select two_factor_enabled, must_change_password from auth_users where id = ${subject}`,
  );
  const row = result.rows[0];
  return row ? { mfaEnabled: row.two_factor_enabled, mustChangePassword: row.must_change_password } : null;
}

// ---------------------------------------------------------------- reads

/** Venture ids per user (ordered), for the given users. */
export async function findVentureIdsByUser(
  db: DatabaseExecutor,
  userIds: string[],
): Promise<Map<string, string[]>> {
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

/** Active admins of the account. */
export async function countActiveAdmins(db: DatabaseExecutor, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'admin'), eq(users.status, 'active')));
  return row?.total ?? 0;
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

export type UserPatch = Partial<Pick<UserRow, 'name' | 'role' | 'status'>>;

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
