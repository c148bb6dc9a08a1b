import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { removePerson } from './people.service';

export function registerPeopleRoutes(app: FastifyInstance, { db }: AppDeps) {
  route(app, routes.sessionsRemovePerson, async ({ params, body, request }) => {
    await removePerson(db, requireUser(request), params.id, body);
    return undefined;
  });
}
