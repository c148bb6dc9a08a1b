import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, countResults, registerThroughApi } from './api';
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
import { filtersInAddress, resultNames } from './screens';

// The analyst's screen: a session whose businesses and enrichment results are written straight into
// the database (as the enrichment job stores them), then /results is filtered, a detail opened, the selection
// exported as CSV (read back and compared with the API), and the ICP tab opened; /results and /landing are
// checked with axe-core. The steps build on each other and run in order.

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

interface Seed {
  name: string;
  city: string;
  lat: number | null;
  lng: number | null;
  tier: 'A' | 'B' | 'C' | 'D' | null;
  score: number | null;
  website: string | null;
  hiring: boolean | null;
  industry: string | null;
}

const BAKERIES: Seed[] = [
  {
    name: 'Brot & Butter',
    city: 'Berlin',
    lat: 52.52,
    lng: 13.405,
    tier: 'A',
    score: 88,
    website: 'https://brot-butter.example/',
    hiring: true,
    industry: 'Food & Beverage',
  },
  {
    name: 'Sauerteig Werkstatt',
    city: 'Berlin',
    lat: 52.5,
    lng: 13.42,
    tier: 'A',
    score: 81,
    website: 'https://sauerteig.example/',
    hiring: false,
    industry: 'Food & Beverage',
  },
  {
    name: 'Kuchen Kontor',
    city: 'Potsdam',
    lat: 52.39,
    lng: 13.06,
    tier: 'B',
    score: 64,
    website: 'https://kuchen-kontor.example/',
    hiring: null,
    industry: 'Food & Beverage',
  },
  {
    name: 'Café Mitte',
    city: 'Berlin',
    lat: 52.53,
    lng: 13.39,
    tier: 'C',
    score: 45,
    website: null,
    hiring: null,
    industry: 'Hospitality',
  },
  {
    name: 'Backstube Nord',
    city: 'Hamburg',
    lat: 53.55,
    lng: 9.99,
    tier: 'D',
    score: 12,
    website: null,
    hiring: null,
    industry: null,
  },
  {
    name: '=Formula Bakery',
    city: 'Leipzig',
    lat: null,
    lng: null,
    tier: null,
    score: null,
    website: null,
    hiring: null,
    industry: null,
  },
];

async function seedSession(): Promise<void> {
  const venture = await callApi<{ venture_id: string }>(page, 'POST', '/ventures/create', {
    name: `Ovenly ${run}`,
    description: 'Ordering software for bakeries',
    icp: { industries: ['Food & Beverage'], locations: ['Berlin'], software_signals: ['Shopify'] },
  });
  expect(venture.status).toBe(201);
  const created = await callApi<{ id: string; account_id: string }>(page, 'POST', '/users/create_session', {
    name: `Bakeries ${run}`,
    type: 'import',
    venture_id: venture.body.venture_id,
  });
  expect(created.status).toBe(201);
  sessionId = created.body.id;
  accountId = created.body.account_id;
  const runId = randomUUID();
  await db.query(`update sessions set run_id = $1, status = 'completed', finished_at = now() where id = $2`, [
    runId,
    sessionId,
  ]);
  for (const [index, bakery] of BAKERIES.entries()) {
    const id = randomUUID();
    const domain = bakery.website ? new URL(bakery.website).hostname : null;
    const sources = [
      {
        source: 'osm',
        source_ref: `node/${1000 + index}`,
        url: `https://www.openstreetmap.org/node/${1000 + index}`,
        observed_at: '2026-03-01T08:00:00.000Z',
      },
    ];
    await db.query(
      `insert into businesses (id, account_id, session_id, run_id, dedupe_key, name, website, domain, city, country,
         lat, lng, category, source, source_ref, sources, enrichment_state, summary, industry, hiring, icp_score, icp_tier)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'DE', $10, $11, 'bakery', 'osm', $12, $13, $14, $15, $16, $17, $18, $19)`,
      [
        id,
        accountId,
        sessionId,
        runId,
        `name:${bakery.name.toLowerCase()}`,
        bakery.name,
        bakery.website,
        domain,
        bakery.city,
        bakery.lat,
        bakery.lng,
        sources[0]?.source_ref,
        JSON.stringify(sources),
        bakery.tier ? 'done' : 'pending',
        bakery.website ? `${bakery.name} bakes bread in ${bakery.city}.` : null,
        bakery.industry,
        bakery.hiring,
        bakery.score,
        bakery.tier,
      ],
    );
    if (!bakery.website) continue;
    const pages = [
      { url: bakery.website, role: 'home', fetched_at: '2026-03-02T09:15:00.000Z' },
      { url: `${bakery.website}kontakt`, role: 'contact', fetched_at: '2026-03-02T09:16:00.000Z' },
    ];
    const results: [string, Record<string, unknown>][] = [
      [
        'software_detection',
        {
          technologies: [
            {
              name: 'Shopify',
              categories: [{ id: 6, name: 'Ecommerce' }],
              version: '2.1',
              confidence: 100,
              evidence: [{ type: 'scriptSrc', match: 'cdn.shopify.com/s/files', url: bakery.website }],
            },
          ],
          pages,
        },
      ],
      [
        'ai_summary',
        {
          summary: `${bakery.name} bakes bread in ${bakery.city}.`,
          services: ['Bread', 'Cakes'],
          contacts: [{ kind: 'email', value: `hallo@${domain}`, source_url: `${bakery.website}kontakt` }],
          pages,
        },
      ],
      [
        'career_analysis',
        {
          hiring: bakery.hiring,
          careers_url: `${bakery.website}jobs`,
          ats: bakery.hiring ? 'Personio' : null,
          roles: bakery.hiring
            ? [
                {
                  title: 'Bäcker (m/w/d)',
                  department: 'Backstube',
                  location: bakery.city,
                  url: `${bakery.website}jobs/baecker`,
                },
              ]
            : [],
          pages,
        },
      ],
      [
        'icp_analysis',
        {
          score: bakery.score,
          tier: bakery.tier,
          reasons: [
            {
              criterion: 'Industry matches Food & Beverage',
              matched: true,
              weight: 30,
              points: 30,
              evidence: bakery.industry,
            },
            { criterion: 'Runs Shopify', matched: true, weight: 20, points: 20, evidence: 'cdn.shopify.com' },
          ],
        },
      ],
    ];
    for (const [type, data] of results) {
      await db.query(
        `insert into enrichment_results (account_id, business_id, type, data, produced_by, source_url, observed_at)
         values ($1, $2, $3, $4, 'builtin', $5, '2026-03-02T09:20:00.000Z')`,
        [accountId, id, type, JSON.stringify(data), bakery.website],
      );
    }
  }
}

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
    await seedSession();
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

  it('shows a 5,000-row page by drawing only the rows in view, and scrolls to the last one', async () => {
    const big = await callApi<{ id: string }>(page, 'POST', '/users/create_session', {
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
      [accountId, big.body.id, runId],
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
