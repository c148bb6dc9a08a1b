import rateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from './auth';

/**
 * The API's request limits. They are decided on the route the router found, never on the raw
 * URL: `/%61pi/…` and an absolute-form request line (`GET http://host/api/… HTTP/1.1`) reach the same route as
 * `/api/…` and count the same. Every route under /api counts against RATE_LIMIT_PER_MINUTE per client address;
 * the calls that cost the most have their own, smaller limits. A request made with an API key counts against its
 * key's own API_KEY_RATE_LIMIT_PER_MINUTE instead (the auth hook has found the key before the limits run).
 */

/** A results page of more rows than this is a bulk read: it has its own, smaller limit. */
export const LARGE_PAGE_ROWS = 500;

/** Registers the limits: call before any route is added (the plugin attaches itself to each route as it is added). */
export async function registerRateLimits(
  app: FastifyInstance,
  perMinute: number,
  perKeyPerMinute = perMinute,
): Promise<void> {
  // Runs before the plugin's own onRoute hook (added next), so the plugin sees the expensive routes' own limits.
  app.addHook('onRoute', (options) => {
    const id = (options.schema as { operationId?: unknown } | undefined)?.operationId;
    const own = typeof id === 'string' ? routeRateLimit(id, perMinute, perKeyPerMinute) : undefined;
    if (own) options.config = { ...options.config, rateLimit: own };
  });
  await app.register(rateLimit, apiRateLimit(perMinute, perKeyPerMinute));
}

/** Who a limit counts: the API key of the request, else the client address. */
function subjectOf(request: FastifyRequest): string {
  const actor = request.actor as Actor | null;
  return actor?.kind === 'user' && actor.apiKey ? `key:${actor.apiKey.id}` : request.ip;
}

/** The global limit: every route registered under /api (the routed pattern, e.g. `/api/users/:id`). */
function apiRateLimit(perMinute: number, perKeyPerMinute: number): RateLimitPluginOptions {
  return {
    max: (_request, key) => (key.startsWith('key:') ? perKeyPerMinute : perMinute),
    keyGenerator: subjectOf,
    timeWindow: 60_000,
    allowList: (request) => !isApiRoute(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  };
}

const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') === true;

const share = (perMinute: number, divisor: number) => Math.max(1, Math.round(perMinute / divisor));

function isLargePage(request: FastifyRequest): boolean {
  const size = Number((request.query as { pageSize?: unknown } | undefined)?.pageSize);
  return Number.isFinite(size) && size > LARGE_PAGE_ROWS;
}

/**
 * The own limit of an expensive call (by contract route id), or undefined for the global one. Exports (and an
 * import's report) read a whole session: a sixtieth of the global limit (10 a minute by default). Results pages of more than
 * LARGE_PAGE_ROWS rows (up to 5,000): a twentieth (30 a minute), counted apart from ordinary pages, which keep
 * the global number in their own bucket (an API key's ordinary pages: the key's number). Each counts per key for
 * requests made with one.
 */
function routeRateLimit(
  routeId: string,
  perMinute: number,
  perKeyPerMinute: number,
): RateLimitOptions | undefined {
  if (
    routeId === 'sessions.export' ||
    routeId === 'sessions.exportContacts' ||
    routeId === 'sessions.importReport'
  ) {
    return {
      max: share(perMinute, 60),
      timeWindow: 60_000,
      keyGenerator: (request) => `${subjectOf(request)}|export`,
    };
  }
  if (routeId === 'sessions.results') {
    return {
      max: (request) =>
        isLargePage(request)
          ? share(perMinute, 20)
          : subjectOf(request).startsWith('key:')
            ? perKeyPerMinute
            : perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `${subjectOf(request)}|${isLargePage(request) ? 'large-page' : 'page'}`,
    };
  }
  return undefined;
}
