import { randomUUID } from 'node:crypto';
import type { Account, CreateAccountBody, CreateAccountResponse, UpdateAccountBody } from '@argo/contract';
import type { Database } from '../../db/client';
import type { Actor, ActorUser } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import {
  createVentureFromPreview,
  takeAnonymousPreview,
  trackingValues,
} from '../get-started/get-started.service';
import { toUser } from '../users/users.mapper';
import {
  findJoinedUserByEmail,
  findUserBySubject,
  insertUser,
  isUniqueViolation,
} from '../users/users.repository';
import { requireArgoUser } from '../users/users.service';
import { toAccount } from './accounts.mapper';
import { type AccountPatch, findAccount, insertAccount, updateAccount } from './accounts.repository';

export const ALREADY_MEMBER_MESSAGE = 'You already belong to an account.';
const EMAIL_IN_OTHER_ACCOUNT_MESSAGE =
  'This email already belongs to a user of another account. Ask an admin of that account to remove it, or sign in with another email.';

async function loadAccount(db: Database, accountId: string): Promise<Account> {
  const row = await findAccount(db, accountId);
  if (!row) throw notFound('Account');
  return toAccount(row);
}

/** GET /accounts/me: 404 while the signed-in person has no Argo user. */
export async function getMyAccount(db: Database, actor: Actor): Promise<Account> {
  return loadAccount(db, requireArgoUser(actor).accountId);
}

/**
 * POST /accounts: a new organisation whose first admin is the caller (a verified identity without Argo user).
 * Account and user are made in one transaction; the unique joined email and idp_subject settle a race between two
 * concurrent calls. The tracking_id values that led here are stored on the account, and the browser's
 * /get-started preview (`anonymous_token`) becomes the account's first venture in the same transaction.
 */
export async function createAccount(
  db: Database,
  actor: Actor,
  body: CreateAccountBody,
): Promise<CreateAccountResponse> {
  if (actor.kind === 'user') throw conflict(ALREADY_MEMBER_MESSAGE);
  if (actor.kind !== 'identity') throw new Error('createAccount needs a verified identity');
  const { claims } = actor;
  try {
    return await db.transaction(async (tx) => {
      if (await findUserBySubject(tx, claims.sub)) throw conflict(ALREADY_MEMBER_MESSAGE);
      // Pending invitations to this address do not stand in the way: they stay pending.
      if (await findJoinedUserByEmail(tx, claims.email)) throw conflict(EMAIL_IN_OTHER_ACCOUNT_MESSAGE);
      // This browser's /get-started preview (if any, unexpired) moves into the new account.
      const preview = await takeAnonymousPreview(tx, body.anonymous_token, new Date());
      const account = await insertAccount(tx, {
        name: body.name,
        website: body.website ?? null,
        analyticsIdentifier: randomUUID(),
        trackingIds: [...new Set([...trackingValues(body.tracking_ids), ...(preview?.trackingIds ?? [])])],
      });
      const user = await insertUser(tx, {
        accountId: account.id,
        email: claims.email.toLowerCase(),
        name: claims.name?.trim() ?? '',
        role: 'admin',
        status: 'active',
        idpSubject: claims.sub,
        lastSeenAt: new Date(),
      });
      const ventureIds = preview ? [await createVentureFromPreview(tx, preview, account.id, user.id)] : [];
      return { account: toAccount(account), user: toUser({ ...user, ventureIds }) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_idp_subject_unique')) throw conflict(ALREADY_MEMBER_MESSAGE);
    if (isUniqueViolation(error, 'users_member_email_unique')) throw conflict(EMAIL_IN_OTHER_ACCOUNT_MESSAGE);
    throw error;
  }
}

/** PUT /accounts (admins): name, website (null clears it), require_admin_mfa. */
export async function updateMyAccount(
  db: Database,
  actor: ActorUser,
  body: UpdateAccountBody,
): Promise<Account> {
  const patch: AccountPatch = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.website !== undefined) patch.website = body.website;
  if (body.require_admin_mfa !== undefined) patch.requireAdminMfa = body.require_admin_mfa;
  const row = await updateAccount(db, actor.accountId, patch);
  if (!row) throw notFound('Account');
  return toAccount(row);
}
