import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DatabaseExecutor, preparedPerDatabase } from '../../db/client';
import { type ShareAccess, sessionShares, sessions, userVentures, ventures } from '../../db/schema';
import type { ActorUser } from '../../http/auth';

export type SessionAccessLevel = 'owner' | 'admin' | 'edit' | 'view';

/** What the access rules need to know about one session, as seen by one user. */
export interface SessionAccessRow {
  ownerId: string;
  status: (typeof sessions.$inferSelect)['status'];
  /** The caller's share of the session, if any. */
  shareAccess: ShareAccess | null;
}

/**
 * The statement behind findSessionAccessRow, prepared once per connection under a name: it runs on nearly every
 * request, and PostgreSQL spends longer planning it than running it.
 */
const sessionAccessStatement = preparedPerDatabase((db) =>
  db
    .select({ ownerId: sessions.ownerId, status: sessions.status, shareAccess: sessionShares.access })
    .from(sessions)
    .leftJoin(
      sessionShares,
      and(eq(sessionShares.sessionId, sessions.id), eq(sessionShares.userId, sql.placeholder('userId'))),
    )
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.accountId, sql.placeholder('accountId')),
      ),
    )
    .limit(1)
    .prepare('argo_session_access_row'),
);

/**
 * Access rows the sign-in lookup read with the caller's identity, in the same statement (sign-in.repository.ts), for
 * a request to a session's route: the request's first access check uses it instead of asking again. Keyed by the
 * request's actor object (made afresh for every request), so a row serves only the request it was read for, and it
 * is used once: a later check in the same request reads the session again.
 */
const readWithIdentity = new WeakMap<ActorUser, { sessionId: string; row: SessionAccessRow | null }>();

export function rememberSessionAccessRow(
  actor: ActorUser,
  sessionId: string,
  row: SessionAccessRow | null,
): void {
  readWithIdentity.set(actor, { sessionId, row });
}

/** The session (only if it is in the actor's account) and the actor's share of it, in one indexed lookup. */
export async function findSessionAccessRow(
  db: DatabaseExecutor,
  actor: ActorUser,
  sessionId: string,
): Promise<SessionAccessRow | null> {
  const known = readWithIdentity.get(actor);
  if (known) {
    readWithIdentity.delete(actor);
    if (known.sessionId === sessionId) return known.row;
  }
  const [row] = await sessionAccessStatement(db).execute({
    userId: actor.id,
    sessionId,
    accountId: actor.accountId,
  });
  return row ?? null;
}

/** The venture (only if it is in the actor's account) and whether the actor is assigned to it. */
export async function findVentureAccessRow(
  db: DatabaseExecutor,
  actor: ActorUser,
  ventureId: string,
): Promise<{ isAssigned: boolean } | null> {
  const [row] = await db
    .select({
      isAssigned: sql<boolean>`exists (select 1 from ${userVentures} where ${userVentures.ventureId} = ${ventures.id} and ${userVentures.userId} = ${actor.id})`,
    })
    .from(ventures)
    .where(and(eq(ventures.id, ventureId), eq(ventures.accountId, actor.accountId)))
    .limit(1);
  return row ?? null;
}

/** `sessions.id` is one of the sessions shared with the actor (an init-plan array, so it can use sessions_pkey). */
export function isSharedWithActor(actor: ActorUser): SQL {
  return sql`${sessions.id} = any(array(select ${sessionShares.sessionId} from ${sessionShares} where ${sessionShares.userId} = ${actor.id}))`;
}

/**
 * The row-level rule for listing sessions, as SQL over `sessions` alone: which rows the actor may see and the
 * actor's access level to each. Admins see every session of their account; members their own and those shared
 * with them. Written without a join so PostgreSQL can pick, by its statistics, either the (account_id, created_at)
 * index in order (a member who owns many sessions, admins) or a BitmapOr of the owner index and the primary key
 * (a member who owns few of a large account's sessions); the share level is a sub-select that is evaluated only
 * for the rows of the page.
 */
export function sessionListRule(actor: ActorUser): { visible: SQL; access: SQL<SessionAccessLevel> } {
  const isOwner = sql`${sessions.ownerId} = ${actor.id}`;
  const inAccount = eq(sessions.accountId, actor.accountId);
  if (actor.role === 'admin') {
    return {
      visible: inAccount,
      access: sql<SessionAccessLevel>`case when ${isOwner} then 'owner' else 'admin' end`,
    };
  }
  return {
    visible: and(inAccount, sql`(${isOwner} or ${isSharedWithActor(actor)})`) as SQL,
    access: sql<SessionAccessLevel>`case when ${isOwner} then 'owner' else (select ${sessionShares.access}::text from ${sessionShares} where ${sessionShares.sessionId} = ${sessions.id} and ${sessionShares.userId} = ${actor.id}) end`,
  };
}

/** Ventures the actor may see: every venture of the account for admins, the assigned ones for members. */
export function visibleVenturesRule(actor: ActorUser): SQL {
  const inAccount = eq(ventures.accountId, actor.accountId);
  if (actor.role === 'admin') return inAccount;
  return and(
    inAccount,
    sql`exists (select 1 from ${userVentures} where ${userVentures.ventureId} = ${ventures.id} and ${userVentures.userId} = ${actor.id})`,
  ) as SQL;
}

/**
 * The row-level rule for rows kept on a venture but derived from one of its sessions (ICP profiles), as SQL over
 * the row's session id: the session is one the actor may view — admins every session of their account, members
 * their own and those shared with them (as checkSessionAccess decides for one) — or it is gone (null), and the row
 * is the venture's alone. The venture's own rule is checked by the caller first.
 */
export function derivedFromVisibleSessionRule(actor: ActorUser, sessionId: AnyPgColumn): SQL {
  const ownOrShared =
    actor.role === 'admin'
      ? sql`true`
      : sql`(${sessions.ownerId} = ${actor.id} or exists (select 1 from ${sessionShares} where ${sessionShares.sessionId} = ${sessions.id} and ${sessionShares.userId} = ${actor.id}))`;
  return sql`(${sessionId} is null or exists (select 1 from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.accountId} = ${actor.accountId} and ${ownOrShared}))`;
}
