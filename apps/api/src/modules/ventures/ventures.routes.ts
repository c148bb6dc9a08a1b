import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import {
  changeVenture,
  createVenture,
  listVenturePeople,
  listVentures,
  removeVenture,
} from './ventures.service';

export function registerVentureRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const options = { allowAddresses: deps.config.CRAWL_ALLOW_HOSTS };

  route(app, routes.venturesCreate, async ({ body, request }) =>
    createVenture(db, requireUser(request), body, options),
  );

  route(app, routes.venturesUpdate, async ({ body, request }) =>
    changeVenture(db, requireUser(request), body, options),
  );

  route(app, routes.venturesAll, async ({ request }) => listVentures(db, requireUser(request)));

  route(app, routes.venturesDelete, async ({ body, request }) => {
    await removeVenture(db, requireUser(request), body.venture_id);
    return undefined;
  });

  route(app, routes.venturesPeople, async ({ params, request }) =>
    listVenturePeople(db, requireUser(request), params.id),
  );
}
