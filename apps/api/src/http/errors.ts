import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export type ErrorCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'not_implemented'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  not_implemented: 501,
  internal: 500,
};

/** An error a service throws on purpose: its message is shown to the user, so it says what to fix. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError('validation_failed', message, field);
export const unauthenticated = (message = 'Sign in to continue.') => new AppError('unauthenticated', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`);
export const conflict = (message: string) => new AppError('conflict', message);

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  field?: string,
) {
  const body: { error: Record<string, string> } = { error: { code, message, request_id: request.id } };
  if (field && body.error) body.error.field = field;
  return reply.status(STATUS[code]).type('application/json').send(body);
}

function describePath(path: readonly PropertyKey[]) {
  return path.map(String).join('.');
}

/** One error handler for the whole API: every failure leaves as `{ error: { code, message, field?, request_id } }`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) return send(reply, request, error.code, error.message, error.field);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
      const first = error.validation[0];
      const field = first ? describePath(first.instancePath.split('/').filter(Boolean)) : undefined;
      const messages = error.validation.slice(0, 5).map((v) => {
        const name = describePath(v.instancePath.split('/').filter(Boolean));
        return name ? `${name}: ${v.message}` : `${where}: ${v.message}`;
      });
      return send(reply, request, 'validation_failed', messages.join('; '), field || undefined);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return send(
        reply,
        request,
        'internal',
        'Something went wrong on our side. Try again; if it keeps failing, contact support with the request id.',
      );
    }

    const fe = error as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT') {
      return send(
        reply,
        request,
        'payload_too_large',
        'The request is too large. Send a smaller file or body.',
      );
    }
    if (status === 429)
      return send(
        reply,
        request,
        'rate_limited',
        fe.message || 'Too many requests. Wait a moment and try again.',
      );
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(
        reply,
        request,
        'validation_failed',
        `Send the body as application/json (got ${request.headers['content-type'] ?? 'none'}).`,
      );
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(
        reply,
        request,
        'validation_failed',
        'The JSON body is empty. Send a JSON object, or omit the Content-Type header.',
      );
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad content length, …): their messages are safe to show.
      const code: ErrorCode =
        status === 404
          ? 'not_found'
          : status === 401
            ? 'unauthenticated'
            : status === 403
              ? 'forbidden'
              : 'validation_failed';
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(fe.message)
          ? `The body is not valid JSON: ${fe.message}`
          : fe.message;
      return send(reply, request, code, message);
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(
      reply,
      request,
      'internal',
      'Something went wrong on our side. Try again; if it keeps failing, contact support with the request id.',
    );
  });
}
