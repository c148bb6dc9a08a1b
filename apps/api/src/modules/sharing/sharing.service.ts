import type { GrantAccessBody, SharedUser } from '@argo/contract';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { requireSessionAccess } from '../access/access.service';
import { toSharedUser } from './sharing.mapper';
import {
  deleteShare,
  findAccountUser,
  findSharedUser,
  listSharedUsers,
  upsertShare,
} from './sharing.repository';

/**
 * Shares a session with a user of the same account (owner or admin only). Granting again changes the
 * level. The owner already has every right, so granting to them is refused.
 */
export async function grantSessionAccess(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  body: GrantAccessBody,
): Promise<SharedUser> {
  const { ownerId } = await requireSessionAccess(db, actor, sessionId, 'manage');
  const field = body.user_id !== undefined ? 'user_id' : 'email';
  const user = await findAccountUser(
    db,
    actor.accountId,
    body.user_id !== undefined ? { id: body.user_id } : { email: body.email ?? '' },
  );
  if (!user) {
    const what = field === 'email' ? 'email' : 'id';
    throw new AppError('not_found', `No user with this ${what} in your account.`, field);
  }
  if (user.id === ownerId) {
    throw badRequest(`${field}: this user owns the session and already has full access.`, field);
  }
  await upsertShare(db, { sessionId, userId: user.id, access: body.access, grantedBy: actor.id });
  const shared = await findSharedUser(db, sessionId, user.id);
  if (!shared) throw new Error('the share just written was not found');
  return toSharedUser(shared);
}

/** Revokes a grant; the user's next call is refused (access is read from the database on every call). */
export async function revokeSessionAccess(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  userId: string,
): Promise<void> {
  const { ownerId } = await requireSessionAccess(db, actor, sessionId, 'manage');
  const user = await findAccountUser(db, actor.accountId, { id: userId });
  if (!user) throw new AppError('not_found', 'No user with this id in your account.', 'user_id');
  if (user.id === ownerId) {
    throw badRequest("user_id: this user owns the session; an owner's access cannot be revoked.", 'user_id');
  }
  // Revoking a grant that does not exist is not an error: the outcome the caller wants already holds.
  await deleteShare(db, sessionId, userId);
}

export async function listSessionSharedUsers(
  db: Database,
  actor: ActorUser,
  sessionId: string,
): Promise<SharedUser[]> {
  await requireSessionAccess(db, actor, sessionId, 'view');
  return (await listSharedUsers(db, sessionId)).map(toSharedUser);
}
