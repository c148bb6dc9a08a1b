import { describe, expect, it } from 'vitest';
import type { CognitoPoolUser } from '../../auth/cognito-directory';
import type { SyncedUser } from './cognito-sync.repository';
import { planCognitoSync } from './cognito-sync.service';

const CALLER = 'user-admin';

function argoUser(
  id: string,
  email: string,
  idpSubject: string | null,
  status: SyncedUser['status'] = 'active',
) {
  return { id, email, name: '', status, idpSubject } satisfies SyncedUser;
}

function poolUser(subject: string, email: string, changes: Partial<CognitoPoolUser> = {}): CognitoPoolUser {
  return { subject, email, emailVerified: true, name: null, enabled: true, status: 'CONFIRMED', ...changes };
}

const admin = argoUser(CALLER, 'admin@example.test', 'sub-admin');

describe('planCognitoSync', () => {
  it('leaves a pending invitation to the person, even when the pool has a verified user with the email', () => {
    // The invited person accepts the invitation after signing in; the sync never does it.
    const plan = planCognitoSync(
      [
        admin,
        argoUser('u1', 'ivy@example.test', null, 'invited'),
        argoUser('u2', 'sam@example.test', 'sub-sam'),
        argoUser('u3', 'dan@example.test', null, 'disabled'),
      ],
      [
        poolUser('sub-admin', 'admin@example.test'),
        poolUser('sub-ivy', 'ivy@example.test', { name: 'Ivy' }),
        poolUser('sub-sam', 'sam@example.test'),
        poolUser('sub-dan', 'dan@example.test'),
      ],
      new Set(['sub-admin', 'sub-sam']),
      CALLER,
    );
    expect(plan.links).toEqual([]);
    expect(plan.disable).toEqual([]);
    expect(plan.result).toEqual({ created: 0, updated: 0, disabled: 0, unchanged: 4 });
  });

  it('disables users whose pool user is disabled or gone, unless the same email came back (re-linked)', () => {
    const plan = planCognitoSync(
      [
        admin,
        argoUser('off', 'off@example.test', 'sub-off'),
        argoUser('gone', 'gone@example.test', 'sub-gone'),
        argoUser('back', 'back@example.test', 'sub-back-old'),
        argoUser('was-off', 'was-off@example.test', 'sub-was-off-old', 'disabled'),
      ],
      [
        poolUser('sub-off', 'off@example.test', { enabled: false }),
        poolUser('sub-back-new', 'back@example.test'),
      ],
      new Set(['sub-off']),
      CALLER,
    );
    expect(plan.disable).toEqual(['off', 'gone']);
    expect(plan.links).toEqual([{ userId: 'back', subject: 'sub-back-new', name: null }]);
    // The admin (the caller, even though the pool no longer lists them) and the already disabled user: unchanged.
    expect(plan.result).toEqual({ created: 0, updated: 1, disabled: 2, unchanged: 2 });
  });

  it('re-links only to pool users whose email the pool vouches for', () => {
    const plan = planCognitoSync(
      [
        admin,
        argoUser('a', 'unverified@example.test', 'old-a'),
        argoUser('b', 'unconfirmed@example.test', 'old-b'),
        argoUser('c', 'disabled@example.test', 'old-c'),
        argoUser('d', 'twice@example.test', 'old-d'),
        argoUser('e', 'taken@example.test', 'old-e'),
      ],
      [
        poolUser('s-a', 'unverified@example.test', { emailVerified: false }),
        poolUser('s-b', 'unconfirmed@example.test', { status: 'UNCONFIRMED' }),
        poolUser('s-c', 'disabled@example.test', { enabled: false }),
        poolUser('s-d1', 'twice@example.test'),
        poolUser('s-d2', 'twice@example.test'),
        // Already linked to an Argo user (of another account): left alone.
        poolUser('s-e', 'taken@example.test'),
      ],
      new Set(['s-e']),
      CALLER,
    );
    expect(plan.links).toEqual([]);
    // Their own pool users are gone and none could take their place: disabled.
    expect(plan.disable).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(plan.result).toEqual({ created: 0, updated: 0, disabled: 5, unchanged: 1 });
  });

  it('never imports pool users that have no Argo user in the account', () => {
    const plan = planCognitoSync(
      [admin],
      [poolUser('sub-admin', 'admin@example.test'), poolUser('sub-x', 'stranger@example.test')],
      new Set(['sub-admin']),
      CALLER,
    );
    expect(plan.links).toEqual([]);
    expect(plan.result).toEqual({ created: 0, updated: 0, disabled: 0, unchanged: 1 });
  });

  it('never changes the caller, even when the pool has disabled them', () => {
    const plan = planCognitoSync(
      [admin],
      [poolUser('sub-admin', 'admin@example.test', { enabled: false })],
      new Set(['sub-admin']),
      CALLER,
    );
    expect(plan.disable).toEqual([]);
    expect(plan.result.unchanged).toBe(1);
  });
});
