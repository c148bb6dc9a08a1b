import type { InviteUserBody, Role, User } from '@argo/contract';
import { type IdentityProvider, InvitationNotSentError } from '../../auth/identity-provider';
import type { Database, DatabaseExecutor } from '../../db/client';
import { type Actor, type ActorUser, enforceAccess } from '../../http/auth';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { findAccount } from '../accounts/accounts.repository';
import { toUser } from './users.mapper';
import {
  deleteSignInSessions,
  deleteUserInAccount,
  findSignInState,
  findUserByEmail,
  findUserInAccount,
  findVentureIdsInAccount,
  insertUser,
  isUniqueViolation,
  listUsersByAccount,
  lockActiveAdminIds,
  reassignOwnedSessions,
  replaceUserVentures,
  type UserPatch,
  type UserRecord,
  updateUserInAccount,
} from './users.repository';

export const NO_ARGO_USER_MESSAGE = 'You have no Argo account yet. Create your organisation first.';
export const LAST_ADMIN_MESSAGE = 'An account needs at least one admin: make another user an admin first.';
export const EMAIL_TAKEN_MESSAGE = 'A user with this email already exists.';

const userNotFound = () => notFound('User');

/**
 * The Argo user of an `identity` route (users/me, accounts/me): 404 when the signed-in person has no Argo user
 * yet (the web then offers to create an organisation), 403 when their user is disabled — the same answer as on
 * every member route.
 */
export function requireArgoUser(actor: Actor): ActorUser {
  if (actor.kind !== 'user') {
    if (actor.kind === 'identity') throw new AppError('not_found', NO_ARGO_USER_MESSAGE);
    throw new AppError('unauthenticated', 'Sign in to continue.');
  }
  enforceAccess('member', actor);
  return actor.user;
}

async function loadUser(db: DatabaseExecutor, accountId: string, userId: string): Promise<User> {
  const record = await findUserInAccount(db, accountId, userId);
  if (!record) throw userNotFound();
  return toUser(record);
}

/**
 * PRODUCT §2: an account always keeps an active admin. This is the one guard for every path that may take an
 * admin away (PUT /users/:id, admin assign-role, DELETE /users/:id and /admin/users/:id).
 *
 * Call it first in the transaction that makes the change, before reading the target: it locks the account's
 * active admin rows (SELECT … FOR UPDATE), so two concurrent demotions serialise and the later one sees the earlier
 * one's result. Refuses when `userId` is the only active admin; returns the active admins other than `userId`,
 * oldest first (never empty).
 */
export async function ensureAnotherAdminRemains(
  tx: DatabaseExecutor,
  accountId: string,
  userId: string,
): Promise<string[]> {
  const others = (await lockActiveAdminIds(tx, accountId)).filter((id) => id !== userId);
  if (others.length === 0) throw conflict(LAST_ADMIN_MESSAGE);
  return others;
}

/** Deduplicated `ventureIds`, all ventures of the account; 400 naming the field (`field`) otherwise. */
export async function checkAccountVentures(
  db: DatabaseExecutor,
  accountId: string,
  ventureIds: readonly string[],
  field = 'venture_ids',
): Promise<string[]> {
  const wanted = [...new Set(ventureIds)];
  const found = new Set(await findVentureIdsInAccount(db, accountId, wanted));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw badRequest(
      `${field}: your account has no venture with the id ${missing.join(', ')}. Pick ventures from your account's list.`,
      field,
    );
  }
  return wanted;
}

// ---------------------------------------------------------------- reads

/**
 * GET /users/me. With the built-in provider it also says whether the user has a second factor on and whether they
 * must still replace a temporary password (the web routes them to /mfa or /password/set).
 */
export async function getMe(db: Database, actor: Actor): Promise<User> {
  const user = requireArgoUser(actor);
  const [me, signIn] = await Promise.all([
    loadUser(db, user.accountId, user.id),
    actor.kind === 'user' ? findSignInState(db, actor.claims.sub) : null,
  ]);
  return signIn
    ? { ...me, mfa_enabled: signIn.mfaEnabled, must_change_password: signIn.mustChangePassword }
    : me;
}

export async function listUsers(db: Database, actor: ActorUser): Promise<User[]> {
  return (await listUsersByAccount(db, actor.accountId)).map(toUser);
}

export async function getUser(db: Database, actor: ActorUser, userId: string): Promise<User> {
  return loadUser(db, actor.accountId, userId);
}

// ---------------------------------------------------------------- changes

export interface UserChanges {
  name?: string | null | undefined;
  role?: Role | undefined;
  status?: 'active' | 'disabled' | undefined;
  ventureIds?: readonly string[] | undefined;
}

/**
 * Changes a user of the actor's account (PUT /users/:id and admin assign-role). `status: 'active'` on a user who
 * never signed in (no idp_subject) puts them back to `invited`, so their first sign-in still links them.
 */
export async function updateUser(
  db: Database,
  actor: ActorUser,
  userId: string,
  changes: UserChanges,
): Promise<User> {
  return db.transaction(async (tx) => {
    const mayRemoveAdmin = changes.role === 'member' || changes.status === 'disabled';
    if (mayRemoveAdmin) await ensureAnotherAdminRemains(tx, actor.accountId, userId);
    const target = await findUserInAccount(tx, actor.accountId, userId, { forUpdate: true });
    if (!target) throw userNotFound();

    const patch: UserPatch = {};
    if (changes.name !== undefined) patch.name = changes.name ?? '';
    if (changes.role !== undefined) patch.role = changes.role;
    if (changes.status !== undefined) {
      patch.status = changes.status === 'active' && target.idpSubject === null ? 'invited' : changes.status;
    }
    await updateUserInAccount(tx, actor.accountId, userId, patch);
    // A disabled user is signed out everywhere: their tokens stop working at once.
    if (patch.status === 'disabled') await deleteSignInSessions(tx, target);
    if (changes.ventureIds !== undefined) {
      await replaceUserVentures(
        tx,
        userId,
        await checkAccountVentures(tx, actor.accountId, changes.ventureIds),
      );
    }
    return loadUser(tx, actor.accountId, userId);
  });
}

export async function updateMe(db: Database, actor: ActorUser, name: string): Promise<User> {
  await updateUserInAccount(db, actor.accountId, actor.id, { name });
  return loadUser(db, actor.accountId, actor.id);
}

export const INVITATION_EMAIL_FAILED_MESSAGE =
  'The user was invited, but the invitation email could not be sent. Invite the same email again to resend it.';

/** The provider gives the invited person a way to sign in and emails them (built-in: a temporary password). */
async function sendInvitation(
  db: Database,
  identity: IdentityProvider,
  actor: ActorUser,
  invited: { email: string; name: string | null },
): Promise<void> {
  if (!identity.inviteUser) return;
  const [account, inviter] = await Promise.all([
    findAccount(db, actor.accountId),
    findUserInAccount(db, actor.accountId, actor.id),
  ]);
  try {
    await identity.inviteUser({
      email: invited.email,
      name: invited.name,
      accountName: account?.name ?? 'your organisation',
      invitedBy: inviter?.name ? `${inviter.name} (${actor.email})` : actor.email,
    });
  } catch (error) {
    if (error instanceof InvitationNotSentError)
      throw new AppError('internal', INVITATION_EMAIL_FAILED_MESSAGE);
    throw error;
  }
}

/**
 * Invites a person to the actor's account: an `invited` user without idp_subject, and (through the identity
 * provider) a sign-in with a temporary password emailed to them. When that person first calls the API with a
 * verified email, the auth hook links them (users.repository findUserForIdentity). Emails are unique across all
 * accounts, so an email already used anywhere is refused — except a user of this account who is still invited:
 * inviting them again sends a fresh temporary password.
 */
export async function inviteUser(
  db: Database,
  identity: IdentityProvider,
  actor: ActorUser,
  body: InviteUserBody,
): Promise<User> {
  const existing = await findUserByEmail(db, body.email);
  if (existing) {
    const stillInvited =
      existing.accountId === actor.accountId && existing.status === 'invited' && existing.idpSubject === null;
    if (!stillInvited) throw conflict(EMAIL_TAKEN_MESSAGE);
    await sendInvitation(db, identity, actor, { email: existing.email, name: existing.name || null });
    return loadUser(db, actor.accountId, existing.id);
  }
  let user: User;
  try {
    user = await db.transaction(async (tx) => {
      const ventureIds = await checkAccountVentures(tx, actor.accountId, body.venture_ids);
      const row = await insertUser(tx, {
        accountId: actor.accountId,
        email: body.email,
        name: body.name ?? '',
        role: body.role,
        status: 'invited',
      });
      await replaceUserVentures(tx, row.id, ventureIds);
      return toUser({ ...row, ventureIds } satisfies UserRecord);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  await sendInvitation(db, identity, actor, { email: user.email, name: user.name });
  return user;
}

/**
 * Deletes a user of the actor's account (DELETE /users/:id and /admin/users/:id). Deleting yourself is allowed
 * while another active admin remains.
 *
 * sessions.owner_id references users without cascade. Rather than refusing with "this user owns N sessions"
 * (which would send the admin off to hand each one over first), the sessions are handed to the admin who deletes —
 * or, when admins delete themselves, to the oldest remaining admin — so no work is lost. Shares, venture
 * assignments and team links of the user go with the row (cascade / set null).
 */
export async function deleteUser(db: Database, actor: ActorUser, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const otherAdmins = await ensureAnotherAdminRemains(tx, actor.accountId, userId);
    const target = await findUserInAccount(tx, actor.accountId, userId, { forUpdate: true });
    if (!target) throw userNotFound();
    const heir = target.id === actor.id ? otherAdmins[0] : actor.id;
    if (!heir) throw conflict(LAST_ADMIN_MESSAGE);
    await reassignOwnedSessions(tx, actor.accountId, target.id, heir);
    await deleteUserInAccount(tx, actor.accountId, target.id);
    // Signed out everywhere: their tokens stop working at once.
    await deleteSignInSessions(tx, target);
  });
}
