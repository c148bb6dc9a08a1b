import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, registerThroughApi } from './api';
import { launchWithPage, screenshot, sequentialSteps, waitForPath } from './browser';
import { closeOutbox } from './outbox';

// The results map in Chromium: a search session seeded into the database with 241 bakeries
// in and around Berlin (one without coordinates) and its search box; /results?view=map draws the local tile
// server's tiles (global-setup.ts points MAP_TILE_URL at it, and the CSP must let them in), clusters the dense
// centre, a cluster zooms in, a marker opens the drawer of a business on no page of the table, the filters of
// the address narrow the map; a session whose businesses have no coordinates says so.

const baseUrl = inject('baseUrl');
const tileOrigin = inject('tileOrigin');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Gerardus Mercator',
  email: `mercator-${run}@example.com`,
  password: 'projection 1569',
};
const SEARCH_BOX: [number, number, number, number] = [52.3, 12.95, 52.65, 13.75];
const TIERS = ['A', 'B', 'C', 'D', null] as const;
const CENTRE_COUNT = 240;

let browser: Browser;
let page: Page;
let db: pg.Pool;
let sessionId: string;
let emptySessionId: string;
const tileResponses: Response[] = [];

interface Seed {
  name: string;
  lat: number | null;
  lng: number | null;
  tier: (typeof TIERS)[number];
}

/** 240 bakeries spread over central Berlin (deterministic), one in Potsdam, one without coordinates. */
function bakeries(): Seed[] {
  const seeds: Seed[] = Array.from({ length: CENTRE_COUNT }, (_, i) => ({
    name: `Bäckerei ${String(i + 1).padStart(3, '0')}`,
    lat: 52.49 + ((i * 37) % 101) / 1250,
    lng: 13.33 + ((i * 61) % 103) / 700,
    tier: TIERS[i % TIERS.length] ?? null,
  }));
  seeds.push({ name: 'Kuchen Kontor Potsdam', lat: 52.3906, lng: 13.0645, tier: 'A' });
  seeds.push({ name: 'Backstube ohne Ort', lat: null, lng: null, tier: 'B' });
  return seeds;
}

async function createSeededSession(name: string, seeds: Seed[], input: Record<string, unknown>) {
  const created = await callApi<{ id: string; account_id: string }>(page, 'POST', '/users/create_session', {
    name,
    type: 'search',
  });
  expect(created.status).toBe(201);
  const { id, account_id: accountId } = created.body;
  const runId = randomUUID();
  await db.query(
    `update sessions set run_id = $1, status = 'completed', finished_at = now(), input = $2 where id = $3`,
    [runId, JSON.stringify(input), id],
  );
  await db.query(
    `insert into businesses (account_id, session_id, run_id, dedupe_key, name, city, country, lat, lng, category,
       source, sources, enrichment_state, icp_score, icp_tier)
     select $1, $2, $3, 'name:' || lower(s.name), s.name, 'Berlin', 'DE', s.lat, s.lng, 'bakery', 'osm',
       '[{"source":"osm","source_ref":null}]'::jsonb, 'done', case when s.tier is null then null else 50 end, s.tier
     from unnest($4::text[], $5::float8[], $6::float8[], $7::text[]) as s(name, lat, lng, tier)`,
    [
      accountId,
      id,
      runId,
      seeds.map((s) => s.name),
      seeds.map((s) => s.lat),
      seeds.map((s) => s.lng),
      seeds.map((s) => s.tier),
    ],
  );
  return id;
}

const markers = () => page.locator('[data-testid="results-map"] .leaflet-marker-icon');
const clusters = () => markers().filter({ has: page.locator('span', { hasText: /^\d/ }) });
const currentZoom = () =>
  page.evaluate(() => {
    // Leaflet writes the zoom into each tile's URL; the newest tiles tell the current zoom.
    const tiles = [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    return Math.max(...tiles.map((tile) => Number(new URL(tile.src).pathname.split('/')[2])));
  });

beforeAll(async () => {
  db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  ({ browser, page } = await launchWithPage(baseUrl));
  page.on('response', (response) => {
    if (response.url().startsWith(tileOrigin)) tileResponses.push(response);
  });
});
sequentialSteps();
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await closeOutbox();
});

describe('the results map', () => {
  it('draws the tile server’s tiles, its attribution, the search area and clusters of every business', async () => {
    await registerThroughApi(page, baseUrl, { ...person, organisation: `Mercator Maps ${run}` });
    sessionId = await createSeededSession(`Bakeries of Berlin ${run}`, bakeries(), {
      query: 'bakery',
      bbox: SEARCH_BOX,
      limit: 500,
      sources: ['osm'],
    });
    await page.goto(`/results?session_id=${sessionId}&view=map`);
    // Every business of the session, not a page of 50: all but the one without coordinates.
    await page
      .getByTestId('map-count')
      .getByText(`${CENTRE_COUNT + 1} of ${CENTRE_COUNT + 2} businesses have coordinates`)
      .waitFor();
    await page.locator('img.leaflet-tile-loaded').first().waitFor();
    expect(tileResponses.length).toBeGreaterThan(0);
    expect(tileResponses.every((response) => response.status() === 200)).toBe(true);
    expect(tileResponses[0]?.url()).toMatch(new RegExp(`^${tileOrigin}/tiles/\\d+/\\d+/\\d+\\.png$`));
    // Sent with the page's origin as Referer, as OpenStreetMap's tile policy asks.
    expect(await tileResponses[0]?.request().headerValue('referer')).toBe(`${baseUrl}/`);
    await page
      .locator('.leaflet-control-attribution')
      .getByRole('link', { name: '© OpenStreetMap contributors (test tiles)' })
      .waitFor();
    // The search box, dashed, in the overlay pane.
    expect(await page.locator('.leaflet-overlay-pane path').count()).toBe(1);
    await clusters().first().waitFor();
    const clusterTitles = await clusters().evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('title')),
    );
    expect(clusterTitles.every((title) => /^\d+ businesses: .+\. Zoom in$/.test(title ?? ''))).toBe(true);
    // Potsdam lies apart from the Berlin clusters: its own marker, named for screen readers and as a tooltip.
    await page.getByRole('button', { name: 'Kuchen Kontor Potsdam' }).waitFor();
    const shown = await clusters().evaluateAll((nodes) =>
      nodes.reduce((sum, node) => sum + Number(node.textContent), 0),
    );
    const singles = (await markers().count()) - (await clusters().count());
    expect(shown + singles).toBe(CENTRE_COUNT + 1);
    await screenshot(page, 'results-map-01-clusters');
  });

  it('zooms into a cluster when it is clicked, until its businesses stand alone', async () => {
    const before = await currentZoom();
    const cluster = clusters().first();
    await cluster.click();
    await page.waitForFunction((zoom) => {
      const tiles = [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile-loaded')];
      return tiles.some((tile) => Number(new URL(tile.src).pathname.split('/')[2]) > zoom);
    }, before);
    expect(await currentZoom()).toBeGreaterThan(before);
    // The flight over: no zoom or pan animation left, the newest tiles drawn.
    await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim, .leaflet-pan-anim'));
    await page.waitForTimeout(300);
    await screenshot(page, 'results-map-02-zoomed');
  });

  it('opens the drawer of a business that is on no page of the table', async () => {
    await page.goto(`/results?session_id=${sessionId}&view=map`);
    await page.getByRole('button', { name: 'Kuchen Kontor Potsdam' }).click();
    await waitForPath(page, '/results', { session_id: sessionId, view: 'map' });
    const details = page.getByTestId('business-details');
    await details.waitFor();
    await page.getByRole('heading', { name: 'Kuchen Kontor Potsdam' }).waitFor();
    expect(new URL(page.url()).searchParams.get('business')).toMatch(/^[0-9a-f-]{36}$/);
    await screenshot(page, 'results-map-03-drawer');
    await page.getByRole('button', { name: 'Close details' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('narrows the map to the filters in the address', async () => {
    const tierA = bakeries().filter((seed) => seed.tier === 'A' && seed.lat !== null).length;
    const filters = encodeURIComponent(JSON.stringify({ icp_tier: 'A' }));
    await page.goto(`/results?session_id=${sessionId}&view=map&filters=${filters}`);
    await page.getByTestId('map-count').getByText(`${tierA} businesses on the map`).waitFor();
    await markers().first().waitFor();
    const colours = await markers().evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector('span')?.getAttribute('data-tier')),
    );
    expect(new Set(colours)).toEqual(new Set(['A']));
    await screenshot(page, 'results-map-04-filtered');
  });

  it('says so when none of the businesses has coordinates', async () => {
    emptySessionId = await createSeededSession(
      `Imported bakeries ${run}`,
      [{ name: 'Backstube ohne Ort', lat: null, lng: null, tier: null }],
      {},
    );
    await page.goto(`/results?session_id=${emptySessionId}&view=map`);
    await page.getByText('None of these businesses has coordinates').waitFor();
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    await screenshot(page, 'results-map-05-empty');
  });
});
