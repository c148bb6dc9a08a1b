import {
  type CreateSessionBody,
  canDoSessionAction,
  type ListSessionsQuery,
  type PagedSessions,
  SESSION_ACTIONS,
  type Session,
  type SessionInfo,
  type UpdateSessionBody,
} from '@argo/contract';
import type { Database } from '../../db/client';
import type { SessionStatus } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import { readWithSessionAccess, requireSessionAccess, requireVentureAccess } from '../access/access.service';
import { toSharedUser } from '../sharing/sharing.mapper';
import { getRunInfo } from './lifecycle.service';
import { toSession } from './sessions.mapper';
import {
  deleteSessionInStatus,
  findSessionInfoRow,
  findSessionWithOwner,
  insertSession,
  listSessions,
  updateSession,
} from './sessions.repository';

/** Statuses in which a session may be deleted: not while queued or running. */
const DELETABLE = (Object.keys(SESSION_ACTIONS) as SessionStatus[]).filter((s) =>
  canDoSessionAction(s, 'delete'),
);

async function loadSession(db: Database, actor: ActorUser, sessionId: string) {
  const row = await findSessionWithOwner(db, actor.accountId, sessionId);
  if (!row) throw notFound('Session');
  return row;
}

/** A new `draft` session owned by the caller; its venture must be one the caller can see. */
export async function createSession(
  db: Database,
  actor: ActorUser,
  body: CreateSessionBody,
): Promise<Session> {
  if (body.venture_id) await requireVentureAccess(db, actor, body.venture_id, 'view', 'venture_id');
  const id = await insertSession(db, {
    accountId: actor.accountId,
    ownerId: actor.id,
    ventureId: body.venture_id ?? null,
    name: body.name,
    type: body.type,
    input: body.input ?? {},
    status: 'draft',
  });
  return toSession(await loadSession(db, actor, id), 'owner');
}

/** The session with its counts by enrichment state and its shared users (any access level). */
export async function getSessionInfo(
  db: Database,
  actor: ActorUser,
  sessionId: string,
): Promise<SessionInfo> {
  // Polled every few seconds while a job runs: the session (with its shares, its run and the counts of its current
  // run) is read in one statement, and access was read with the sign-in (http/auth.ts) — one round trip after it (an
  // import's rejected rows need a second). Few statements matter here: each costs the API's event loop more than
  // PostgreSQL (bench/load.mjs).
  const {
    check: { access },
    value: row,
  } = await readWithSessionAccess(db, actor, sessionId, 'view', async () => {
    const info = await findSessionInfoRow(db, actor.accountId, sessionId);
    if (!info) throw notFound('Session');
    return info;
  });
  const { byState, sharedUsers: shared, run } = row;
  const businessCount = Object.values(byState).reduce((sum, n) => sum + n, 0);
  // The businesses found by the current run are the ones just counted.
  const runInfo = await getRunInfo(db, row, run, run?.runId === row.runId ? businessCount : undefined);
  return {
    ...toSession(row, access),
    counts: {
      businesses: businessCount,
      by_enrichment_state: byState,
    },
    shared_users: shared.map(toSharedUser),
    ...runInfo,
    attribute_columns: row.attributeColumns ?? [],
  };
}

/** Members: own sessions and those shared with them; admins: every session of the account. */
export async function listVisibleSessions(
  db: Database,
  actor: ActorUser,
  query: ListSessionsQuery,
): Promise<PagedSessions> {
  const { rows, total } = await listSessions(
    db,
    actor,
    { scope: query.scope, search: query.search, status: query.status },
    query.page,
    query.page_size,
  );
  return {
    items: rows.map(({ access, ...row }) => toSession(row, access)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** Rename a session or change its venture (edit access; allowed in every status). */
export async function changeSession(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  body: UpdateSessionBody,
): Promise<Session> {
  const { access } = await requireSessionAccess(db, actor, sessionId, 'edit');
  if (body.venture_id) await requireVentureAccess(db, actor, body.venture_id, 'view', 'venture_id');
  if (body.name !== undefined || body.venture_id !== undefined) {
    await updateSession(db, actor.accountId, sessionId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.venture_id !== undefined ? { ventureId: body.venture_id } : {}),
    });
  }
  return toSession(await loadSession(db, actor, sessionId), access);
}

function deleteRefusal(status: SessionStatus): string {
  if (status === 'queued' || status === 'running') {
    return `The session is ${status}; cancel it before deleting it.`;
  }
  return `Cannot delete a session that is ${status}.`;
}

/**
 * Deletes a session (owner or admin) when its status allows it. Its businesses, enrichment results and shares go
 * with it by foreign-key cascade in the same statement.
 */
export async function removeSession(db: Database, actor: ActorUser, sessionId: string): Promise<void> {
  const { status } = await requireSessionAccess(db, actor, sessionId, 'manage');
  if (!canDoSessionAction(status, 'delete')) throw conflict(deleteRefusal(status));
  const isDeleted = await deleteSessionInStatus(db, actor.accountId, sessionId, DELETABLE);
  if (!isDeleted) {
    // Its status changed between the check and the delete (a worker picked it up): say what it is now.
    const now = await findSessionWithOwner(db, actor.accountId, sessionId);
    if (now) throw conflict(deleteRefusal(now.status));
  }
}
