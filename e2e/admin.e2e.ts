import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { choose, createVenture, mainNav, sessionRow, toast, userRow, usersTable } from './admin-screens';
import { callApi, registerThroughApi } from './api';
import { launchWithPage, newPage, screenshot, sequentialSteps, waitForPath, waitForTitle } from './browser';
import { closeOutbox, outboxNow, temporaryPasswordIn, waitForEmail } from './outbox';

// An admin's journey, each step clicked through in Chromium: the admin creates two ventures,
// invites a colleague (who signs in with the emailed temporary password and chooses their own), assigns them one
// venture, makes them an admin and a member again, shares a session with edit access, narrows it to view and
// revokes it, and finally disables them. The colleague works in a second browser context and sees each change.
// The API is used only for setup that is not the journey (the admin's registration, the session) and to read
// back what the screens did. Every screen is photographed as e2e/artifacts/admin-*.png.
// The steps build on each other and run in order.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const admin = {
  name: 'Katherine Johnson',
  email: `katherine-${run}@example.com`,
  password: 'orbital mechanics 1962',
  organisation: `Langley Computing ${run}`,
};
const colleague = {
  name: 'Dorothy Vaughan',
  email: `dorothy-${run}@example.com`,
  password: 'fortran for everyone 1961',
};
const assigned = `Orbit Analytics ${run}`;
const other = `Launch Logistics ${run}`;
const sessionName = `Flight planners ${run}`;
const renamed = `Flight planners in Houston ${run}`;

let browser: Browser;
let adminPage: Page;
let colleaguePage: Page;
let colleagueId: string;
let sessionId: string;
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

/** What the API says about the colleague, read as the admin. */
async function storedColleague(): Promise<{ role: string; status: string; venture_ids: string[] }> {
  const answer = await callApi<{ role: string; status: string; venture_ids: string[] }>(
    adminPage,
    'GET',
    `/users/${colleagueId}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('an admin manages a colleague: invite, ventures, role, sharing, disabling', () => {
  it('an admin creates two ventures on /ventures', async () => {
    const page = adminPage;
    // Registration is the onboarding journey's subject; here it is setup through the same calls.
    await registerThroughApi(page, baseUrl, admin);
    await page.goto('/landing');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await mainNav(page).getByRole('link', { name: 'Users' }).waitFor();

    await mainNav(page).getByRole('link', { name: 'Ventures' }).click();
    await waitForPath(page, '/ventures');
    await waitForTitle(page, 'Argo | Ventures');
    await page.getByText('No ventures yet — describe what you sell and who you sell to').waitFor();
    await createVenture(page, assigned, 'Telemetry dashboards for flight operations.', 'Aerospace');
    await createVenture(page, other, 'Freight planning for launch sites.', 'Logistics');
    await page.getByText('What each venture sells, who its ideal customers are, and who sells it.').waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
    await screenshot(page, 'admin-01-two-ventures');

    const stored = await callApi<{ name: string }[]>(page, 'GET', '/ventures/all');
    expect(stored.body.map((venture) => venture.name).sort()).toEqual([other, assigned].sort());
  });

  it('invites a colleague on /users, who signs in with the emailed temporary password and sets their own', async () => {
    const page = adminPage;
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/users');
    await waitForTitle(page, 'Argo | Users');
    await userRow(page, admin.email).getByText('You', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Invite user' }).click();
    const form = page.getByRole('form', { name: 'Invite user' });
    await form.waitFor();
    await form.getByLabel('Email').fill(colleague.email);
    await form.getByLabel('Name').fill(colleague.name);
    await screenshot(page, 'admin-02-invite');
    invitedAt = await outboxNow();
    await form.getByRole('button', { name: 'Create invitation' }).click();
    await form.waitFor({ state: 'detached' });
    await toast(page, 'Invitation created', colleague.email).waitFor();
    const row = userRow(page, colleague.email);
    await row.getByText('invited', { exact: true }).waitFor();
    await row.getByText(colleague.name, { exact: true }).waitFor();
    await screenshot(page, 'admin-03-invited');

    const users = await callApi<{ items: { id: string; email: string }[] }>(
      page,
      'GET',
      `/admin/users?search=${encodeURIComponent(colleague.email)}`,
    );
    colleagueId = users.body.items.find((user) => user.email === colleague.email)?.id ?? '';
    expect(colleagueId).not.toBe('');

    // The colleague, in a browser of their own.
    const invitation = await waitForEmail(colleague.email, 'invitation', invitedAt);
    const colleagueTab = colleaguePage;
    await colleagueTab.goto('/landing');
    await waitForPath(colleagueTab, '/login', { redirect: '/landing' });
    await colleagueTab.getByLabel('Email').fill(colleague.email);
    await colleagueTab
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(temporaryPasswordIn(invitation));
    await colleagueTab.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(colleagueTab, '/password/set', { redirect: '/landing' });
    await colleagueTab.getByRole('textbox', { name: 'New password', exact: true }).fill(colleague.password);
    await colleagueTab
      .getByRole('textbox', { name: 'Repeat the new password', exact: true })
      .fill(colleague.password);
    await screenshot(colleagueTab, 'admin-04-colleague-sets-password');
    await colleagueTab.getByRole('button', { name: 'Set password and continue' }).click();
    await waitForPath(colleagueTab, '/landing');
    await colleagueTab.getByText(`Welcome, Dorothy. Here is where ${admin.organisation} stands.`).waitFor();
    await screenshot(colleagueTab, 'admin-05-colleague-dashboard');

    // The admin's list shows them active once they are in.
    await page.reload();
    await userRow(page, colleague.email).getByText('active', { exact: true }).waitFor();
  });

  it('assigns the colleague one venture on /users; the colleague sees that venture and not the other', async () => {
    const page = adminPage;
    const row = userRow(page, colleague.email);
    await row.getByRole('button', { name: `Assign venture to ${colleague.email}` }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: other, exact: true }).waitFor();
    await screenshot(page, 'admin-06-assign-venture-menu');
    await menu.getByRole('menuitem', { name: assigned, exact: true }).click();
    await row.getByRole('button', { name: `Remove ${assigned} from ${colleague.email}` }).waitFor();
    await row.getByText(assigned, { exact: true }).waitFor();
    expect(await row.getByText(other, { exact: true }).count()).toBe(0);
    await screenshot(page, 'admin-07-venture-assigned');

    const ventures = await callApi<{ venture_id: string; name: string }[]>(page, 'GET', '/ventures/all');
    const assignedId = ventures.body.find((venture) => venture.name === assigned)?.venture_id;
    expect((await storedColleague()).venture_ids).toEqual([assignedId]);

    const colleagueTab = colleaguePage;
    await mainNav(colleagueTab).getByRole('link', { name: 'Ventures' }).click();
    await waitForPath(colleagueTab, '/ventures');
    await colleagueTab.getByText('Ventures you are assigned to; ask an admin for others.').waitFor();
    await colleagueTab.getByRole('article', { name: assigned }).getByText('Aerospace').waitFor();
    expect(await colleagueTab.getByRole('article').count()).toBe(1);
    expect(await colleagueTab.getByText(other).count()).toBe(0);
    // A member may edit the venture, not delete it.
    await colleagueTab.getByRole('button', { name: `Edit ${assigned}` }).waitFor();
    expect(await colleagueTab.getByRole('button', { name: `Delete ${assigned}` }).count()).toBe(0);
    await screenshot(colleagueTab, 'admin-08-colleague-sees-one-venture');
  });

  it('makes the colleague an admin and a member again on /users; the colleague’s screens follow', async () => {
    const page = adminPage;
    const row = userRow(page, colleague.email);
    const role = row.getByRole('combobox', { name: `Role of ${colleague.email}` });
    expect(await role.inputValue()).toBe('Member');
    await choose(page, role, 'Admin');
    await toast(page, 'Role changed', `${colleague.email} is now an admin.`).waitFor();
    await row.getByText('Every venture (admin)').waitFor();
    expect(await role.inputValue()).toBe('Admin');
    await screenshot(page, 'admin-09-colleague-admin');
    expect((await storedColleague()).role).toBe('admin');

    // As an admin, the colleague has the Users screen and sees every venture.
    const colleagueTab = colleaguePage;
    await colleagueTab.reload();
    await mainNav(colleagueTab).getByRole('link', { name: 'Users' }).click();
    await waitForPath(colleagueTab, '/users');
    await userRow(colleagueTab, admin.email).waitFor();
    await userRow(colleagueTab, colleague.email).getByText('You', { exact: true }).waitFor();
    await screenshot(colleagueTab, 'admin-10-colleague-as-admin-users');
    await mainNav(colleagueTab).getByRole('link', { name: 'Ventures' }).click();
    await waitForPath(colleagueTab, '/ventures');
    await colleagueTab.getByRole('article', { name: other }).waitFor();
    await colleagueTab.getByRole('article', { name: assigned }).waitFor();

    // Back to member.
    await choose(page, role, 'Member');
    await toast(page, 'Role changed', `${colleague.email} is now a member.`).waitFor();
    expect(await role.inputValue()).toBe('Member');
    await row.getByRole('button', { name: `Assign venture to ${colleague.email}` }).waitFor();
    await screenshot(page, 'admin-11-colleague-member-again');
    expect((await storedColleague()).role).toBe('member');

    await colleagueTab.reload();
    await colleagueTab.getByText('Ventures you are assigned to; ask an admin for others.').waitFor();
    await mainNav(colleagueTab).getByRole('link', { name: 'Sessions' }).waitFor();
    expect(await mainNav(colleagueTab).getByRole('link', { name: 'Users' }).count()).toBe(0);
    await colleagueTab.goto('/users');
    await colleagueTab.getByText('Only admins can manage users').waitFor();
    expect(await usersTable(colleagueTab).count()).toBe(0);
    await screenshot(colleagueTab, 'admin-12-colleague-member-users-refused');
  });

  it('shares a session with edit access; the colleague renames it', async () => {
    const page = adminPage;
    // Setup, not the journey: a draft session of the assigned venture, as onboarding.e2e.ts creates one.
    const ventures = await callApi<{ venture_id: string; name: string }[]>(page, 'GET', '/ventures/all');
    const created = await callApi<{ id: string }>(page, 'POST', '/users/create_session', {
      name: sessionName,
      type: 'search',
      venture_id: ventures.body.find((venture) => venture.name === assigned)?.venture_id,
      input: { query: 'flight planners', location: 'Houston, TX' },
    });
    expect(created.status).toBe(201);
    sessionId = created.body.id;

    await mainNav(page).getByRole('link', { name: 'Sessions' }).click();
    await waitForPath(page, '/sessions');
    await sessionRow(page, sessionName)
      .getByRole('button', { name: `Share ${sessionName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Share “${sessionName}”` });
    await dialog.getByText('Not shared with anyone yet.').waitFor();
    await choose(
      page,
      dialog.getByLabel('Colleague', { exact: true }),
      `${colleague.name} (${colleague.email})`,
    );
    await dialog.getByLabel('Access', { exact: true }).selectOption('edit');
    await screenshot(page, 'admin-13-share-edit');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await toast(page, 'Session shared', `${colleague.name} can now edit “${sessionName}”.`).waitFor();
    const access = dialog.getByLabel(`Access for ${colleague.name}`, { exact: true });
    await access.waitFor();
    expect(await access.inputValue()).toBe('edit');
    await dialog.getByText('Everyone in your account already has access.').waitFor();
    await screenshot(page, 'admin-14-shared-edit');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const colleagueTab = colleaguePage;
    await mainNav(colleagueTab).getByRole('link', { name: 'Sessions' }).click();
    await waitForPath(colleagueTab, '/sessions');
    const row = sessionRow(colleagueTab, sessionName);
    await row.getByText('Edit', { exact: true }).waitFor();
    await row.getByText(admin.name).waitFor();
    await row.getByText(assigned).waitFor();
    // Edit access renames and runs; deleting and sharing stay with the owner and admins.
    for (const action of ['Delete', 'Share']) {
      expect(await row.getByRole('button', { name: `${action} ${sessionName}` }).count()).toBe(0);
    }
    await row.getByRole('button', { name: `Edit ${sessionName}` }).click();
    const rename = colleagueTab.getByRole('dialog', { name: 'Edit session' });
    await rename.getByLabel('Session name').fill(renamed);
    await screenshot(colleagueTab, 'admin-15-colleague-renames');
    await rename.getByRole('button', { name: 'Save' }).click();
    await toast(colleagueTab, 'Session renamed', `“${sessionName}” is now “${renamed}”.`).waitFor();
    await rename.waitFor({ state: 'detached' });
    await sessionRow(colleagueTab, renamed).getByText('Edit', { exact: true }).waitFor();
    await screenshot(colleagueTab, 'admin-16-colleague-renamed');

    const info = await callApi<{ name: string }>(page, 'GET', `/user/session/${sessionId}/info`);
    expect(info.body.name).toBe(renamed);
  });

  it('narrows the share to view: the colleague can no longer rename, even from a page opened before', async () => {
    const page = adminPage;
    await page.reload();
    await sessionRow(page, renamed)
      .getByRole('button', { name: `Share ${renamed}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Share “${renamed}”` });
    const access = dialog.getByLabel(`Access for ${colleague.name}`, { exact: true });
    await access.selectOption('view');
    await toast(page, 'Access changed', `${colleague.name} can now view “${renamed}”.`).waitFor();
    expect(await access.inputValue()).toBe('view');
    await screenshot(page, 'admin-17-share-view');

    // The colleague's Sessions page still shows the Edit button it had: the server refuses the rename.
    const colleagueTab = colleaguePage;
    const row = sessionRow(colleagueTab, renamed);
    await row.getByRole('button', { name: `Edit ${renamed}` }).click();
    const rename = colleagueTab.getByRole('dialog', { name: 'Edit session' });
    await rename.getByLabel('Session name').fill('Not allowed any more');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename
      .getByText('You have view access to this session; ask its owner for edit access.', { exact: false })
      .waitFor();
    await screenshot(colleagueTab, 'admin-18-colleague-rename-refused');
    await rename.getByRole('button', { name: 'Cancel' }).click();
    await rename.waitFor({ state: 'detached' });

    // After a reload the row says View and offers no Edit.
    await colleagueTab.reload();
    await row.getByText('View', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Edit ${renamed}` }).count()).toBe(0);
    await screenshot(colleagueTab, 'admin-19-colleague-view-only');
    const info = await callApi<{ name: string }>(page, 'GET', `/user/session/${sessionId}/info`);
    expect(info.body.name).toBe(renamed);
  });

  it('revokes the share from the share dialog: the colleague loses the session', async () => {
    const page = adminPage;
    const dialog = page.getByRole('dialog', { name: `Share “${renamed}”` });
    await dialog.getByRole('button', { name: `Revoke access for ${colleague.name}` }).click();
    await toast(page, 'Access revoked', `${colleague.name} can no longer open “${renamed}”.`).waitFor();
    await dialog.getByText('Not shared with anyone yet.').waitFor();
    await screenshot(page, 'admin-20-share-revoked');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const colleagueTab = colleaguePage;
    await colleagueTab.reload();
    await colleagueTab.getByText('No sessions yet — start a discovery').waitFor();
    expect(await sessionRow(colleagueTab, renamed).count()).toBe(0);
    await screenshot(colleagueTab, 'admin-21-colleague-no-sessions');
    // A link to it kept from before leads nowhere.
    await colleagueTab.goto(`/results?session_id=${sessionId}`);
    await colleagueTab.getByText('This session was deleted, or is not shared with you').waitFor();
    await screenshot(colleagueTab, 'admin-22-colleague-session-gone');
  });

  it('disables the colleague on /users: their next click says why, the next page asks them to sign in, and signing in is refused with the reason', async () => {
    const page = adminPage;
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/users');
    const row = userRow(page, colleague.email);
    await row.getByRole('button', { name: `Disable ${colleague.email}` }).click();
    await toast(page, 'User disabled', `${colleague.email} can no longer sign in or use Argo.`).waitFor();
    await row.getByText('disabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Enable ${colleague.email}` }).waitFor();
    await screenshot(page, 'admin-23-colleague-disabled');
    expect((await storedColleague()).status).toBe('disabled');

    // In the tab still open, the colleague's next click is refused with the reason.
    const colleagueTab = colleaguePage;
    await mainNav(colleagueTab).getByRole('link', { name: 'Ventures' }).click();
    await waitForPath(colleagueTab, '/ventures');
    const refused = colleagueTab.getByRole('alert').filter({ hasText: 'This page could not be shown' });
    await refused
      .getByText('Your user is disabled. Ask an admin of your account to enable it.', { exact: false })
      .waitFor();
    expect(await colleagueTab.getByRole('article').count()).toBe(0);
    await screenshot(colleagueTab, 'admin-24-colleague-refused');

    // Their sign-in was ended: the next page they open asks them to sign in.
    await colleagueTab.goto('/sessions');
    await waitForPath(colleagueTab, '/login', { redirect: '/sessions' });
    await colleagueTab.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await screenshot(colleagueTab, 'admin-25-colleague-sent-to-sign-in');

    // Their own password no longer gets them in: the sign-in is refused, the form says why, and they stay on
    // /login with the address they were going to.
    await colleagueTab.getByLabel('Email').fill(colleague.email);
    await colleagueTab.getByRole('textbox', { name: 'Password', exact: true }).fill(colleague.password);
    const signIn = colleagueTab.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/auth/sign-in/email',
    );
    await colleagueTab.getByRole('button', { name: 'Sign in', exact: true }).click();
    const refusedSignIn = await signIn;
    expect(refusedSignIn.status()).toBe(403);
    const form = colleagueTab.getByRole('form', { name: 'Sign in' });
    await form
      .getByRole('alert')
      .filter({ hasText: 'Your user is disabled. Ask an admin of your account to enable it.' })
      .waitFor();
    await waitForPath(colleagueTab, '/login', { redirect: '/sessions' });
    // The button's spinner has slid away (for the screenshot).
    await form.locator('button[type="submit"] .mantine-Button-loader').waitFor({ state: 'detached' });
    await screenshot(colleagueTab, 'admin-26-colleague-sign-in-refused');
    // No sign-in was made for them.
    const token = await colleagueTab.request.get('/api/auth/token');
    expect(token.status()).toBe(401);
  });
});
