import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, registerThroughApi, waitForSessionRun } from './api';
import { launchWithPage, screenshot, sequentialSteps, waitForTitle } from './browser';
import { closeOutbox } from './outbox';

// ICP locations by geography: a venture whose ICP names "Skopje" scores, through the real
// icp_analysis job, businesses stored with Cyrillic cities — one in the centre, one in a suburb, one in Tetovo —
// and /results shows in the drawer which area matched. The server's Nominatim is the local fake of
// global-setup.ts (Skopje with its names in other languages); without it, places match by names alone.

const baseUrl = inject('baseUrl');
const hasLocalOsm = inject('hasLocalOsm');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Blaže Koneski',
  email: `blaze-${run}@example.com`,
  password: 'ohrid lake 1921',
};

interface Seed {
  name: string;
  city: string;
  lat: number;
  lng: number;
}

// Coordinates from OpenStreetMap: Skopje's centre, Kisela Voda (a suburb inside the city), and Tetovo (40 km west).
const PLACES: Seed[] = [
  { name: 'Бургер Центар', city: 'Скопје', lat: 41.9961, lng: 21.4316 },
  { name: 'Кисела Вода Грил', city: 'Кисела Вода', lat: 41.985, lng: 21.445 },
  { name: 'Тетово Кебап', city: 'Тетово', lat: 42.0106, lng: 20.9714 },
];

let browser: Browser;
let page: Page;
let db: pg.Pool;
let sessionId: string;

async function seedSession(): Promise<void> {
  const venture = await callApi<{ venture_id: string }>(page, 'POST', '/ventures/create', {
    name: `Burek Box ${run}`,
    description: 'Ordering tablets for fast-food places',
    icp: { locations: ['Skopje'] },
  });
  expect(venture.status).toBe(201);
  const created = await callApi<{ id: string; account_id: string }>(page, 'POST', '/users/create_session', {
    name: `Skopje fast food ${run}`,
    type: 'import',
    venture_id: venture.body.venture_id,
  });
  expect(created.status).toBe(201);
  sessionId = created.body.id;
  const runId = randomUUID();
  await db.query(`update sessions set run_id = $1, status = 'completed', finished_at = now() where id = $2`, [
    runId,
    sessionId,
  ]);
  for (const [index, place] of PLACES.entries()) {
    await db.query(
      `insert into businesses (account_id, session_id, run_id, dedupe_key, name, city, country, lat, lng,
         category, source)
       values ($1, $2, $3, $4, $5, $6, 'MK', $7, $8, 'fast_food', 'osm')`,
      [created.body.account_id, sessionId, runId, `k${index}`, place.name, place.city, place.lat, place.lng],
    );
  }
}

/** Opens the drawer of `name` and answers its locations reason as shown. */
async function locationsReason(name: string): Promise<string> {
  await page
    .getByRole('table', { name: 'Businesses' })
    .getByRole('button', { name: `Details of ${name}` })
    .click();
  const reasons = page.getByTestId('business-details').getByRole('list', { name: 'ICP reasons' });
  const item = reasons.getByRole('listitem').filter({ hasText: /^Location —/ });
  await item.waitFor();
  // The drawer slides in: let its transition end so the screenshot shows it, not a frame of it.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return (await item.textContent()) ?? '';
}

async function closeDrawer(): Promise<void> {
  await page.getByRole('button', { name: 'Close details' }).click();
  await page.getByTestId('business-details').waitFor({ state: 'detached' });
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

describe('ICP locations that match by geography', () => {
  it('scores businesses in "Скопје" against an ICP location "Skopje" through icp_analysis', async () => {
    await registerThroughApi(page, baseUrl, { ...person, organisation: `Македонски Бургери ${run}` });
    await seedSession();
    const started = await callApi(page, 'POST', '/enrichment/icp_analysis', { session_id: sessionId });
    expect(started.status).toBe(202);
    expect(await waitForSessionRun(page, sessionId)).toBe('completed');
  });

  it('shows on /results which area matched, for the city and for a suburb inside it', async () => {
    await page.goto(`/results?session_id=${sessionId}`);
    await waitForTitle(page, 'Argo | Results');
    await page.getByRole('heading', { level: 1, name: `Skopje fast food ${run}` }).waitFor();
    const centre = await locationsReason('Бургер Центар');
    expect(centre).toContain(
      hasLocalOsm
        ? 'Location — in "Skopje" (Скопје, MK): inside the city\'s area'
        : 'Location — "Skopje" matches city Скопје',
    );
    await screenshot(page, 'icp-locations-01-city');
    await closeDrawer();

    if (hasLocalOsm) {
      // Its city field says "Кисела Вода", yet it lies in Skopje: the coordinates decide.
      expect(await locationsReason('Кисела Вода Грил')).toContain(
        'Location — in "Skopje" (Скопје, MK): inside the city\'s area',
      );
      await screenshot(page, 'icp-locations-02-suburb');
      await closeDrawer();
    }
  });

  it('says Tetovo is not in Skopje', async () => {
    const tetovo = await locationsReason('Тетово Кебап');
    expect(tetovo).toContain('Location — "Тетово, MK" is not in "Skopje"');
    if (hasLocalOsm) expect(tetovo).toContain('its coordinates are outside the geocoded area of "Skopje"');
    await screenshot(page, 'icp-locations-03-outside');
    await closeDrawer();
  });
});
