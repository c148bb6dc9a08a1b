/**
 * A local HubSpot for tests: a real HTTP server on 127.0.0.1 speaking the subset of the CRM API Argo uses, with
 * HubSpot's request and answer shapes — private app token as `Authorization: Bearer`, companies and contacts
 * batch upsert by `domain` / `email` (`new` on each result; per-record errors in a 207 multi-status answer), v4
 * default associations, notes, paged lists with `paging.next.after`, and 429 with Retry-After when told to.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Properties = Record<string, string>;
interface HubRecord {
  id: string;
  properties: Properties;
  createdAt: string;
  updatedAt: string;
}

export interface HubspotServer {
  url: string;
  token: string;
  companies: Map<string, HubRecord>;
  contacts: Map<string, HubRecord>;
  notes: Map<string, HubRecord & { companyId: string }>;
  associations: Set<string>;
  /** Every request body received, as sent. */
  bodies: string[];
  /** Requests answered 429 so far. */
  limited: number;
  /** The next `count` requests (whose path starts with `path`) get 429 with this Retry-After. */
  rateLimit(count: number, retryAfterSeconds: number, path?: string): void;
  /** Upserts of these emails or domains fail with HubSpot's validation words in the 207. */
  refuse: Map<string, string>;
  /** A pause before each answer (ms), so a test can stop a worker while a push is under way. */
  delayMs: number;
  close(): Promise<void>;
}

const now = () => new Date().toISOString();

async function readJson(request: IncomingMessage): Promise<{ text: string; json: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return { text, json: text ? JSON.parse(text) : null };
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

export async function startHubspotServer(token = 'pat-eu1-test-4f2a'): Promise<HubspotServer> {
  let nextId = 1000;
  const newId = () => String(nextId++);
  let limitLeft = 0;
  let limitPath = '';
  let retryAfter = 1;
  const state: Omit<HubspotServer, 'url' | 'close'> = {
    token,
    companies: new Map(),
    contacts: new Map(),
    notes: new Map(),
    associations: new Set(),
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

  function upsert(type: 'companies' | 'contacts', body: unknown, response: ServerResponse) {
    const store = type === 'companies' ? state.companies : state.contacts;
    const inputs = (body as { inputs?: { idProperty: string; id: string; properties: Properties }[] })
      ?.inputs;
    if (!Array.isArray(inputs) || inputs.length > 100) {
      return send(response, 400, {
        status: 'error',
        message: 'Invalid input JSON on line 1: inputs must hold 1 to 100 records',
        category: 'VALIDATION_ERROR',
      });
    }
    const ids = inputs.map((i) => i.id.toLowerCase());
    if (new Set(ids).size !== ids.length) {
      return send(response, 400, {
        status: 'error',
        message: 'Duplicate IDs found in batch input',
        category: 'VALIDATION_ERROR',
      });
    }
    const results: unknown[] = [];
    const errors: unknown[] = [];
    for (const input of inputs) {
      const key = input.id.toLowerCase();
      const refusal = state.refuse.get(key);
      if (refusal) {
        errors.push({
          status: 'error',
          category: 'VALIDATION_ERROR',
          message: refusal,
          context: { ids: [input.id] },
        });
        continue;
      }
      const existing = store.get(key);
      const record: HubRecord = existing
        ? { ...existing, properties: { ...existing.properties, ...input.properties }, updatedAt: now() }
        : {
            id: newId(),
            properties: { ...input.properties, [input.idProperty]: key },
            createdAt: now(),
            updatedAt: now(),
          };
      store.set(key, record);
      results.push({ ...record, archived: false, new: !existing });
    }
    const status = errors.length ? 207 : 200;
    send(response, status, {
      status: 'COMPLETE',
      results,
      ...(errors.length ? { numErrors: errors.length, errors } : {}),
      startedAt: now(),
      completedAt: now(),
    });
  }

  function page(type: 'companies' | 'contacts', url: URL, response: ServerResponse) {
    const store = type === 'companies' ? state.companies : state.contacts;
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
    const after = Number(url.searchParams.get('after') ?? 0);
    const wanted = (url.searchParams.get('properties') ?? '').split(',').filter(Boolean);
    const all = [...store.values()].sort((a, b) => Number(a.id) - Number(b.id));
    const slice = all.slice(after, after + limit);
    const results = slice.map((r) => ({
      id: r.id,
      properties: Object.fromEntries(wanted.map((p) => [p, r.properties[p] ?? null])),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      archived: false,
    }));
    const next = after + limit < all.length ? { paging: { next: { after: String(after + limit) } } } : {};
    send(response, 200, { results, ...next });
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const { text, json } = await readJson(request);
    if (text) state.bodies.push(text);
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (request.headers.authorization !== `Bearer ${state.token}`) {
      return send(response, 401, {
        status: 'error',
        message: 'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
        category: 'INVALID_AUTHENTICATION',
      });
    }
    if (limitLeft > 0 && url.pathname.startsWith(limitPath)) {
      limitLeft--;
      state.limited++;
      return send(
        response,
        429,
        {
          status: 'error',
          message: 'You have reached your secondly limit.',
          errorType: 'RATE_LIMIT',
          category: 'RATE_LIMITS',
        },
        { 'retry-after': String(retryAfter) },
      );
    }
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const list = /^\/crm\/v3\/objects\/(companies|contacts)$/.exec(path);
    if (list && method === 'GET') return page(list[1] as 'companies', url, response);
    const batch = /^\/crm\/v3\/objects\/(companies|contacts)\/batch\/upsert$/.exec(path);
    if (batch && method === 'POST') return upsert(batch[1] as 'companies', json, response);
    if (path === '/crm/v4/associations/companies/contacts/batch/associate/default' && method === 'POST') {
      const inputs = (json as { inputs: { from: { id: string }; to: { id: string } }[] }).inputs ?? [];
      for (const input of inputs) state.associations.add(`${input.from.id}->${input.to.id}`);
      return send(response, 200, {
        status: 'COMPLETE',
        results: inputs.map((i) => ({ from: i.from, to: i.to })),
      });
    }
    if (path === '/crm/v3/objects/notes' && method === 'POST') {
      const body = json as { properties: Properties; associations?: { to: { id: string } }[] };
      const record = {
        id: newId(),
        properties: body.properties,
        createdAt: now(),
        updatedAt: now(),
        companyId: body.associations?.[0]?.to.id ?? '',
      };
      state.notes.set(record.id, record);
      return send(response, 201, {
        id: record.id,
        properties: record.properties,
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
        archived: false,
      });
    }
    const linked = /^\/crm\/v4\/objects\/companies\/(\w+)\/associations\/notes$/.exec(path);
    if (linked && method === 'GET') {
      const results = [...state.notes.values()]
        .filter((n) => n.companyId === linked[1])
        .map((n) => ({
          toObjectId: Number(n.id),
          associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 190, label: null }],
        }));
      return send(response, 200, { results });
    }
    const note = /^\/crm\/v3\/objects\/notes\/(\w+)$/.exec(path);
    if (note && method === 'GET') {
      const record = state.notes.get(note[1] as string);
      if (!record)
        return send(response, 404, {
          status: 'error',
          message: 'Object not found.',
          category: 'OBJECT_NOT_FOUND',
        });
      return send(response, 200, { id: record.id, properties: record.properties, archived: false });
    }
    if (note && method === 'PATCH') {
      const record = state.notes.get(note[1] as string);
      if (!record)
        return send(response, 404, {
          status: 'error',
          message: 'Object not found.',
          category: 'OBJECT_NOT_FOUND',
        });
      record.properties = { ...record.properties, ...(json as { properties: Properties }).properties };
      record.updatedAt = now();
      return send(response, 200, { id: record.id, properties: record.properties, archived: false });
    }
    send(response, 404, {
      status: 'error',
      message: `Unable to route ${method} ${path}`,
      category: 'NOT_FOUND',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as HubspotServer;
}
