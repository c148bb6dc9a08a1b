/**
 * The route cases of signals (watches and events): part of CASES in route-cases.ts, which says what a case is.
 * A watch belongs to its session: who may see the session sees the watch, who may edit it changes the watch.
 */
import { sql } from 'drizzle-orm';
import { type Case, SESSION_EDIT, SESSION_VIEW, SIGNED_IN } from './route-policies';
import { freshSession, testApp, users } from './route-world';

/** A fresh session of the member as if it had been enriched once (a watch repeats its last enrichment). */
async function freshEnrichedSession(): Promise<string> {
  const { sessionId, businessId } = await freshSession();
  await testApp.database.db.execute(sql`
    insert into enrichment_results (account_id, business_id, type, data, produced_by)
    values (${users.member.accountId}::uuid, ${businessId}::uuid, 'software_detection', '{"technologies":[]}', 'builtin')`);
  return sessionId;
}

/** A fresh watch of a fresh session of the member. */
async function freshWatch(): Promise<string> {
  const sessionId = await freshEnrichedSession();
  const inserted = await testApp.database.db.execute<{ id: string }>(sql`
    insert into signal_watches (account_id, session_id, types, frequency, next_run_at, created_by)
    values (${users.member.accountId}::uuid, ${sessionId}::uuid, '{software_detection}', 'weekly',
      now() + interval '7 days', ${users.member.userId}::uuid)
    returning id`);
  return inserted.rows[0]?.id as string;
}

export const SIGNALS_CASES: Record<string, Case> = {
  'signals.watches.list': {
    policy: SIGNED_IN,
    request: async () => {
      const target = await freshWatch();
      return { path: '/signals/watches', target };
    },
    listedFor: ['member', 'viewer', 'editor', 'admin', 'ventureEditor'],
  },
  'signals.watches.create': {
    policy: SESSION_EDIT,
    request: async () => ({
      path: '/signals/watches',
      body: { session_id: await freshEnrichedSession(), frequency: 'daily' },
    }),
  },
  'signals.watches.update': {
    policy: SESSION_EDIT,
    request: async () => ({ path: `/signals/watches/${await freshWatch()}`, body: { status: 'paused' } }),
  },
  'signals.watches.delete': {
    policy: SESSION_EDIT,
    request: async () => ({ path: `/signals/watches/${await freshWatch()}` }),
  },
  'signals.events': {
    policy: SESSION_VIEW,
    request: async () => ({
      path: '/signals/events',
      query: { session_id: (await freshSession()).sessionId, types: 'role_opened,site_back', tier: 'A' },
    }),
  },
  'signals.seen': { policy: SIGNED_IN, request: () => ({ path: '/signals/seen' }) },
  'signals.settings.get': { policy: SIGNED_IN, request: () => ({ path: '/signals/settings' }) },
  'signals.settings.update': {
    policy: SIGNED_IN,
    request: () => ({ path: '/signals/settings', body: { digest: 'weekly' } }),
  },
};
