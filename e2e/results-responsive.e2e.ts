import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, registerThroughApi } from './api';
import { seriousViolations } from './axe';
import { launchWithPage, screenshot, sequentialSteps, waitForTitle } from './browser';
import { closeOutbox } from './outbox';

// /results on a laptop (1366×768) and on a phone (390×844), on a session of 120 businesses seeded into the database
// with the long names, domains, categories and merged sources real files have: on the laptop the default columns
// fit (no sideways scroll of the table or the page, no name squeezed to a word a line); on the phone each business
// is a card with its key facts, the toolbar takes at most two rows, and a card opens the same drawer as a row.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const person = { name: 'Grace Hopper', email: `grace-${run}@example.com`, password: 'cobol compiler 1959' };

let browser: Browser;
let page: Page;
let db: pg.Pool;
let sessionId: string;

const COUNT = 120;
const NAMES = [
  'Bäckerei und Konditorei Schmidt & Söhne GmbH',
  'Brot & Butter',
  'Sauerteig Werkstatt Prenzlauer Berg',
  'Café Mitte',
  'The Original Neighbourhood Sourdough Company of Kreuzberg',
  'Kuchen Kontor',
];
const CATEGORIES = ['bakery', 'Bakery, Café and Confectionery with Catering Services', 'pastry shop'];
const STATES = ['done', 'pending', 'failed', 'running', 'skipped'] as const;
const TIERS = ['A', 'B', 'C', 'D', null] as const;

const STATE_LABELS = {
  done: 'Enriched',
  pending: 'Not enriched',
  failed: 'Failed',
  running: 'Enriching',
  skipped: 'Skipped',
};

interface Seed {
  name: string;
  slug: string;
  domain: string | null;
  phone: string | null;
  city: string;
  region: string;
  category: string;
  state: (typeof STATES)[number];
  tier: (typeof TIERS)[number];
  score: number | null;
}

const SEEDS: Seed[] = Array.from({ length: COUNT }, (_, index) => {
  const name = `${NAMES[index % NAMES.length]} ${index + 1}`;
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const tier = TIERS[index % TIERS.length] ?? null;
  return {
    name,
    slug,
    domain: index % 4 === 3 ? null : `${slug}.example`,
    phone: index % 5 === 4 ? null : `+4930${1000000 + index * 7919}`,
    city: index % 3 === 0 ? 'Berlin' : 'Frankfurt am Main',
    region: index % 3 === 0 ? 'Berlin' : 'Hessen',
    category: CATEGORIES[index % CATEGORIES.length] as string,
    state: STATES[index % STATES.length] as Seed['state'],
    tier,
    score: tier ? 90 - (index % 80) : null,
  };
});

async function seedSession(): Promise<void> {
  const created = await callApi<{ id: string; account_id: string }>(page, 'POST', '/users/create_session', {
    name: `Berlin bakeries ${run}`,
    type: 'import',
  });
  expect(created.status).toBe(201);
  sessionId = created.body.id;
  const runId = randomUUID();
  await db.query(`update sessions set run_id = $1, status = 'completed', finished_at = now() where id = $2`, [
    runId,
    sessionId,
  ]);
  for (const [index, seed] of SEEDS.entries()) {
    const sources = [
      { source: 'osm', source_ref: `node/${2000 + index}`, observed_at: '2026-03-01T08:00:00.000Z' },
      ...(index % 2 === 0
        ? [{ source: 'import', source_ref: `line/${index + 2}`, observed_at: '2026-03-01T08:00:00.000Z' }]
        : []),
    ];
    await db.query(
      `insert into businesses (id, account_id, session_id, run_id, dedupe_key, name, website, domain, phone, city,
         region, country, category, source, source_ref, sources, enrichment_state, icp_score, icp_tier,
         decision_maker)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'DE', $12, 'osm', $13, $14, $15, $16, $17, $18)`,
      [
        randomUUID(),
        created.body.account_id,
        sessionId,
        runId,
        `name:${seed.slug}`,
        seed.name,
        seed.domain ? `https://www.${seed.domain}/` : null,
        seed.domain,
        seed.phone,
        seed.city,
        seed.region,
        seed.category,
        `node/${2000 + index}`,
        JSON.stringify(sources),
        seed.state,
        seed.score,
        seed.tier,
        index % 3 === 0 ? false : null,
      ],
    );
  }
}

/** Elements whose content is wider than their box (they scroll sideways), from the table up to the page. */
function sidewaysScrollers(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const table = document.querySelector('table[aria-label="Businesses"]');
    const found: string[] = [];
    for (let element = table?.parentElement ?? null; element; element = element.parentElement) {
      if (element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()}.${element.className} ${element.scrollWidth}>${element.clientWidth}`,
        );
      }
    }
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}>${root.clientWidth}`);
    return found;
  });
}

/** The rows the toolbar's controls take: controls whose boxes overlap vertically share a row. */
function toolbarRows(target: Page): Promise<number> {
  return target.getByTestId('results-toolbar').evaluate((toolbar) => {
    const boxes = [...toolbar.querySelectorAll('button, input, a, [data-testid="results-total"]')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .sort((a, b) => a.top - b.top);
    let rows = 0;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const box of boxes) {
      if (box.top >= bottom - 2) {
        rows++;
        bottom = box.bottom;
      } else {
        bottom = Math.max(bottom, box.bottom);
      }
    }
    return rows;
  });
}

/** What the screen shows (not the whole page): e2e/artifacts/<name>.png. */
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

describe('the results screen on a laptop and on a phone', () => {
  it('fits the default columns at 1366×768: no sideways scroll, no name a word a line', async () => {
    await registerThroughApi(page, baseUrl, { ...person, organisation: `Crumb Data ${run}` });
    await seedSession();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/results?session_id=${sessionId}`);
    await waitForTitle(page, 'Argo | Results');
    const table = page.getByRole('table', { name: 'Businesses' });
    await table.getByTestId('business-row').first().waitFor();
    await screenshot(page, 'results-responsive-1366', { fullPage: false });

    expect(await table.getByTestId('business-row').count()).toBe(50);
    expect(await sidewaysScrollers(page)).toEqual([]);
    // The longest names wrap onto a few lines, not one word a line: the name column keeps a readable width.
    const nameWidths = await table
      .locator('td[data-column="name"]')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)));
    expect(Math.min(...nameWidths)).toBeGreaterThanOrEqual(150);
    // No sideways scroll is not bought by clipping: every default header is in view.
    const headers = await table
      .locator('th')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().right)));
    expect(Math.max(...headers)).toBeLessThanOrEqual(1366);
  });

  it('shows a card per business at 390×844, with a toolbar of at most two rows', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByTestId('business-card');
    await cards.first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'results-responsive-390', { fullPage: false });
    expect(await cards.count()).toBe(50);
    expect(await page.getByRole('table', { name: 'Businesses' }).isVisible()).toBe(false);
    expect(await toolbarRows(page)).toBeLessThanOrEqual(2);
    const root = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(root[0]).toBeLessThanOrEqual(root[1] as number);
    // Each card's key facts: its name, website, phone, city and category, tier and score, enrichment state.
    for (const card of (await cards.all()).slice(0, 10)) {
      const name = await card.getByTestId('business-card-name').textContent();
      const seed = SEEDS.find((candidate) => candidate.name === name);
      if (!seed) throw new Error(`a card names "${name}", which is not seeded`);
      const text = (await card.textContent()) ?? '';
      if (seed.domain) expect(text).toContain(seed.domain);
      if (seed.phone) expect(text.replace(/ /g, '')).toContain(seed.phone);
      expect(text).toContain(`${seed.city}, ${seed.region}`);
      expect(text).toContain(seed.category);
      if (seed.tier) expect(await card.getByLabel(`Tier ${seed.tier}`).count()).toBe(1);
      if (seed.score !== null) expect(text).toContain(String(seed.score));
      expect(text).toContain(STATE_LABELS[seed.state]);
      expect(await card.getByRole('checkbox', { name: `Select ${seed.name}` }).count()).toBe(1);
    }
    // The cards, their stretched buttons and the phone's toolbar menu pass axe-core as the table does.
    expect(await seriousViolations(page)).toEqual([]);

    // The filters open under the toolbar within the phone's width.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('group', { name: 'ICP tier' }).waitFor();
    await screenshot(page, 'results-responsive-390-filters', { fullPage: false });
    const withFilters = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(withFilters[0]).toBeLessThanOrEqual(withFilters[1] as number);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('group', { name: 'ICP tier' }).waitFor({ state: 'detached' });
  });

  it('opens the business drawer from a card, and pages on from the cards', async () => {
    const cards = page.getByTestId('business-card');
    const name = (await cards.nth(1).getByTestId('business-card-name').textContent()) ?? '';
    await cards
      .nth(1)
      .getByRole('button', { name: `Details of ${name}` })
      .click();
    const details = page.getByTestId('business-details');
    await details.waitFor();
    expect(new URL(page.url()).searchParams.get('business')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('dialog').getByText(name, { exact: true }).first().waitFor();
    await screenshot(page, 'results-responsive-390-drawer', { fullPage: false });
    await page.getByRole('button', { name: 'Close details' }).click();
    await details.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '1');
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="business-card"]').length === count,
      50,
    );
  });

  it('draws only the cards in view on a page of 500, and the last one once scrolled to', async () => {
    await page.getByRole('combobox', { name: 'Businesses per page' }).click();
    await page.getByRole('option', { name: '500 per page' }).click();
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '500');
    await page.getByText(`1–${COUNT} of ${COUNT}`).waitFor();
    const cards = page.getByTestId('business-card');
    await cards.first().waitFor();
    const drawn = await cards.count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(COUNT);
    // Scrolled to the end, the page's last business is drawn (the list is as tall as every card).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction((last) => {
      const shown = document.querySelectorAll('[data-testid="business-card"]');
      return shown[shown.length - 1]?.closest('li')?.dataset.index === String(last);
    }, COUNT - 1);
    await screenshot(page, 'results-responsive-390-500-end', { fullPage: false });
  });
});
