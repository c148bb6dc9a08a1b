import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerThroughApi } from './api';
import { seriousViolations } from './axe';
import { launchWithPage, screenshot, sequentialSteps, waitForTitle } from './browser';
import { closeOutbox } from './outbox';
import { seedBakerySession } from './results-seed';

// /signals on a laptop (1366×768) and a phone (390×844): the changes recorded at a session's businesses (seeded
// into the database as two enrichment runs would have left them), filtered by kind, marked seen, the session
// watched weekly and paused, and a business's changes in the results drawer.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Rosalind Franklin',
  email: `rosalind-${run}@example.com`,
  password: 'photo 51 x-ray 1952',
};

let browser: Browser;
let page: Page;
let db: pg.Pool;
let sessionId: string;
let businessName: string;

sequentialSteps();

beforeAll(async () => {
  db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  ({ browser, page } = await launchWithPage(baseUrl));
  await page.setViewportSize({ width: 1366, height: 768 });
  await registerThroughApi(page, baseUrl, { ...person, organisation: `Helix ${run}` });
  const seeded = await seedBakerySession(page, db, run);
  sessionId = seeded.sessionId;
  const { rows } = await db.query<{ id: string; name: string }>(
    `select id, name from businesses where session_id = $1 and website is not null order by name limit 3`,
    [sessionId],
  );
  businessName = rows[0]?.name ?? '';
  const runId = '00000000-0000-4000-8000-00000000e2e1';
  const events: [number, string, string, unknown, unknown, string | null][] = [
    [0, 'role_opened', 'konditor', null, 'konditor', 'Konditor (m/w/d) – Vollzeit, Berlin-Prenzlauer Berg'],
    [
      0,
      'software_added',
      'Shopify',
      null,
      'Shopify',
      'cdn.shopify.com/s/files/1/0123/4567/t/2/assets/theme.js',
    ],
    [
      1,
      'decision_maker_left',
      'hans meier',
      { name: 'hans meier', role: 'inhaber' },
      null,
      'Inhaber: Hans Meier',
    ],
    [
      2,
      'email_changed',
      '',
      ['info@old-bakery-with-a-very-long-domain-name.de'],
      ['kontakt@new-bakery-with-a-very-long-domain-name.de'],
      null,
    ],
  ];
  for (const [n, type, key, before, after, text] of events) {
    const business = rows[n] as { id: string };
    await db.query(
      `insert into signal_events (account_id, session_id, business_id, type, key, before, after, evidence, page, run_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        seeded.accountId,
        sessionId,
        business.id,
        type,
        key,
        JSON.stringify(before),
        JSON.stringify(after),
        JSON.stringify({ page: 'https://www.example-bakery.de/karriere/konditor-vollzeit', text }),
        'https://www.example-bakery.de/karriere/konditor-vollzeit',
        runId,
      ],
    );
  }
  // The seed stores enrichment results, so the session can be watched.
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await closeOutbox();
});

/** Elements that reach past the right edge of the page, to say what to fix. */
function sidewaysOverflow(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5)
        found.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 40)}"`);
    }
    return found.slice(0, 5);
  });
}

describe('signals', () => {
  it('lists the changes on a laptop, by kind, and marks them seen', async () => {
    await page.goto('/signals');
    await waitForTitle(page, 'Argo | Signals');
    const list = page.getByRole('list', { name: 'Changes' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(4);
    await expect.poll(() => page.getByTestId('new-count').textContent()).toBe('4 new');
    expect(await list.getByText('New opening: konditor.').count()).toBe(1);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'signals-laptop');

    await page
      .getByRole('textbox', { name: 'Kind of change' })
      .or(page.getByPlaceholder('Every kind'))
      .first()
      .click();
    await page.getByRole('option', { name: 'Role opened' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => new URL(page.url()).searchParams.get('types')).toContain('role_opened');

    await page.getByRole('button', { name: 'Mark all as seen' }).click();
    await expect.poll(() => page.getByTestId('new-count').count()).toBe(0);
  });

  it('watches the session weekly and pauses it', async () => {
    await page.goto(`/signals?session_id=${sessionId}`);
    const panel = page.getByRole('region', { name: 'Watch this session' });
    await panel.getByText('Weekly').click();
    await panel.getByRole('button', { name: 'Watch' }).click();
    await expect
      .poll(() => panel.getByTestId('watch-summary').textContent())
      .toMatch(/^Weekly · every business · next run/);
    await panel.getByRole('button', { name: 'Pause' }).click();
    await expect
      .poll(() => panel.getByTestId('watch-summary').textContent())
      .toBe('Weekly · every business · paused');
    await screenshot(page, 'signals-watch');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/signals?session_id=${sessionId}&days=0`);
    await expect
      .poll(() => page.getByRole('list', { name: 'Changes' }).getByRole('listitem').count())
      .toBe(4);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await screenshot(page, 'signals-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it("shows a business's changes in the results drawer", async () => {
    await page.goto(`/results?session_id=${sessionId}`);
    await page
      .getByRole('button', { name: `Details of ${businessName}` })
      .first()
      .click();
    const drawer = page.getByTestId('business-details');
    await expect.poll(() => drawer.getByText('Changes over time').count()).toBe(1);
    await expect.poll(() => drawer.getByText('New opening: konditor.').count()).toBe(1);
    await screenshot(page, 'signals-drawer');
  });
});
