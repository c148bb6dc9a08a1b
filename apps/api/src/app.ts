import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { tileImageSource } from './config/map';
import type { AppDeps } from './deps';
import { registerAuth } from './http/auth';
import { registerCompression } from './http/compression';
import { registerErrorHandling } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { registerRateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTextGuard } from './http/text-guard';
import { registerWebApp } from './http/web-app';
import { registerModules } from './modules';
import { verifyApiKey } from './modules/api-keys/api-key-auth';
import { findUserForIdentity } from './modules/users/sign-in.repository';

const REQUEST_ID = /^[\w.:-]{8,128}$/;

/** Builds the whole HTTP application from its dependencies. `main.ts` listens; tests call `app.inject()` or listen on port 0. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(deps.logger === false
      ? { logger: false }
      : deps.logger
        ? { loggerInstance: deps.logger }
        : {
            logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
          }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // The router's own refusals (an id longer than any id, a malformed URL) answer in the one error shape too.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply).code(tooLong ? 414 : 400).send({
        error: {
          code: 'validation_failed',
          message: tooLong
            ? 'A part of the address is longer than any id Argo uses. Check the link.'
            : 'The address is malformed. Check the link.',
          request_id: request.id,
        },
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerTextGuard(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from MAP_TILE_URL's server alone (config/map.ts); no other image is loaded from elsewhere.
        imgSrc: ["'self'", 'data:', 'blob:', tileImageSource(config.MAP_TILE_URL)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...deps.connectSources],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // Argo may be served over plain http on a LAN; upgrading would break every asset there.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: true,
    exposedHeaders: ['content-disposition', 'x-request-id'],
  });
  await registerCompression(app);
  // Limits are decided on the routed path (http/rate-limits.ts), so every spelling of an /api URL counts.
  await registerRateLimits(app, config.RATE_LIMIT_PER_MINUTE, config.API_KEY_RATE_LIMIT_PER_MINUTE);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Argo API', description: 'Business Intelligence and Insights', version: deps.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app, {
    identity: deps.identity,
    findUserForIdentity: (claims, accessTo) => findUserForIdentity(deps.db, claims, accessTo),
    verifyApiKey: (token) => verifyApiKey(deps.db, token, app.log),
  });
  deps.identity.registerRoutes?.(app);
  await registerModules(app, deps);
  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
