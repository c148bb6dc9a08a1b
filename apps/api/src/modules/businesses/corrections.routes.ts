import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { route } from '../../http/route';
import { correctBusiness } from './corrections.service';

/** A user's corrections of a business's own fields (the results drawer's "Edit details"). */
export function registerCorrectionRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, routes.sessionsCorrectBusiness, async ({ params, body, request }) =>
    correctBusiness(deps.db, requireUser(request), params.id, params.business_id, body, {
      allowAddresses: deps.config.CRAWL_ALLOW_HOSTS,
      ...(deps.clock ? { now: deps.clock() } : {}),
    }),
  );
}
