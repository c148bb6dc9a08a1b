import { routes } from '@argo/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isCognitoProvider } from '../../auth/cognito-provider';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, routes.healthCheck, async () => {
    try {
      await deps.db.execute(sql`select 1`);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError('internal', 'The database is not reachable.');
    }
    return { status: 'ok' as const, version: deps.version, database: 'ok' as const };
  });

  const cognito = isCognitoProvider(deps.identity)
    ? {
        region: deps.identity.settings.region,
        user_pool_id: deps.identity.settings.userPoolId,
        client_id: deps.identity.settings.clientId,
        endpoint: deps.identity.settings.endpoint,
      }
    : null;
  route(app, routes.healthConfig, async () => ({
    auth_provider: deps.identity.kind,
    cognito,
    version: deps.version,
    password_min_length: deps.config.PASSWORD_MIN_LENGTH,
    map: {
      tile_url: deps.config.MAP_TILE_URL,
      attribution: deps.config.MAP_TILE_ATTRIBUTION,
      attribution_url: deps.config.MAP_TILE_ATTRIBUTION_URL,
      max_zoom: deps.config.MAP_TILE_MAX_ZOOM,
    },
    features: { language_model: false, google_places: Boolean(deps.config.GOOGLE_PLACES_API_KEY) },
  }));
}
