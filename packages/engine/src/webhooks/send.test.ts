import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticResolver } from '../crawl/dns';
import { type LocalServer, startServer } from '../crawl/test-server';
import { createWebhookSender, webhookUrlRefusal } from './send';
import { signWebhookBody, verifyWebhookSignature } from './signature';

let server: LocalServer;
const seen: string[] = [];

beforeAll(async () => {
  server = await startServer(async (req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/ok' });
      res.end();
      return;
    }
    if (req.url === '/big') {
      res.writeHead(200);
      res.end('x'.repeat(5_000_000));
      return;
    }
    if (req.url === '/hang') return;
    res.writeHead(req.url === '/fail' ? 503 : 204);
    res.end();
  });
});
afterAll(() => server.close());

describe('the webhook sender', () => {
  const allowed = createWebhookSender({ allowAddresses: ['127.0.0.1'], responseTimeoutMs: 500 });
  afterAll(() => allowed.close());

  it('answers 2xx as delivered and anything else as failed, in words', async () => {
    expect(await allowed.send(`${server.origin}/ok`, '{}', {})).toEqual({ ok: true, status: 204 });
    expect(await allowed.send(`${server.origin}/fail`, '{}', {})).toMatchObject({
      ok: false,
      status: 503,
      error: 'Answered 503, not 2xx.',
    });
  });

  it('follows no redirect', async () => {
    seen.length = 0;
    const outcome = await allowed.send(`${server.origin}/redirect`, '{}', {});
    expect(outcome).toMatchObject({ ok: false, status: 302 });
    expect(seen).toEqual(['/redirect']);
  });

  it('reads a few KB of a huge answer and stops', async () => {
    expect(await allowed.send(`${server.origin}/big`, '{}', {})).toEqual({ ok: true, status: 200 });
  });

  it('gives up on a receiver that never answers', async () => {
    const outcome = await allowed.send(`${server.origin}/hang`, '{}', {});
    expect(outcome).toMatchObject({ ok: false, status: null });
    expect(outcome.ok ? '' : outcome.error).toMatch(/No answer within/);
  });

  it('refuses private addresses by literal and by DNS answer unless allowed', async () => {
    const guarded = createWebhookSender({
      resolve: createStaticResolver({ 'hooks.example': '10.1.2.3', 'local.example': '127.0.0.1' }),
    });
    seen.length = 0;
    for (const url of [
      `${server.origin}/ok`,
      'http://hooks.example/x',
      `http://local.example:${server.port}/ok`,
    ]) {
      const outcome = await guarded.send(url, '{}', {});
      expect(outcome.ok, url).toBe(false);
      expect(outcome.ok ? '' : outcome.error).toMatch(/private|loopback/);
    }
    expect(seen).toEqual([]);
    await guarded.close();
    expect(webhookUrlRefusal('http://169.254.169.254/')).toMatch(/link-local/);
    expect(webhookUrlRefusal('http://127.0.0.1/', ['127.0.0.1'])).toBeNull();
    expect(webhookUrlRefusal('https://hooks.example.com/argo')).toBeNull();
  });
});

describe('the signature', () => {
  it('verifies the body it signed, at its time, with its secret only', () => {
    const header = signWebhookBody('whsec_a', 1_700_000_000, '{"id":"evt_1"}');
    const options = { now: 1_700_000_100, toleranceSeconds: 300 };
    expect(verifyWebhookSignature('whsec_a', header, '{"id":"evt_1"}', options)).toBe(true);
    expect(verifyWebhookSignature('whsec_b', header, '{"id":"evt_1"}', options)).toBe(false);
    expect(verifyWebhookSignature('whsec_a', header, '{"id":"evt_2"}', options)).toBe(false);
    expect(
      verifyWebhookSignature('whsec_a', header, '{"id":"evt_1"}', { ...options, now: 1_700_001_000 }),
    ).toBe(false);
    expect(verifyWebhookSignature('whsec_a', 'v1=00', '{"id":"evt_1"}', options)).toBe(false);
  });
});
