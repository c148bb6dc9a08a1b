import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countResults, registerThroughApi } from './api';
import { seriousViolations } from './axe';
import {
  clippedBadges,
  launchWithPage,
  screenshot,
  sequentialSteps,
  waitForPath,
  waitForTitle,
} from './browser';
import { closeOutbox } from './outbox';
import { BAKERIES, seedBakerySession } from './results-seed';
import { filtersInAddress, resultNames } from './screens';

// The analyst's screen: a session whose businesses and enrichment results are written straight into
// the database (as the enrichment job stores them: results-seed.ts), then /results is filtered, a detail opened,
// the selection exported as CSV (read back and compared with the API), and the ICP tab opened; /results and
// /landing are checked with axe-core. The steps build on each other and run in order.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Katherine Johnson',
  email: `katherine-${run}@example.com`,
  password: 'orbital math 1962',
};
const organisation = `Bakery Insights ${run}`;

let browser: Browser;
let page: Page;
let db: pg.Pool;
let sessionId: string;
let accountId: string;

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

const table = () => page.getByRole('table', { name: 'Businesses' });

describe('the results screen', () => {
  it('shows a seeded session’s businesses on /results', async () => {
    await registerThroughApi(page, baseUrl, { ...person, organisation });
    ({ sessionId, accountId } = await seedBakerySession(page, db, run));
    await page.goto(`/results?session_id=${sessionId}`);
    await waitForTitle(page, 'Argo | Results');
    await page.getByRole('heading', { level: 1, name: `Bakeries ${run}` }).waitFor();
    await page
      .getByTestId('results-total')
      .getByText(`${BAKERIES.length} businesses`, { exact: true })
      .waitFor();
    expect(await table().getByTestId('business-row').count()).toBe(BAKERIES.length);
    await page.getByTestId('osm-attribution').getByText('OpenStreetMap contributors').waitFor();
    await screenshot(page, 'results-01-table');

    // On a laptop screen the crowded table squeezes its columns: each tier and state badge still shows its text.
    expect(await clippedBadges(page, table())).toEqual([]);
  });

  it('filters by tier and by "has website", keeping the filters in the address as the API’s JSON', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    // A chip's checkbox is visually hidden; its label is what one clicks.
    await page.getByRole('group', { name: 'ICP tier' }).getByText('A', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('filters') !== null);
    await page.getByRole('radiogroup', { name: 'Website' }).getByText('Has website').click();
    await page.waitForFunction(() => {
      const filters = new URL(window.location.href).searchParams.get('filters');
      return filters?.includes('present');
    });
    const filters = filtersInAddress(page);
    expect(filters).toEqual({ icp_tier: 'A', website: { present: true } });
    await page.getByTestId('results-total').getByText('2 businesses match', { exact: true }).waitFor();
    expect((await resultNames(page)).sort()).toEqual(['Brot & Butter', 'Sauerteig Werkstatt']);
    // The same filters through the API give the same rows.
    expect(await countResults(page, sessionId, filters)).toBe(2);
    await screenshot(page, 'results-02-filtered');
  });

  it('opens the detail drawer with the software evidence, sources, roles and ICP reasons', async () => {
    await table().getByRole('button', { name: 'Details of Brot & Butter' }).click();
    const details = page.getByTestId('business-details');
    await details.waitFor();
    await waitForPath(page, '/results', { session_id: sessionId });
    expect(new URL(page.url()).searchParams.get('business')).toMatch(/^[0-9a-f-]{36}$/);
    const software = details.getByRole('table', { name: 'Business software' });
    await software.getByText('Shopify', { exact: true }).waitFor();
    await software.getByText('2.1', { exact: true }).waitFor();
    await software.getByText(/scriptSrc: cdn\.shopify\.com\/s\/files/).waitFor();
    const contacts = details.getByRole('region', { name: 'Contacts found on the website' });
    await contacts.getByText('hallo@brot-butter.example').waitFor();
    await contacts.getByRole('link', { name: 'https://brot-butter.example/kontakt' }).waitFor();
    await details
      .getByRole('list', { name: 'Open roles' })
      .getByRole('link', { name: 'Bäcker (m/w/d)' })
      .waitFor();
    await details.getByRole('list', { name: 'ICP reasons' }).getByText('Runs Shopify').waitFor();
    await details
      .getByRole('region', { name: 'Sources' })
      .getByRole('link', { name: /openstreetmap\.org\/node/ })
      .waitFor();
    await screenshot(page, 'results-03-detail');
    await page.getByRole('button', { name: 'Close details' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('exports what the filters select as CSV (BOM, header, one row per business)', async () => {
    // "Only the visible columns" (the default file holds every fact).
    await page.getByRole('button', { name: 'Export options' }).click();
    await page.getByRole('menuitem', { name: 'Only the visible columns' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await file.path()) as string, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((row) => row.name).sort()).toEqual(['Brot & Butter', 'Sauerteig Werkstatt']);
    expect(parsed.data.every((row) => row.icp_tier === 'A')).toBe(true);
    // Exactly what the table shows: its default columns, not the hidden Software one.
    expect(parsed.meta.fields).toContain('icp_tier');
    expect(parsed.meta.fields).not.toContain('software');
    await page.getByText('Export ready').waitFor();
    // One export, one notification.
    expect(await page.getByText('Export ready').count()).toBe(1);
  });

  it('clears the filters, neutralises formulas in the whole export, and shows the map', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page
      .getByTestId('results-total')
      .getByText(`${BAKERIES.length} businesses`, { exact: true })
      .waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile((await (await download).path()) as string, 'utf8');
    const rows = Papa.parse<Record<string, string>>(text.slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(BAKERIES.length);
    expect(rows.map((row) => row.name)).not.toContain('=Formula Bakery');
    expect(rows.some((row) => row.name?.endsWith('=Formula Bakery'))).toBe(true);

    await page.getByRole('tab', { name: 'Map' }).click();
    await waitForPath(page, '/results', { session_id: sessionId, view: 'map' });
    // Every business but the one without coordinates (the map itself: results-map.e2e.ts).
    await page
      .getByTestId('map-count')
      .getByText(`${BAKERIES.length - 1} of ${BAKERIES.length} businesses have coordinates`)
      .waitFor();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await screenshot(page, 'results-04-map');
  });

  it('opens the ICP tab: overview charts, profiles and outreach content', async () => {
    await page.getByRole('tab', { name: 'ICP' }).click();
    await waitForPath(page, '/results', { session_id: sessionId, view: 'icp' });
    await page.getByTestId('icp-narrative').waitFor();
    const tiers = page.getByRole('list', { name: 'Businesses by tier' });
    await tiers.getByText('Tier A').waitFor();
    expect(await tiers.getByRole('listitem').filter({ hasText: 'Tier A' }).textContent()).toContain('2');
    await page.getByRole('list', { name: 'Top software' }).getByText('Shopify').waitFor();
    await page.getByRole('img', { name: /Score histogram/ }).waitFor();
    await page.getByTestId('generated-by').first().waitFor();
    await screenshot(page, 'results-05-icp');

    // Profiles are groups of at least 3 businesses, two at least: three more bakeries in Hamburg, so the
    // session's bakeries make two (those in Hamburg, and the others).
    const { rows: runs } = await db.query<{ run_id: string }>('select run_id from sessions where id = $1', [
      sessionId,
    ]);
    await db.query(
      `insert into businesses (account_id, session_id, run_id, dedupe_key, name, city, country, category, source,
         sources, enrichment_state, industry, icp_score, icp_tier)
       select $1, $2, $3, 'name:hamburg ' || n, 'Hamburger Backhaus ' || n, 'Hamburg', 'DE', 'bakery', 'osm',
              jsonb_build_array(jsonb_build_object('source', 'osm', 'source_ref', 'node/' || (2000 + n))),
              'done', 'Food & Beverage', 30 + n, 'C'
       from generate_series(1, 3) as n`,
      [accountId, sessionId, runs[0]?.run_id],
    );
    await page.getByRole('button', { name: 'Create profiles' }).click();
    const profile = page.getByRole('article', { name: /^Profile / }).first();
    await profile.waitFor({ timeout: 30_000 });
    await profile.getByRole('button', { name: 'Generate content' }).click();
    const email = profile.getByRole('article', { name: 'Cold email' });
    await email.waitFor({ timeout: 30_000 });
    await email.getByRole('button', { name: 'Copy cold email' }).waitFor();
    await profile
      .getByTestId('generated-by')
      .getByText(/built-in generator|language model/)
      .waitFor();
    await screenshot(page, 'results-06-icp-content');
  });

  it('has no serious or critical accessibility violations on /results and /landing (axe-core)', async () => {
    await page.goto(`/results?session_id=${sessionId}`);
    await table().getByTestId('business-row').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/results?session_id=${sessionId}&view=icp`);
    await page.getByTestId('icp-narrative').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/landing');
    await waitForTitle(page, 'Argo | Dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The counts, recent sessions and checklist have all arrived (the session seeded above is listed).
    await page.getByText(`Bakeries ${run}`).first().waitFor();
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'results-07-landing');
  });
});
