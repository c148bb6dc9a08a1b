import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, registerThroughApi } from './api';
import { launchWithPage, screenshot, sequentialSteps, waitForPath } from './browser';
import { closeOutbox } from './outbox';

// Safety of what Argo shows: scraped text holding script tags, event handlers, javascript:
// links and markdown tricks is stored where the enrichment job stores it (businesses.summary/industry,
// enrichment_results) and in what people type (venture, session names), then every screen that shows it is
// visited in Chromium. On each: no script ran (window.__xss stays undefined, no dialog), the payloads read as
// text, no link points at javascript:, and nothing was requested from evil.example. The export neutralises
// formula cells. The steps build on each other and run in order.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const person = { name: 'Grace Hopper', email: `grace-${run}@example.com`, password: 'compiler bug 1947' };

const SCRIPT = '<script>window.__xss=1</script>';
const IMG = '<img src=x onerror="window.__xss=1">';
const SVG = '<svg onload="window.__xss=1">';
const JS_URL = 'javascript:window.__xss=1';
const MD_LINK = '[click](javascript:window.__xss=1)';
const MD_IMAGE = '![x](https://evil.example/x.png)';
const PAYLOADS = [SCRIPT, IMG, SVG, JS_URL, MD_LINK, MD_IMAGE] as const;
/** Cells a spreadsheet would run as formulas; the export must prefix each with a '. */
const FORMULAS = ['=HYPERLINK("https://evil.example","x")', '+1+1', '-1+1', '@SUM(1+1)'];

const ventureName = `Venture ${SCRIPT} ${run}`;
const sessionName = `Session ${IMG} ${run}`;

let browser: Browser;
let page: Page;
let db: pg.Pool;
let sessionId: string;
let enrichingSessionId: string;
let accountId: string;

/** What happened in the page that must not: dialogs, requests to evil.example. */
const dialogs: string[] = [];
const evilRequests: string[] = [];
/** screen → payloads seen as text on it (for the closing figure). */
const checked = new Map<string, string[]>();

async function insertBusiness(
  session: string,
  runId: string,
  index: number,
  fields: Record<string, unknown>,
) {
  const id = randomUUID();
  const row: Record<string, unknown> = {
    id,
    account_id: accountId,
    session_id: session,
    run_id: runId,
    dedupe_key: `name:payload-${index}-${run}`,
    source: 'import',
    sources: JSON.stringify([{ source: 'import', source_ref: `line/${index}`, url: JS_URL }]),
    ...fields,
  };
  const columns = Object.keys(row);
  await db.query(
    `insert into businesses (${columns.join(', ')}) values (${columns.map((_, n) => `$${n + 1}`).join(', ')})`,
    Object.values(row),
  );
  return id;
}

async function insertResults(businessId: string, results: [string, Record<string, unknown>][]) {
  for (const [type, data] of results) {
    await db.query(
      `insert into enrichment_results (account_id, business_id, type, data, produced_by, source_url, observed_at)
       values ($1, $2, $3, $4, 'builtin', $5, now())`,
      [accountId, businessId, type, JSON.stringify(data), JS_URL],
    );
  }
}

/** The scraped findings of one website, every text and URL an attack. */
function hostileResults(): [string, Record<string, unknown>][] {
  const pages = [{ url: JS_URL, role: 'home', fetched_at: '2026-03-02T09:15:00.000Z' }];
  return [
    [
      'software_detection',
      {
        technologies: [
          {
            name: `Shop ${SVG}`,
            categories: [{ name: MD_IMAGE }],
            version: SCRIPT,
            confidence: 100,
            evidence: [{ type: 'scriptSrc', match: MD_LINK, url: JS_URL }],
          },
        ],
        pages,
      },
    ],
    [
      'ai_summary',
      {
        summary: `Summary ${SCRIPT} ${MD_LINK} ${MD_IMAGE}`,
        services: [IMG, MD_LINK],
        contacts: [
          { kind: 'email', value: `${IMG}@evil.example`, source_url: JS_URL },
          { kind: 'phone', value: SVG, source_url: JS_URL },
        ],
        pages,
      },
    ],
    [
      'career_analysis',
      {
        hiring: true,
        careers_url: JS_URL,
        ats: SCRIPT,
        roles: [{ title: `Baker ${IMG}`, department: MD_LINK, location: SVG, url: JS_URL }],
        pages,
      },
    ],
    [
      'icp_analysis',
      {
        score: 90,
        tier: 'A',
        reasons: [
          { criterion: `Criterion ${MD_LINK}`, matched: true, weight: 30, points: 30, evidence: MD_IMAGE },
          { criterion: `Runs ${SVG}`, matched: true, weight: 20, points: 20, evidence: SCRIPT },
        ],
      },
    ],
  ];
}

async function seed(): Promise<void> {
  const venture = await callApi<{ venture_id: string }>(page, 'POST', '/ventures/create', {
    name: ventureName,
    description: `Sells ${MD_LINK} ${MD_IMAGE} ${SVG}`,
    icp: { industries: [IMG], locations: ['Berlin'], software_signals: [SCRIPT] },
  });
  expect(venture.status, JSON.stringify(venture.body)).toBe(201);
  const created = await callApi<{ id: string; account_id: string }>(page, 'POST', '/users/create_session', {
    name: sessionName,
    type: 'import',
    venture_id: venture.body.venture_id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  sessionId = created.body.id;
  accountId = created.body.account_id;
  const runId = randomUUID();
  await db.query(`update sessions set run_id = $1, status = 'completed', finished_at = now() where id = $2`, [
    runId,
    sessionId,
  ]);
  const hostile = {
    summary: `Scraped ${SCRIPT} ${IMG} ${MD_LINK} ${MD_IMAGE}`,
    industry: `Industry ${SVG}`,
    city: 'Berlin',
    country: 'DE',
    category: MD_LINK,
    address: IMG,
    enrichment_state: 'done',
    hiring: true,
    icp_score: 90,
    icp_tier: 'A',
  };
  const first = await insertBusiness(sessionId, runId, 1, {
    ...hostile,
    name: `Bakery ${SCRIPT}`,
    website: JS_URL,
    email: `${IMG}@x.example`,
    lat: 52.52,
    lng: 13.405,
  });
  const second = await insertBusiness(sessionId, runId, 2, {
    ...hostile,
    name: `Café ${IMG}`,
    website: 'JavaScript:window.__xss=1//https://ok.example/',
    lat: 52.5,
    lng: 13.42,
  });
  await insertBusiness(sessionId, runId, 3, {
    ...hostile,
    name: `Shop ${SVG} ${MD_IMAGE}`,
    website: ` ${JS_URL}`,
    lat: 52.53,
    lng: 13.39,
  });
  for (const [n, formula] of FORMULAS.entries()) {
    await insertBusiness(sessionId, runId, 10 + n, { name: formula, city: formula, summary: formula });
  }
  await insertResults(first, hostileResults());
  await insertResults(second, hostileResults());

  // A session being enriched: /enrichment-processing lists its latest enriched (and failed) businesses.
  const enriching = await callApi<{ id: string }>(page, 'POST', '/users/create_session', {
    name: `Enriching ${SVG} ${run}`,
    type: 'import',
  });
  expect(enriching.status).toBe(201);
  enrichingSessionId = enriching.body.id;
  const enrichRun = randomUUID();
  await db.query(`update sessions set run_id = $1, status = 'running' where id = $2`, [
    enrichRun,
    enrichingSessionId,
  ]);
  const enriched = await insertBusiness(enrichingSessionId, enrichRun, 20, {
    ...hostile,
    name: `Enriched ${SCRIPT}`,
    website: JS_URL,
  });
  await insertResults(enriched, hostileResults());
  await insertBusiness(enrichingSessionId, enrichRun, 21, {
    name: `Failed ${IMG}`,
    enrichment_state: 'failed',
    enrichment_error: `Refused ${MD_LINK} ${SVG}`,
  });
}

/**
 * The checks every screen must pass: no payload ran, no javascript: link, nothing fetched from evil.example;
 * answers the payloads visible as text (at least `minimumVisible` of them, or the test fails).
 */
async function expectSafe(screen: string, minimumVisible = 1): Promise<void> {
  // Give scripts, handlers and lazy images a moment to run if they were going to.
  await page.waitForTimeout(500);
  const state = await page.evaluate(
    (payloads) => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      // React swaps a javascript: href for its own "javascript:throw …": still a link that must not exist.
      jsLinks: [...document.querySelectorAll('a[href], area[href]')]
        .filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? ''))
        .map(
          (a) => `"${(a.textContent ?? '').slice(0, 60)}" → ${(a.getAttribute('href') ?? '').slice(0, 40)}`,
        ),
      // Elements the payloads would have created, had they been parsed as HTML.
      injected: document.querySelectorAll('img[src="x"], svg[onload], [onerror], script:not([src])').length,
      // innerText: what a person sees, not markup hidden in attributes or <title>s.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
      visible: payloads.filter((payload) => document.body.innerText.includes(payload)),
    }),
    [...PAYLOADS],
  );
  // Every problem of the screen at once, so one run says all that is wrong.
  const problems: string[] = [];
  if (state.xss !== undefined) problems.push(`a payload ran (window.__xss = ${String(state.xss)})`);
  if (dialogs.length > 0) problems.push(`dialogs opened: ${dialogs.join('; ')}`);
  if (state.jsLinks.length > 0) problems.push(`javascript: links:\n    ${state.jsLinks.join('\n    ')}`);
  if (state.injected > 0) problems.push(`${state.injected} element(s) created from payloads`);
  if (evilRequests.length > 0) problems.push(`requests to evil.example: ${evilRequests.join(', ')}`);
  if (state.visible.length < minimumVisible) {
    problems.push(`only ${state.visible.length} payload(s) shown as text (${state.visible.join(' | ')})`);
  }
  await screenshot(page, `safety-${screen}`);
  expect(problems, `${screen}:\n  ${problems.join('\n  ')}`).toEqual([]);
  checked.set(screen, state.visible);
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  ({ browser, page } = await launchWithPage(baseUrl));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('request', (request) => {
    if (/evil\.example/i.test(request.url())) evilRequests.push(request.url());
  });
});
// Only a failed seeding stops the later steps: each screen's check stands on its own.
sequentialSteps({ blocks: (step) => step.startsWith('seeds') });
afterAll(async () => {
  const screens = [...checked.entries()];
  console.info(
    `[e2e/safety] ${PAYLOADS.length} payloads × ${screens.length} screens checked; visible as text: ${screens
      .map(([screen, seen]) => `${screen}=${seen.length}`)
      .join(', ')}`,
  );
  await browser?.close();
  await db?.end();
  await closeOutbox();
});

const table = () => page.getByRole('table', { name: 'Businesses' });

describe('hostile scraped text is shown as text', () => {
  it('seeds a session whose businesses and findings hold script, handler, javascript: and markdown payloads', async () => {
    await registerThroughApi(page, baseUrl, { ...person, organisation: `Safe Org ${IMG} ${run}` });
    await seed();
  });

  it('/results table', async () => {
    await page.goto(`/results?session_id=${sessionId}`);
    await table().getByTestId('business-row').first().waitFor();
    await table().getByText(`Bakery ${SCRIPT}`).waitFor();
    await expectSafe('results-table', 2);
  });

  it('/results detail drawer (software evidence, contacts, roles, ICP reasons, sources)', async () => {
    await page.goto(`/results?session_id=${sessionId}`);
    await table().getByTestId('business-row').first().waitFor();
    await table()
      .getByRole('button', { name: `Details of Bakery ${SCRIPT}` })
      .click();
    const details = page.getByTestId('business-details');
    await details.waitFor();
    await details.getByText(`Baker ${IMG}`).first().waitFor();
    await expectSafe('results-detail', 4);
  });

  it('/results map view', async () => {
    await page.goto(`/results?session_id=${sessionId}&view=map`);
    // A marker is named by the business (its title); a cluster by its count.
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await expectSafe('results-map', 0);
  });

  it('/results ICP tab', async () => {
    await page.goto(`/results?session_id=${sessionId}&view=icp`);
    await page.getByTestId('icp-narrative').waitFor();
    await expectSafe('results-icp', 1);
  });

  it('/sessions', async () => {
    await page.goto('/sessions');
    await page.getByText(sessionName).first().waitFor();
    await expectSafe('sessions', 1);
  });

  it('/landing', async () => {
    await page.goto('/landing');
    await page.getByText(sessionName).first().waitFor();
    await expectSafe('landing', 1);
  });

  it('/enrichment-processing latest items', async () => {
    await page.goto(`/enrichment-processing?session_id=${enrichingSessionId}`);
    await page.getByText(`Failed ${IMG}`).first().waitFor();
    await expectSafe('enrichment-processing', 2);
  });

  it('/ventures profiles', async () => {
    await page.goto('/ventures');
    await page.getByText(ventureName).first().waitFor();
    await expectSafe('ventures', 1);
  });

  it('exports formula cells neutralised, each starting with a quote', async () => {
    await page.goto(`/results?session_id=${sessionId}`);
    await table().getByTestId('business-row').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile((await (await download).path()) as string, 'utf8');
    const rows = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    for (const formula of FORMULAS) {
      const row = rows.find((candidate) => candidate.name?.endsWith(formula));
      expect(row, `no exported row for ${formula}`).toBeDefined();
      for (const column of ['name', 'city', 'summary'] as const) {
        const cell = row?.[column];
        if (cell === undefined) continue;
        expect(cell, `${column} of ${formula}`).toBe(`'${formula}`);
      }
    }
    // Nothing in the file starts a formula outside a quote.
    for (const row of rows) {
      for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    await waitForPath(page, '/results', { session_id: sessionId });
  });
});
