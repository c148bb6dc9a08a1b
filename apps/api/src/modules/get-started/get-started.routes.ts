import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { createDiscoveryDeps } from '../discovery/discovery.deps';
import { createPreview, type GetStartedOptions, getPreview, PreviewRateLimited } from './get-started.service';
import { createPreviewSearch } from './preview-search';

/** The anonymous /get-started preview. `options` lets tests use low rate limits or a fixed clock. */
export function registerGetStartedRoutes(
  app: FastifyInstance,
  { db, clock, config }: AppDeps,
  options: GetStartedOptions = {},
) {
  const search = createPreviewSearch(createDiscoveryDeps(config, db), { log: app.log });
  const settings: GetStartedOptions = { ...(clock ? { clock } : {}), search, ...options };

  route(app, routes.getStartedCreatePreview, async ({ request, reply, body }) => {
    try {
      return await createPreview(db, request.actor, body, request.ip, settings);
    } catch (error) {
      if (error instanceof PreviewRateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  route(app, routes.getStartedPreview, async ({ request }) => getPreview(db, request.actor, settings));
}
