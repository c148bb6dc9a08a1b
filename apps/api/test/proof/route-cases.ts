/**
 * The route cases of the proof suites (issue 7): for every call of the contract's route table, who may make it (a
 * policy per kind of caller, from route-policies.ts) and how to build a valid request for it against the small world
 * of two accounts in route-world.ts. The authorisation matrix sends each case as every caller; the bad-input suite
 * mutates each case's valid request into invalid ones.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { uniqueEmail } from '../app';
import { multipart } from '../workers';
import {
  ACCOUNT_OF_TARGET,
  ADMIN,
  ADMIN_OF_TARGET,
  ANONYMOUS_ONLY,
  type Case,
  PUBLIC,
  SESSION_EDIT,
  SESSION_MANAGE,
  SESSION_VIEW,
  SIGNED_IN,
  VENTURE_ASSIGNED,
} from './route-policies';
import {
  freshProfile,
  freshSession,
  freshSuppression,
  freshUser,
  freshVenture,
  invitationTo,
  testApp,
  users,
  ventureId,
} from './route-world';

const csv = 'name,website\nMatrix Bakery,https://bakery.example\n';

// ------------------------------------------------------------------ one entry per route id

export const CASES: Record<string, Case> = {
  'health.check': { policy: PUBLIC, request: () => ({ path: '/health' }) },
  'health.config': { policy: PUBLIC, request: () => ({ path: '/config' }) },

  'users.list': { policy: SIGNED_IN, request: () => ({ path: '/users' }) },
  'users.get': {
    policy: ACCOUNT_OF_TARGET,
    request: () => ({ path: `/users/${users.viewer.userId}` }),
  },
  'users.update': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({ path: `/users/${await freshUser()}`, body: { name: 'Renamed' } }),
  },
  'users.invite': {
    policy: ADMIN,
    request: () => ({ path: '/users/invite', body: { email: uniqueEmail('inv') } }),
  },
  'users.delete': { policy: ADMIN_OF_TARGET, request: async () => ({ path: `/users/${await freshUser()}` }) },
  'users.me': { policy: SIGNED_IN, request: () => ({ path: '/users/me' }) },
  'users.updateMe': {
    policy: SIGNED_IN,
    request: () => ({ path: '/users/me', body: { name: 'Matrix User' } }),
  },

  'accounts.me': { policy: SIGNED_IN, request: () => ({ path: '/accounts/me' }) },
  // Everyone here already has an organisation: 409 is the allowed answer (the provider identity passes).
  'accounts.create': {
    policy: SIGNED_IN,
    request: () => ({ path: '/accounts', body: { name: 'Second Org' } }),
    alsoOk: [409],
  },
  'accounts.update': { policy: ADMIN, request: () => ({ path: '/accounts', body: {} }) },

  'invitations.list': { policy: SIGNED_IN, request: () => ({ path: '/invitations' }) },
  // An invitation to the caller from the other account. Everyone here has an organisation already: 409.
  'invitations.accept': {
    policy: SIGNED_IN,
    request: async (caller) => ({ path: `/invitations/${await invitationTo(caller)}/accept` }),
    alsoOk: [409],
  },
  'invitations.decline': {
    policy: SIGNED_IN,
    request: async (caller) => ({ path: `/invitations/${await invitationTo(caller)}` }),
  },

  'admin.listUsers': { policy: ADMIN, request: () => ({ path: '/admin/users' }) },
  'admin.assignRole': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({
      path: '/admin/users/assign-role',
      body: { user_id: await freshUser(), role: 'member' },
    }),
  },
  'admin.assignVenture': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({
      path: '/admin/users/assign-venture',
      body: { user_id: await freshUser(), venture_id: ventureId },
    }),
  },
  'admin.removeVenture': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({
      path: '/admin/users/remove-venture',
      body: { user_id: await freshUser(), venture_id: ventureId },
    }),
  },
  // With the built-in provider there is nothing to synchronise: 409 says so.
  'admin.syncCognitoUsers': {
    policy: ADMIN,
    request: () => ({ path: '/admin/sync-cognito-users' }),
    alsoOk: [409],
  },
  'admin.deleteUser': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({ path: `/admin/users/${await freshUser()}` }),
  },
  'admin.listSessions': { policy: ADMIN, request: () => ({ path: '/admin/sessions' }) },
  'admin.listVentures': { policy: ADMIN, request: () => ({ path: '/admin/ventures' }) },

  'ventures.create': {
    policy: SIGNED_IN,
    request: () => ({ path: '/ventures/create', body: { name: 'New one' } }),
  },
  'ventures.update': {
    policy: VENTURE_ASSIGNED,
    request: () => ({ path: '/ventures/update', body: { venture_id: ventureId, description: 'Updated' } }),
  },
  'ventures.all': { policy: SIGNED_IN, request: () => ({ path: '/ventures/all' }) },
  'ventures.delete': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({ path: '/ventures/delete', body: { venture_id: await freshVenture() } }),
  },
  'ventures.people': { policy: VENTURE_ASSIGNED, request: () => ({ path: `/ventures/${ventureId}/people` }) },

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
      for (const [who, access] of [
        ['viewer', 'view'],
        ['editor', 'edit'],
      ] as const) {
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
  // A bulk action on every business matching the filters (issue 14 part 5): a view share cannot start it.
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
  // Profiles are saved to the session's venture: edit access to the session.
  'icp.createProfiles': {
    policy: SESSION_EDIT,
    request: async () => ({
      path: '/icp/create_profiles',
      body: { session_id: (await freshSession()).sessionId, count: 2 },
    }),
  },
  'icp.generateContent': {
    policy: SESSION_VIEW,
    request: async () => ({
      path: '/icp/generate_content',
      body: { business_id: (await freshSession()).businessId, kinds: ['call_opener'] },
    }),
  },

  'icp.listProfiles': {
    policy: VENTURE_ASSIGNED,
    request: () => ({ path: '/icp/profiles', query: { venture_id: ventureId } }),
  },
  'icp.updateProfile': {
    policy: VENTURE_ASSIGNED,
    request: async () => ({
      path: `/icp/profiles/${await freshProfile()}`,
      body: { name: 'Renamed segment' },
    }),
  },
  'icp.deleteProfile': {
    policy: VENTURE_ASSIGNED,
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
