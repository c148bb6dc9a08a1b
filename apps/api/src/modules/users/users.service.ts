import type { InviteUserBody, Role, User } from '@argo/contract';
import {
  type IdentityProvider,
  InvitationNotSentError,
  type InvitationSent,
} from '../../auth/identity-provider';
import type { Database, DatabaseExecutor } from '../../db/client';
import { type Actor, type ActorUser, enforceAccess } from '../../http/auth';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { findAccount } from '../accounts/accounts.repository';
import { deleteSignInSessions, findSignInState } from './sign-in.repository';
import { toUser } from './users.mapper';
import {
  deleteUserInAccount,
  findEmailElsewhere,
  findUserInAccount,
  findUserInAccountByEmail,
  findVentureIdsInAccount,
  insertUser,
  isUniqueViolation,
  listUsersByAccount,
  lockActiveAdminIds,
  reassignOwnedSessions,
  replaceUserVentures,
  setJoinsOnSignIn,
  type UserPatch,
  type UserRecord,
  updateUserInAccount,
} from './users.repository';

const NO_ARGO_USER_MESSAGE = 'You have no Argo account yet. Create your organisation first.';
const LAST_ADMIN_MESSAGE = 'An account needs at least one admin: make another user an admin first.';
/** Inviting a user of the own account (not a pending invitation): only ever about the admin's own organisation. */
const ALREADY_IN_ACCOUNT_MESSAGE = 'This email already belongs to a user of your organisation.';

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
 * An account always keeps an active admin. This is the one guard for every path that may take an admin away (PUT
 * /users/:id, admin assign-role, DELETE /users/:id and /admin/users/:id).
 *
 * Call it first in the transaction that makes the change, before reading the target: it locks the account's
 * active admin rows (SELECT … FOR UPDATE), so two concurrent demotions serialise and the later one sees the earlier
 * one's result. Refuses when `userId` is the only active admin; returns the active admins other than `userId`,
 * oldest first (never empty).
 */
async function ensureAnotherAdminRemains(
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

/** The own name, and the job title when given (null clears it; the column keeps '' for "none"). */
export async function updateMe(
  db: Database,
  actor: ActorUser,
  changes: { name: string; title?: string | null | undefined },
): Promise<User> {
  await updateUserInAccount(db, actor.accountId, actor.id, {
    name: changes.name,
    ...(changes.title !== undefined ? { title: changes.title ?? '' } : {}),
  });
  return loadUser(db, actor.accountId, actor.id);
}

const INVITATION_EMAIL_FAILED_MESSAGE =
  'The user was invited, but the invitation email could not be sent. Invite the same email again to resend it.';

/**
 * The provider gives the invited person a way to sign in and emails them (built-in: a temporary password, or word
 * that an invitation waits for them). What other accounts hold for the address decides which email goes out and
 * whether signing in accepts the invitation; none of it reaches the admin.
 */
async function sendInvitation(
  db: Database,
  identity: IdentityProvider,
  actor: ActorUser,
  invited: { id: string; email: string; name: string | null },
): Promise<void> {
  if (!identity.inviteUser) return;
  const [account, inviter, elsewhere] = await Promise.all([
    findAccount(db, actor.accountId),
    findUserInAccount(db, actor.accountId, actor.id),
    findEmailElsewhere(db, invited.email, actor.accountId),
  ]);
  let sent: InvitationSent;
  try {
    sent = await identity.inviteUser({
      email: invited.email,
      name: invited.name,
      accountName: account?.name ?? 'your organisation',
      invitedBy: inviter?.name ? `${inviter.name} (${actor.email})` : actor.email,
      memberElsewhere: elsewhere.joined,
    });
  } catch (error) {
    if (error instanceof InvitationNotSentError)
      throw new AppError('internal', INVITATION_EMAIL_FAILED_MESSAGE);
    throw error;
  }
  if (sent.madeSignIn) await setJoinsOnSignIn(db, invited.email, invited.id, !elsewhere.pending);
}

/**
 * Invites a person to the actor's account: an `invited` user without idp_subject — the invitation — and (through the
 * identity provider) an email. The answer is the same whether or not the address is registered or belongs to another
 * organisation (so an invitation cannot find out who has an account; the address's owner is told by email instead), and
 * nobody is put into the account without accepting: a person whose sign-in the invitation made accepts by signing in
 * with its temporary password (findUserForIdentity), anyone else on the invitations screen (invitations.service).
 *
 * Only this account's own users are refused, with 409: telling the admin that a colleague is already in their
 * organisation leaks nothing. A pending invitation of this account is sent again (a fresh temporary password).
 */
export async function inviteUser(
  db: Database,
  identity: IdentityProvider,
  actor: ActorUser,
  body: InviteUserBody,
): Promise<User> {
  const existing = await findUserInAccountByEmail(db, actor.accountId, body.email);
  if (existing) {
    const isPending = existing.status === 'invited' && existing.idpSubject === null;
    if (!isPending) throw conflict(ALREADY_IN_ACCOUNT_MESSAGE);
    await sendInvitation(db, identity, actor, { ...existing, name: existing.name || null });
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
        invitedById: actor.id,
      });
      await replaceUserVentures(tx, row.id, ventureIds);
      return toUser({ ...row, ventureIds } satisfies UserRecord);
    });
  } catch (error) {
    // The same address invited twice at once: the other invitation is this account's own.
    if (isUniqueViolation(error)) throw conflict(ALREADY_IN_ACCOUNT_MESSAGE);
    throw error;
  }
  await sendInvitation(db, identity, actor, user);
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
