import type { SyncUsersResult } from '@argo/contract';
import type { CognitoPoolUser } from '../../auth/cognito-directory';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { AppError, conflict } from '../../http/errors';
import { isUniqueViolation } from '../users/users.repository';
import {
  disableUsers,
  findLinkedSubjects,
  linkUserToSubject,
  lockAccountUsers,
  type SyncedUser,
} from './cognito-sync.repository';

export const NO_COGNITO_POOL_MESSAGE = 'Argo uses its built-in sign-in; there is no Cognito pool to sync.';

export interface SyncPlan {
  links: Array<{ userId: string; subject: string; name: string | null }>;
  disable: string[];
  result: SyncUsersResult;
}

/**
 * A pool user may be linked to an Argo user by email only when the pool vouches for that email: verified, the
 * sign-up confirmed, and the user enabled. Otherwise anyone could sign up in the pool with a colleague's address
 * and take over their Argo user.
 */
function isLinkable(poolUser: CognitoPoolUser): poolUser is CognitoPoolUser & { email: string } {
  return (
    poolUser.email !== null && poolUser.emailVerified && poolUser.enabled && poolUser.status !== 'UNCONFIRMED'
  );
}

/**
 * What POST /admin/sync-cognito-users changes in the caller's account. The rules, per Argo user of the account
 * (each one lands in exactly one count):
 *
 * - linked to a pool user that is still there and enabled → unchanged;
 * - linked to a pool user that an admin disabled in the pool → set disabled (`disabled`);
 * - linked to a subject the pool no longer has, and a linkable pool user (see isLinkable) has the same email →
 *   re-linked to it (`updated`); a disabled user stays disabled (enabling is an admin's decision in Argo, never
 *   the sync's);
 * - linked to a subject the pool no longer has, and no pool user to re-link → set disabled (`disabled`);
 * - anything else → unchanged. That includes every pending invitation: the invited person accepts it themselves
 *   after signing in, so the sync never puts a pool user into the account (`created` stays 0;
 *   it counted invitations linked by the sync before).
 *
 * The caller is never changed (they are signed in through the pool right now, and an account keeps its admin).
 * Pool users with no Argo user of this account are not imported: a pool may serve several organisations, and
 * only an admin's invitation puts a person into an account. Nothing in another account is ever changed; a pool
 * user already linked to any Argo user is left alone.
 */
export function planCognitoSync(
  accountUsers: SyncedUser[],
  poolUsers: CognitoPoolUser[],
  linkedSubjects: ReadonlySet<string>,
  callerId: string,
): SyncPlan {
  const bySubject = new Map(poolUsers.map((u) => [u.subject, u]));
  // Two linkable pool users with one email (a pool without unique emails): ambiguous, so neither is linked.
  const byEmail = new Map<string, CognitoPoolUser | null>();
  for (const poolUser of poolUsers.filter(isLinkable)) {
    byEmail.set(poolUser.email, byEmail.has(poolUser.email) ? null : poolUser);
  }
  const taken = new Set(linkedSubjects);
  const plan: SyncPlan = {
    links: [],
    disable: [],
    result: { created: 0, updated: 0, disabled: 0, unchanged: 0 },
  };
  const { result } = plan;

  for (const user of accountUsers) {
    if (user.id === callerId) {
      result.unchanged += 1;
      continue;
    }
    const linked = user.idpSubject ? bySubject.get(user.idpSubject) : undefined;
    if (linked) {
      if (!linked.enabled && user.status !== 'disabled') {
        plan.disable.push(user.id);
        result.disabled += 1;
      } else {
        result.unchanged += 1;
      }
      continue;
    }
    const candidate = user.idpSubject ? byEmail.get(user.email) : undefined;
    if (candidate && !taken.has(candidate.subject)) {
      taken.add(candidate.subject);
      plan.links.push({ userId: user.id, subject: candidate.subject, name: candidate.name });
      result.updated += 1;
      continue;
    }
    if (user.idpSubject && user.status !== 'disabled') {
      plan.disable.push(user.id);
      result.disabled += 1;
    } else {
      result.unchanged += 1;
    }
  }
  return plan;
}

/** POST /admin/sync-cognito-users: reconciles the caller's account with the pool (rules: planCognitoSync). */
export async function syncCognitoUsers(
  db: Database,
  actor: ActorUser,
  listPoolUsers: () => Promise<CognitoPoolUser[]>,
): Promise<SyncUsersResult> {
  let poolUsers: CognitoPoolUser[];
  try {
    poolUsers = await listPoolUsers();
  } catch {
    // The caller logs the cause; the admin gets what to check.
    throw new AppError(
      'internal',
      "The Cognito user pool could not be read. Check the pool id and the server's AWS credentials (they need cognito-idp:ListUsers), then try again.",
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const accountUsers = await lockAccountUsers(tx, actor.accountId);
      const candidates = poolUsers.filter(isLinkable).map((u) => u.subject);
      const plan = planCognitoSync(
        accountUsers,
        poolUsers,
        await findLinkedSubjects(tx, candidates),
        actor.id,
      );
      for (const link of plan.links) {
        await linkUserToSubject(tx, actor.accountId, link.userId, link.subject, link.name);
      }
      await disableUsers(tx, actor.accountId, plan.disable);
      return plan.result;
    });
  } catch (error) {
    // A first sign-in elsewhere linked one of these pool users between our read and our write.
    if (isUniqueViolation(error)) throw conflict('Someone signed in while the sync ran. Run it again.');
    throw error;
  }
}
