import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies are checked for depth before they are parsed. No call of Argo takes more than a
 * few levels; a body nested 20,000 levels deep parsed fine but overflowed the stack wherever it was walked or
 * serialised again (the sign-in provider's JSON.stringify answered 500). Refused with 400 here, for every route.
 */
const MAX_JSON_DEPTH = 64;

/** How deep the arrays and objects of a JSON text nest (strings skipped); stops counting past `limit`. */
function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** Replaces Fastify's JSON parser with one that refuses deep bodies first; the rest is Fastify's own parser. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  // Fastify's defaults: a body carrying __proto__ or constructor.prototype is an error.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      const error = new Error(
        `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep. Send a flatter body.`,
      );
      done(Object.assign(error, { statusCode: 400 }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
