/**
 * The set-up the corrections tests share: an API on a fresh database that runs with CRAWL_ALLOW_HOSTS=127.0.0.1
 * (so the sites of a local server are websites), a worker, two small sites on 127.0.0.1, an admin, a colleague
 * who edits (named "Edith Editor", the name a correction is shown under), one who views and an admin of another
 * organisation; a completed session with one business stored as a discovery stores it, and the calls that
 * correct a business and read its drawer.
 */

import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { mergeBusinesses, type RawBusiness } from '@argo/engine';
import { type LocalServer, startServer } from '@argo/engine/testing';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type CallResult, createTestApp, type TestApp } from '../../../test/app';
import { startWorker } from '../../../test/workers';
import { businesses, sessions } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';
import { storeBusinesses } from './businesses.repository';

/** Two small sites on 127.0.0.1, each naming its own address and number. */
const PAGES: Record<string, string> = {
  '/site-1/': `<html><head><title>Old Bakery</title></head><body><h1>Old Bakery</h1>
    <p>We bake bread in Leeds since 1990.</p><p>Mail old@bakery.example or call +44 113 496 0000.</p></body></html>`,
  '/site-2/': `<html><head><title>Sonne Bakery</title></head><body><h1>Sonne Bakery</h1>
    <p>Sourdough and pastries baked every morning in York.</p>
    <p>Write to hello@sonne.example or call +44 1904 496 111.</p></body></html>`,
};

function serve(path: string, res: ServerResponse) {
  const page = PAGES[path];
  if (!page) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
}

export const raw = (fields: Partial<RawBusiness> & { name: string }): RawBusiness => ({
  website: null,
  domain: null,
  email: null,
  phone: null,
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lng: null,
  category: null,
  source: 'import',
  source_ref: null,
  rating: null,
  review_count: null,
  ...fields,
});

export const OLD = raw({
  name: 'Old Bakery',
  website: 'https://old-bakery.example/',
  domain: 'old-bakery.example',
  email: 'info@old-bakery.example',
  phone: '+441134960000',
  address: '1 Mill Lane',
  city: 'Leeds',
  country: 'GB',
});

type Target = { accountId: string; sessionId: string; runId: string };

export interface CorrectionsApp {
  t: TestApp;
  admin: TestUser;
  /** Holds an edit share of every seeded session; named "Edith Editor". */
  editor: TestUser;
  /** Holds a view share of every seeded session. */
  viewer: TestUser;
  /** The admin of another organisation. */
  other: TestUser;
  /** A completed session of the admin with one business stored as a discovery stores it, shared with the others. */
  seed(record?: RawBusiness): Promise<{ sessionId: string; businessId: string; target: Target }>;
  /** PUT /user/session/:id/businesses/:business_id as `user`. */
  correct(
    user: TestUser,
    sessionId: string,
    businessId: string,
    body: Record<string, unknown>,
  ): Promise<CallResult>;
  /** The business's drawer as `user` sees it (expects a 200). */
  drawer(user: TestUser, sessionId: string, businessId: string): Promise<CallResult['body']>;
  /** The address of a page of the local sites. */
  siteUrl(path: string): string;
  close(): Promise<void>;
}

/**
 * Starts the sites, the API, the worker and the users (for beforeAll, with a 60 s timeout); what started is
 * stopped again when a later step fails.
 */
export async function startCorrectionsApp(): Promise<CorrectionsApp> {
  const stops: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const stop of [...stops].reverse()) await stop();
  };
  try {
    return await start(stops, close);
  } catch (error) {
    await close();
    throw error;
  }
}

async function start(stops: (() => Promise<unknown>)[], close: () => Promise<void>): Promise<CorrectionsApp> {
  const site: LocalServer = await startServer((req, res) =>
    serve(new URL(req.url ?? '/', 'http://x').pathname, res),
  );
  stops.push(() => site.close());
  const t = await createTestApp({ CRAWL_ALLOW_HOSTS: '127.0.0.1' });
  stops.push(() => t.close());
  const worker: JobQueue = await startWorker(
    t,
    {},
    { enrichment: { fetcher: { allowAddresses: ['127.0.0.1'], retries: 0 } } },
  );
  stops.push(() => worker.stop({ graceful: false }));
  const admin = await createAdmin(t);
  const [editor, viewer] = await Promise.all([addUser(t, admin), addUser(t, admin)]);
  const other = await createAdmin(t, 'Other Org');
  // The name a correction is shown under.
  await t.database.db.execute(sql`update users set name = 'Edith Editor' where id = ${editor.userId}::uuid`);

  async function seed(record: RawBusiness = OLD) {
    const sessionId = await createSession(t, admin, { name: `Bakeries ${randomUUID().slice(0, 6)}` });
    const runId = randomUUID();
    await t.database.db
      .update(sessions)
      .set({ runId, status: 'completed' })
      .where(eq(sessions.id, sessionId));
    const target = { accountId: admin.accountId, sessionId, runId };
    const [stored] = await t.database.db.transaction((tx) =>
      storeBusinesses(tx, target, mergeBusinesses([record]), null),
    );
    const [row] = await t.database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(
        and(eq(businesses.sessionId, sessionId), eq(businesses.dedupeKey, stored?.dedupe_key as string)),
      );
    for (const [user, access] of [
      [editor, 'edit'],
      [viewer, 'view'],
    ] as const) {
      const shared = await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
        token: admin.token,
        body: { user_id: user.userId, access },
      });
      expect(shared.status).toBe(200);
    }
    return { sessionId, businessId: row?.id as string, target };
  }

  return {
    t,
    admin,
    editor,
    viewer,
    other,
    seed,
    correct: (user, sessionId, businessId, body) =>
      t.call('PUT', `/api/user/session/${sessionId}/businesses/${businessId}`, { token: user.token, body }),
    drawer: async (user, sessionId, businessId) => {
      const res = await t.call('GET', `/api/user/session/${sessionId}/businesses/${businessId}`, {
        token: user.token,
      });
      expect(res.status).toBe(200);
      return res.body;
    },
    siteUrl: (path) => `http://127.0.0.1:${site.port}${path}`,
    close,
  };
}
