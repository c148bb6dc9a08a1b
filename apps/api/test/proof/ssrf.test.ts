/**
 * SSRF through the app: every call that makes the server fetch a URL someone gave it —
 * POST /discovery/competitor-customers (competitor_urls), enrichment of businesses whose website is stored
 * (POST /enrichment/*, the session.enrich job) and webhook subscriptions (POST /accounts/webhooks, then a test
 * event through the webhook.deliver job) — is aimed at internal addresses in every spelling. A local server
 * on the loopback interface records every request it gets; the crawler's allow-list holds only 127.0.0.2 (one
 * allowed "public" redirector that bounces to internal addresses). The recorder must get nothing, and the
 * sessions and businesses must say why each address was refused. The engine's own unit suite is
 * packages/engine/src/crawl/fetcher.ssrf.test.ts; this one goes through routes, jobs and the database.
 */
import { randomUUID } from 'node:crypto';
import { createStaticResolver } from '@argo/engine';
import { type LocalServer, startServer } from '@argo/engine/testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, sessionRuns, sessions } from '../../src/db/schema';
import type { JobQueue } from '../../src/jobs/queue';
import { createAdmin, createSession, type TestUser } from '../../src/modules/access/access.fixtures';
import { createTestApp, type TestApp } from '../app';
import { isFinished, startWorker, waitForInfo } from '../workers';

/** A refusal names the kind of address (loopback, private, link-local, …) or says it was blocked. */
const REFUSAL =
  /(loopback|private|link-local|unspecified|this-network|multicast|shared|unique local|reserved|carrier-grade NAT|documentation|broadcast|benchmarking|NAT64)[^()]*\([^)]+\)/i;

/** The only address the crawler may reach: the redirector (as if it were a public website). */
const ALLOWED = '127.0.0.2';

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;
/** Listens on every loopback address (IPv4 and IPv6): any request that gets through lands here. */
let recorder: LocalServer;
let redirector: LocalServer;
const recorded: string[] = [];
const redirected: string[] = [];

/** Internal addresses in every spelling (P = the recorder's port). */
function attempts(): { label: string; url: string }[] {
  const p = recorder.port;
  const r = redirector.port;
  return [
    { label: 'IPv4 loopback', url: `http://127.0.0.1:${p}/` },
    { label: 'localhost', url: `http://localhost:${p}/` },
    { label: 'unspecified 0.0.0.0', url: `http://0.0.0.0:${p}/` },
    { label: 'IPv6 loopback', url: `http://[::1]:${p}/` },
    { label: 'IPv6 unspecified', url: `http://[::]:${p}/` },
    { label: 'cloud metadata', url: 'http://169.254.169.254/latest/meta-data/' },
    { label: 'private 10/8', url: 'http://10.0.0.1/' },
    { label: 'private 192.168/16', url: 'http://192.168.1.1/' },
    { label: 'private 172.16/12', url: 'http://172.16.0.1/' },
    { label: 'carrier-grade NAT', url: 'http://100.64.0.1/' },
    { label: 'decimal loopback', url: `http://2130706433:${p}/` },
    { label: 'octal loopback', url: `http://0177.0.0.1:${p}/` },
    { label: 'hex loopback', url: `http://0x7f000001:${p}/` },
    { label: 'short loopback 127.1', url: `http://127.1:${p}/` },
    { label: 'IPv4-mapped IPv6 dotted', url: `http://[::ffff:127.0.0.1]:${p}/` },
    { label: 'IPv4-mapped IPv6 hex', url: `http://[::ffff:7f00:1]:${p}/` },
    // IPv4-translated (::ffff:0:0:0/96) and local-use NAT64 (64:ff9b:1::/48).
    { label: 'IPv4-translated IPv6', url: `http://[::ffff:0:127.0.0.1]:${p}/` },
    { label: 'local-use NAT64', url: `http://[64:ff9b:1::7f00:1]:${p}/` },
    { label: 'IPv6 link-local', url: 'http://[fe80::1]/' },
    { label: 'IPv6 unique local', url: 'http://[fc00::1]/' },
    { label: 'multicast', url: 'http://224.0.0.1/' },
    { label: 'a name resolving to loopback', url: `http://internal.example:${p}/` },
    { label: 'a name resolving to metadata', url: 'http://metadata.example/latest/meta-data/' },
    { label: 'redirect to 127.0.0.1', url: `http://${ALLOWED}:${r}/to?target=http://127.0.0.1:${p}/secret` },
    {
      label: 'redirect to localhost',
      url: `http://redirector.example:${r}/to?target=http://localhost:${p}/`,
    },
    { label: 'redirect to metadata', url: `http://${ALLOWED}:${r}/to?target=http://169.254.169.254/` },
    { label: 'redirect to decimal', url: `http://${ALLOWED}:${r}/to?target=http://2130706433:${p}/` },
  ];
}

beforeAll(async () => {
  recorder = await startServer((req, res) => {
    recorded.push(`${req.headers.host} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body><h1>internal secret</h1><p>Our customers: Secret Corp</p></body></html>');
  }, '::');
  redirector = await startServer((req, res) => {
    redirected.push(req.url ?? '');
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('target');
    // robots.txt and anything else: bounce to the recorder too (an attacker's site would).
    res.writeHead(302, { location: target ?? `http://127.0.0.1:${recorder.port}/robots` });
    res.end();
  }, ALLOWED);
  t = await createTestApp();
  const fetcher = {
    allowAddresses: [ALLOWED],
    resolve: createStaticResolver({
      localhost: ['127.0.0.1', '::1'],
      'internal.example': '127.0.0.1',
      'metadata.example': '169.254.169.254',
      'redirector.example': ALLOWED,
    }),
    retries: 0,
    timeoutMs: 2_000,
    connectTimeoutMs: 1_000,
  };
  worker = await startWorker(
    t,
    { crawl: { fetcher } },
    {
      enrichment: { fetcher },
      webhooks: { sender: { resolve: fetcher.resolve, allowAddresses: [ALLOWED] } },
    },
  );
  admin = await createAdmin(t, 'SSRF Org');
}, 60_000);

afterAll(async () => {
  await worker?.stop({ graceful: false });
  await t?.close();
  await recorder?.close();
  await redirector?.close();
  console.info(
    `[ssrf] ${attempts().length} attempts per call; recorder hits: ${recorded.length}; redirector hits: ${redirected.length}`,
  );
});

describe('SSRF through the app', () => {
  it('the recorder hears loopback in IPv4 and IPv6 (so a request that got through would be seen)', async () => {
    for (const host of ['127.0.0.1', '[::1]']) {
      const res = await fetch(`http://${host}:${recorder.port}/probe`);
      expect(res.status).toBe(200);
    }
    expect(recorded).toHaveLength(2);
    recorded.length = 0;
  });

  it('POST /discovery/competitor-customers refuses every internal competitor URL and says why', async () => {
    const list = attempts();
    let refused = 0;
    // At most 20 URLs per request: two sessions.
    for (const chunk of [list.slice(0, 13), list.slice(13)]) {
      const res = await t.call('POST', '/api/discovery/competitor-customers', {
        token: admin.token,
        body: { name: `SSRF ${randomUUID().slice(0, 6)}`, competitor_urls: chunk.map((a) => a.url) },
      });
      if (res.status === 400) {
        // Refused at the door is a refusal too; the message names what to fix.
        expect(res.body.error.message).toBeTruthy();
        refused += chunk.length;
        continue;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const info = await waitForInfo(t, admin.token, res.body.id, isFinished, 120_000);
      expect(info.status).toBe('failed');
      expect(info.progress).toMatchObject({ total: chunk.length, failed: chunk.length });
      expect(info.error).toMatch(/^None of the \d+ competitor websites could be read \(.+\)/);
      // Each competitor's own entry says why it was refused.
      const run = await t.database.db
        .select({ state: sessionRuns.state })
        .from(sessionRuns)
        .where(eq(sessionRuns.sessionId, res.body.id));
      const entries = (run[0]?.state.competitors ?? []) as { url: string; state: string; error?: string }[];
      expect(entries).toHaveLength(chunk.length);
      for (const entry of entries) {
        expect(entry.state, entry.url).toBe('failed');
        expect(entry.error, entry.url).toMatch(REFUSAL);
      }
      const found = await t.call('GET', `/api/user/session/${res.body.id}/results`, { token: admin.token });
      expect(found.body.total).toBe(0);
      refused += info.progress.failed;
    }
    expect(refused).toBe(list.length);
    expect(recorded).toEqual([]);
  });

  it('enrichment refuses businesses whose website is an internal address, recording the reason on each', async () => {
    const list = attempts();
    const sessionId = await createSession(t, admin, { name: 'SSRF enrichment' });
    const runId = randomUUID();
    await t.database.db
      .update(sessions)
      .set({ runId, status: 'completed' })
      .where(eq(sessions.id, sessionId));
    const rows = await t.database.db
      .insert(businesses)
      .values(
        list.map((attempt, i) => ({
          accountId: admin.accountId,
          sessionId,
          runId,
          dedupeKey: `ssrf${i}`,
          name: attempt.label,
          website: attempt.url,
          source: 'import',
        })),
      )
      .returning({ id: businesses.id });
    const res = await t.call('POST', '/api/enrichment/software_detection', {
      token: admin.token,
      body: { session_id: sessionId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await waitForInfo(t, admin.token, sessionId, isFinished, 120_000);

    const stored = await t.database.db
      .select({
        name: businesses.name,
        state: businesses.enrichmentState,
        error: businesses.enrichmentError,
      })
      .from(businesses)
      .where(
        inArray(
          businesses.id,
          rows.map((r) => r.id),
        ),
      );
    const notRefused = stored.filter((b) => b.state !== 'failed' || !b.error);
    expect(notRefused, JSON.stringify(stored, null, 1)).toEqual([]);
    for (const business of stored) {
      // The reason says what kind of address it was (loopback, private, link-local, …) or that it was blocked.
      expect(business.error, business.name).toMatch(REFUSAL);
    }
    console.info(`[ssrf] enrichment refused ${stored.length} of ${list.length}`);
    expect(recorded).toEqual([]);
  });

  it('webhooks refuse every internal URL, when subscribing or when sending, and say why', async () => {
    const sentTo: string[] = [];
    for (const { label, url } of attempts()) {
      const made = await t.call('POST', '/api/accounts/webhooks', {
        token: admin.token,
        body: { url, events: ['session.completed'] },
      });
      if (made.status === 400) {
        expect(made.body.error.message, label).toMatch(REFUSAL);
        continue;
      }
      expect(made.status, `${label}: ${JSON.stringify(made.body)}`).toBe(201);
      const id: string = made.body.subscription.id;
      sentTo.push(label);
      expect((await t.call('POST', `/api/accounts/webhooks/${id}/test`, { token: admin.token })).status).toBe(
        202,
      );
      // Until the first attempt has an outcome: its count goes up when it starts, its error when it ends.
      let last: { attempts: number; last_error: string | null } | undefined;
      for (let i = 0; i < 200 && !last?.last_error; i++) {
        const log = await t.call('GET', `/api/accounts/webhooks/${id}/deliveries`, { token: admin.token });
        last = log.body.items[0];
        if (!last?.last_error) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // A name resolving inside is refused by the guard; the allowed redirector's 302 is not followed.
      expect(last?.last_error, label).toMatch(
        label.startsWith('redirect') ? /redirects are not followed/ : REFUSAL,
      );
      await t.call('DELETE', `/api/accounts/webhooks/${id}`, { token: admin.token });
    }
    console.info(
      `[ssrf] webhooks: ${attempts().length - sentTo.length} refused when subscribing, ${sentTo.length} when sending`,
    );
    expect(recorded).toEqual([]);
  });

  it('let only the allowed redirector be reached, and nothing behind it', () => {
    expect(recorded).toEqual([]);
    expect(redirected.length).toBeGreaterThan(0);
    expect(redirected.every((path) => path.startsWith('/to?') || path === '/robots.txt')).toBe(true);
  });
});
