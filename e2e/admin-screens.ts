import type { Locator, Page } from 'playwright-core';

/*
 * The screens of the admin journey (admin.e2e.ts) as it reads and works them: the main navigation, the Users
 * table and a person's row in it, a session's row on /sessions, a toast, a Mantine Select, and the "New venture"
 * drawer on /ventures.
 */

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
export const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
export const userRow = (page: Page, email: string): Locator =>
  usersTable(page).getByRole('row').filter({ hasText: email });
export const sessionRow = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
/** A green/red toast by its title and message. */
export const toast = (page: Page, title: string, message: string): Locator =>
  page.getByRole('alert').filter({ hasText: title }).filter({ hasText: message });

/** Picks an option of a Mantine Select (a combobox whose options open in a listbox). */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Creates a venture from the "New venture" drawer on /ventures. */
export async function createVenture(
  page: Page,
  name: string,
  sells: string,
  industry: string,
): Promise<void> {
  await page.getByRole('button', { name: 'New venture' }).first().click();
  const form = page.getByRole('form', { name: 'New venture' });
  await form.waitFor();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('What it sells').fill(sells);
  await form.getByLabel('Industries').fill(industry);
  await form.getByLabel('Industries').press('Enter');
  await form.getByRole('button', { name: 'Create venture' }).click();
  await page.getByRole('dialog', { name: 'New venture' }).waitFor({ state: 'detached' });
  await page.getByRole('article', { name }).getByText(industry, { exact: true }).waitFor();
}
