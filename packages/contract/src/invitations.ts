/**
 * Invitations waiting for the signed-in person. An admin's invitation never pulls a person who
 * already has a sign-in into the admin's organisation: the person sees it here (the web shows it where someone
 * without an organisation lands) and accepts or declines it. Someone whose sign-in the invitation itself made (the
 * emailed temporary password) accepts by signing in with it and never needs these calls.
 */
import { z } from 'zod';
import { CreateAccountResponse } from './accounts';
import { Id, IdParams, IsoDateTime, Role } from './common';
import { defineRoute } from './define';

export const PendingInvitation = z
  .object({
    id: Id,
    /** The organisation that invites. */
    account_name: z.string(),
    /** Who invited, as the invitation email names them ("Ada Lovelace (ada@example.com)"); null if they left. */
    invited_by: z.string().nullable(),
    role: Role,
    created_at: IsoDateTime,
  })
  .meta({ id: 'PendingInvitation' });
export type PendingInvitation = z.infer<typeof PendingInvitation>;

/** POST /invitations/:id/accept: the organisation joined and the person's user in it. */
export const AcceptInvitationResponse = CreateAccountResponse;
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

export const invitationsRoutes = {
  invitationsList: defineRoute({
    id: 'invitations.list',
    method: 'GET',
    path: '/invitations',
    access: 'identity',
    summary: 'Invitations waiting for the signed-in person (to their verified email)',
    tag: 'users',
    response: z.array(PendingInvitation),
  }),
  invitationsAccept: defineRoute({
    id: 'invitations.accept',
    method: 'POST',
    path: '/invitations/:id/accept',
    access: 'identity',
    summary: 'Accept an invitation: join that organisation',
    tag: 'users',
    params: IdParams,
    response: AcceptInvitationResponse,
  }),
  invitationsDecline: defineRoute({
    id: 'invitations.decline',
    method: 'DELETE',
    path: '/invitations/:id',
    access: 'identity',
    summary: 'Decline an invitation: it is removed',
    tag: 'users',
    params: IdParams,
    response: null,
    status: 204,
  }),
} as const;
