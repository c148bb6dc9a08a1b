/**
 * Test helpers shared by the enrichment tests: a local server answering the real fixture pages under their
 * original host names (DNS mapped to 127.0.0.1) and a fault web (timeouts, resets, 5xx, a 50 MB body, redirect
 * loops, binary files, wrong charsets, robots.txt), the app with a real worker running session.enrich jobs, an
 * admin, a member and an outsider (all started and stopped by useEnrichmentApp()), seeded sessions, and calls to
 * POST /enrichment/* and GET results.
 */
import { randomUUID } from 'node:crypto';
import {
  type FixturePage,
  fixtureHandler,
  fixtureResolver,
  hasFixtures,
  type LocalServer,
  loadCareersFixtures,
  loadHtmlFixtures,
  MISSING_FIXTURES_MESSAGE,
  startServer,
} from '@argo/engine/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, drawerBusinesses, type TestApp } from '../../../test/app';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import { businesses, sessions } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';
import { FAULT_HOSTS, type FaultState, faultHandler } from './fault-web.fixtures';

if (!hasFixtures) console.warn(MISSING_FIXTURES_MESSAGE);

/** The app of the calling test file, its users and the local web (set by useEnrichmentApp's beforeAll). */
export let t: TestApp;
let worker: JobQueue;
export let admin: TestUser;
export let member: TestUser;
export let outsider: TestUser;
export let server: LocalServer;
export let pages: FixturePage[] = [];
export const faults: FaultState = { requests: 0, errorHostHealed: false };

/**
 * Starts the local web, the app, its worker and the users before the file's tests; stops them after.
 * `extraPages`: more pages the local web serves under their original host names (a test's own site).
 */
export function useEnrichmentApp(extraPages: () => FixturePage[] = () => []): void {
  beforeAll(async () => {
    pages = [
      ...(hasFixtures ? [...loadHtmlFixtures(), ...loadCareersFixtures(), ...careersAlone()] : []),
      ...extraPages(),
    ];
    const fixtures = fixtureHandler(pages);
    const fault = faultHandler(faults);
    server = await startServer((req, res) => {
      faults.requests += 1;
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      return FAULT_HOSTS.includes(host) ? fault(req, res) : fixtures(req, res);
    });
    t = await createTestApp();
    worker = await startWorker(
      t,
      {},
      {
        enrichment: {
          concurrency: 6,
          fetcher: {
            allowAddresses: ['127.0.0.1'],
            resolve: fixtureResolver(pages, Object.fromEntries(FAULT_HOSTS.map((h) => [h, '127.0.0.1']))),
            timeoutMs: 4000,
            connectTimeoutMs: 4000,
            retries: 0,
          },
        },
      },
    );
    admin = await createAdmin(t);
    member = await addUser(t, admin);
    outsider = await createAdmin(t, 'Other Org');
  }, 60_000);

  afterAll(async () => {
    await worker?.stop({ graceful: false });
    await t?.close();
    await server?.close();
  });
}

export interface Seed {
  name: string;
  website: string | null;
  category?: string;
  city?: string;
}

/** A finished session of `owner` holding these businesses (as a discovery run would have left them). */
export const seedSession = (owner: TestUser, seeds: Seed[], ventureId?: string) =>
  seedSessionOf(t, owner, seeds, ventureId);

/** seedSession in another test app than useEnrichmentApp's. */
export async function seedSessionOf(app: TestApp, owner: TestUser, seeds: Seed[], ventureId?: string) {
  const sessionId = await createSession(app, owner, ventureId ? { venture_id: ventureId } : {});
  const runId = randomUUID();
  await app.database.db
    .update(sessions)
    .set({ runId, status: 'completed' })
    .where(eq(sessions.id, sessionId));
  const rows = await app.database.db
    .insert(businesses)
    .values(
      seeds.map((seed, i) => ({
        accountId: owner.accountId,
        sessionId,
        runId,
        dedupeKey: `k${i}`,
        name: seed.name,
        website: seed.website,
        category: seed.category ?? null,
        city: seed.city ?? null,
        source: 'osm',
      })),
    )
    .returning({ id: businesses.id, name: businesses.name });
  return { sessionId, ids: Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<string, string> };
}

export const enrich = (user: TestUser, type: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/enrichment/${type}`, { token: user.token, body });

export async function runToEnd(user: TestUser, type: string, body: Record<string, unknown>) {
  const res = await enrich(user, type, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(['queued', 'running']).toContain(res.body.session.status);
  expect(res.body.session.stage).toBe('enriching');
  return waitForInfo(t, user.token, body.session_id as string, isFinished, 120_000);
}

/** The session's businesses by name, as the drawer shows them (with details). */
// biome-ignore lint/suspicious/noExplicitAny: results are asserted field by field
export async function results(user: TestUser, sessionId: string): Promise<Record<string, any>> {
  const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
    token: user.token,
    query: { pageSize: 500 },
  });
  expect(res.status).toBe(200);
  const shown = await drawerBusinesses(t, user.token, sessionId, res.body.items);
  return Object.fromEntries(shown.map((b) => [b.name, b]));
}

export const url = (host: string, path = '/') => `http://${host}:${server.port}${path}`;

/**
 * The careers snapshots, each alone on its own host: served together under 2i2c.org, a crawl of the 2026 "not
 * hiring" index would also find the 2024 job pages beside it, which that site no longer had.
 */
export function careersAlone() {
  return loadCareersFixtures().map((page) => ({
    ...page,
    originalUrl: page.originalUrl
      .replace('2i2c.org', `${page.key.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.fixture.test`)
      .replace(/\?snapshot=.*$/, ''),
  }));
}
