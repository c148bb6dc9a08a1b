import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Why a string cannot be stored, or null: PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16
 * surrogate ("\ud800") in jsonb. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function unstorableText(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return problem;
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push(child);
      }
    }
  }
  return null;
}

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'a NUL character (\\u0000)';
  if (/\p{Cs}/u.test(text)) return 'a broken Unicode character (a lone surrogate such as \\ud800)';
  return null;
}

/** Refuses, for every route, a JSON body or query string holding text that could not be stored (see above). */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = unstorableText(request.query) ?? unstorableText(request.body);
    if (problem) throw badRequest(`The request contains ${problem}. Remove it and send the request again.`);
  });
}
