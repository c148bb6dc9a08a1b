import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { deleteUser, getMe, getUser, inviteUser, listUsers, updateMe, updateUser } from './users.service';

export function registerUserRoutes(app: FastifyInstance, { db, identity }: AppDeps) {
  route(app, routes.usersMe, async ({ request }) => getMe(db, request.actor));

  route(app, routes.usersUpdateMe, async ({ request, body }) =>
    updateMe(db, requireUser(request), { name: body.name, title: body.title }),
  );

  route(app, routes.usersList, async ({ request }) => listUsers(db, requireUser(request)));

  route(app, routes.usersGet, async ({ request, params }) => getUser(db, requireUser(request), params.id));

  route(app, routes.usersUpdate, async ({ request, params, body }) =>
    updateUser(db, requireUser(request), params.id, {
      name: body.name,
      role: body.role,
      status: body.status,
      ventureIds: body.venture_ids,
    }),
  );

  route(app, routes.usersInvite, async ({ request, body }) =>
    inviteUser(db, identity, requireUser(request), body),
  );

  route(app, routes.usersDelete, async ({ request, params }) => {
    await deleteUser(db, requireUser(request), params.id);
    return undefined;
  });
}
