/**
 * One account's competitor job on hostile pages does not hold back another account's jobs: account A's
 * session.competitors job reads pages built to make the HTML reader slow (200,000 nested elements; 40,000 nested
 * elements around a logo wall, and the five customers pages it links, each as deep), served from 127.0.0.1, while
 * account B imports a 2-row CSV on the same workers. B's import completes within seconds; A's job ends with the
 * too complex page reported in words and the customers of the deep but readable pages found. (Read without a bound,
 * such nesting holds one CPU for long, and every other job of the process waits for it.)
 */
import { deepNesting, type HostileSite, serveHostilePages } from '@argo/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, queueImport, startWorker, waitForInfo } from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, type TestUser } from '../access/access.fixtures';

const TOO_COMPLEX = 'page too complex to read (more than 50,000 elements and attributes)';
const CUSTOMERS_PAGES = [1, 2, 3, 4, 5].map((n) => `/kunden/seite-${n}`);

/** 40,000 nested elements around a customers section naming `customer` (and linking the customers pages). */
const deepCustomersPage = (customer: string, domain: string) =>
  deepNesting(
    40_000,
    `<section><h2>Unsere Kunden</h2><a href="https://www.${domain}/"><img alt="${customer}"></a></section>` +
      CUSTOMERS_PAGES.map((path, i) => `<a href="${path}">Kunden ${i + 1}</a>`).join(' '),
  );

describe('a competitor job on hostile pages beside another account’s import', () => {
  let t: TestApp;
  let site: HostileSite;
  let worker: JobQueue;
  let accountA: TestUser;
  let accountB: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    site = await serveHostilePages({
      '/deep': deepNesting(200_000),
      '/rival/': deepCustomersPage('Boulangerie Dubois', 'boulangerie-dubois.fr'),
      ...Object.fromEntries(
        CUSTOMERS_PAGES.map((path, i) => [
          path,
          deepCustomersPage(`Bäckerei Nummer ${i + 1}`, `baeckerei-${i + 1}.de`),
        ]),
      ),
    });
    worker = await startWorker(t, {
      crawl: { fetcher: { allowAddresses: ['127.0.0.1'], retries: 0 }, pageBudget: 15 },
    });
    accountA = await createAdmin(t, 'Account A');
    accountB = await createAdmin(t, 'Account B');
  }, 60_000);
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 2000 });
    await site?.close();
    await t?.close();
  });

  it('B’s 2-row import completes within seconds while A’s job reads the hostile pages; A’s job ends', async () => {
    const started = await t.call('POST', '/api/discovery/competitor-customers', {
      token: accountA.token,
      body: { name: 'Hostile rivals', competitor_urls: [`${site.origin}/deep`, `${site.origin}/rival/`] },
    });
    expect(started.status).toBe(202);
    const competitors = started.body.id as string;
    // A's job is under way before B's import is queued.
    await waitForInfo(t, accountA.token, competitors, (info) => info.status !== 'queued', 30_000);

    const csv =
      'name,website\nBäckerei Lehmann,https://baeckerei-lehmann.de\nCafé Sonne,https://cafe-sonne.de\n';
    const { id: imported } = await queueImport(t, accountB.token, { name: 'two.csv', data: csv });
    // Generous: alone, the import takes well under a second.
    const importInfo = await waitForInfo(t, accountB.token, imported, isFinished, 30_000);
    expect(importInfo).toMatchObject({ status: 'completed', progress: { done: 2 } });

    const info = await waitForInfo(t, accountA.token, competitors, isFinished, 120_000);
    expect(info).toMatchObject({ status: 'failed', progress: { total: 2, done: 2, failed: 1 } });
    expect(info.error).toBe(
      `1 of 2 competitor websites could not be read (${site.origin}/deep: ${TOO_COMPLEX}). The customers found are kept; retry to read the missing ones.`,
    );
    const results = await t.call('GET', `/api/user/session/${competitors}/results`, {
      token: accountA.token,
      query: { pageSize: 50 },
    });
    expect(results.status).toBe(200);
    // The logo walls at the bottom of the deep pages, each read.
    expect(results.body.items.map((b: { name: string }) => b.name)).toEqual(
      expect.arrayContaining([
        'Boulangerie Dubois',
        ...CUSTOMERS_PAGES.map((_, i) => `Bäckerei Nummer ${i + 1}`),
      ]),
    );
  }, 240_000);
});
