import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, registerThroughApi } from './api';
import { launchWithPage, screenshot, sequentialSteps, waitForTitle } from './browser';
import { closeOutbox } from './outbox';
import { BAKERIES, seedBakerySession } from './results-seed';
import { filtersInAddress, resultNames } from './screens';

// Settings → CRM and Push to CRM on /results, as an admin on a laptop (1366×768) and a phone (390×844), against the
// local HubSpot global-setup starts (HUBSPOT_API_URL): the token checked and shown only by its end, a sync marking the
// bakery HubSpot holds already, "Hide businesses already in my CRM", a push of the others with their people, and
// what HubSpot then holds read back through its own API.

const baseUrl = inject('baseUrl');
const hubspotUrl = inject('hubspotUrl');
const hubspotToken = inject('hubspotToken');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Grace Hopper',
  email: `grace-crm-${run}@example.com`,
  password: 'compiler cobol 1959',
};

let browser: Browser;
let page: Page;
let db: pg.Pool;
let sessionId = '';

sequentialSteps();

beforeAll(async () => {
  db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  ({ browser, page } = await launchWithPage(baseUrl));
  await page.setViewportSize({ width: 1366, height: 768 });
  await registerThroughApi(page, baseUrl, { ...person, organisation: `Compilers ${run}` });
  ({ sessionId } = await seedBakerySession(page, db, run));
  // Two people on each bakery's site, as the people analyzer stores them.
  await db.query(
    `insert into enrichment_results (account_id, business_id, type, produced_by, data)
     select account_id, id, 'people', 'builtin', jsonb_build_object('emails', '[]'::jsonb, 'people', jsonb_build_array(
       jsonb_build_object('name', 'Anna Berg', 'role', 'Inhaberin', 'seniority', 'owner_founder', 'email', 'anna@' || domain),
       jsonb_build_object('name', 'Lea Roth', 'role', 'Verkauf', 'seniority', 'staff', 'email', 'lea@' || domain)))
     from businesses where session_id = $1 and domain is not null`,
    [sessionId],
  );
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await closeOutbox();
});

/** Lets a modal's opening transition end, so a screenshot shows it rather than a frame of it. */
const settled = (target: Page) =>
  target.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

/** HubSpot's own API, as another tool would call it. */
async function hubspot(method: string, path: string, body?: unknown) {
  const response = await fetch(`${hubspotUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${hubspotToken}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response.json() as Promise<{ results: { properties: Record<string, string> }[] }>;
}

/** What reaches past the screen's right edge without a scroll box of its own, inside `selector`. */
function sidewaysOverflow(target: Page, selector: string): Promise<string[]> {
  return target.evaluate((selector) => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const root of document.querySelectorAll(selector)) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        const box = element.getBoundingClientRect();
        let clipped = false;
        for (let up = element.parentElement; up && up !== root; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') clipped = true;
        }
        if (!clipped && box.width > 0 && box.right > width + 0.5) {
          found.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 40)}"`);
        }
      }
    }
    return found;
  }, selector);
}

describe('CRM', () => {
  it('connects HubSpot in Settings, showing the token only by its last characters', async () => {
    await page.goto('/settings');
    await waitForTitle(page, 'Argo | Settings');
    const section = page.getByRole('region', { name: 'CRM' });
    const card = section.getByRole('article', { name: 'HubSpot' });
    await card.getByText('Not connected').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'crm-settings-empty-1366', { fullPage: false });
    await card.getByLabel('Private app access token').fill('pat-eu1-wrong-0000');
    await card.getByRole('button', { name: 'Connect HubSpot' }).click();
    await card.getByText(/HubSpot refused this token/).waitFor();
    await card.getByLabel('Private app access token').fill(hubspotToken);
    await card.getByRole('button', { name: 'Connect HubSpot' }).click();
    await card.getByText(`Token ending …${hubspotToken.slice(-4)}`).waitFor();
    expect(await page.content()).not.toContain(hubspotToken);
    await section.getByRole('table', { name: 'Person to contact' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'crm-settings-connected-1366', { fullPage: false });
  });

  it('syncs from HubSpot and hides the bakery it holds already', async () => {
    await hubspot('POST', '/crm/v3/objects/companies/batch/upsert', {
      inputs: [
        { idProperty: 'domain', id: 'brot-butter.example', properties: { name: 'Brot & Butter GmbH' } },
      ],
    });
    const card = page.getByRole('region', { name: 'CRM' }).getByRole('article', { name: 'HubSpot' });
    await card.getByRole('button', { name: 'Sync from HubSpot' }).click();
    await card.getByText('Done').waitFor({ timeout: 20_000 });

    await page.goto(`/results?session_id=${sessionId}`);
    await page.getByRole('table', { name: 'Businesses' }).waitFor();
    expect(await resultNames(page)).toContain('Brot & Butter');
    await page.getByLabel('Hide businesses already in my CRM').click();
    await page.getByText('Not in my CRM').first().waitFor();
    expect(filtersInAddress(page)).toEqual({ in_crm: false });
    await expect.poll(() => resultNames(page)).not.toContain('Brot & Butter');
    await screenshot(page, 'crm-results-not-in-crm-1366', { fullPage: false });
  });

  it('pushes the businesses not in HubSpot with their people, with progress and the log', async () => {
    await page.getByRole('button', { name: 'Push to CRM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Push to CRM' });
    await dialog.getByText(/All 5 businesses matching/).waitFor(); // six bakeries, one in HubSpot already
    await dialog.getByRole('button', { name: 'Push to HubSpot' }).click();
    await dialog.getByText('Done').waitFor({ timeout: 30_000 });
    await dialog.getByText('5 of 5 businesses').waitFor();
    await dialog.getByRole('table', { name: 'Push log' }).waitFor();
    await settled(page);
    await screenshot(page, 'crm-push-done-1366', { fullPage: false });

    const companies = await hubspot('GET', '/crm/v3/objects/companies?limit=100&properties=domain');
    const domains = companies.results.map((c) => c.properties.domain).sort();
    // The bakeries with a website: the one HubSpot had, and those pushed (the others have no domain to match on).
    const withSite = BAKERIES.filter((b) => b.website).map((b) => new URL(b.website as string).hostname);
    expect(domains).toEqual([...withSite].sort());
    const contacts = await hubspot('GET', '/crm/v3/objects/contacts?limit=100&properties=email');
    expect(contacts.results).toHaveLength(2 * (withSite.length - 1));
    const jobs = await callApi<{ created: number; skipped: number }[]>(
      page,
      'GET',
      `/user/session/${sessionId}/crm/jobs`,
    );
    expect(jobs.body[0]).toMatchObject({
      created: 3 * (withSite.length - 1),
      skipped: 5 - (withSite.length - 1),
    });
    await dialog.getByText('Skipped', { exact: true }).click();
    await dialog.getByText('No website: CRM companies are matched by their domain.').first().waitFor();
  });

  it('fits a phone: Settings → CRM and the push dialog', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await page.goto(`/results?session_id=${sessionId}`);
    await page.getByRole('button', { name: 'Push to CRM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Push to CRM' });
    await dialog.getByText('Done').waitFor();
    await dialog.getByRole('table', { name: 'Push log' }).waitFor();
    await settled(page);
    expect(await sidewaysOverflow(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'crm-push-dialog-390', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'CRM' });
    await section.getByText('Token ending', { exact: false }).waitFor();
    expect(await sidewaysOverflow(page, '[aria-labelledby="crm-title"]')).toEqual([]);
    await section.getByRole('article', { name: 'HubSpot' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'crm-settings-390', { fullPage: false });
    await section.getByRole('table', { name: 'Business to company' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'crm-settings-mapping-390', { fullPage: false });
  });
});
