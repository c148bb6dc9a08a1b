/**
 * A local Pipedrive for tests: a real HTTP server on 127.0.0.1 speaking the subset of API v1 Argo uses, with
 * Pipedrive's shapes — the API token in `x-api-token` (or `api_token`), `{ success, data, additional_data }`
 * answers, organizations, persons (emails as `[{ value, primary }]`, `org_id`) and notes, search over
 * organizations' names and notes and persons' emails, `start`/`limit` paging with `more_items_in_collection`,
 * `{ success: false, error }` refusals, and 429 with Retry-After when told to.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
interface PdRecord extends Json {
  id: number;
}

export interface PipedriveServer {
  url: string;
  token: string;
  organizations: Map<number, PdRecord>;
  persons: Map<number, PdRecord>;
  notes: Map<number, PdRecord>;
  bodies: string[];
  limited: number;
  rateLimit(count: number, retryAfterSeconds: number, path?: string): void;
  /** Persons with these emails are refused with Pipedrive's words. */
  refuse: Map<string, string>;
  /** A pause before each answer (ms), so a test can stop a worker while a push is under way. */
  delayMs: number;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<{ text: string; json: Json }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return { text, json: text ? (JSON.parse(text) as Json) : {} };
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const emailsOf = (person: PdRecord) =>
  (Array.isArray(person.email) ? person.email : []).map((e: { value?: string }) =>
    (e.value ?? '').toLowerCase(),
  );

export async function startPipedriveServer(token = 'pd-test-token-9b1c'): Promise<PipedriveServer> {
  let nextId = 1;
  let limitLeft = 0;
  let limitPath = '';
  let retryAfter = 1;
  const state: Omit<PipedriveServer, 'url' | 'close'> = {
    token,
    organizations: new Map(),
    persons: new Map(),
    notes: new Map(),
    bodies: [],
    limited: 0,
    refuse: new Map(),
    delayMs: 0,
    rateLimit(count, seconds, path = '') {
      limitLeft = count;
      retryAfter = seconds;
      limitPath = path;
    },
  };
  const stores: Record<string, Map<number, PdRecord>> = {
    organizations: state.organizations,
    persons: state.persons,
    notes: state.notes,
  };

  function search(kind: 'organizations' | 'persons', url: URL, response: ServerResponse) {
    const term = (url.searchParams.get('term') ?? '').toLowerCase();
    if (term.length < 2) {
      return send(response, 400, {
        success: false,
        error: 'Search term must be at least 2 characters long',
        errorCode: 400,
      });
    }
    const exact = url.searchParams.get('exact_match') === 'true';
    const fields = (url.searchParams.get('fields') ?? 'name').split(',');
    const hits = (text: string) => (exact ? text.toLowerCase() === term : text.toLowerCase().includes(term));
    const items = [...(kind === 'persons' ? state.persons : state.organizations).values()]
      .filter((record) => {
        if (kind === 'persons') return fields.includes('email') && emailsOf(record).some(hits);
        const notes = [...state.notes.values()]
          .filter((n) => n.org_id === record.id)
          .map((n) => String(n.content));
        return (
          (fields.includes('name') && hits(String(record.name))) ||
          (fields.includes('notes') && notes.some(hits))
        );
      })
      .map((record) => ({
        result_score: 1,
        item: { id: record.id, type: kind.slice(0, -1), name: record.name },
      }));
    const limit = Number(url.searchParams.get('limit') ?? 100);
    send(response, 200, {
      success: true,
      data: { items: items.slice(0, limit) },
      additional_data: { pagination: { start: 0, limit, more_items_in_collection: items.length > limit } },
    });
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const { text, json } = await readJson(request);
    if (text) state.bodies.push(text);
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const given = request.headers['x-api-token'] ?? url.searchParams.get('api_token');
    if (given !== state.token) {
      return send(response, 401, {
        success: false,
        error: 'unauthorized access',
        errorCode: 401,
        error_info: 'Please check developers.pipedrive.com',
      });
    }
    if (limitLeft > 0 && url.pathname.startsWith(limitPath)) {
      limitLeft--;
      state.limited++;
      return send(
        response,
        429,
        { success: false, error: 'Request over limit', errorCode: 429 },
        { 'retry-after': String(retryAfter) },
      );
    }
    const method = request.method ?? 'GET';
    const path = url.pathname;
    if (path === '/v1/users/me')
      return send(response, 200, { success: true, data: { id: 1, name: 'Test User' } });
    const searched = /^\/v1\/(organizations|persons)\/search$/.exec(path);
    if (searched && method === 'GET') return search(searched[1] as 'persons', url, response);
    const collection = /^\/v1\/(organizations|persons|notes)$/.exec(path);
    const one = /^\/v1\/(organizations|persons|notes)\/(\d+)$/.exec(path);
    const kind = (collection?.[1] ?? one?.[1]) as string | undefined;
    const store = kind ? stores[kind] : undefined;
    if (store && collection && method === 'GET') {
      const start = Number(url.searchParams.get('start') ?? 0);
      const limit = Math.min(500, Number(url.searchParams.get('limit') ?? 100));
      const orgId = url.searchParams.get('org_id');
      const all = [...store.values()].filter((r) => !orgId || String(r.org_id) === orgId);
      const data = all.slice(start, start + limit);
      const more = start + limit < all.length;
      return send(response, 200, {
        success: true,
        data: data.length ? data : null,
        additional_data: {
          pagination: {
            start,
            limit,
            more_items_in_collection: more,
            ...(more ? { next_start: start + limit } : {}),
          },
        },
      });
    }
    if (store && kind === 'persons' && (method === 'POST' || method === 'PUT')) {
      const email = emailsOf(json as PdRecord)[0];
      const refusal = email ? state.refuse.get(email) : undefined;
      if (refusal) return send(response, 400, { success: false, error: refusal, errorCode: 400 });
    }
    if (store && collection && method === 'POST') {
      if (kind !== 'notes' && !json.name)
        return send(response, 400, { success: false, error: 'Name must be given.', errorCode: 400 });
      const record: PdRecord = { ...json, id: nextId++, add_time: new Date().toISOString() };
      store.set(record.id, record);
      return send(response, 201, { success: true, data: record });
    }
    if (store && one && method === 'PUT') {
      const record = store.get(Number(one[2]));
      if (!record) return send(response, 404, { success: false, error: `${kind} not found`, errorCode: 404 });
      Object.assign(record, json, { update_time: new Date().toISOString() });
      return send(response, 200, { success: true, data: record });
    }
    send(response, 404, { success: false, error: 'Unknown method .', errorCode: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as PipedriveServer;
}
