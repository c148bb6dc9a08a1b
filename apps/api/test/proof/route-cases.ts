/**
 * The route cases of the proof suites: for every call of the contract's route table, who may make it (a
 * policy per kind of caller, from route-policies.ts) and how to build a valid request for it against the small world
 * of two accounts in route-world.ts. The authorisation matrix sends each case as every caller; the bad-input suite
 * mutates each case's valid request into invalid ones.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { uniqueEmail } from '../app';
import { multipart } from '../workers';
import { ACCOUNT_CASES } from './route-cases-accounts';
import { API_ACCESS_CASES } from './route-cases-api-access';
import { CRM_CASES } from './route-cases-crm';
import { SIGNALS_CASES } from './route-cases-signals';
import {
  ADMIN_OF_TARGET,
  ANONYMOUS_ONLY,
  type Case,
  SESSION_EDIT,
  SESSION_EDIT_AND_VENTURE,
  SESSION_MANAGE,
  SESSION_VIEW,
  SIGNED_IN,
  VENTURE_AND_SESSION,
  VENTURE_ASSIGNED,
} from './route-policies';
import {
  freshProfile,
  freshSession,
  freshSuppression,
  SHARES,
  testApp,
  users,
  ventureId,
} from './route-world';

const csv = 'name,website\nMatrix Bakery,https://bakery.example\n';

// ------------------------------------------------------------------ one entry per route id

export const CASES: Record<string, Case> = {
  ...ACCOUNT_CASES,
  ...CRM_CASES,
  ...API_ACCESS_CASES,
  ...SIGNALS_CASES,
  'sessions.create': {
    policy: SIGNED_IN,
    request: () => ({ path: '/users/create_session', body: { name: 'Mine' } }),
  },
  'sessions.info': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/info` }),
  },
  'sessions.list': { policy: SIGNED_IN, request: () => ({ path: '/users/sessions' }) },
  'sessions.update': {
    policy: SESSION_EDIT,
    request: async () => ({
      path: `/users/sessions/${(await freshSession()).sessionId}`,
      body: { name: 'Renamed' },
    }),
  },
  'sessions.delete': {
    policy: SESSION_MANAGE,
    request: async () => ({ path: `/users/sessions/${(await freshSession()).sessionId}` }),
  },
  // A fresh session has completed: nothing to cancel or retry — 409 is the allowed answer there.
  'sessions.cancel': {
    policy: SESSION_EDIT,
    request: async () => ({ path: `/users/sessions/${(await freshSession()).sessionId}/cancel` }),
    alsoOk: [409],
  },
  'sessions.retry': {
    policy: SESSION_EDIT,
    request: async () => ({ path: `/users/sessions/${(await freshSession()).sessionId}/retry` }),
    alsoOk: [409],
  },
  'sessions.restart': {
    policy: SESSION_EDIT,
    request: async () => ({ path: `/users/sessions/${(await freshSession()).sessionId}/restart` }),
    alsoOk: [409],
  },
  'sessions.results': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/results` }),
  },
  'sessions.resultsMap': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/map` }),
  },
  'sessions.business': {
    policy: SESSION_VIEW,
    request: async () => {
      const { sessionId, businessId } = await freshSession();
      return { path: `/user/session/${sessionId}/businesses/${businessId}` };
    },
  },
  // Changes the session's results: edit access.
  'sessions.correctBusiness': {
    policy: SESSION_EDIT,
    request: async () => {
      const { sessionId, businessId } = await freshSession();
      return {
        path: `/user/session/${sessionId}/businesses/${businessId}`,
        body: {
          name: 'Matrix Corrected',
          website: 'https://corrected.example.com',
          phone: '+44 113 496 0000',
        },
      };
    },
  },
  'sessions.export': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/export` }),
  },
  'sessions.importReport': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/import-report` }),
  },
  'sessions.exportContacts': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/export/contacts` }),
  },
  // The caller's own saved view: anyone who may see the session keeps one (it changes nothing of the session).
  'sessions.viewGet': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/view` }),
  },
  'sessions.viewPut': {
    policy: SESSION_VIEW,
    request: async () => ({
      path: `/user/session/${(await freshSession()).sessionId}/view`,
      body: {
        columns: ['name', 'city', 'icp'],
        filters: { icp_tier: ['A', 'B'] },
        sort: { by: 'icp_score', dir: 'desc' },
      },
    }),
  },
  'sessions.viewDelete': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/view` }),
  },
  // Changes the session's results: edit access.
  'sessions.removePerson': {
    policy: SESSION_EDIT,
    request: async () => {
      const { sessionId, businessId } = await freshSession();
      await testApp.database.db.execute(sql`
        insert into enrichment_results (account_id, business_id, type, data, produced_by)
        values (${users.member.accountId}::uuid, ${businessId}::uuid, 'people',
          ${JSON.stringify({ people: [{ name: 'Matrix Person', role: 'Owner', seniority: 'owner_founder', source_url: 'https://matrix1.example/' }] })}::jsonb,
          'builtin')`);
      return {
        path: `/user/session/${sessionId}/people/remove`,
        body: { business_id: businessId, name: 'Matrix Person' },
      };
    },
  },

  'sharing.grant': {
    policy: SESSION_MANAGE,
    request: async () => ({
      path: `/sessions/${(await freshSession()).sessionId}/grant-access`,
      body: { user_id: users.viewer.userId, access: 'edit' },
    }),
  },
  'sharing.revoke': {
    policy: SESSION_MANAGE,
    request: async () => ({
      path: `/sessions/${(await freshSession()).sessionId}/revoke-access`,
      query: { user_id: users.editor.userId },
    }),
  },
  'sharing.list': {
    policy: SESSION_VIEW,
    request: async () => ({ path: `/sessions/${(await freshSession()).sessionId}/shared-users` }),
  },

  // Lookalikes: ranking reads a session (view); storing its similarity scores changes it (edit).
  'lookalikes.rank': {
    policy: SESSION_VIEW,
    request: async () => ({
      path: '/user/lookalikes',
      body: { seeds: { tier: 'A' }, session_id: (await freshSession()).sessionId },
    }),
  },
  'lookalikes.set_seeds': {
    policy: SESSION_EDIT,
    request: async () => ({
      path: `/user/session/${(await freshSession()).sessionId}/lookalike-seeds`,
      body: { seeds: { tier: 'A' } },
    }),
  },
  'lookalikes.clear_seeds': {
    policy: SESSION_EDIT,
    request: async () => ({ path: `/user/session/${(await freshSession()).sessionId}/lookalike-seeds` }),
  },

  // Runs on an existing session need edit access; without a session_id the caller starts their own.
  'discovery.scrape': {
    policy: SESSION_EDIT,
    request: async () => ({
      path: '/discovery/scrape',
      body: { session_id: (await freshSession()).sessionId, query: 'dentist', location: 'Leeds' },
    }),
  },
  'discovery.competitorCustomers': {
    policy: SESSION_EDIT,
    request: async () => ({
      path: '/discovery/competitor-customers',
      body: {
        session_id: (await freshSession('competitors')).sessionId,
        competitor_urls: ['https://competitor.example'],
      },
    }),
  },
  'discovery.import': {
    policy: SIGNED_IN,
    request: () => {
      const form = multipart({ name: 'Matrix import' }, { name: 'bakeries.csv', data: csv });
      return { path: '/discovery/import', body: form.body, headers: form.headers };
    },
  },
  'discovery.importMapping': {
    policy: SESSION_EDIT,
    request: async () => {
      const form = multipart({ name: 'Matrix import' }, { name: 'bakeries.csv', data: csv });
      const uploaded = await testApp.call('POST', '/api/discovery/import', {
        token: users.member.token,
        body: form.body,
        headers: form.headers,
      });
      expect(uploaded.status).toBe(201);
      const sessionId: string = uploaded.body.session.id;
      for (const [who, access] of SHARES) {
        await testApp.call('POST', `/api/sessions/${sessionId}/grant-access`, {
          token: users.member.token,
          body: { user_id: users[who].userId, access },
        });
      }
      return {
        path: `/discovery/import/${sessionId}/mapping`,
        body: { mapping: { name: 'name', website: 'website' } },
      };
    },
  },

  ...Object.fromEntries(
    ['ai_summary', 'unified', 'icp_analysis', 'career_analysis', 'software_detection'].map((type) => [
      `enrichment.${type.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`,
      {
        policy: SESSION_EDIT,
        request: async () => ({
          path: `/enrichment/${type}`,
          body: { session_id: (await freshSession()).sessionId },
        }),
      } satisfies Case,
    ]),
  ),
  // A bulk action on every business matching the filters: a view share cannot start it.
  'enrichment.run': {
    policy: SESSION_EDIT,
    request: async () => ({
      path: '/enrichment/run',
      body: {
        session_id: (await freshSession()).sessionId,
        types: ['software_detection'],
        matching: { filters: { city: ['Leeds', 'York'] } },
      },
    }),
  },

  'icp.overview': {
    policy: SESSION_VIEW,
    request: async () => ({ path: '/icp/overview', body: { session_id: (await freshSession()).sessionId } }),
  },
  // Profiles are saved to the session's venture (replacing its earlier ones): edit access to the session, and the
  // venture.
  'icp.createProfiles': {
    policy: SESSION_EDIT_AND_VENTURE,
    request: async () => ({
      path: '/icp/create_profiles',
      body: { session_id: (await freshSession()).sessionId, count: 2 },
    }),
  },
  // For a business: its session (the venture's facts only ground the text when the caller may see it). For a
  // profile: see VARIANTS.
  'icp.generateContent': {
    policy: SESSION_VIEW,
    request: async () => ({
      path: '/icp/generate_content',
      body: { business_id: (await freshSession()).businessId, kinds: ['call_opener'] },
    }),
  },

  // The venture's callers list its profiles; one derived from a session only those who may also see the session.
  'icp.listProfiles': {
    policy: VENTURE_ASSIGNED,
    request: async () => ({
      path: '/icp/profiles',
      query: { venture_id: ventureId },
      target: await freshProfile(),
    }),
    listedFor: ['member', 'admin', 'ventureEditor'],
  },
  'icp.updateProfile': {
    policy: VENTURE_AND_SESSION,
    request: async () => ({
      path: `/icp/profiles/${await freshProfile()}`,
      body: { name: 'Renamed segment' },
    }),
  },
  'icp.deleteProfile': {
    policy: VENTURE_AND_SESSION,
    request: async () => ({ path: `/icp/profiles/${await freshProfile()}` }),
  },

  'getStarted.createPreview': {
    policy: ANONYMOUS_ONLY,
    request: () => ({
      path: '/get-started/preview',
      body: {
        venture: { name: 'Ledgerly', description: 'Bookkeeping for dentists', industries: ['Dentists'] },
      },
    }),
  },
  'getStarted.preview': { policy: ANONYMOUS_ONLY, request: () => ({ path: '/get-started/preview' }) },

  // The account's suppression list: every user reads and adds (adding only stops contact); admins remove.
  'suppressions.list': { policy: SIGNED_IN, request: () => ({ path: '/accounts/suppressions' }) },
  'suppressions.add': {
    policy: SIGNED_IN,
    request: () => ({ path: '/accounts/suppressions', body: { values: [uniqueEmail('optout')] } }),
  },
  'suppressions.remove': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({ path: `/accounts/suppressions/${await freshSuppression()}` }),
  },
};

/** Second requests of a route (another kind of target), each sent as every caller like the route's CASES entry. */
export const VARIANTS: { route: string; label: string; entry: Case }[] = [
  {
    route: 'icp.generateContent',
    label: 'for a profile',
    entry: {
      policy: VENTURE_AND_SESSION,
      request: async () => ({
        path: '/icp/generate_content',
        body: { profile_id: await freshProfile(), kinds: ['call_opener'] },
      }),
    },
  },
];
