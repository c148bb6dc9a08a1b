import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, registerThroughApi } from './api';
import { afterPageTest, launchWithPage, screenshot } from './browser';
import { closeOutbox } from './outbox';

// A 5,000-row page of /results: a session of 6,000 businesses written straight into the database, shown by
// drawing only the rows in view (the table still says how many rows there are), and scrolled to the last one.
// The time of the API call and of the first rows drawn are printed for the record, not asserted.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Mary Jackson',
  email: `mary-${run}@example.com`,
  password: 'wind tunnel 1958',
};
const organisation = `Long Lists ${run}`;

let browser: Browser;
let page: Page;
let db: pg.Pool;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  ({ browser, page } = await launchWithPage(baseUrl));
  await registerThroughApi(page, baseUrl, { ...person, organisation });
});
afterEach(({ task }) => afterPageTest(task));
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await closeOutbox();
});

const table = () => page.getByRole('table', { name: 'Businesses' });

describe('the results screen', () => {
  it('shows a 5,000-row page by drawing only the rows in view, and scrolls to the last one', async () => {
    const big = await callApi<{ id: string; account_id: string }>(page, 'POST', '/users/create_session', {
      name: `Big session ${run}`,
      type: 'import',
    });
    expect(big.status).toBe(201);
    const runId = randomUUID();
    await db.query(
      `update sessions set run_id = $1, status = 'completed', finished_at = now() where id = $2`,
      [runId, big.body.id],
    );
    await db.query(
      `insert into businesses (account_id, session_id, run_id, dedupe_key, name, city, source, sources)
       select $1, $2, $3, 'name:b' || n, 'Business ' || lpad(n::text, 5, '0'), 'Berlin', 'import',
              jsonb_build_array(jsonb_build_object('source', 'import', 'source_ref', 'line/' || n))
       from generate_series(1, 6000) as n`,
      [big.body.account_id, big.body.id, runId],
    );
    const asked = Date.now();
    await callApi(
      page,
      'GET',
      `/user/session/${big.body.id}/results?pageSize=5000&sortBy=name&sortOrder=asc`,
    );
    const apiMs = Date.now() - asked;
    const started = Date.now();
    await page.goto(`/results?session_id=${big.body.id}&pageSize=5000&sortBy=name&sortOrder=asc`);
    const rows = table().getByTestId('business-row');
    await rows.first().waitFor({ timeout: 30_000 });
    await page.getByText('1–5,000 of 6,000').waitFor();
    // Figures for the record, not assertions (timings belong in bench/): the API call alone, then the whole page.
    console.info(
      `[e2e/results] 5,000-row page: API ${apiMs} ms; first rows drawn ${Date.now() - started} ms after navigation`,
    );
    // Virtualised: a few dozen rows in the DOM, not 5,000; the table still says how many rows there are.
    const drawn = await rows.count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(200);
    expect(await table().getAttribute('aria-rowcount')).toBe('5001');
    await screenshot(page, 'results-08-5000-rows');

    const region = page.getByRole('region', { name: 'Businesses, scroll for more' });
    await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await table().getByText('Business 05000', { exact: true }).waitFor();
    expect(await rows.count()).toBeLessThan(200);
  });
});
