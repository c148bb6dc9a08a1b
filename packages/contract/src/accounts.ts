/** Accounts and the `accounts*` calls of the specification. */
import { z } from 'zod';
import { expected, Id, IsoDateTime, LIMITS, OptionalHttpUrl, text } from './common';
import { defineRoute } from './define';
import { User } from './users';

export const Account = z
  .object({
    id: Id,
    name: z.string(),
    website: z.string().nullable(),
    /** Random UUID made with the account, for product analytics. */
    analytics_identifier: Id,
    require_admin_mfa: z.boolean(),
    created_at: IsoDateTime,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

/** An `{id, value}` pair from the `tracking_id` URL parameter, kept in session storage. */
export const TrackingId = z.object({
  id: text(LIMITS.shortText),
  value: text(LIMITS.shortText),
});
export type TrackingId = z.infer<typeof TrackingId>;

/** POST /accounts — the caller (a valid IdP token without Argo user) becomes the first admin. */
export const CreateAccountBody = z.object({
  name: text(LIMITS.name),
  website: OptionalHttpUrl,
  tracking_ids: z.array(TrackingId).max(20, 'must list at most 20 tracking ids').optional(),
  /** The browser's `argo-token`: its /get-started preview (venture + session) is claimed by the new account. */
  anonymous_token: z.string().trim().max(LIMITS.shortText).optional(),
});
export type CreateAccountBody = z.infer<typeof CreateAccountBody>;

export const CreateAccountResponse = z.object({ account: Account, user: User });
export type CreateAccountResponse = z.infer<typeof CreateAccountResponse>;

/** PUT /accounts — every field optional. */
export const UpdateAccountBody = z.object({
  name: text(LIMITS.name).optional(),
  website: OptionalHttpUrl,
  require_admin_mfa: z.boolean(expected('true or false')).optional(),
});
export type UpdateAccountBody = z.infer<typeof UpdateAccountBody>;

export const accountsRoutes = {
  accountsMe: defineRoute({
    id: 'accounts.me',
    method: 'GET',
    path: '/accounts/me',
    access: 'identity',
    summary: "The signed-in user's account",
    tag: 'accounts',
    response: Account,
  }),
  accountsCreate: defineRoute({
    id: 'accounts.create',
    method: 'POST',
    path: '/accounts',
    access: 'identity',
    summary: 'Create an account; the caller becomes its first admin',
    tag: 'accounts',
    body: CreateAccountBody,
    response: CreateAccountResponse,
    status: 201,
  }),
  accountsUpdate: defineRoute({
    id: 'accounts.update',
    method: 'PUT',
    path: '/accounts',
    access: 'admin',
    summary: 'Change the own account',
    tag: 'accounts',
    body: UpdateAccountBody,
    response: Account,
  }),
} as const;
