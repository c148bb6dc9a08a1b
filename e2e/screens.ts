import type { Locator, Page } from 'playwright-core';
import { screenshot, waitForPath } from './browser';
import { codeIn, outboxNow, waitForEmail } from './outbox';

/*
 * Steps through the screens that several journeys take the same way. Each waits for what the screen shows, so a
 * journey can go on from where the step ends.
 */

/** Opens /register and fills step 1 (name, work email, password) without submitting it. */
export async function fillSignUp(page: Page, person: { name: string; email: string; password: string }) {
  await page.goto('/register');
  await page.getByRole('heading', { name: 'Create your Argo account' }).waitFor();
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Work email').fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
}

/**
 * Submits the filled sign-up form (built-in provider) and confirms the address on /confirmation with the code
 * emailed to it (read from the dev outbox); photographs the filled code as `screenshotName` if given.
 */
export async function submitSignUpAndConfirm(page: Page, email: string, screenshotName?: string) {
  const since = await outboxNow();
  await page.getByRole('button', { name: 'Create account' }).click();

  await waitForPath(page, '/confirmation', { email });
  await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
  const code = codeIn(await waitForEmail(email, 'confirm-sign-up', since));
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  if (screenshotName) await screenshot(page, screenshotName);
  await page.getByRole('button', { name: 'Confirm email' }).click();
}

/**
 * The organisation step of /register (where a signed-in person without an account lands): names the
 * organisation, photographs the filled form as `screenshotName` if given, and waits for the dashboard.
 */
export async function createOrganisation(page: Page, organisation: string, screenshotName?: string) {
  await waitForPath(page, '/register', { step: 'organisation' });
  await page.getByRole('heading', { name: 'Create your organisation' }).waitFor();
  await page.getByLabel('Organisation name').fill(organisation);
  if (screenshotName) await screenshot(page, screenshotName);
  await page.getByRole('button', { name: 'Create organisation' }).click();

  await waitForPath(page, '/landing');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/**
 * After starting a job: waits until the page is on its progress screen (`progressPath`) or already on /results
 * (a small job may be done before the progress screen has drawn), photographs the progress screen as
 * `screenshotName` when `ready` shows on it within 3 s, and answers the URL the page went to first.
 */
export async function passProgressScreen(
  page: Page,
  progressPath: string,
  ready: Locator,
  screenshotName: string,
): Promise<URL> {
  const url = await page
    .waitForURL((current) => [progressPath, '/results'].includes(current.pathname))
    .then(() => new URL(page.url()));
  if (url.pathname === progressPath) {
    await ready
      .waitFor({ timeout: 3_000 })
      .then(() => screenshot(page, screenshotName))
      .catch(() => {});
  }
  return url;
}

/** The filters /results keeps in its address (`?filters=`, the API's JSON), or null. */
export function filtersInAddress(page: Page): unknown {
  return JSON.parse(new URL(page.url()).searchParams.get('filters') ?? 'null');
}

/** The names in the rows of the Businesses table on /results, top to bottom. */
export function resultNames(page: Page): Promise<string[]> {
  return page
    .getByRole('table', { name: 'Businesses' })
    .getByTestId('business-row')
    .locator('td[data-column="name"]')
    .allTextContents();
}
