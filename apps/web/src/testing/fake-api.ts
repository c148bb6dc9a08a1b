import { vi } from 'vitest';

/* `fetch` stubbed for the screens' tests: answers per "METHOD /api/path", and the list of what was sent. */

export function json(status: number, body?: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Handler = (request: SentRequest) => Response | Promise<Response>;

/**
 * Stubs `fetch`: `handlers` are keyed by "METHOD /api/path"; anything else answers 404. Answers the list of
 * requests sent, in order.
 */
export function mockApi(handlers: Record<string, Handler>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const request = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
      };
      sent.push(request);
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler)
        return json(404, {
          error: { code: 'not_found', message: `No test answer for ${method} ${url.pathname}` },
        });
      return handler(request);
    }),
  );
  return sent;
}
