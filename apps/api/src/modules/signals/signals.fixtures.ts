/**
 * A local web whose sites change between runs (a real node:http server on 127.0.0.1, the sites' names resolved
 * to it), the app with a real worker, and helpers to seed a session and run an enrichment to its end.
 */
import { createHash } from 'node:crypto';
import { createStaticResolver } from '@argo/engine';
import { type LocalServer, startServer } from '@argo/engine/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, type TestUser } from '../access/access.fixtures';

/** A site's pages by path; a site that is `down` answers 503 to everything. */
export interface LocalSite {
  pages: Record<string, string>;
  down?: boolean;
}
export const web = new Map<string, LocalSite>();
/** Every page request the local web answered: host, path, status, body bytes, and whether it was conditional. */
export const served: { host: string; path: string; status: number; bytes: number; conditional: boolean }[] =
  [];

const etagOf = (html: string) => `"${createHash('sha1').update(html).digest('hex').slice(0, 20)}"`;

export let t: TestApp;
export let worker: JobQueue;
export let admin: TestUser;
export let member: TestUser;
export let outsider: TestUser;
let server: LocalServer;

export function useSignalsApp(hosts: readonly string[]): void {
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      const site = web.get(host);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (site?.down) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('down for maintenance');
        return;
      }
      const html = site?.pages[path];
      if (path === '/robots.txt' || html === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      const conditional = req.headers['if-none-match'] !== undefined;
      // As most servers of static pages do: an ETag, and 304 when the page is as the crawler saw it.
      if (req.headers['if-none-match'] === etagOf(html)) {
        served.push({ host, path, status: 304, bytes: 0, conditional });
        res.writeHead(304, { etag: etagOf(html) });
        res.end();
        return;
      }
      served.push({ host, path, status: 200, bytes: Buffer.byteLength(html), conditional });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: etagOf(html) });
      res.end(html);
    });
    t = await createTestApp();
    worker = await startWorker(
      t,
      {},
      {
        enrichment: {
          concurrency: 4,
          fetcher: {
            allowAddresses: ['127.0.0.1'],
            resolve: createStaticResolver(Object.fromEntries(hosts.map((h) => [h, '127.0.0.1']))),
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

export const siteUrl = (host: string) => `http://${host}:${server.port}/`;

const TYPES = ['software_detection', 'career_analysis', 'people', 'ai_summary'];

/** Runs the session's enrichment (the analyzers of TYPES) to its end. */
export async function enrichToEnd(user: TestUser, sessionId: string) {
  const res = await t.call('POST', '/api/enrichment/run', {
    token: user.token,
    body: { session_id: sessionId, types: TYPES },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return waitForInfo(t, user.token, sessionId, isFinished, 120_000);
}

// biome-ignore lint/suspicious/noExplicitAny: events are asserted field by field
export async function events(user: TestUser, query: Record<string, unknown>): Promise<any> {
  const res = await t.call('GET', '/api/signals/events', {
    token: user.token,
    query: { page_size: 200, ...query },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
