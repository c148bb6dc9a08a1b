import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './api';
import { launchWithPage, newPage, screenshot, sequentialSteps, waitForPath, waitForTitle } from './browser';
import { closeOutbox, outboxNow, temporaryPasswordIn, waitForEmail } from './outbox';
import { createOrganisation, fillSignUp, submitSignUpAndConfirm } from './screens';

// The first hour of an organisation: an admin registers (confirming the email with the emailed code) and names
// the organisation, signs out and in again, describes a venture, gets a session, invites a colleague (who signs
// in with the emailed temporary password and chooses their own), and shares the session with them read-only.
// The steps build on each other and run in order.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const admin = { name: 'Ada Lovelace', email: `ada-${run}@example.com`, password: 'analytical engine 1843' };
const colleague = {
  name: 'Grace Hopper',
  email: `grace-${run}@example.com`,
  password: 'cobol compiler 1959',
};
const organisation = `Analytical Ltd ${run}`;
const venture = {
  name: 'Dental Cloud',
  industries: ['Dentists', 'Orthodontists'],
  locations: ['Austin, TX'],
};
const teamMember = { name: 'Linus Pauling', email: `linus-${run}@example.com` };
const sessionName = 'Dentists in Austin';

let browser: Browser;
let adminPage: Page;
let colleaguePage: Page;
/** When the colleague was invited: their invitation email is the one sent after this. */
let invitedAt: Date;

beforeAll(async () => {
  ({ browser, page: adminPage } = await launchWithPage(baseUrl));
  colleaguePage = await newPage(browser, baseUrl);
});
sequentialSteps();
afterAll(async () => {
  await browser?.close();
  await closeOutbox();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const sessionRow = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

describe('onboarding an organisation', () => {
  it('registers, creates the organisation and lands on the dashboard', async () => {
    const page = adminPage;
    await fillSignUp(page, admin);
    await waitForTitle(page, 'Argo | Register');
    await screenshot(page, 'onboarding-01-register');
    // The address is confirmed with the code emailed to it.
    await submitSignUpAndConfirm(page, admin.email);
    await createOrganisation(page, organisation, 'onboarding-02-organisation');
    await page.getByText(`Welcome, Ada. Here is where ${organisation} stands.`).waitFor();
    await waitForTitle(page, 'Argo | Dashboard');
    // The creator of the organisation is its admin: the Users screen is in the navigation.
    await mainNav(page).getByRole('link', { name: 'Users' }).waitFor();
    await screenshot(page, 'onboarding-03-dashboard');
  });

  it('signs out from the account menu, then signs in with the password and returns to the dashboard', async () => {
    const page = adminPage;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await screenshot(page, 'onboarding-04-signed-out');

    // Signed out, the dashboard asks to sign in first and comes back afterwards.
    await page.goto('/landing');
    await waitForPath(page, '/login', { redirect: '/landing' });
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
    await screenshot(page, 'onboarding-05-sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await waitForPath(page, '/landing');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText(`Welcome, Ada. Here is where ${organisation} stands.`).waitFor();
    await screenshot(page, 'onboarding-06-dashboard-after-sign-in');
  });

  it('creates a venture with an ideal customer profile and a team member on /ventures', async () => {
    const page = adminPage;
    await mainNav(page).getByRole('link', { name: 'Ventures' }).click();
    await waitForPath(page, '/ventures');
    await page.getByRole('heading', { level: 1, name: 'Ventures' }).waitFor();
    await waitForTitle(page, 'Argo | Ventures');
    await screenshot(page, 'onboarding-07-ventures-empty');

    await page.getByRole('button', { name: 'New venture' }).click();
    const form = page.getByRole('form', { name: 'New venture' });
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(venture.name);
    await form.getByLabel('What it sells').fill('Scheduling and reminders for dental practices.');
    for (const industry of venture.industries) {
      await form.getByLabel('Industries').fill(industry);
      await form.getByLabel('Industries').press('Enter');
    }
    for (const location of venture.locations) {
      await form.getByLabel('Locations').fill(location);
      await form.getByLabel('Locations').press('Enter');
    }
    await form.getByRole('button', { name: 'Add team member' }).click();
    const member = form.getByRole('group', { name: 'Team member 1' });
    await member.getByRole('textbox', { name: 'Name', exact: true }).fill(teamMember.name);
    await member.getByLabel('Email').fill(teamMember.email);
    await screenshot(page, 'onboarding-08-venture-form');
    await form.getByRole('button', { name: 'Create venture' }).click();

    await form.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'New venture' }).waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: venture.name });
    await card.waitFor();
    for (const tag of [...venture.industries, ...venture.locations]) {
      await card.getByText(tag, { exact: true }).waitFor();
    }
    await card.getByText('1 team member').waitFor();
    await screenshot(page, 'onboarding-09-ventures');

    // What the screen showed is what was stored.
    const stored = await callApi<
      {
        name: string;
        icp: { industries: string[]; locations: string[] };
        people?: { name: string; email: string }[];
      }[]
    >(page, 'GET', '/ventures/all');
    expect(stored.status).toBe(200);
    expect(stored.body).toHaveLength(1);
    expect(stored.body[0]?.icp.industries).toEqual(venture.industries);
    expect(stored.body[0]?.icp.locations).toEqual(venture.locations);
  });

  it('shows a session (created through the API with the page’s ID token) on /sessions', async () => {
    const page = adminPage;
    // No screen creates a session before the Discovery screens exist: the API call the screen will make.
    const ventures = await callApi<{ venture_id: string; name: string }[]>(page, 'GET', '/ventures/all');
    const ventureId = ventures.body.find((v) => v.name === venture.name)?.venture_id;
    expect(ventureId).toBeTruthy();
    const created = await callApi<{ id: string; status: string; access: string }>(
      page,
      'POST',
      '/users/create_session',
      {
        name: sessionName,
        type: 'search',
        venture_id: ventureId,
        input: { query: 'dentists', location: 'Austin, TX' },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', access: 'owner' });

    await mainNav(page).getByRole('link', { name: 'Sessions' }).click();
    await waitForPath(page, '/sessions');
    await waitForTitle(page, 'Argo | Sessions');
    const row = sessionRow(page, sessionName);
    await row.waitFor();
    await row.getByText(venture.name, { exact: true }).waitFor();
    await row.getByText('Draft', { exact: true }).waitFor();
    await row.getByText('Owner', { exact: true }).waitFor();
    for (const action of ['Edit', 'Share', 'Delete']) {
      await row.getByRole('button', { name: `${action} ${sessionName}` }).waitFor();
    }
    await screenshot(page, 'onboarding-10-sessions');
  });

  it('invites a colleague on /users', async () => {
    const page = adminPage;
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await waitForTitle(page, 'Argo | Users');
    await page.getByRole('table', { name: 'Users' }).getByText(admin.email).waitFor();
    await screenshot(page, 'onboarding-11-users');

    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByRole('form', { name: 'Invite user' });
    await form.waitFor();
    await form.getByLabel('Email').fill(colleague.email);
    await form.getByLabel('Name').fill(colleague.name);
    await screenshot(page, 'onboarding-12-invite');
    invitedAt = await outboxNow();
    await form.getByRole('button', { name: 'Create invitation' }).click();
    await form.waitFor({ state: 'detached' });

    const row = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: colleague.email });
    await row.waitFor();
    await row.getByText('invited', { exact: true }).waitFor();
    await screenshot(page, 'onboarding-13-users-invited');
  });

  it('lets the colleague sign in with the emailed temporary password, choose their own, and join the organisation', async () => {
    const page = colleaguePage;
    const invitation = await waitForEmail(colleague.email, 'invitation', invitedAt);
    await page.goto('/landing');
    await waitForPath(page, '/login', { redirect: '/landing' });
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(temporaryPasswordIn(invitation));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await waitForPath(page, '/password/set', { redirect: '/landing' });
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(colleague.password);
    await page
      .getByRole('textbox', { name: 'Repeat the new password', exact: true })
      .fill(colleague.password);
    await screenshot(page, 'onboarding-14-colleague-password');
    await page.getByRole('button', { name: 'Set password and continue' }).click();

    // The invitation is their account: no organisation step, straight to the dashboard.
    await waitForPath(page, '/landing');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText(`Welcome, Grace. Here is where ${organisation} stands.`).waitFor();
    // A member: no Users screen in the navigation.
    await mainNav(page).getByRole('link', { name: 'Sessions' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Users' }).count()).toBe(0);
    await screenshot(page, 'onboarding-15-colleague-dashboard');

    // Nothing is shared with them yet.
    await mainNav(page).getByRole('link', { name: 'Sessions' }).click();
    await waitForPath(page, '/sessions');
    await page.getByText('No sessions yet — start a discovery').waitFor();
    await screenshot(page, 'onboarding-16-colleague-no-sessions');
  });

  it('shares the session with the colleague (view) from the share dialog', async () => {
    const page = adminPage;
    await mainNav(page).getByRole('link', { name: 'Sessions' }).click();
    await waitForPath(page, '/sessions');
    await sessionRow(page, sessionName)
      .getByRole('button', { name: `Share ${sessionName}` })
      .click();

    const dialog = page.getByRole('dialog', { name: `Share “${sessionName}”` });
    await dialog.waitFor();
    await dialog.getByText('Not shared with anyone yet.').waitFor();
    await dialog.getByLabel('Colleague', { exact: true }).click();
    await page.getByRole('option', { name: `${colleague.name} (${colleague.email})` }).click();
    await dialog.getByLabel('Access', { exact: true }).selectOption('view');
    await screenshot(page, 'onboarding-17-share-dialog');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();

    const access = dialog.getByLabel(`Access for ${colleague.name}`, { exact: true });
    await access.waitFor();
    expect(await access.inputValue()).toBe('view');
    await screenshot(page, 'onboarding-18-shared');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the colleague the shared session with view access and no Edit or Delete', async () => {
    const page = colleaguePage;
    await page.goto('/sessions');
    const row = sessionRow(page, sessionName);
    await row.waitFor();
    await row.getByText('View', { exact: true }).waitFor();
    await row.getByText(admin.name).waitFor();
    for (const action of ['Edit', 'Delete', 'Share']) {
      expect(await row.getByRole('button', { name: `${action} ${sessionName}` }).count()).toBe(0);
    }
    await screenshot(page, 'onboarding-19-colleague-shared-session');

    // The API agrees with the screen: view access, and a rename is refused.
    const list = await callApi<{ items: { id: string; name: string; access: string }[] }>(
      page,
      'GET',
      '/users/sessions?scope=shared',
    );
    expect(list.body.items.map((s) => [s.name, s.access])).toEqual([[sessionName, 'view']]);
    const rename = await callApi(page, 'PUT', `/users/sessions/${list.body.items[0]?.id}`, {
      name: 'Mine now',
    });
    expect(rename.status).toBe(403);
  });
});
