/**
 * Webhooks on the real database, delivered by the real job to real local receivers (node:http on 127.0.0.1, which
 * the API may reach because it runs with CRAWL_ALLOW_HOSTS=127.0.0.1): signed bodies that verify, a receiver that
 * fails and recovers is retried and gets one success recorded, a slow one times out without holding the worker, a
 * session's end is announced, and URLs the SSRF guard refuses are refused when subscribing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyWebhookSignature } from '@argo/engine';
import { type LocalServer, startServer } from '@argo/engine/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { queueImport, startWorker, waitForInfo } from '../../../test/workers';
import { businesses, signalEvents } from '../../db/schema';
import { webhookDeliverJob } from '../../jobs/definitions/webhook-jobs';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, type TestUser } from '../access/access.fixtures';
import { announceRunFinished } from './webhook-events';
import { retryPauseSeconds } from './webhooks.deps';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;
let member: TestUser;
let other: TestUser;
const servers: LocalServer[] = [];

/** A receiver answering each request with `answer(n)` (n = 0, 1, …); 'hang' never answers. */
async function receiver(answer: (n: number) => number | 'hang' = () => 200) {
  const received: Received[] = [];
  const server = await startServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const n = received.length;
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    const status = answer(n);
    if (status === 'hang') return;
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end('x'.repeat(100_000));
  });
  servers.push(server);
  return { url: `${server.origin}/hooks/argo`, received };
}

beforeAll(async () => {
  t = await createTestApp({ CRAWL_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '800' });
  worker = await startWorker(t, {}, { webhooks: { retryBaseSeconds: 1 } });
  admin = await createAdmin(t);
  member = await addUser(t, admin);
  other = await createAdmin(t, 'Other Org');
}, 60_000);
afterAll(async () => {
  await worker?.stop({ graceful: false });
  await Promise.all(servers.map((s) => s.close()));
  await t?.close();
});

async function subscribe(url: string, events = ['session.completed'], by = admin) {
  const res = await t.call('POST', '/api/accounts/webhooks', { token: by.token, body: { url, events } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { subscription: { id: string }; secret: string };
}

async function deliveries(subscriptionId: string, by = admin) {
  const res = await t.call('GET', `/api/accounts/webhooks/${subscriptionId}/deliveries`, { token: by.token });
  expect(res.status).toBe(200);
  return res.body.items as Array<Record<string, unknown> & { id: string; status: string; attempts: number }>;
}

/** Polls the delivery log until `isDone` holds for its newest delivery; throws after 20 s with what it saw. */
async function waitForDelivery(
  subscriptionId: string,
  isDone: (d: { status: string; attempts: number }) => boolean,
) {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < 20_000) {
    const [newest] = await deliveries(subscriptionId);
    last = newest;
    if (newest && isDone(newest)) return newest;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`delivery never settled: ${JSON.stringify(last)}`);
}

describe('subscriptions', () => {
  it('show the signing secret once, and list without it', async () => {
    const hook = await receiver();
    const made = await subscribe(hook.url, ['session.completed', 'session.failed']);
    expect(made.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const listed = await t.call('GET', '/api/accounts/webhooks', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: { id: string }) => s.id)).toContain(made.subscription.id);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);
    const strangers = await t.call('GET', '/api/accounts/webhooks', { token: other.token });
    expect(strangers.body.map((s: { id: string }) => s.id)).not.toContain(made.subscription.id);
  });

  it.each([
    ['http://10.0.0.1/hook', /private/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://[::1]:8080/hook', /loopback/],
    ['http://192.168.1.10/hook', /private/],
  ])('refuses %s, which the SSRF guard does not let through', async (url, reason) => {
    const res = await t.call('POST', '/api/accounts/webhooks', {
      token: admin.token,
      body: { url, events: ['session.completed'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('url');
    expect(res.body.error.message).toMatch(reason);
    expect(res.body.error.message).toMatch(/CRAWL_ALLOW_HOSTS/);
  });

  it.each([
    [{ url: 'ftp://example.com/x', events: ['session.completed'] }, 'url'],
    [{ url: 'https://user:pw@example.com/x', events: ['session.completed'] }, 'url'],
    [{ url: 'https://example.com/x', events: [] }, 'events'],
    [{ url: 'https://example.com/x', events: ['signal.found'] }, 'events.0'],
    [{ url: 'https://example.com/x', events: ['session.failed', 'session.failed'] }, 'events'],
    [{ events: ['session.completed'] }, 'url'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await t.call('POST', '/api/accounts/webhooks', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
  });

  it('are managed by admins only, and deleted ones answer 404', async () => {
    const hook = await receiver();
    const made = await subscribe(hook.url);
    const id = made.subscription.id;
    expect((await t.call('GET', '/api/accounts/webhooks', { token: member.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/accounts/webhooks/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/accounts/webhooks/${id}`, { token: admin.token })).status).toBe(204);
    expect((await t.call('DELETE', `/api/accounts/webhooks/${id}`, { token: admin.token })).status).toBe(404);
    expect((await t.call('POST', `/api/accounts/webhooks/${id}/test`, { token: admin.token })).status).toBe(
      404,
    );
  });
});

describe('deliveries', () => {
  it('sends a signed test event that the receiver can verify', async () => {
    const hook = await receiver();
    const { subscription, secret } = await subscribe(hook.url);
    const sent = await t.call('POST', `/api/accounts/webhooks/${subscription.id}/test`, {
      token: admin.token,
    });
    expect(sent.status).toBe(202);
    const done = await waitForDelivery(subscription.id, (d) => d.status === 'delivered');
    expect(done).toMatchObject({
      attempts: 1,
      last_status_code: 200,
      last_error: null,
      event_type: 'webhook.test',
    });
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received;
    const header = String(got?.headers['argo-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhookSignature(secret, header, got?.body ?? '', { now, toleranceSeconds: 300 })).toBe(
      true,
    );
    expect(
      verifyWebhookSignature('whsec_wrong', header, got?.body ?? '', { now, toleranceSeconds: 300 }),
    ).toBe(false);
    expect(verifyWebhookSignature(secret, header, `${got?.body} `, { now, toleranceSeconds: 300 })).toBe(
      false,
    );
    const body = JSON.parse(got?.body ?? '{}');
    expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'id', 'type']);
    expect(body).toMatchObject({ id: sent.body.event_id, type: 'webhook.test' });
    expect(got?.headers['argo-event-id']).toBe(body.id);
  });

  it('tries a failing receiver again until it answers 2xx, and records one success', async () => {
    const hook = await receiver((n) => (n === 0 ? 500 : 200));
    const { subscription } = await subscribe(hook.url);
    await t.call('POST', `/api/accounts/webhooks/${subscription.id}/test`, { token: admin.token });
    const done = await waitForDelivery(subscription.id, (d) => d.status === 'delivered');
    expect(done).toMatchObject({ attempts: 2, last_status_code: 200, last_error: null });
    expect(hook.received).toHaveLength(2);
    expect(hook.received[0]?.body).toBe(hook.received[1]?.body);
    // Delivered: no later attempt comes, whatever jobs are left.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(hook.received).toHaveLength(2);
    const rows = await t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from webhook_deliveries
      where subscription_id = ${subscription.id}::uuid and status = 'delivered'`);
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('lets a slow receiver time out without holding the worker', async () => {
    const slow = await receiver(() => 'hang');
    const fast = await receiver();
    const slowHook = await subscribe(slow.url);
    const fastHook = await subscribe(fast.url);
    await t.call('POST', `/api/accounts/webhooks/${slowHook.subscription.id}/test`, { token: admin.token });
    await t.call('POST', `/api/accounts/webhooks/${fastHook.subscription.id}/test`, { token: admin.token });
    await waitForDelivery(fastHook.subscription.id, (d) => d.status === 'delivered');
    const failed = await waitForDelivery(
      slowHook.subscription.id,
      (d) => d.attempts >= 1 && d.status !== 'delivered' && !!(d as { last_error?: unknown }).last_error,
    );
    expect(failed.last_error).toMatch(/No answer within/);
    expect(failed.last_status_code).toBeNull();
    expect(failed.status).toBe('pending');
    await t.call('DELETE', `/api/accounts/webhooks/${slowHook.subscription.id}`, { token: admin.token });
  });

  it('sends a delivery again on request, with the same event id and body', async () => {
    const hook = await receiver();
    const { subscription } = await subscribe(hook.url);
    await t.call('POST', `/api/accounts/webhooks/${subscription.id}/test`, { token: admin.token });
    const first = await waitForDelivery(subscription.id, (d) => d.status === 'delivered');
    const again = await t.call('POST', `/api/accounts/webhook-deliveries/${first.id}/resend`, {
      token: admin.token,
    });
    expect(again.status).toBe(202);
    await waitForDelivery(subscription.id, (d) => d.status === 'delivered' && d.attempts === 2);
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]?.body).toBe(hook.received[0]?.body);
    expect(
      (await t.call('POST', `/api/accounts/webhook-deliveries/${first.id}/resend`, { token: other.token }))
        .status,
    ).toBe(404);
  });

  it("announces a session's end to the subscriptions that name it", async () => {
    const hook = await receiver();
    const { subscription, secret } = await subscribe(hook.url, ['session.completed']);
    const unrelated = await receiver();
    await subscribe(unrelated.url, ['session.failed']);
    const { id } = await queueImport(t, member.token, {
      name: 'bakeries.csv',
      data: 'name,website\nSonne Bakery,https://sonne.example\n',
    });
    await waitForInfo(t, member.token, id, (info) => info.status === 'completed');
    const done = await waitForDelivery(subscription.id, (d) => d.status === 'delivered');
    expect(done.event_type).toBe('session.completed');
    const [got] = hook.received;
    const body = JSON.parse(got?.body ?? '{}');
    expect(body.type).toBe('session.completed');
    expect(body.data.session).toMatchObject({ id, status: 'completed', type: 'import' });
    expect(body.data.progress.done).toBe(1);
    const now = Math.floor(Date.now() / 1000);
    expect(
      verifyWebhookSignature(secret, String(got?.headers['argo-signature']), got?.body ?? '', {
        now,
        toleranceSeconds: 300,
      }),
    ).toBe(true);
    expect(unrelated.received).toHaveLength(0);
  });
});

describe('the retry schedule', () => {
  it('doubles the pause from the base up to four hours, with a tenth of jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 9].map((n) => retryPauseSeconds(n, 30, mid))).toEqual([30, 60, 120, 240, 7680]);
    expect(retryPauseSeconds(30, 30, mid)).toBe(4 * 60 * 60);
    expect(retryPauseSeconds(1, 30, () => 0)).toBe(27);
    expect(retryPauseSeconds(1, 30, () => 1)).toBe(33);
  });

  it('gives a delivery up once its 24 hours are over, and tries it no more', async () => {
    const hook = await receiver(() => 503);
    const { subscription } = await subscribe(hook.url);
    const made = await t.database.db.execute<{ id: string }>(sql`
      insert into webhook_deliveries (account_id, subscription_id, event_id, event_type, body, data, retry_until)
      values (${admin.accountId}::uuid, ${subscription.id}::uuid, 'evt_late', 'session.completed', '{}', '{}'::jsonb,
        now() + interval '1 second')
      returning id`);
    await t.jobs.enqueue(webhookDeliverJob, { delivery_id: made.rows[0]?.id as string, attempts: 0 });
    const done = await waitForDelivery(subscription.id, (d) => d.status === 'failed');
    expect(done).toMatchObject({ attempts: 1, last_status_code: 503, last_error: 'Answered 503, not 2xx.' });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(hook.received).toHaveLength(1);
  });
});

describe('a worker that died mid-attempt', () => {
  it('has its attempt taken over once its lease runs out, and a stale job never sends a delivered event again', async () => {
    const hook = await receiver();
    const { subscription } = await subscribe(hook.url);
    // As a worker killed while sending leaves it: one attempt counted, its lease run out, no answer recorded.
    const made = await t.database.db.execute<{ id: string }>(sql`
      insert into webhook_deliveries (account_id, subscription_id, event_id, event_type, body, data, attempts,
        sending_until, last_attempt_at)
      values (${admin.accountId}::uuid, ${subscription.id}::uuid, 'evt_crash', 'session.completed',
        '{"id":"evt_crash"}', '{}'::jsonb, 1, now() - interval '1 second', now() - interval '2 minutes')
      returning id`);
    const deliveryId = made.rows[0]?.id as string;
    // pg-boss retries the dead job with the payload it was queued with (attempts 0).
    await t.jobs.enqueue(webhookDeliverJob, { delivery_id: deliveryId, attempts: 0 });
    const done = await waitForDelivery(subscription.id, (d) => d.status === 'delivered');
    expect(done.attempts).toBe(2);
    expect(hook.received.map((r) => r.body)).toEqual(['{"id":"evt_crash"}']);
    await t.jobs.enqueue(webhookDeliverJob, { delivery_id: deliveryId, attempts: 0 });
    await t.jobs.enqueue(webhookDeliverJob, { delivery_id: deliveryId, attempts: 2 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(hook.received).toHaveLength(1);
  });
});

describe('events', () => {
  it('announce a failed run and an enrichment by type, each event once per subscription however often announced', async () => {
    const hook = await receiver();
    const { subscription } = await subscribe(hook.url, ['session.failed', 'enrichment.completed']);
    const session = await t.call('POST', '/api/users/create_session', {
      token: member.token,
      body: { name: 'Runs' },
    });
    const ctx = { db: t.database.db, jobs: t.jobs, log: { info() {}, warn() {}, error() {} } };
    const run = {
      accountId: admin.accountId,
      sessionId: session.body.id as string,
      runId: '00000000-0000-4000-8000-00000000beef',
      progress: { total: 3, done: 2, failed: 1 },
    };
    for (let i = 0; i < 3; i++) {
      announceRunFinished(ctx, {
        ...run,
        stage: 'discovering',
        status: 'failed',
        error: 'Overpass did not answer.',
      });
      announceRunFinished(ctx, { ...run, stage: 'enriching', status: 'completed' });
      announceRunFinished(ctx, { ...run, stage: 'importing', status: 'completed' });
    }
    const started = Date.now();
    while (hook.received.length < 2 && Date.now() - started < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const bodies = hook.received.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type).sort()).toEqual(['enrichment.completed', 'session.failed']);
    expect(bodies.find((b) => b.type === 'session.failed').data.error).toBe('Overpass did not answer.');
    const log = await deliveries(subscription.id);
    expect(log).toHaveLength(2);
  });
});

describe('signal events', () => {
  it("announce each change an enrichment recorded, once, when the enrichment's end is announced", async () => {
    const hook = await receiver();
    const { subscription } = await subscribe(hook.url, ['signal.recorded']);
    const session = await t.call('POST', '/api/users/create_session', {
      token: member.token,
      body: { name: 'Watched bakeries' },
    });
    const sessionId = session.body.id as string;
    const runId = '00000000-0000-4000-8000-00000000cafe';
    const token = '00000000-0000-4000-8000-0000000000aa';
    const [business] = await t.database.db
      .insert(businesses)
      .values({
        accountId: admin.accountId,
        sessionId,
        runId,
        dedupeKey: 'brot',
        name: 'Brot & Butter',
        website: 'https://brot-butter.example/',
        source: 'osm',
      })
      .returning({ id: businesses.id });
    const event = (runKey: string, key: string) => ({
      accountId: admin.accountId,
      sessionId,
      businessId: business?.id as string,
      type: 'software_added',
      key,
      after: { name: key },
      evidence: { page: 'https://brot-butter.example/', text: 'cdn.shopify.com/s/files/1/theme.js' },
      page: 'https://brot-butter.example/',
      runId: runKey,
    });
    // One change of this run, one of an earlier run: only this run's is announced.
    await t.database.db
      .insert(signalEvents)
      .values([event(token, 'Shopify'), event('00000000-0000-4000-8000-0000000000bb', 'Wix')]);
    const ctx = { db: t.database.db, jobs: t.jobs, log: { info() {}, warn() {}, error() {} } };
    const run = {
      accountId: admin.accountId,
      sessionId,
      runId,
      token,
      stage: 'enriching' as const,
      status: 'completed' as const,
      progress: { total: 1, done: 1, failed: 0 },
    };
    announceRunFinished(ctx, run);
    announceRunFinished(ctx, run);
    const started = Date.now();
    while (hook.received.length < 1 && Date.now() - started < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const bodies = hook.received.map((r) => JSON.parse(r.body));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      type: 'signal.recorded',
      data: {
        signal: { type: 'software_added', key: 'Shopify', after: { name: 'Shopify' } },
        business: { name: 'Brot & Butter', website: 'https://brot-butter.example/' },
        session: { id: sessionId, name: 'Watched bakeries' },
      },
    });
    expect(await deliveries(subscription.id)).toHaveLength(1);
  });
});

describe('the delivery log', () => {
  it('answers 404 for another organisation and 400 for bad paging', async () => {
    const hook = await receiver();
    const { subscription } = await subscribe(hook.url);
    const path = `/api/accounts/webhooks/${subscription.id}/deliveries`;
    expect((await t.call('GET', path, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', path, { token: admin.token, query: { page_size: '0' } })).status).toBe(400);
    expect((await t.call('GET', path, { token: admin.token, query: { page: '-1' } })).status).toBe(400);
    expect(
      (await t.call('GET', '/api/accounts/webhooks/nope/deliveries', { token: admin.token })).status,
    ).toBe(400);
  });
});
