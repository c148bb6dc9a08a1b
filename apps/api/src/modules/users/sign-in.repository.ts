/**
 * The sign-in side of users: the lookup every authenticated request makes (the Argo user behind a verified identity,
 * and whether its provider session still exists), and the built-in provider's sign-in sessions and state.
 */
import { sql } from 'drizzle-orm';
import type { IdTokenClaims } from '../../auth/identity-provider';
import type { Database, DatabaseExecutor } from '../../db/client';
import type { UserRole, UserStatus } from '../../db/schema/users';
import type { ActorUser, IdentityLookup } from '../../http/auth';
import { rememberSessionAccessRow, type SessionAccessRow } from '../access/access.repository';
import { rememberSuppressionValues, type SuppressionValue } from '../privacy/suppressions.repository';
import { isUniqueViolation } from './users.repository';

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
const TOUCH_LAST_SEEN = `
    touched as (
      update users set last_seen_at = now()
      where idp_subject = $1 and (last_seen_at is null or last_seen_at < now() - interval '1 minute')
      returning id
    )`;
const IDENTITY = `
    select ($2::text is null or exists (
              select 1 from auth_sessions s where s.id = $2::text and s.user_id = $1 and s.expires_at > now()
            )) as session_active,
           u.id, u.account_id, u.email, u.role, u.status, a.require_admin_mfa
    from (select 1) as one
    left join users u on u.idp_subject = $1
    left join accounts a on a.id = u.account_id`;

const IDENTITY_LOOKUP = { name: 'argo_identity_lookup', text: `with ${TOUCH_LAST_SEEN} ${IDENTITY}` };

/**
 * The same, for a request to one session's route: with the caller's access row of that session (the session, if it
 * is in the user's account, and the user's share of it), as access.repository's sessionAccessStatement reads it. The
 * request's access check then needs no statement of its own: one round trip fewer on the calls polled and paged
 * most (results, info, export). The account's do-not-contact list comes with it (small, one indexed scan), so a page
 * of results applies it without a statement of its own.
 */
const IDENTITY_WITH_SESSION_ACCESS = {
  name: 'argo_identity_with_session_access',
  text: `
    with ${TOUCH_LAST_SEEN}, me as (${IDENTITY})
    select me.*, s.id is not null as session_found, s.owner_id as session_owner_id, s.status as session_status,
           sh.access as session_share_access,
           (select coalesce(json_agg(json_build_object('kind', sp.kind, 'value', sp.value)), '[]'::json)
              from suppressions sp where sp.account_id = me.account_id) as suppression_values
    from me
    left join sessions s on s.id = $3::uuid and s.account_id = me.account_id
    left join session_shares sh on sh.session_id = s.id and sh.user_id = me.id`,
};

type SessionAccessColumns = {
  suppression_values: SuppressionValue[];
  session_found: boolean;
  session_owner_id: string | null;
  session_status: SessionAccessRow['status'] | null;
  session_share_access: SessionAccessRow['shareAccess'];
};

async function lookUpSubject(
  db: Database,
  subject: string,
  sessionId: string | undefined,
  accessTo?: string,
): Promise<{
  sessionActive: boolean;
  row: ActorRow | null;
  sessionAccess?: SessionAccessRow | null;
  suppressionValues?: SuppressionValue[];
}> {
  const result = await db.$client.query<
    ActorRow & { session_active: boolean } & Partial<SessionAccessColumns>
  >(
    accessTo === undefined
      ? { ...IDENTITY_LOOKUP, values: [subject, sessionId ?? null] }
      : { ...IDENTITY_WITH_SESSION_ACCESS, values: [subject, sessionId ?? null, accessTo] },
  );
  const first = result.rows[0];
  if (!first) return { sessionActive: false, row: null };
  const {
    session_active: sessionActive,
    session_found: found,
    session_owner_id: ownerId,
    session_status: status,
    session_share_access: shareAccess,
    suppression_values: suppressionValues,
    ...row
  } = first;
  if (!row.id) return { sessionActive, row: null };
  if (accessTo === undefined) return { sessionActive, row };
  return {
    sessionActive,
    row,
    sessionAccess: found && ownerId && status ? { ownerId, status, shareAccess: shareAccess ?? null } : null,
    suppressionValues: suppressionValues ?? [],
  };
}

/**
 * The Argo user behind a verified identity: by `idp_subject`; else, on first sight, the pending invitation whose
 * sign-in the invitation itself made (`joins_on_sign_in`: the person signed in with the emailed temporary
 * password, which accepts it) — only when the provider says the token's email is verified — is linked to this
 * subject (and becomes active) in one conditional UPDATE, so two concurrent first requests cannot both link. Any
 * other invitation waits for the person to accept it (invitations.service). `user` is null when
 * the identity has no Argo user yet; `sessionActive` is false when the token's provider session is gone.
 * `accessTo`: the session the request is for, whose access row is read in the same statement and kept for the
 * request's access check (access.repository's rememberSessionAccessRow).
 */
export async function findUserForIdentity(
  db: Database,
  claims: IdTokenClaims,
  accessTo?: string,
): Promise<IdentityLookup> {
  const known = await lookUpSubject(db, claims.sub, claims.sessionId, accessTo);
  if (!known.sessionActive) return { sessionActive: false, user: known.row ? toActor(known.row) : null };
  if (known.row) {
    const user = toActor(known.row);
    if (accessTo !== undefined && known.sessionAccess !== undefined) {
      rememberSessionAccessRow(user, accessTo, known.sessionAccess);
    }
    if (known.suppressionValues) rememberSuppressionValues(user, known.suppressionValues);
    return { sessionActive: true, user };
  }
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
