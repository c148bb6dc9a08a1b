import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerThroughApi } from './api';
import { launchWithPage, screenshot, sequentialSteps, waitForTitle } from './browser';
import { closeOutbox } from './outbox';

// Settings → API & webhooks, as an admin on a laptop (1366×768) and a phone (390×844): an API key made and shown
// once, then used from outside the browser; a webhook to a local receiver (node:http on 127.0.0.1, which the e2e
// server's CRAWL_ALLOW_HOSTS lets through), its test event delivered signed and shown delivered in the log.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const person = {
  name: 'Ada Lovelace',
  email: `ada-api-${run}@example.com`,
  password: 'analytical engine 1843',
};

let browser: Browser;
let page: Page;
let receiver: Server;
let receiverUrl: string;
const received: { signature: string; body: string }[] = [];
let apiKey = '';
let signingSecret = '';

sequentialSteps();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        signature: String(req.headers['argo-signature']),
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/argo`;
  ({ browser, page } = await launchWithPage(baseUrl));
  await page.setViewportSize({ width: 1366, height: 768 });
  await registerThroughApi(page, baseUrl, { ...person, organisation: `Engines ${run}` });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await closeOutbox();
});

/**
 * The elements of the API & webhooks section that reach past the page's right edge without a scroll box of their
 * own around them (a wide table scrolls inside its own box), to say what to fix.
 */
function sidewaysOverflow(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const section = document.querySelector('[aria-labelledby="api-access-title"]');
    for (const element of section ? [section, ...section.querySelectorAll('*')] : []) {
      const box = element.getBoundingClientRect();
      let clipped = false;
      for (let up = element.parentElement; up && up !== section; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') clipped = true;
      }
      if (!clipped && box.width > 0 && box.right > width + 0.5) {
        found.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 40)}" right ${Math.round(box.right)}`,
        );
      }
    }
    return found;
  });
}

describe('API & webhooks in Settings', () => {
  it('shows the empty section on a laptop', async () => {
    await page.goto('/settings');
    await waitForTitle(page, 'Argo | Settings');
    const section = page.getByRole('region', { name: 'API & webhooks' });
    await section.getByText('No API keys yet').waitFor();
    await section.getByText('No webhooks yet').waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-access-empty-1366', { fullPage: false });
  });

  it('makes an API key, shown once, that calls the API from outside the browser', async () => {
    const section = page.getByRole('region', { name: 'API & webhooks' });
    await section.getByLabel('Key name').fill('Nightly export');
    await section.getByLabel('Access').selectOption('read');
    await section.getByRole('button', { name: 'Make key' }).click();
    const shown = section.getByLabel('Your new API key', { exact: true }).first();
    await shown.waitFor();
    apiKey = ((await section.locator('pre').first().textContent()) ?? '').trim();
    expect(apiKey).toMatch(/^argo_live_[0-9a-f]{12}_[0-9a-f]{64}$/);
    await screenshot(page, 'api-access-key-made-1366', { fullPage: false });

    const read = await fetch(`${baseUrl}/api/users/sessions`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(read.status).toBe(200);
    const write = await fetch(`${baseUrl}/api/users/create_session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Via key' }),
    });
    expect(write.status).toBe(403);

    await section.getByRole('button', { name: 'I have copied it' }).click();
    await section.getByRole('table', { name: 'API keys' }).getByText('Nightly export').waitFor();
    expect(await section.getByText(apiKey).count()).toBe(0);
  });

  it('adds a webhook and delivers a signed test event to it', async () => {
    const section = page.getByRole('region', { name: 'API & webhooks' });
    await section.getByLabel('Webhook URL').fill(receiverUrl);
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await section.getByText('Signing secret').first().waitFor();
    signingSecret = ((await section.locator('pre').first().textContent()) ?? '').trim();
    expect(signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await section.getByRole('button', { name: 'I have copied it' }).click();

    const card = section.getByRole('article', { name: `Webhook ${receiverUrl}` });
    await card.getByRole('button', { name: 'Send test event' }).click();
    const log = card.getByRole('table', { name: 'Deliveries' });
    await log.getByText('delivered').waitFor({ timeout: 20_000 });
    await screenshot(page, 'api-access-webhook-delivered-1366', { fullPage: false });

    expect(received).toHaveLength(1);
    const [got] = received;
    const [t, v1] = (got?.signature ?? '').split(',').map((part) => part.split('=')[1]);
    const expected = createHmac('sha256', signingSecret).update(`${t}.${got?.body}`).digest('hex');
    expect(v1).toBe(expected);
    expect(JSON.parse(got?.body ?? '{}').type).toBe('webhook.test');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const section = page.getByRole('region', { name: 'API & webhooks' });
    await section.getByRole('table', { name: 'API keys' }).waitFor();
    const card = section.getByRole('article', { name: `Webhook ${receiverUrl}` });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await card.getByRole('table', { name: 'Deliveries' }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await section.getByText('API keys', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'api-access-keys-390', { fullPage: false });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-access-webhook-390', { fullPage: false });
  });
});
