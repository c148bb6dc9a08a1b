import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, countResults, registerThroughApi } from './api';
import { launchWithPage, screenshot, sequentialSteps, waitForTitle } from './browser';
import { closeOutbox } from './outbox';
import { filtersInAddress } from './screens';

// A 100,000-business session on /results, seeded straight into the database as the results
// journey seeds its sessions: sorting keeps the row the analyst was looking at, the saved view (columns, filters,
// sort) survives a reload and can be reset, "Select all 100,000 matching" enriches every business the filters
// select, and the export holds exactly the filtered rows with the visible columns in their order.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const TOTAL = 100_000;
const CITIES = [
  'Leeds',
  'York',
  'Hull',
  'Bradford',
  'Sheffield',
  'Wakefield',
  'Harrogate',
  'Halifax',
  'Huddersfield',
  'Doncaster',
  'Rotherham',
  'Barnsley',
  'Scarborough',
  'Whitby',
  'Ripon',
  'Selby',
  'Goole',
  'Skipton',
  'Keighley',
  'Otley',
];
const PER_CITY = TOTAL / CITIES.length;

let browser: Browser;
let page: Page;
let db: pg.Pool;
let sessionId: string;

/** 100,000 businesses of one completed run: 5,000 per city, ICP scores spread over 0..100 with their tiers. */
async function seedLargeSession(): Promise<void> {
  const created = await callApi<{ id: string; account_id: string }>(page, 'POST', '/users/create_session', {
    name: `Yorkshire ${run}`,
    type: 'import',
  });
  expect(created.status).toBe(201);
  sessionId = created.body.id;
  const runId = randomUUID();
  await db.query(`update sessions set run_id = $1, status = 'completed', finished_at = now() where id = $2`, [
    runId,
    sessionId,
  ]);
  const started = Date.now();
  await db.query(
    `insert into businesses (account_id, session_id, run_id, dedupe_key, name, city, category, source, sources,
       enrichment_state, icp_score, icp_tier, rating, review_count)
     select $1, $2, $3, 'name:b' || n, 'Business ' || lpad(n::text, 6, '0'), ($4::text[])[1 + n % 20], 'shop',
            'import', jsonb_build_array(jsonb_build_object('source', 'import', 'source_ref', 'line/' || n)),
            'done', s, case when s >= 80 then 'A' when s >= 60 then 'B' when s >= 40 then 'C' else 'D' end,
            1 + (n % 40) / 10.0, n % 500
     from generate_series(1, ${TOTAL}) as n, lateral (select (n * 37) % 101 as s) as score`,
    [created.body.account_id, sessionId, runId, CITIES],
  );
  console.info(`[e2e/results-large] seeded ${TOTAL} businesses in ${Date.now() - started} ms`);
}

const table = () => page.getByRole('table', { name: 'Businesses' });
const region = () => page.getByRole('region', { name: 'Businesses, scroll for more' });
const resultsAddress = (search: Record<string, unknown> = {}) => {
  const params = new URLSearchParams({ session_id: sessionId });
  for (const [key, value] of Object.entries(search))
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return `/results?${params}`;
};

/** The first row seen whole at the top of the scrolling table (under its sticky header), and its offset there. */
function topRow(scroller: Locator) {
  return scroller.evaluate((element) => {
    const top = element.getBoundingClientRect().top + (element.querySelector('thead')?.offsetHeight ?? 0);
    for (const row of element.querySelectorAll<HTMLElement>('tr[data-row-id]')) {
      const box = row.getBoundingClientRect();
      if (box.top >= top - 1) {
        const name = row.querySelector('[data-column="name"] button')?.textContent ?? '';
        return { name, offset: Math.round(box.top - top), scrollTop: element.scrollTop };
      }
    }
    return null;
  });
}

/** The next results answer whose address passes `test`. */
const resultsAnswer = (test: (url: URL) => boolean) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith(`/user/session/${sessionId}/results`) && test(url);
  });

/** The signed-in user's saved view of the session, as the API has it. */
async function savedView() {
  const answer = await callApi<{ view: { columns: string[] } | null }>(
    page,
    'GET',
    `/user/session/${sessionId}/view`,
  );
  return answer.body.view;
}

const headerTexts = () =>
  table()
    .locator('thead th')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));

beforeAll(async () => {
  db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  ({ browser, page } = await launchWithPage(baseUrl));
});
sequentialSteps();
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await closeOutbox();
});

describe('a 100,000-business session on /results', () => {
  it('opens with 100,000 businesses', async () => {
    await registerThroughApi(page, baseUrl, {
      name: 'Ada Lovelace',
      email: `ada-${run}@example.com`,
      password: 'analytical engine 1843',
      organisation: `Large Sessions ${run}`,
    });
    await seedLargeSession();
    await page.goto(resultsAddress());
    await waitForTitle(page, 'Argo | Results');
    await page.getByTestId('results-total').getByText('100,000 businesses', { exact: true }).waitFor();
    await page.getByText('1–50 of 100,000').waitFor();
    await screenshot(page, 'results-large-01-100k');
  });

  it('keeps the row in view after a sort, and starts at the top when the row is gone', async () => {
    const leeds = { city: 'Leeds' };
    await page.goto(resultsAddress({ filters: leeds, pageSize: '5000', sortBy: 'name', sortOrder: 'asc' }));
    await page.getByText(`1–5,000 of ${PER_CITY.toLocaleString('en-US')}`).waitFor({ timeout: 30_000 });
    await region().evaluate((element) => element.scrollTo({ top: 2000 * 41 }));
    await page.waitForFunction(() => {
      const scroller = document.querySelector('[data-testid="results-scroll"]');
      return scroller !== null && scroller.scrollTop > 0;
    });
    await page.waitForTimeout(300);
    const before = await topRow(region());
    expect(before?.name).toMatch(/^Business \d{6}$/);
    if (!before) return;
    await screenshot(page, 'results-large-02-scrolled', { fullPage: false });

    // Name descending: the same 5,000 rows in the opposite order, so the row moves far down the list.
    const sorted = resultsAnswer(
      (url) => url.searchParams.get('sortBy') === 'name' && url.searchParams.get('sortOrder') === 'desc',
    );
    await table().getByRole('button', { name: 'Sort by Name' }).click();
    await sorted;
    await page.waitForFunction(
      ({ name, scrollTop }) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="results-scroll"]');
        if (!scroller || Math.abs(scroller.scrollTop - scrollTop) < 41 * 100) return false;
        const top =
          scroller.getBoundingClientRect().top + (scroller.querySelector('thead')?.offsetHeight ?? 0);
        const row = [...scroller.querySelectorAll<HTMLElement>('tr[data-row-id]')].find(
          (candidate) => candidate.getBoundingClientRect().top >= top - 1,
        );
        return row?.querySelector('[data-column="name"] button')?.textContent === name;
      },
      { name: before.name, scrollTop: before.scrollTop },
      { timeout: 20_000 },
    );
    const after = await topRow(region());
    expect(after?.name).toBe(before.name);
    // Where it was on screen, within a row's height.
    expect(Math.abs((after?.offset ?? 0) - before.offset)).toBeLessThan(41);
    // Descending is the default order, which the address leaves out.
    expect(new URL(page.url()).searchParams.get('sortBy')).toBe('name');
    expect(new URL(page.url()).searchParams.has('sortOrder')).toBe(false);
    await screenshot(page, 'results-large-03-row-kept-after-sort', { fullPage: false });

    // A search the row does not match: it is not among the new rows, so the table starts at the top.
    const digit = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].find((d) => !before.name.includes(d)) ?? '0';
    const searched = resultsAnswer((url) => url.searchParams.get('search') === `Business 0${digit}`);
    await page.getByRole('textbox', { name: 'Search businesses' }).fill(`Business 0${digit}`);
    await searched;
    await page.waitForFunction(
      () => document.querySelector('[data-testid="results-scroll"]')?.scrollTop === 0,
      {
        timeout: 20_000,
      },
    );
    await screenshot(page, 'results-large-03b-top-when-row-gone');
    await page.getByRole('textbox', { name: 'Search businesses' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await page.getByTestId('results-total').getByText('5,000 businesses match', { exact: true }).waitFor();
  });

  it('saves the view and opens the session with it after a reload; Reset view forgets it', async () => {
    // The sort above was the user's change: the view {Leeds, name descending} is saved.
    await page.getByTestId('view-status').getByText('View saved').waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('group', { name: 'Columns shown' });
    await columns.getByText('Phone', { exact: true }).click();
    await columns.getByText('Email', { exact: true }).click();
    // Phone hidden, Email shown: it follows Website; one move left puts it first.
    await columns.getByRole('button', { name: 'Move Email left' }).click();
    expect(await columns.getByRole('button', { name: 'Move Email left' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    // Saved a moment after the last change (debounced): the API has the columns in their new order.
    await expect
      .poll(async () => (await savedView())?.columns, { timeout: 10_000, interval: 250 })
      .toEqual([
        'name',
        'email',
        'website',
        'city',
        'category',
        'icp',
        'decision_maker',
        'enrichment_state',
        'sources',
        'first_seen_at',
      ]);
    await page.getByTestId('view-status').getByText('View saved').waitFor();

    // A plain address: the saved filters, sort and columns come back.
    await page.goto(resultsAddress());
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'name');
    expect(filtersInAddress(page)).toEqual({ city: 'Leeds' });
    expect(new URL(page.url()).searchParams.has('sortOrder')).toBe(false);
    await page.getByTestId('results-total').getByText('5,000 businesses match', { exact: true }).waitFor();
    await table().locator('tbody tr').first().waitFor();
    expect(await headerTexts()).toEqual([
      '',
      'Name',
      'Email',
      'Website',
      'City',
      'Category',
      'ICP',
      'Decision-maker',
      'Enrichment',
      'Sources',
      'First seen',
    ]);
    await screenshot(page, 'results-large-04-saved-view-after-reload');

    // An address with its own filters wins over the saved view.
    await page.goto(resultsAddress({ filters: { city: 'York' } }));
    await page.getByTestId('results-total').getByText('5,000 businesses match', { exact: true }).waitFor();
    expect(filtersInAddress(page)).toEqual({ city: 'York' });

    await page.getByRole('button', { name: 'Reset view' }).click();
    await page.getByTestId('results-total').getByText('100,000 businesses', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.has('filters')).toBe(false);
    expect((await headerTexts()).slice(1, 4)).toEqual(['Name', 'Website', 'Phone']);
    await expect.poll(savedView, { timeout: 10_000, interval: 250 }).toBeNull();
  });

  it('selects all businesses matching the filters, not only the page, and enriches them', async () => {
    await table().getByRole('checkbox', { name: 'Select every business on this page' }).check();
    await page.getByTestId('selection-count').getByText('All 50 on this page are selected.').waitFor();
    await page.getByRole('button', { name: 'Select all 100,000 matching' }).waitFor();
    await screenshot(page, 'results-large-05-select-all-100k-offered');
    await page.getByRole('button', { name: 'Clear selection' }).click();

    const leedsTierA = { city: 'Leeds', icp_tier: 'A' };
    const matching = await countResults(page, sessionId, leedsTierA);
    expect(matching).toBeGreaterThan(50);
    await page.goto(resultsAddress({ filters: leedsTierA }));
    const shown = matching.toLocaleString('en-US');
    await page.getByTestId('results-total').getByText(`${shown} businesses match`, { exact: true }).waitFor();
    await table().getByRole('checkbox', { name: 'Select every business on this page' }).check();
    await page.getByRole('button', { name: `Select all ${shown} matching` }).click();
    await page
      .getByTestId('selection-count')
      .getByText(`All ${shown} businesses matching are selected.`)
      .waitFor();
    await screenshot(page, 'results-large-06-all-matching-selected');

    const started = page.waitForResponse((response) => response.url().endsWith('/api/enrichment/run'));
    await page.getByRole('button', { name: `Enrich all ${shown}` }).click();
    const answer = await started;
    expect(answer.status()).toBe(202);
    expect(answer.request().postDataJSON()).toEqual({
      session_id: sessionId,
      types: ['unified'],
      matching: { filters: leedsTierA },
    });
    await page.waitForURL((url) => url.pathname === '/enrichment-processing');
    const info = await callApi<{ progress: { total: number } }>(
      page,
      'GET',
      `/user/session/${sessionId}/info`,
    );
    expect(info.body.progress.total).toBe(matching);
    // The progress screen counts against the same total.
    await page.getByTestId('progress-counts').getByText(`of ${shown}`, { exact: false }).waitFor();
    await screenshot(page, 'results-large-07-enrichment-of-all-matching');
    // Only the matching businesses were put in line: the other 5,000 − N Leeds rows were never touched.
    const pendingOutside = await db.query<{ n: number }>(
      `select count(*)::int as n from businesses
        where session_id = $1 and enrichment_state <> 'done' and not (city = 'Leeds' and icp_tier = 'A')`,
      [sessionId],
    );
    expect(pendingOutside.rows[0]?.n).toBe(0);
    const cancelled = await callApi(page, 'POST', `/users/sessions/${sessionId}/cancel`);
    expect([200, 409]).toContain(cancelled.status);
  });

  it('exports exactly the filtered rows with the visible columns in their order', async () => {
    const filters = { city: 'Hull', icp_tier: ['A', 'B'] };
    await page.goto(resultsAddress({ filters, sortBy: 'icp_score', sortOrder: 'desc' }));
    const total = await countResults(page, sessionId, filters);
    const shown = total.toLocaleString('en-US');
    await page.getByTestId('results-total').getByText(`${shown} businesses match`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('group', { name: 'Columns shown' });
    await columns.getByText('Sources', { exact: true }).click();
    await columns.getByText('First seen', { exact: true }).click();
    await columns.getByText('Rating', { exact: true }).click();
    await columns.getByRole('button', { name: 'Move ICP left' }).click();
    await columns.getByRole('button', { name: 'Move ICP left' }).click();
    await page.keyboard.press('Escape');
    expect(await headerTexts()).toEqual([
      '',
      'Name',
      'Website',
      'Phone',
      'ICP',
      'City',
      'Category',
      'Decision-maker',
      'Enrichment',
      'Rating',
    ]);
    await screenshot(page, 'results-large-08-export-columns');

    // The default file holds every fact: this one asks for the visible columns only.
    await page.getByRole('button', { name: 'Export options' }).click();
    await page.getByRole('menuitem', { name: 'Only the visible columns' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile((await (await download).path()) as string, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual([
      'name',
      'website',
      'phone',
      'website_phone',
      'icp_tier',
      'icp_score',
      'city',
      'region',
      'category',
      'decision_maker',
      'contact_name',
      'contact_role',
      'enrichment_state',
      'rating',
      'review_count',
    ]);
    expect(rows.length).toBe(total);
    expect(new Set(rows.map((row) => row[header?.indexOf('city') ?? -1]))).toEqual(new Set(['Hull']));
    // In the table's order: ICP score descending.
    const scores = rows.map((row) => Number(row[header?.indexOf('icp_score') ?? -1]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const firstPage = await callApi<{ items: { name: string }[] }>(
      page,
      'GET',
      `/user/session/${sessionId}/results?filters=${encodeURIComponent(JSON.stringify(filters))}&sortBy=icp_score&sortOrder=desc`,
    );
    expect(rows.slice(0, 50).map((row) => row[0])).toEqual(firstPage.body.items.map((b) => b.name));
  });
});
