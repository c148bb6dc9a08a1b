import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, registerThroughApi } from './api';
import { launchWithPage, screenshot, sequentialSteps, waitForPath, waitForTitle } from './browser';
import { closeOutbox } from './outbox';
import { passProgressScreen } from './screens';
import { type Site, serveSite } from './site';

// Enrichment end to end: a CSV whose one website is a small site on a local HTTP server is
// imported, enriched from /enrichment, watched on /enrichment-processing, and the new fields show on /results.
// The API's crawler may reach 127.0.0.1 only because global-setup sets CRAWL_ALLOW_HOSTS for the e2e server.
// The import (rightly) refuses IP addresses as business websites and the crawler resolves names through real DNS,
// so the CSV names a real-looking domain and the test then points that business at the local site in the database.
// The about page names the owner: the drawer's People section shows her with the page she came from, and
// the contacts export has her row with the business beside.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Katherine Johnson',
  email: `katherine-${run}@example.com`,
  password: 'orbital mechanics 1962',
  organisation: `Trajectory Labs ${run}`,
};
const sessionName = `bakeries-${run}`;

/** A bakery's website: WordPress (generator meta, wp-content scripts), an about page and a careers page. */
const PAGES: Record<string, string> = {
  '/robots.txt': 'User-agent: *\nAllow: /\n',
  '/': `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <title>Sunrise Bakery — sourdough in Austin</title>
    <meta name="generator" content="WordPress 6.4.2">
    <meta name="description" content="Sunrise Bakery bakes sourdough bread, pastries and wedding cakes in Austin, Texas.">
    <link rel="stylesheet" href="/wp-content/themes/sunrise/style.css">
    <script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
    </head><body>
    <h1>Sunrise Bakery</h1>
    <p>We bake sourdough bread, croissants and custom wedding cakes every morning in Austin, Texas.</p>
    <nav><a href="/about-us">About us</a> <a href="/careers">Careers</a> <a href="/contact">Contact</a></nav>
    <footer>Contact: hello@sunrise-bakery.test · +1 512 555 0147</footer>
    </body></html>`,
  '/about-us': `<!doctype html><html><head><title>About us</title></head><body>
    <h1>About Sunrise Bakery</h1><p>A family bakery with a team of 12 bakers serving cafés and restaurants.</p>
    <h2>Our team</h2>
    <div class="team-member"><h3>Maria Lopez</h3><p>Owner and head baker</p>
      <p><a href="mailto:maria@sunrise-bakery.test">maria@sunrise-bakery.test</a></p></div>
    </body></html>`,
  '/contact': `<!doctype html><html><head><title>Contact</title></head><body>
    <p>Email hello@sunrise-bakery.test or call +1 512 555 0147.</p></body></html>`,
  '/careers': `<!doctype html><html><head><title>Careers at Sunrise Bakery</title>
    <script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Pastry Chef',
      datePosted: '2026-11-01',
      hiringOrganization: { '@type': 'Organization', name: 'Sunrise Bakery' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Austin' } },
    })}</script></head><body>
    <h1>Join us</h1><h2>Pastry Chef</h2><p>Full time, Austin. Apply at jobs@sunrise-bakery.test.</p>
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
sequentialSteps();
afterAll(async () => {
  await browser?.close();
  await closeOutbox();
  await site?.close();
});

interface Business {
  id: string;
  name: string;
  website: string | null;
  enrichment_state: string;
  enrichment_error: string | null;
  software: { name: string; version: string | null; category: string; group: string }[];
  hiring: boolean | null;
  summary: string | null;
  details?: { pages?: { url: string; fetched_at: string }[] };
}

describe('enriching a session', () => {
  it('imports a CSV with one website on a local server and one business without', async () => {
    await registerThroughApi(page, baseUrl, person);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Start a discovery' }).waitFor();
    const card = page.getByRole('region', { name: 'Import CSV' });
    const csv = 'name,website,city\nSunrise Bakery,sunrise-bakery.com,Austin\nNo Web Donuts,,Austin\n';
    await card
      .locator('input[type="file"]')
      .setInputFiles({ name: `${sessionName}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await card.getByRole('button', { name: 'Upload and map columns' }).click();
    const url = await waitForPath(page, '/csv-mapping');
    sessionId = url.searchParams.get('session_id') ?? '';
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.getByRole('combobox', { name: 'Website', exact: true }).inputValue()).toBe('website');
    expect(await page.getByRole('combobox', { name: 'Business name', exact: true }).inputValue()).toBe(
      'name',
    );
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await waitForPath(page, '/results', { session_id: sessionId }, 60_000);
    const results = await callApi<{ total: number }>(
      page,
      'GET',
      `/user/session/${sessionId}/results?pageSize=1`,
    );
    expect(results.body.total).toBe(2);

    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      const updated = await db.query(
        'update businesses set website = $1 where session_id = $2 and name = $3',
        [site.url, sessionId, 'Sunrise Bakery'],
      );
      expect(updated.rowCount).toBe(1);
    } finally {
      await db.end();
    }
  });

  it('chooses the types on /enrichment, sees the estimate for the one website, and starts', async () => {
    await page.goto(`/enrichment?session_id=${sessionId}`);
    await waitForTitle(page, 'Argo | Enrichment');
    await page.getByRole('heading', { level: 1, name: sessionName }).waitFor();
    for (const label of [
      'Everything (unified)',
      'Summary and contacts',
      'Software',
      'Hiring',
      'People and company facts',
      'ICP fit',
    ]) {
      expect(await page.getByRole('checkbox', { name: label }).isChecked()).toBe(true);
    }
    await page.getByText('The whole session: 2 businesses, 1 with a website').waitFor();
    // One website × up to 7 pages.
    expect(await page.getByTestId('estimate-pages').textContent()).toBe('Up to 7 pages, under a minute');
    expect(await page.getByTestId('estimate-basis').textContent()).toMatch(/^1 website × up to 7 pages each/);
    // No venture on this session: ICP fit has nothing to score against, so it is left out.
    await page.getByTestId('no-venture-note').waitFor();
    await page.getByRole('checkbox', { name: 'ICP fit' }).uncheck();
    await screenshot(page, 'enrichment-01-choose');

    await page.getByRole('button', { name: 'Start enrichment' }).click();
    await passProgressScreen(
      page,
      '/enrichment-processing',
      page.getByTestId('progress-stage'),
      'enrichment-02-processing',
    );
    expect(visitedPaths).toContain('/enrichment-processing');
  });

  it('moves on to /results, where what the website showed (software, pages, hiring, summary) is stored and shown', async () => {
    await waitForPath(page, '/results', { session_id: sessionId }, 120_000);
    const answer = await callApi<{ items: Business[] }>(
      page,
      'GET',
      `/user/session/${sessionId}/results?pageSize=10&sortBy=name&sortOrder=desc`,
    );
    const bakery = answer.body.items.find((item) => item.name === 'Sunrise Bakery');
    expect(bakery?.enrichment_state).toBe('done');
    expect(bakery?.software.find((software) => software.name === 'WordPress')).toMatchObject({
      version: '6.4.2',
      category: 'CMS',
    });
    // The site was crawled once: the home page and the pages that matter, each with its time — in the details the
    // drawer reads by id (a page of results carries none).
    expect(bakery?.details).toBeUndefined();
    const opened = await callApi<Business>(
      page,
      'GET',
      `/user/session/${sessionId}/businesses/${bakery?.id}`,
    );
    const crawled = (opened.body.details?.pages ?? []).map(
      (crawledPage) => new URL(crawledPage.url).pathname,
    );
    expect(crawled).toEqual(expect.arrayContaining(['/', '/about-us', '/careers', '/contact']));
    // A page lists the business software (the table's column); the drawer's read every detection, what WordPress
    // implies (PHP, MySQL) among the infrastructure.
    expect(bakery?.software.every((software) => software.group === 'business')).toBe(true);
    expect(opened.body.software.some((software) => software.group === 'infrastructure')).toBe(true);
    // An analyzer the server cannot run yet says so on the business; one that ran has its fields filled.
    const unavailable = (type: string) =>
      bakery?.enrichment_error?.includes(`${type}: not available`) ?? false;
    if (unavailable('career_analysis')) expect(bakery?.hiring).toBeNull();
    else expect(bakery?.hiring).toBe(true);
    if (unavailable('ai_summary')) expect(bakery?.summary).toBeNull();
    else expect(bakery?.summary).toMatch(/bak/i);

    // Show the Software and Hiring columns (the choice is kept per user in this browser), then read the row.
    const me = await callApi<{ id: string }>(page, 'GET', '/users/me');
    await page.evaluate(
      (key) => window.localStorage.setItem(key, JSON.stringify({ software: true, hiring: true })),
      `argo.results.columns.${me.body.id}`,
    );
    await page.reload();
    const row = page
      .getByRole('table', { name: 'Businesses' })
      .getByTestId('business-row')
      .filter({ hasText: 'Sunrise Bakery' });
    await row
      .getByText(/WordPress/)
      .first()
      .waitFor();
    if (bakery?.hiring) await row.getByText('Hiring', { exact: true }).waitFor();
    await screenshot(page, 'enrichment-03-results');
  });
  it('shows the owner in the People section of the drawer, with the page she was read from', async () => {
    const table = page.getByRole('table', { name: 'Businesses' });
    await table.getByRole('button', { name: 'Details of Sunrise Bakery' }).click();
    // The drawer shows the infrastructure too, once it has read the business (the page listed none).
    await page
      .getByRole('table', { name: 'Infrastructure and inferences' })
      .getByRole('row')
      .nth(1)
      .waitFor();
    await page
      .getByRole('table', { name: 'Business software' })
      .getByText('WordPress', { exact: true })
      .waitFor();
    const people = page.getByRole('list', { name: 'People named on the website' });
    const maria = people.getByRole('listitem', { name: 'Maria Lopez' });
    await maria.waitFor();
    await maria.getByText('Owner and head baker', { exact: true }).waitFor();
    await maria.getByText('maria@sunrise-bakery.test', { exact: true }).waitFor();
    // The source link points at the about page of the local site.
    const sources = await maria
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(sources.some((href) => href?.endsWith('/about-us'))).toBe(true);
    await screenshot(page, 'enrichment-04-people');
    await page.getByRole('button', { name: 'Close details' }).click();
  });

  it('exports contacts: one row per person, HubSpot/Pipedrive columns, the business beside', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export contacts' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await file.path()) as string, 'utf8');
    const rows = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'First Name': 'Maria',
      'Last Name': 'Lopez',
      Email: 'maria@sunrise-bakery.test',
      'Job Title': 'Owner and head baker',
      'Company Name': 'Sunrise Bakery',
    });
    expect(rows[0]?.['Source URL']).toMatch(/\/about-us$/);
  });
});
