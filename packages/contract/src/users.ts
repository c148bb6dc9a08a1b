/** Users of an account and the `users/*` calls of the specification. */
import { z } from 'zod';
import { Email, expected, Id, IdParams, IsoDateTime, LIMITS, optionalText, Role, text } from './common';
import { defineRoute } from './define';

export const UserStatus = z.enum(
  ['active', 'invited', 'disabled'],
  expected("'active', 'invited' or 'disabled'"),
);
export type UserStatus = z.infer<typeof UserStatus>;

const VentureIds = z.array(Id).max(1000, 'must list at most 1000 ventures');

export const User = z
  .object({
    id: Id,
    account_id: Id,
    email: z.string(),
    name: z.string().nullable(),
    /** The user's job title ("Head of Sales"), signing their outreach beside their name; null when not given. */
    title: z.string().nullable().optional(),
    role: Role,
    /** Ventures the user is assigned to (admins see every venture anyway). */
    venture_ids: z.array(Id),
    status: UserStatus,
    created_at: IsoDateTime,
    last_seen_at: IsoDateTime.nullable(),
    /** GET users/me with the built-in sign-in: the user has a second factor (authenticator app or email code) on. */
    mfa_enabled: z.boolean().optional(),
    /** GET users/me with the built-in sign-in: signed in with a temporary password that must be replaced. */
    must_change_password: z.boolean().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** PUT /users/:id — every field optional; `status` may only be set to active or disabled. */
const UpdateUserBody = z.object({
  name: optionalText(LIMITS.name),
  role: Role.optional(),
  status: z.enum(['active', 'disabled'], expected("'active' or 'disabled'")).optional(),
  venture_ids: VentureIds.optional(),
});

/** POST /users/invite */
export const InviteUserBody = z.object({
  email: Email,
  name: optionalText(LIMITS.name),
  role: Role.default('member'),
  venture_ids: VentureIds.default([]),
});
export type InviteUserBody = z.infer<typeof InviteUserBody>;

/** PUT /users/me — the own name, and the job title (left out: unchanged; null or blank: cleared). */
const UpdateMeBody = z.object({ name: text(LIMITS.name), title: optionalText(LIMITS.shortText) });

export const usersRoutes = {
  usersList: defineRoute({
    id: 'users.list',
    method: 'GET',
    path: '/users',
    access: 'member',
    summary: 'List the users of the own account (colleagues)',
    tag: 'users',
    response: z.array(User),
  }),
  usersGet: defineRoute({
    id: 'users.get',
    method: 'GET',
    path: '/users/:id',
    access: 'member',
    summary: 'Get one user of the own account',
    tag: 'users',
    params: IdParams,
    response: User,
  }),
  usersUpdate: defineRoute({
    id: 'users.update',
    method: 'PUT',
    path: '/users/:id',
    access: 'admin',
    summary: "Change a user's name, role, status or ventures",
    tag: 'users',
    params: IdParams,
    body: UpdateUserBody,
    response: User,
  }),
  usersInvite: defineRoute({
    id: 'users.invite',
    method: 'POST',
    path: '/users/invite',
    access: 'admin',
    summary: 'Invite a user to the own account',
    tag: 'users',
    body: InviteUserBody,
    response: User,
    status: 201,
  }),
  usersDelete: defineRoute({
    id: 'users.delete',
    method: 'DELETE',
    path: '/users/:id',
    access: 'admin',
    summary: 'Delete a user of the own account',
    tag: 'users',
    params: IdParams,
    response: null,
    status: 204,
  }),
  usersMe: defineRoute({
    id: 'users.me',
    method: 'GET',
    path: '/users/me',
    access: 'identity',
    summary: 'The signed-in user',
    tag: 'users',
    response: User,
  }),
  usersUpdateMe: defineRoute({
    id: 'users.updateMe',
    method: 'PUT',
    path: '/users/me',
    access: 'member',
    summary: 'Change the own name and job title',
    tag: 'users',
    body: UpdateMeBody,
    response: User,
  }),
} as const;
