/**
 * Bad input: every call that takes input is fed at least 1,000 generated invalid requests — wrong
 * types, missing fields, huge strings, deep nesting, odd Unicode, SQL and HTML injection riding along, malformed
 * JSON, wrong content types, invalid ids and query values, broken and oversized uploads. Payloads come from the
 * route's own valid request (route-cases.ts) mutated by fast-check with a fixed seed, and only those that the
 * contract's zod schema rejects are sent, so every one of them must be refused: a 4xx with a message, never a 5xx,
 * and nothing already stored may change (a fingerprint of every table before and after each route).
 */
import { randomUUID } from 'node:crypto';
import { type RouteDef, routeList } from '@argo/contract';
import { type HostileSite, serveHostilePages } from '@argo/engine/testing';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, sessions } from '../../src/db/schema';
import type { JobQueue } from '../../src/jobs/queue';
import { createAdmin, createSession, type TestUser } from '../../src/modules/access/access.fixtures';
import { createTestApp, type TestApp } from '../app';
import { isFinished, multipart, startWorker, waitForInfo } from '../workers';
import {
  type Attempt,
  HOSTILE_STRINGS,
  hostileCsvShapes,
  hostilePageShapes,
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

// CSV files shaped to make reading them slow (wide, long names, endless empty rows): each answered in bounded time,
// with a 400 that says what to do and nothing stored, or as a draft whose preview is right.
describe('hostile CSV shapes', () => {
  for (const shape of hostileCsvShapes()) {
    const outcome = shape.refusal
      ? 'a 400 that says what to do, nothing stored'
      : 'a draft with the right preview';
    it(`POST /discovery/import, ${shape.kind}: ${outcome}, in bounded time`, async () => {
      const before = await fingerprint();
      const form = multipart({}, { name: 'hostile.csv', data: shape.data });
      const started = performance.now();
      const answer = await t.call('POST', '/api/discovery/import', {
        token: tokenOf(allowedCaller('discovery.import')),
        body: form.body,
        headers: form.headers,
      });
      const took = performance.now() - started;
      if (shape.refusal) {
        expect(answer.status).toBe(400);
        expect(answer.body.error).toMatchObject({
          code: 'validation_failed',
          field: 'file',
          message: shape.refusal,
        });
        expect(await fingerprint()).toEqual(before);
      } else {
        const accepted = shape.accepted as NonNullable<typeof shape.accepted>;
        expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(201);
        expect(answer.body.preview.headers).toHaveLength(accepted.columns);
        expect(answer.body.preview.row_count).toBe(accepted.row_count);
        if (accepted.rows) expect(answer.body.preview.rows).toEqual(accepted.rows);
      }
      // Bounded, not stalled: read without a bound, the wide file held the API's thread.
      expect(took).toBeLessThan(20_000);
    }, 60_000);
  }
});

// Web pages shaped to make reading them slow (deep nesting, a million siblings, 100,000 attributes, a 20 MB line),
// served from 127.0.0.1 and read by the job workers as a business's website (enrichment: every analyzer) and as a
// competitor's (competitor discovery): each answered in bounded time, with "page too complex to read" on the
// business or the competitor where the page holds more than Argo reads, and read up to the fetcher's 2 MB where not.
describe('hostile page shapes', () => {
  const TOO_COMPLEX = 'page too complex to read (more than 50,000 elements and attributes)';
  const shapes = hostilePageShapes();
  let site: HostileSite;
  let worker: JobQueue;
  let owner: TestUser;
  const urlOf = (path: string) => `${site.origin}${path}`;

  beforeAll(async () => {
    site = await serveHostilePages(Object.fromEntries(shapes.map((shape) => [shape.path, shape.html])));
    const fetcher = { allowAddresses: ['127.0.0.1'], retries: 0 };
    worker = await startWorker(t, { crawl: { fetcher } }, { enrichment: { fetcher } });
    owner = await createAdmin(t, 'Hostile pages');
  }, 60_000);
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 2000 });
    await site?.close();
  });

  it('POST /enrichment/unified: each business is enriched, or says its page is too complex to read', async () => {
    const sessionId = await createSession(t, owner);
    const runId = randomUUID();
    await t.database.db
      .update(sessions)
      .set({ runId, status: 'completed' })
      .where(eq(sessions.id, sessionId));
    await t.database.db.insert(businesses).values(
      shapes.map((shape, i) => ({
        accountId: owner.accountId,
        sessionId,
        runId,
        dedupeKey: `k${i}`,
        name: shape.kind,
        website: urlOf(shape.path),
        source: 'osm',
      })),
    );
    const started = performance.now();
    const queued = await t.call('POST', '/api/enrichment/unified', {
      token: owner.token,
      body: { session_id: sessionId },
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const info = await waitForInfo(t, owner.token, sessionId, isFinished, 150_000);
    expect(info).toMatchObject({
      status: 'completed',
      progress: { total: shapes.length, done: shapes.length },
    });
    const rows = await t.database.db
      .select({ name: businesses.name, state: businesses.enrichmentState, error: businesses.enrichmentError })
      .from(businesses)
      .where(eq(businesses.sessionId, sessionId));
    const outcome = Object.fromEntries(rows.map((row) => [row.name, [row.state, row.error]]));
    expect(outcome).toEqual(
      Object.fromEntries(
        shapes.map((shape) => [
          shape.kind,
          shape.tooComplex ? ['failed', `${urlOf(shape.path)}: ${TOO_COMPLEX}`] : ['done', null],
        ]),
      ),
    );
    // Bounded, not stalled: read without a bound, the deep nesting alone held a worker.
    expect(performance.now() - started).toBeLessThan(150_000);
  }, 180_000);

  for (const shape of shapes) {
    const outcome = shape.tooComplex ? 'the competitor’s page is too complex to read' : 'read, no customers';
    it(`POST /discovery/competitor-customers, ${shape.kind}: ${outcome}, in bounded time`, async () => {
      const started = performance.now();
      const queued = await t.call('POST', '/api/discovery/competitor-customers', {
        token: owner.token,
        body: { name: shape.kind, competitor_urls: [urlOf(shape.path)] },
      });
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
      const info = await waitForInfo(t, owner.token, queued.body.id, isFinished, 60_000);
      if (shape.tooComplex) {
        expect(info).toMatchObject({ status: 'failed', progress: { total: 1, done: 1, failed: 1 } });
        expect(info.error).toBe(
          `The competitor's website could not be read (${urlOf(shape.path)}: ${TOO_COMPLEX}). Check the address, or retry in a few minutes.`,
        );
      } else {
        expect(info).toMatchObject({ status: 'completed', progress: { total: 1, done: 1, failed: 0 } });
      }
      // Bounded, not stalled: read without a bound, the deep nesting held a worker.
      expect(performance.now() - started).toBeLessThan(60_000);
    }, 90_000);
  }
});
