import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerThroughApi } from './api';
import { seriousViolations } from './axe';
import { afterPageTest, launchBrowser, newPage, screenshot, waitForPath, waitForTitle } from './browser';
import { closeOutbox } from './outbox';

// SPEC §2 and §9: the routes every visitor meets, signed out and signed in.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(({ task }) => afterPageTest(task));
afterAll(async () => {
  await browser?.close();
  await closeOutbox();
});

describe('signed out', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, baseUrl);
  });
  afterAll(() => page.context().close());

  it('sends a visit to an authenticated route to /login with the place to return to', async () => {
    await page.goto('/sessions');
    await waitForPath(page, '/login', { redirect: '/sessions' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await screenshot(page, 'platform-01-redirect-to-login');
  });

  it('titles the login page "Argo | Login" (after the 50 ms debounce)', async () => {
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await waitForTitle(page, 'Argo | Login');
    expect(await page.title()).toBe('Argo | Login');
    await screenshot(page, 'platform-02-login');
  });

  it('shows the 404 page for an unknown route', async () => {
    await page.goto('/no-such-page/at-all');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByText("Sorry, we can't find the page you are looking for.").waitFor();
    // The unknown path stays in the address bar: it is a page, not a redirect.
    expect(new URL(page.url()).pathname).toBe('/no-such-page/at-all');
    await screenshot(page, 'platform-03-not-found');
  });

  it('renders /terms from markdown', async () => {
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Your account' }).waitFor();
    // Markdown became HTML: list items exist and no raw "#" heading markers remain.
    expect(await page.locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByText('# Terms of use').count()).toBe(0);
    await screenshot(page, 'platform-04-terms');
  });

  it('gives the sign-in and sign-up screens one h1 and a main landmark, with no serious axe violation', async () => {
    for (const [path, title] of [
      ['/login', 'Sign in'],
      ['/register', 'Create your Argo account'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toMatch(
        new RegExp(title, 'i'),
      );
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  it('sends /index.html to / (which, signed out, asks to sign in and return to /)', async () => {
    await page.goto('/index.html');
    await waitForPath(page, '/login', { redirect: '/' });
  });
});

describe('signed in', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, baseUrl);
    const suffix = Math.random().toString(36).slice(2, 8);
    await registerThroughApi(page, baseUrl, {
      name: 'Platform Tester',
      email: `platform-${suffix}@example.com`,
      password: 'correct horse battery',
      organisation: 'Platform Testers Ltd',
    });
  });
  afterAll(() => page.context().close());

  it('ends /index.html on the home page /', async () => {
    await page.goto('/index.html');
    await waitForPath(page, '/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await waitForTitle(page, 'Argo | Home');
    await screenshot(page, 'platform-05-index-html-home');
  });

  it('lets a keyboard skip the header and navigation with the first Tab, and passes axe on the home page', async () => {
    await page.goto('/sessions');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The page keeps its address: the link focuses the content without a "#main".
    expect(new URL(page.url()).hash).toBe('');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByText('Choose a file').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sends /login to / when already signed in', async () => {
    await page.goto('/login');
    await waitForPath(page, '/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  });
});
