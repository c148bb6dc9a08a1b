import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (Content-Security-Policy, Strict-Transport-Security, X-Content-Type-Options, …) on
 * every answer. The middleware is built once: @fastify/helmet built it again on every request, parsing each CSP
 * directive each time, a measurable share of the API's CPU per results page (docs/performance.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
