import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, countResults } from './api';
import { launchWithPage, screenshot, sequentialSteps, waitForPath, waitForTitle } from './browser';
import { closeOutbox } from './outbox';
import {
  createOrganisation,
  fillSignUp,
  filtersInAddress,
  passProgressScreen,
  resultNames,
  submitSignUpAndConfirm,
} from './screens';
import { type Site, serveSite } from './site';

// The whole product in one sitting, through the screens only: a person registers and confirms
// the address with the emailed code, names the organisation, describes a venture with its ideal customer
// profile, finds the fast-food places of Skopje from OpenStreetMap (the local Overpass/Nominatim global-setup
// starts, serving ../shared/fixtures/osm), watches the discovery, enriches one business whose website is a small
// site on a local HTTP server, filters the results, opens the ICP overview, generates outreach content and
// exports the CSV. Every screen is photographed as e2e/artifacts/journey-*.png.
// The steps build on each other and run in order.

const baseUrl = inject('baseUrl');
const hasLocalOsm = inject('hasLocalOsm');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Mary Jackson',
  email: `mary-${run}@example.com`,
  password: 'wind tunnel 1958 hampton',
};
const organisation = `Supersonic Foods ${run}`;
const venture = {
  name: `Till for Takeaways ${run}`,
  sells: 'A point-of-sale and online ordering system for fast-food restaurants.',
  industries: ['Fast food'],
  locations: ['Skopje'],
};
/** How many businesses the discovery found (the fixture's named places, a few merged), read from the API. */
let found = 0;
/** The fixture's business whose website the journey points at the local site. */
const ENRICHED = 'Subzy';

/** Subzy's website as the local server serves it: Shopify, a contact page and a careers page. */
const PAGES: Record<string, string> = {
  '/robots.txt': 'User-agent: *\nAllow: /\n',
  '/': `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <title>Subzy — subs and wraps in Skopje</title>
    <meta name="description" content="Subzy makes submarine sandwiches and wraps to order in Skopje.">
    <script src="https://cdn.shopify.com/s/files/1/0001/theme.js"></script>
    <link rel="stylesheet" href="https://cdn.shopify.com/s/files/1/0001/theme.css">
    </head><body>
    <h1>Subzy</h1>
    <p>Fresh submarine sandwiches and wraps, ordered online and delivered across Skopje.</p>
    <nav><a href="/contact">Contact</a> <a href="/careers">Careers</a></nav>
    <footer>hello@subzy.test · +389 71 328 554</footer>
    </body></html>`,
  '/contact': `<!doctype html><html><head><title>Contact</title></head><body>
    <p>Email hello@subzy.test or call +389 71 328 554.</p></body></html>`,
  '/careers': `<!doctype html><html><head><title>Careers at Subzy</title></head><body>
    <h1>Jobs</h1><h2>Sandwich artist</h2><p>Full time in Skopje. Apply at jobs@subzy.test.</p>
    </body></html>`,
};

let site: Site;
let browser: Browser;
let page: Page;
let sessionId: string;
const visitedPaths: string[] = [];

beforeAll(async () => {
  site = await serveSite(PAGES);

  ({ browser, page } = await launchWithPage(baseUrl, visitedPaths));
});
sequentialSteps({
  beforeStep: () => {
    if (!hasLocalOsm)
      throw new Error('../shared/fixtures/osm is missing: the journey has no OpenStreetMap to search');
  },
});
afterAll(async () => {
  await browser?.close();
  await closeOutbox();
  await site?.close();
});

const mainNav = () => page.getByRole('navigation', { name: 'Main navigation' });
const table = () => page.getByRole('table', { name: 'Businesses' });
const total = (text: string) => page.getByTestId('results-total').getByText(text, { exact: true });

interface Business {
  id: string;
  name: string;
  website: string | null;
  enrichment_state: string;
  software: { name: string }[];
}

async function readCsv(download: Promise<import('playwright-core').Download>) {
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile((await file.path()) as string, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('a journey from sign-up to export', () => {
  it('registers, confirms the email with the emailed code and names the organisation', async () => {
    await fillSignUp(page, person);
    await waitForTitle(page, 'Argo | Register');
    await screenshot(page, 'journey-01-register');
    await submitSignUpAndConfirm(page, person.email, 'journey-02-confirm');
    await createOrganisation(page, organisation, 'journey-03-organisation');
    await page.getByText(`Here is where ${organisation} stands.`, { exact: false }).waitFor();
    await screenshot(page, 'journey-04-dashboard');
  });

  it('creates a venture with its ideal customer profile on /ventures', async () => {
    await mainNav().getByRole('link', { name: 'Ventures' }).click();
    await waitForPath(page, '/ventures');
    await waitForTitle(page, 'Argo | Ventures');
    await page.getByRole('button', { name: 'New venture' }).click();
    const form = page.getByRole('form', { name: 'New venture' });
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(venture.name);
    await form.getByLabel('What it sells').fill(venture.sells);
    for (const industry of venture.industries) {
      await form.getByLabel('Industries').fill(industry);
      await form.getByLabel('Industries').press('Enter');
    }
    for (const location of venture.locations) {
      await form.getByLabel('Locations').fill(location);
      await form.getByLabel('Locations').press('Enter');
    }
    await screenshot(page, 'journey-05-venture-form');
    await form.getByRole('button', { name: 'Create venture' }).click();
    await page.getByRole('dialog', { name: 'New venture' }).waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: venture.name });
    for (const tag of [...venture.industries, ...venture.locations]) {
      await card.getByText(tag, { exact: true }).waitFor();
    }
    await screenshot(page, 'journey-06-ventures');
  });

  it('starts a discovery of a category in a place from / for the venture', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Start a discovery' }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Venture' });
    await picker.click();
    await page.getByRole('option', { name: venture.name }).click();
    expect(await picker.inputValue()).toBe(venture.name);

    const form = page.getByRole('form', { name: 'Find businesses' });
    await form.getByRole('combobox', { name: 'Category' }).fill('fast food');
    await form.getByRole('textbox', { name: 'Location' }).fill('Skopje');
    await form.getByText('Saved as “Fast food in Skopje”', { exact: false }).waitFor();
    await page.getByText('OpenStreetMap contributors').first().waitFor();
    await screenshot(page, 'journey-07-start-discovery');
    await form.getByRole('button', { name: 'Find businesses' }).click();

    // The progress screen is there while the search runs; it may finish before it is photographed.
    const url = await passProgressScreen(
      page,
      '/discovery-processing',
      page.getByRole('region', { name: 'Progress' }),
      'journey-08-discovery-processing',
    );
    sessionId = url.searchParams.get('session_id') ?? '';
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(visitedPaths).toContain('/discovery-processing');
  });

  it('lands on /results with the businesses found and the OpenStreetMap attribution', async () => {
    await waitForPath(page, '/results', { session_id: sessionId }, 120_000);
    await waitForTitle(page, 'Argo | Results');
    const answer = await callApi<{ total: number }>(
      page,
      'GET',
      `/user/session/${sessionId}/results?pageSize=1`,
    );
    found = answer.body.total;
    // The Skopje fixture has dozens of fast-food places (discovery.test.ts checks them one by one).
    expect(found).toBeGreaterThan(20);
    await total(`${found} businesses`).waitFor({ timeout: 30_000 });
    expect(await table().getByTestId('business-row').count()).toBe(Math.min(found, 50));
    // Every business on one page of 500 (up to 100 rows are all drawn): the order of equal "first seen" times is
    // the database's, so the business to enrich may be on either page of 50.
    await page.goto(`/results?session_id=${sessionId}&pageSize=500`);
    await expect.poll(() => table().getByTestId('business-row').count(), { timeout: 15_000 }).toBe(found);
    await table().getByTestId('business-row').filter({ hasText: ENRICHED }).waitFor();
    await table().getByText('Пицерија Џокер').waitFor();
    const attribution = page.getByTestId('osm-attribution');
    expect(await attribution.textContent()).toMatch(/© OpenStreetMap contributors/);
    await screenshot(page, 'journey-09-results');

    // The session is the venture's: its ICP is what the enrichment scores against.
    const ventures = await callApi<{ venture_id: string; name: string }[]>(page, 'GET', '/ventures/all');
    const ventureId = ventures.body.find((stored) => stored.name === venture.name)?.venture_id;
    const info = await callApi<{ venture_id: string | null; status: string }>(
      page,
      'GET',
      `/user/session/${sessionId}/info`,
    );
    expect(info.body).toMatchObject({ venture_id: ventureId, status: 'completed' });

    // The crawler resolves real names through DNS: point the business at the local site (as enrichment.e2e.ts).
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      const updated = await db.query(
        'update businesses set website = $1 where session_id = $2 and name = $3',
        [site.url, sessionId, ENRICHED],
      );
      expect(updated.rowCount).toBe(1);
    } finally {
      await db.end();
    }
  });

  it('selects the business on /results, enriches it and watches /enrichment-processing', async () => {
    await page.reload();
    await table().getByTestId('business-row').first().waitFor();
    await table()
      .getByRole('checkbox', { name: `Select ${ENRICHED}` })
      .check();
    await page.getByTestId('selection-count').getByText('1 business selected').waitFor();
    await screenshot(page, 'journey-10-selected');
    await page.getByRole('button', { name: 'Enrich selected' }).click();
    // The page was on /results already: wait for the move to the progress screen (it may move back at once).
    await expect.poll(() => visitedPaths.includes('/enrichment-processing'), { timeout: 15_000 }).toBe(true);
    if (new URL(page.url()).pathname === '/enrichment-processing') {
      await page
        .getByTestId('progress-stage')
        .waitFor({ timeout: 3_000 })
        .then(() => screenshot(page, 'journey-11-enrichment-processing'))
        .catch(() => {});
    }

    await waitForPath(page, '/results', { session_id: sessionId }, 120_000);
    // The one business was enriched from the local site; the others were left alone.
    const answer = await callApi<{ items: Business[] }>(
      page,
      'GET',
      `/user/session/${sessionId}/results?pageSize=500`,
    );
    const enriched = answer.body.items.find((item) => item.name === ENRICHED);
    expect(enriched?.enrichment_state).toBe('done');
    expect(enriched?.software.map((software) => software.name)).toContain('Shopify');
    const others = answer.body.items.filter((item) => item.name !== ENRICHED);
    expect(others.every((item) => item.enrichment_state === 'pending')).toBe(true);
    await screenshot(page, 'journey-12-results-enriched');
  });

  it('filters the results by software, keeping the filters in the address', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    const software = page.getByPlaceholder('e.g. WordPress');
    await software.fill('Shopify');
    await software.press('Enter');
    await page.waitForFunction(() =>
      new URL(window.location.href).searchParams.get('filters')?.includes('Shopify'),
    );
    await total('1 business match').waitFor();
    expect(await resultNames(page)).toEqual([ENRICHED]);
    expect(await countResults(page, sessionId, filtersInAddress(page))).toBe(1);
    await screenshot(page, 'journey-13-filtered');
  });

  it('opens the business, generates outreach content for it', async () => {
    await table()
      .getByRole('button', { name: `Details of ${ENRICHED}` })
      .click();
    const details = page.getByTestId('business-details');
    await details.waitFor();
    await details
      .getByRole('table', { name: 'Business software' })
      .getByText('Shopify', { exact: true })
      .waitFor();
    await details.getByRole('button', { name: `Generate content for ${ENRICHED}` }).click();
    const email = details.getByRole('article', { name: 'Cold email' });
    await email.waitFor({ timeout: 30_000 });
    expect(await email.textContent()).toContain(ENRICHED);
    await details
      .getByTestId('generated-by')
      .getByText(/built-in generator|language model/)
      .first()
      .waitFor();
    await screenshot(page, 'journey-14-content');
    await page.getByRole('button', { name: 'Close details' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('opens the ICP tab with the overview of the session', async () => {
    await page.getByRole('tab', { name: 'ICP' }).click();
    await waitForPath(page, '/results', { session_id: sessionId, view: 'icp' });
    await page.getByTestId('icp-narrative').waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'Top software' }).getByText('Shopify').waitFor();
    await screenshot(page, 'journey-15-icp');
  });

  it('exports the filtered selection and then the whole session as CSV', async () => {
    await page.getByRole('tab', { name: 'Table' }).click();
    await table().getByTestId('business-row').first().waitFor();
    // The software filter is still on: the export holds what the screen selects — and, with the Software
    // column shown, what it shows (the file has the visible columns).
    await total('1 business match').waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('group', { name: 'Columns shown' });
    await chooser.getByRole('checkbox', { name: 'Software' }).check();
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'hidden' });
    await table().getByRole('columnheader', { name: 'Software' }).waitFor();
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const filtered = await readCsv(download);
    expect(filtered.map((row) => row.name)).toEqual([ENRICHED]);
    expect(filtered[0]?.software).toContain('Shopify');
    await page.getByText('Export ready').waitFor();
    await screenshot(page, 'journey-16-exported');

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await total(`${found} businesses`).waitFor();
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const everything = await readCsv(download);
    expect(everything).toHaveLength(found);
    expect(everything.map((row) => row.name)).toEqual(expect.arrayContaining([ENRICHED, 'Пицерија Џокер']));
  });
});
