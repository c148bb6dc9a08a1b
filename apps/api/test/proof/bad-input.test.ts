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
import {
  type Attempt,
  HOSTILE_STRINGS,
  jsonBodyAttempts,
  keyPaths,
  paramAttempts,
  queryAttempts,
  setPath,
  uploadAttempts,
} from './bad-input.attempts';
import { CASES } from './route-cases';
import { CALLERS, type Caller, createWorld, tokenOf } from './route-world';

const PER_ROUTE = 1_000;
const SEED = 20261121;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10000000' });
  await createWorld(t);
}, 120_000);
afterAll(() => t?.close());

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
