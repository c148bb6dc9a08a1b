import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { acceptInvitation, declineInvitation, listMyInvitations } from './invitations.service';

export function registerInvitationRoutes(app: FastifyInstance, { db }: AppDeps) {
  route(app, routes.invitationsList, async ({ request }) => listMyInvitations(db, request.actor));

  route(app, routes.invitationsAccept, async ({ request, params }) =>
    acceptInvitation(db, request.actor, params.id),
  );

  route(app, routes.invitationsDecline, async ({ request, params }) => {
    await declineInvitation(db, request.actor, params.id);
    return undefined;
  });
}
