/**
 * The route cases of the accounts side (health, users, accounts, invitations, admin, ventures): part of CASES in
 * route-cases.ts, which says what a case is.
 */
import { uniqueEmail } from '../app';
import {
  ACCOUNT_OF_TARGET,
  ADMIN,
  ADMIN_OF_TARGET,
  type Case,
  PUBLIC,
  SIGNED_IN,
  VENTURE_ASSIGNED,
} from './route-policies';
import { freshUser, freshVenture, invitationTo, users, ventureId } from './route-world';

export const ACCOUNT_CASES: Record<string, Case> = {
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
};
