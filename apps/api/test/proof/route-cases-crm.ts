/**
 * The route cases of the CRM connections, pushes and syncs: part of CASES in route-cases.ts, which says what a case
 * is. Connections and jobs are made in the database directly (no CRM is reachable here): a connection's token is
 * never decrypted by these calls, and a queued job is never run (the suites start no worker).
 */
import { sql } from 'drizzle-orm';
import { ADMIN, type Case, SESSION_EDIT, SESSION_VIEW, SIGNED_IN } from './route-policies';
import { type Caller, freshSession, testApp, users } from './route-world';

const accountOf = (caller: Caller): string | null =>
  caller === 'none' || caller === 'anonymous' ? null : users[caller].accountId;

/** A HubSpot connection of the account (and none of its syncs still queued), so a sync or a push may start. */
async function connected(accountId: string | null): Promise<void> {
  if (!accountId) return;
  await testApp.database.db.execute(sql`
    insert into crm_connections (account_id, provider, token_encrypted, token_hint)
    values (${accountId}::uuid, 'hubspot', 'v1.matrix', '…trix') on conflict do nothing`);
  await testApp.database.db.execute(sql`
    update crm_jobs set status = 'completed' where account_id = ${accountId}::uuid and status in ('queued', 'running')`);
}

/** A queued push of a fresh session of the first account. */
async function freshPushJob(): Promise<string> {
  const { sessionId, businessId } = await freshSession();
  const inserted = await testApp.database.db.execute<{ id: string }>(sql`
    insert into crm_jobs (account_id, provider, kind, session_id, business_ids, total)
    values (${users.member.accountId}::uuid, 'hubspot', 'push', ${sessionId}::uuid, array[${businessId}::uuid], 1)
    returning id`);
  return inserted.rows[0]?.id as string;
}

export const CRM_CASES: Record<string, Case> = {
  'crm.connections': { policy: SIGNED_IN, request: () => ({ path: '/accounts/crm' }) },
  // No HubSpot answers here: the token check's 400 is the admin's allowed answer (crm.hubspot.test.ts connects).
  'crm.connect': {
    policy: ADMIN,
    request: () => ({ path: '/accounts/crm/hubspot', body: { token: 'pat-eu1-matrix-0000' } }),
    alsoOk: [400],
  },
  'crm.disconnect': {
    policy: ADMIN,
    request: async (caller) => {
      await connected(accountOf(caller));
      return { path: '/accounts/crm/hubspot' };
    },
  },
  'crm.sync': {
    policy: SIGNED_IN,
    request: async (caller) => {
      await connected(accountOf(caller));
      return { path: '/accounts/crm/hubspot/sync' };
    },
  },
  'crm.push': {
    policy: SESSION_EDIT,
    request: async () => {
      await connected(users.admin.accountId);
      const { sessionId, businessId } = await freshSession();
      return {
        path: `/user/session/${sessionId}/crm/push`,
        body: { provider: 'hubspot', business_ids: [businessId] },
      };
    },
  },
  'crm.sessionJobs': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/crm/jobs` }),
  },
  'crm.job': { policy: SESSION_VIEW, request: async () => ({ path: `/crm/jobs/${await freshPushJob()}` }) },
  'crm.jobLog': {
    policy: SESSION_VIEW,
    request: async () => ({
      path: `/crm/jobs/${await freshPushJob()}/log`,
      query: { page: '0', page_size: '50' },
    }),
  },
  'crm.jobCancel': {
    policy: SESSION_EDIT,
    request: async () => ({ path: `/crm/jobs/${await freshPushJob()}/cancel` }),
  },
};
