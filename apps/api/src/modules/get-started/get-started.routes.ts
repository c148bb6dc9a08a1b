import { routes } from '@argo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { createPreview, type GetStartedOptions, getPreview, PreviewRateLimited } from './get-started.service';

/** The anonymous /get-started preview (PRODUCT §9). `options` lets tests use low rate limits or a fixed clock. */
export function registerGetStartedRoutes(
  app: FastifyInstance,
  { db, clock }: AppDeps,
  options: GetStartedOptions = {},
) {
  const settings: GetStartedOptions = { ...(clock ? { clock } : {}), ...options };

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
