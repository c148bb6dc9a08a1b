/** Sharing a session with users of the same account and the `sessions/:id/*` calls of the specification. */
import { z } from 'zod';
import { Email, expected, Id, IdParams, IsoDateTime } from './common';
import { defineRoute } from './define';

export const ShareAccess = z.enum(['view', 'edit'], expected("'view' or 'edit'"));
export type ShareAccess = z.infer<typeof ShareAccess>;

export const SharedUser = z
  .object({
    user_id: Id,
    email: z.string(),
    name: z.string().nullable(),
    access: ShareAccess,
    granted_at: IsoDateTime,
    /** The user who granted it; null when that user is gone. */
    granted_by: Id.nullable(),
  })
  .meta({ id: 'SharedUser' });
export type SharedUser = z.infer<typeof SharedUser>;

/** Exactly one of `user_id` and `email` (a user of the same account). Granting again changes the access. */
export const GrantAccessBody = z
  .object({
    user_id: Id.optional(),
    email: Email.optional(),
    access: ShareAccess.default('view'),
  })
  .refine((b) => (b.user_id === undefined) !== (b.email === undefined), {
    message: 'give exactly one of user_id and email',
    path: ['user_id'],
  });
export type GrantAccessBody = z.infer<typeof GrantAccessBody>;

const RevokeAccessQuery = z.object({ user_id: Id });

export const sharingRoutes = {
  sharingGrant: defineRoute({
    id: 'sharing.grant',
    method: 'POST',
    path: '/sessions/:id/grant-access',
    access: 'member',
    summary: 'Share a session with a user of the account (owner or admin)',
    tag: 'sharing',
    params: IdParams,
    body: GrantAccessBody,
    response: SharedUser,
  }),
  sharingRevoke: defineRoute({
    id: 'sharing.revoke',
    method: 'DELETE',
    path: '/sessions/:id/revoke-access',
    access: 'member',
    summary: "Revoke a user's access to a session (owner or admin)",
    tag: 'sharing',
    params: IdParams,
    query: RevokeAccessQuery,
    response: null,
    status: 204,
  }),
  sharingList: defineRoute({
    id: 'sharing.list',
    method: 'GET',
    path: '/sessions/:id/shared-users',
    access: 'member',
    summary: 'The users a session is shared with',
    tag: 'sharing',
    params: IdParams,
    response: z.array(SharedUser),
  }),
} as const;
