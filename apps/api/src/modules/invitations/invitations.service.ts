import type { AcceptInvitationResponse, PendingInvitation } from '@argo/contract';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/auth';
import { AppError, conflict, notFound } from '../../http/errors';
import { toAccount } from '../accounts/accounts.mapper';
import { findAccount } from '../accounts/accounts.repository';
import { ALREADY_MEMBER_MESSAGE } from '../accounts/accounts.service';
import { toUser } from '../users/users.mapper';
import { findUserInAccount, isUniqueViolation } from '../users/users.repository';
import {
  acceptPendingInvitation,
  deletePendingInvitation,
  listPendingInvitations,
} from './invitations.repository';

/**
 * An admin's invitation never puts a person who has a sign-in of their own into the admin's
 * organisation. It waits, listed here for the invited person, until they accept it (and join) or decline it (and
 * it is gone; their own POST /accounts works either way). A person whose sign-in the invitation made accepts by
 * signing in with its temporary password instead (users.repository findUserForIdentity).
 */

const invitationNotFound = () =>
  new AppError('not_found', 'This invitation is no longer open: it was withdrawn or already answered.');

/** The signed-in person's email, when the provider vouches for it: only then are invitations to it theirs. */
function verifiedEmail(actor: Actor): string | null {
  if (actor.kind !== 'identity' && actor.kind !== 'user') {
    throw new AppError('unauthenticated', 'Sign in to continue.');
  }
  return actor.claims.emailVerified === true ? actor.claims.email.toLowerCase() : null;
}

/** GET /invitations: the invitations waiting for the signed-in person, oldest first. */
export async function listMyInvitations(db: Database, actor: Actor): Promise<PendingInvitation[]> {
  const email = verifiedEmail(actor);
  if (!email) return [];
  return (await listPendingInvitations(db, email)).map((row) => ({
    id: row.id,
    account_name: row.account_name,
    invited_by: row.inviter_email
      ? row.inviter_name
        ? `${row.inviter_name} (${row.inviter_email})`
        : row.inviter_email
      : null,
    role: row.role,
    created_at: row.created_at.toISOString(),
  }));
}

/** POST /invitations/:id/accept: the person joins the inviting organisation. One sign-in, one organisation. */
export async function acceptInvitation(
  db: Database,
  actor: Actor,
  invitationId: string,
): Promise<AcceptInvitationResponse> {
  const email = verifiedEmail(actor);
  if (actor.kind === 'user') throw conflict(ALREADY_MEMBER_MESSAGE);
  if (!email || actor.kind !== 'identity') throw invitationNotFound();
  let joined: { id: string; accountId: string } | null;
  try {
    joined = await acceptPendingInvitation(db, invitationId, email, actor.claims.sub, actor.claims.name);
  } catch (error) {
    // A concurrent POST /accounts or acceptance made this sign-in (or this address) a user already.
    if (isUniqueViolation(error)) throw conflict(ALREADY_MEMBER_MESSAGE);
    throw error;
  }
  if (!joined) throw invitationNotFound();
  const [account, user] = await Promise.all([
    findAccount(db, joined.accountId),
    findUserInAccount(db, joined.accountId, joined.id),
  ]);
  if (!account || !user) throw notFound('Account');
  return { account: toAccount(account), user: toUser(user) };
}

/** DELETE /invitations/:id: the invitation is removed; the inviting admin sees it gone from their users. */
export async function declineInvitation(db: Database, actor: Actor, invitationId: string): Promise<void> {
  const email = verifiedEmail(actor);
  if (!email || !(await deletePendingInvitation(db, invitationId, email))) throw invitationNotFound();
}
