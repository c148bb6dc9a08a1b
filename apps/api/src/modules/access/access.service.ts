/**
 * The one place for row-level rules (ARCHITECTURE.md "Identity and authorisation"): who may see or change which
 * session and which venture. Route-level rules (member/admin) are enforced earlier by http/auth.ts.
 *
 * A row outside the actor's account, or one the actor may not see at all, is answered with 404 — never 403 — so
 * nobody learns that another account's (or a colleague's private) row exists.
 */
import { sessionAccessAllows } from '@argo/contract';
import type { DatabaseExecutor } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { AppError, forbidden, notFound } from '../../http/errors';
import {
  findSessionAccessRow,
  findVentureAccessRow,
  type SessionAccessLevel,
  type SessionAccessRow,
} from './access.repository';

export type { SessionAccessLevel } from './access.repository';

/** view: read; edit: update and run; manage: delete and share (owner or admin). */
export type SessionRight = 'view' | 'edit' | 'manage';
/** view: read; edit: change fields and team; manage: delete (admins only). */
export type VentureRight = 'view' | 'edit' | 'manage';

/** The actor's access to a session, with the facts the callers check next (owner, status). */
export interface SessionAccessCheck {
  access: SessionAccessLevel;
  ownerId: string;
  status: SessionAccessRow['status'];
}

/** The actor's level on a session (its access row as they see it); null when they may not see it. */
function sessionLevelOf(actor: ActorUser, row: SessionAccessRow | null): SessionAccessLevel | null {
  if (!row) return null;
  if (row.ownerId === actor.id) return 'owner';
  if (actor.role === 'admin') return 'admin';
  return row.shareAccess;
}

/** Whether a venture (its access row as the actor sees it) is visible to the actor: admins, assigned members. */
function ventureIsVisible(actor: ActorUser, row: { isAssigned: boolean } | null): boolean {
  return row !== null && (actor.role === 'admin' || row.isAssigned);
}

/** The actor's access to a session; 404 when it is not in their account or they may not see it. */
async function checkSessionAccess(
  db: DatabaseExecutor,
  actor: ActorUser,
  sessionId: string,
): Promise<SessionAccessCheck> {
  const row = await findSessionAccessRow(db, actor, sessionId);
  const access = sessionLevelOf(actor, row);
  if (!row || !access) throw notFound('Session');
  return { access, ownerId: row.ownerId, status: row.status };
}

/** Whether an access level grants a right; the same table the web client uses to show or hide actions. */
export function hasSessionRight(access: SessionAccessLevel, needed: SessionRight): boolean {
  if (needed === 'view') return true;
  return sessionAccessAllows(access, needed === 'edit' ? 'update' : 'delete');
}

/**
 * Like checkSessionAccess, and 403 saying what to do when the level is too low. Returns the actor's level with
 * the session's owner and status (for the status checks that usually follow).
 */
export async function requireSessionAccess(
  db: DatabaseExecutor,
  actor: ActorUser,
  sessionId: string,
  needed: SessionRight,
): Promise<SessionAccessCheck> {
  const check = await checkSessionAccess(db, actor, sessionId);
  const { access } = check;
  if (hasSessionRight(access, needed)) return check;
  if (needed === 'edit') {
    throw forbidden('You have view access to this session; ask its owner for edit access.');
  }
  throw forbidden(
    `You have ${access} access to this session; only its owner or an admin of your account can delete or share it.`,
  );
}

/**
 * requireSessionAccess with a read of the session's data started alongside it (one round trip instead of two, for
 * the calls polled or paged often). The read is answered only once the check passed: a caller without access
 * hears the check's 404/403, whatever the read did.
 */
export async function readWithSessionAccess<T>(
  db: DatabaseExecutor,
  actor: ActorUser,
  sessionId: string,
  needed: SessionRight,
  read: () => Promise<T>,
): Promise<{ check: SessionAccessCheck; value: T }> {
  const reading = read();
  reading.catch(() => {}); // awaited below, after the check; never an unhandled rejection
  const check = await requireSessionAccess(db, actor, sessionId, needed);
  return { check, value: await reading };
}

/**
 * Checks that the actor may use a venture: admins every venture of their account, members the ventures they are
 * assigned to (view, edit). Deleting (manage) is for admins only. 404 when the venture is not visible.
 * `field` names the request field that carried the id (e.g. `venture_id` of a session) so the 404 points at it.
 */
export async function requireVentureAccess(
  db: DatabaseExecutor,
  actor: ActorUser,
  ventureId: string,
  needed: VentureRight,
  field?: string,
): Promise<void> {
  if (!ventureIsVisible(actor, await findVentureAccessRow(db, actor, ventureId))) {
    if (field) throw new AppError('not_found', `${field}: no venture with this id in your ventures.`, field);
    throw notFound('Venture');
  }
  if (needed === 'manage' && actor.role !== 'admin') {
    throw forbidden('Only an admin of your account can delete a venture.');
  }
}

/**
 * Whether the actor may use a row kept on a venture but derived from one of its sessions — an ICP profile, whose
 * examples, places and sizes are that session's businesses: only when they may use the venture with the right
 * needed (as requireVentureAccess) AND see the session (any level: the row is the venture's to change, so a view
 * share is enough to rename or delete it). A row whose session was deleted is the venture's alone. False instead
 * of a 403: the caller answers 404, as for every row the actor may not see. The list calls' rule for many rows is
 * access.repository's derivedFromVisibleSessionRule.
 */
export async function maySeeSessionDerivedRow(
  db: DatabaseExecutor,
  actor: ActorUser,
  row: { ventureId: string; sessionId: string | null },
  needed: VentureRight,
): Promise<boolean> {
  if (!ventureIsVisible(actor, await findVentureAccessRow(db, actor, row.ventureId))) return false;
  if (needed === 'manage' && actor.role !== 'admin') return false;
  if (row.sessionId === null) return true;
  return sessionLevelOf(actor, await findSessionAccessRow(db, actor, row.sessionId)) !== null;
}
