/**
 * Fairness between organisations: account A's big enrichment and account B's small one share one worker (one
 * batch job at a time). A's run is split in many batch jobs; B's single batch is taken ahead of A's waiting ones
 * (an account with fewer batches in flight goes first), so B's enrichment finishes within seconds while A's still
 * runs, and A's then completes with every business done.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createStaticResolver } from '@argo/engine';
import { type LocalServer, startServer } from '@argo/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, type TestUser } from '../access/access.fixtures';
import { seedSessionOf } from './enrichment.fixtures';

/** Every site: a small WordPress page after 300 ms; no robots.txt. */
async function slowSite(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/robots.txt') {
    res.writeHead(404).end();
    return;
  }
  await new Promise((done) => setTimeout(done, 300));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<html><head><meta name="generator" content="WordPress 6.4"></head><body>Hello</body></html>');
}

describe('one account’s big enrichment does not hold back another’s small one', () => {
  let t: TestApp;
  let worker: JobQueue;
  let sites: LocalServer;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    sites = await startServer(slowSite);
    t = await createTestApp();
    worker = await startWorker(
      t,
      {},
      {
        enrichment: {
          concurrency: 2,
          batchSize: 4,
          fetcher: {
            allowAddresses: ['127.0.0.1'],
            resolve: createStaticResolver({ '*': '127.0.0.1' }),
            retries: 0,
          },
        },
      },
    );
    a = await createAdmin(t, 'Big Org');
    b = await createAdmin(t, 'Small Org');
  }, 60_000);

  afterAll(async () => {
    await worker?.stop({ graceful: false });
    await t?.close();
    await sites?.close();
  });

  const site = (name: string) => `http://${name}.fair.test:${sites.port}/`;

  it('B’s 2 sites finish while A’s 60 are still being enriched', async () => {
    const big = await seedSessionOf(
      t,
      a,
      Array.from({ length: 60 }, (_, i) => ({ name: `A ${i}`, website: site(`a-${i}`) })),
    );
    const small = await seedSessionOf(t, b, [
      { name: 'B 0', website: site('b-0') },
      { name: 'B 1', website: site('b-1') },
    ]);
    const started = await t.call('POST', '/api/enrichment/software_detection', {
      token: a.token,
      body: { session_id: big.sessionId },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    // A's run is under way (several of its batches queued) before B asks.
    await waitForInfo(t, a.token, big.sessionId, (i) => i.progress.done >= 4, 30_000);
    const asked = await t.call('POST', '/api/enrichment/software_detection', {
      token: b.token,
      body: { session_id: small.sessionId },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const smallDone = await waitForInfo(t, b.token, small.sessionId, isFinished, 60_000);
    expect(smallDone).toMatchObject({ status: 'completed', progress: { total: 2, done: 2, failed: 0 } });
    const bigMeanwhile = await t.call('GET', `/api/user/session/${big.sessionId}/info`, { token: a.token });
    expect(bigMeanwhile.body.status).toBe('running');
    expect(bigMeanwhile.body.progress.done).toBeLessThan(40);

    const bigDone = await waitForInfo(t, a.token, big.sessionId, isFinished, 120_000);
    expect(bigDone).toMatchObject({ status: 'completed', progress: { total: 60, done: 60, failed: 0 } });
  }, 180_000);
});
