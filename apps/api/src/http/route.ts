import { isDeepStrictEqual } from 'node:util';
import type { RouteDef } from '@argo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { JsonText } from './json-text';

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;
type Output<S> = S extends z.ZodType ? z.input<S> : undefined;

interface RouteInput<R extends RouteDef> {
  params: Input<R['params']>;
  query: Input<R['query']>;
  body: Input<R['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<R extends RouteDef> = (
  input: RouteInput<R>,
) => Promise<Output<R['response']> | JsonText<Output<R['response']>> | undefined>;

/**
 * Under the test runner every JsonText answer is parsed and checked against the route's contract, as Fastify
 * checks the others: a key the contract lacks, or a value of the wrong type, fails the test that asked.
 */
const checksJsonText = process.env.VITEST === 'true';

function checkJsonText(def: RouteDef, text: string): void {
  const sent = JSON.parse(text);
  const parsed = (def.response as z.ZodType).safeParse(sent);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, sent)) {
    throw new Error(
      `${def.id}: the JSON text differs from the contract's shape: ${parsed.error?.message ?? JSON.stringify(parsed.data)}`,
    );
  }
}

/**
 * The path parameter naming the session a route is about: `:id` of /user/session/:id/…, /users/sessions/:id and
 * /sessions/:id/…. The sign-in lookup reads the caller's access to it in the same statement (http/auth.ts).
 */
const SESSION_PATH = /^\/(?:user\/session|users\/sessions|sessions)\/:id(?:\/|$)/;

/**
 * Registers one call of the contract: method, path, validation, OpenAPI and access level all come from the
 * route table in packages/contract, so the API cannot drift from what the web client expects.
 */
export function route<R extends RouteDef>(app: FastifyInstance, def: R, handler: RouteHandler<R>) {
  const status = def.status ?? (def.response === null ? 204 : 200);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: `/api${def.path}`,
    config: {
      access: def.access,
      ...(SESSION_PATH.test(def.path) ? { sessionParam: 'id' } : {}),
      ...(def.apiKeys === false ? { apiKeys: false } : {}),
    },
    schema: {
      operationId: def.id,
      summary: def.summary,
      tags: [def.tag],
      ...(def.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && def.bodyType !== 'multipart' ? { body: def.body } : {}),
      ...(def.response && def.responseType !== 'csv' ? { response: { [status]: def.response } } : {}),
    },
    async handler(request, reply) {
      const result = await handler({
        params: request.params as Input<R['params']>,
        query: request.query as Input<R['query']>,
        body: request.body as Input<R['body']>,
        request,
        reply,
      });
      if (reply.sent) return reply;
      if (status === 204) return reply.status(204).send();
      if (result instanceof JsonText) {
        if (checksJsonText) checkJsonText(def, result.text);
        return reply.status(status).type('application/json; charset=utf-8').send(result.text);
      }
      return reply.status(status).send(result);
    },
  });
}
