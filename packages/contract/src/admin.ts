/** The admin namespace: every call is for admins of the own account. */
import { z } from 'zod';
import { Count, Id, IdParams, PageQuery, paged, Role, SearchText } from './common';
import { defineRoute } from './define';
import { PagedSessions, SessionStatus } from './sessions';
import { User } from './users';
import { Venture } from './ventures';

/** GET /admin/users — search covers email and name. */
export const AdminUsersQuery = PageQuery.extend({ search: SearchText, role: Role.optional() });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const PagedUsers = paged(User);
export type PagedUsers = z.infer<typeof PagedUsers>;

const AssignRoleBody = z.object({ user_id: Id, role: Role });

/** Body of assign-venture and remove-venture. */
const UserVentureBody = z.object({ user_id: Id, venture_id: Id });

/** What a synchronisation with the identity provider's users changed. */
export const SyncUsersResult = z.object({
  created: Count,
  updated: Count,
  disabled: Count,
  unchanged: Count,
});
export type SyncUsersResult = z.infer<typeof SyncUsersResult>;

/** GET /admin/sessions — every session of the account; search covers the name. */
export const AdminSessionsQuery = PageQuery.extend({
  search: SearchText,
  status: SessionStatus.optional(),
  owner_id: Id.optional(),
});
export type AdminSessionsQuery = z.infer<typeof AdminSessionsQuery>;

export const AdminVenture = Venture.extend({ member_count: Count, session_count: Count });
export type AdminVenture = z.infer<typeof AdminVenture>;

export const adminRoutes = {
  adminListUsers: defineRoute({
    id: 'admin.listUsers',
    method: 'GET',
    path: '/admin/users',
    access: 'admin',
    summary: 'Page through the users of the account (search, role)',
    tag: 'admin',
    query: AdminUsersQuery,
    response: PagedUsers,
  }),
  adminAssignRole: defineRoute({
    id: 'admin.assignRole',
    method: 'POST',
    path: '/admin/users/assign-role',
    access: 'admin',
    summary: "Change a user's role (the last admin cannot be demoted)",
    tag: 'admin',
    body: AssignRoleBody,
    response: User,
  }),
  adminAssignVenture: defineRoute({
    id: 'admin.assignVenture',
    method: 'POST',
    path: '/admin/users/assign-venture',
    access: 'admin',
    summary: 'Assign a venture to a user',
    tag: 'admin',
    body: UserVentureBody,
    response: User,
  }),
  adminRemoveVenture: defineRoute({
    id: 'admin.removeVenture',
    method: 'POST',
    path: '/admin/users/remove-venture',
    access: 'admin',
    summary: 'Remove a venture from a user',
    tag: 'admin',
    body: UserVentureBody,
    response: User,
  }),
  adminSyncCognitoUsers: defineRoute({
    id: 'admin.syncCognitoUsers',
    method: 'POST',
    path: '/admin/sync-cognito-users',
    access: 'admin',
    summary: "Synchronise the identity provider's users with the account's users",
    tag: 'admin',
    response: SyncUsersResult,
  }),
  adminDeleteUser: defineRoute({
    id: 'admin.deleteUser',
    method: 'DELETE',
    path: '/admin/users/:id',
    access: 'admin',
    summary: 'Delete a user (the last admin cannot be deleted)',
    tag: 'admin',
    params: IdParams,
    response: null,
    status: 204,
  }),
  adminListSessions: defineRoute({
    id: 'admin.listSessions',
    method: 'GET',
    path: '/admin/sessions',
    access: 'admin',
    summary: 'Page through every session of the account (search, status, owner)',
    tag: 'admin',
    query: AdminSessionsQuery,
    response: PagedSessions,
  }),
  adminListVentures: defineRoute({
    id: 'admin.listVentures',
    method: 'GET',
    path: '/admin/ventures',
    access: 'admin',
    summary: 'Every venture of the account with member and session counts',
    tag: 'admin',
    response: z.array(AdminVenture),
  }),
} as const;
