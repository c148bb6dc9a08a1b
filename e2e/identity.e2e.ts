import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerThroughApi } from './api';
import { launchBrowser, newPage, screenshot, sequentialSteps, waitForPath, waitForTitle } from './browser';
import {
  closeOutbox,
  codeIn,
  emailsSince,
  linkIn,
  outboxNow,
  temporaryPasswordIn,
  waitForEmail,
} from './outbox';
import { createOrganisation } from './screens';
import { freshTotpCode } from './totp';

// Every sign-in flow of the built-in provider in Chromium, reading codes from the dev outbox.
// Nia registers (and confirms her email), turns on an authenticator app and signs in with it, then invites Pat,
// whose first sign-in sets his own password; Pat adds a passkey and signs in with it. Omar resets a password.

const baseUrl = inject('baseUrl');
const run = Math.random().toString(36).slice(2, 8);
const nia = { name: 'Nia Okafor', email: `nia-${run}@example.com`, password: 'kente cloth 1957' };
const pat = { name: 'Pat Quinn', email: `pat-${run}@example.com`, password: 'ferry to inishmore' };
const omar = { name: 'Omar Haddad', email: `omar-${run}@example.com`, password: 'cedar and olive' };
const organisation = `Okafor Studio ${run}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeOutbox();
});

// Within a describe the steps build on each other: after one fails, the next ones fail at once.
sequentialSteps({ perDescribe: true });

const passwordField = (page: Page, name = 'Password') => page.getByRole('textbox', { name, exact: true });

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await waitForPath(page, '/login');
}

async function submitPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('a signed-out visitor', () => {
  it('opens /login with nothing logged as an error and no request left open', async () => {
    const page = await newPage(browser, baseUrl);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // networkidle: no request in flight for 500 ms. A fetch whose body the app never read stayed open for ever.
    await page.goto('/login', { waitUntil: 'networkidle', timeout: 15_000 });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Nia: sign-up, authenticator app, inviting Pat; Pat: first sign-in and a passkey', () => {
  let niaPage: Page;
  let patPage: Page;
  let totpKey = '';

  beforeAll(async () => {
    niaPage = await newPage(browser, baseUrl);
    patPage = await newPage(browser, baseUrl);
  });

  it('registers on /register with the password rules ticked as she types, and is asked for the emailed code', async () => {
    const page = niaPage;
    await page.goto('/register');
    await waitForTitle(page, 'Argo | Register');
    const rule = page.getByRole('listitem').filter({ hasText: 'At least 6 characters' });
    // Listed before anything is typed, and not met yet.
    expect(await rule.getAttribute('data-met')).toBe('false');
    await page.getByLabel('Your name').fill(nia.name);
    await page.getByLabel('Work email').fill(nia.email);
    await passwordField(page).fill('short');
    expect(await rule.getAttribute('data-met')).toBe('false');
    await passwordField(page).fill(nia.password);
    expect(await rule.getAttribute('data-met')).toBe('true');
    await screenshot(page, 'identity-01-register');

    const since = await outboxNow();
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/confirmation', { email: nia.email });
    await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    await page.getByText(`We sent a 6-digit code to ${nia.email}.`, { exact: false }).waitFor();
    await screenshot(page, 'identity-02-confirm-email');

    // A wrong code is said next to the code field.
    const email = await waitForEmail(nia.email, 'confirm-sign-up', since);
    const wrong = codeIn(email) === '000000' ? '111111' : '000000';
    await page.getByRole('textbox', { name: 'Code' }).fill(wrong);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('That code is not right. Check it and try again.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'identity-03-confirm-wrong-code');
  });

  it('confirms by opening the link in the email, then names her organisation and lands on the dashboard', async () => {
    const page = niaPage;
    const email = await waitForEmail(nia.email, 'confirm-sign-up', new Date(0));
    const link = linkIn(email, baseUrl);
    expect(link).toContain('/confirmation/?');
    expect(new URL(link).searchParams.get('code')).toBe(codeIn(email));
    await page.goto(link);

    await createOrganisation(page, organisation);
  });

  it('answers a second registration of her address exactly like a first one, and tells Nia by email', async () => {
    const stranger = await newPage(browser, baseUrl);
    const since = await outboxNow();
    await stranger.goto('/register');
    await stranger.getByLabel('Your name').fill('Someone Else');
    await stranger.getByLabel('Work email').fill(nia.email);
    await passwordField(stranger).fill('another password');
    await stranger.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(stranger, '/confirmation', { email: nia.email });
    await stranger.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    await screenshot(stranger, 'identity-04-register-existing-email');
    await waitForEmail(nia.email, 'sign-up-existing-account', since);
    // No code went out: confirming must not be a way into an existing account.
    expect((await emailsSince(nia.email, since)).map((e) => e.reason)).toEqual(['sign-up-existing-account']);
    await stranger.context().close();
  });

  it('turns on an authenticator app from /settings on /mfa: QR code, setup key, first code, backup codes', async () => {
    const page = niaPage;
    await page.goto('/settings');
    await waitForTitle(page, 'Argo | Settings');
    const security = page.getByRole('region', { name: 'Password and security' });
    await security.getByText('Off', { exact: true }).waitFor();
    await screenshot(page, 'identity-05-settings');
    await security.getByRole('link', { name: 'Set up two-factor sign-in' }).click();

    await waitForPath(page, '/mfa', { redirect: '/settings' });
    await waitForTitle(page, 'Argo | MFA Setup');
    await page.getByRole('heading', { name: 'MFA Setup' }).waitFor();
    await screenshot(page, 'identity-06-mfa-choose');
    await page.getByRole('button', { name: /Authenticator app/ }).click();
    await passwordField(page, 'Current password').fill(nia.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    totpKey = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(totpKey.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'identity-07-mfa-qr-code');
    await page.getByLabel('2. Enter the 6-digit code the app shows').fill(await freshTotpCode(totpKey));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();

    const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBeGreaterThanOrEqual(8);
    await screenshot(page, 'identity-08-mfa-backup-codes');
    await page.getByRole('button', { name: 'I have saved my backup codes' }).click();

    await waitForPath(page, '/settings');
    await page
      .getByRole('region', { name: 'Password and security' })
      .getByText('On', { exact: true })
      .waitFor();
    await screenshot(page, 'identity-09-settings-mfa-on');
  });

  it('signs in with the password, picks the authenticator app and types its code', async () => {
    const page = niaPage;
    await signOutFromMenu(page);
    await page.goto('/landing');
    await waitForPath(page, '/login', { redirect: '/landing' });
    await screenshot(page, 'identity-10-login');
    await submitPassword(page, nia.email, nia.password);

    // She has an app and can also get a code by email: she chooses.
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Email me a code' }).waitFor();
    await screenshot(page, 'identity-11-login-choose-method');
    await page.getByRole('button', { name: 'Code from my authenticator app' }).click();

    const code = page.getByRole('textbox', { name: 'Code' });
    await code.waitFor();
    expect(await page.getByRole('timer').textContent()).toMatch(/Time left to finish signing in: [23]:\d\d/);
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right. Check it and try again.').waitFor();
    await screenshot(page, 'identity-12-login-totp-wrong-code');

    await code.fill(await freshTotpCode(totpKey));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/landing');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('lets Pat, invited on /users, sign in with the emailed temporary password and choose his own on /password/set', async () => {
    const admin = niaPage;
    await admin.goto('/users');
    await admin.getByRole('button', { name: 'Invite user' }).click();
    const form = admin.getByRole('form', { name: 'Invite user' });
    await form.getByLabel('Email').fill(pat.email);
    await form.getByLabel('Name').fill(pat.name);
    const since = await outboxNow();
    await form.getByRole('button', { name: 'Create invitation' }).click();
    await form.waitFor({ state: 'detached' });
    const invitation = await waitForEmail(pat.email, 'invitation', since);
    const temporaryPassword = temporaryPasswordIn(invitation);

    const page = patPage;
    await page.goto('/login');
    await submitPassword(page, pat.email, temporaryPassword);
    await waitForPath(page, '/password/set');
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await screenshot(page, 'identity-13-password-set');

    await passwordField(page, 'New password').fill(pat.password);
    await passwordField(page, 'Repeat the new password').fill(`${pat.password} typo`);
    await page.getByRole('button', { name: 'Set password and continue' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    await passwordField(page, 'Repeat the new password').fill(pat.password);
    await page.getByRole('button', { name: 'Set password and continue' }).click();

    // Lands signed in, as a member of Nia's organisation.
    await waitForPath(page, '/');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sessions' })
      .waitFor();
    await screenshot(page, 'identity-14-invited-signed-in');

    // The temporary password is spent.
    const other = await newPage(browser, baseUrl);
    await other.goto('/login');
    await submitPassword(other, pat.email, temporaryPassword);
    await other.getByText('The email or password is not right.').waitFor();
    await other.context().close();
  });

  it('lets Pat add a passkey in /settings, sign out, and sign in with it', async () => {
    const page = await newPage(browser, baseUrl);
    // Chromium's virtual authenticator stands in for the device's fingerprint reader.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await page.goto('/settings');
    await waitForPath(page, '/login', { redirect: '/settings' });
    await submitPassword(page, pat.email, pat.password);
    await waitForPath(page, '/settings');
    const security = page.getByRole('region', { name: 'Password and security' });
    await security.getByText('No passkeys yet. Add one for this device below.').waitFor();
    await security.getByLabel('Passkey name').fill('Test laptop');
    await security.getByRole('button', { name: 'Add passkey' }).click();
    const list = security.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Test laptop').waitFor();
    await screenshot(page, 'identity-15-settings-passkey');

    await signOutFromMenu(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await screenshot(page, 'identity-16-signed-in-with-passkey');
    // The same person: Pat's name in the account menu.
    await page.getByRole('button', { name: 'Account menu' }).getByText(pat.name).waitFor();
  });
});

describe('Omar: password reset with an emailed code', () => {
  it('asks for a code on /password/reset, sets a new password on /confirmation/password, and signs in with it', async () => {
    const setup = await newPage(browser, baseUrl);
    await registerThroughApi(setup, baseUrl, { ...omar, organisation: `Haddad Cedars ${run}` });
    await setup.context().close();

    const page = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/password/reset');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await screenshot(page, 'identity-17-password-reset');
    await page.getByLabel('Email').fill(omar.email);
    const since = await outboxNow();
    await page.getByRole('button', { name: 'Email me a code' }).click();

    await waitForPath(page, '/confirmation/password', { email: omar.email });
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const code = codeIn(await waitForEmail(omar.email, 'password-reset', since));
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    const newPassword = 'phoenician alphabet';
    await passwordField(page, 'New password').fill(newPassword);
    await passwordField(page, 'Repeat the new password').fill(newPassword);
    await screenshot(page, 'identity-18-password-reset-confirm');
    await page.getByRole('button', { name: 'Change password' }).click();

    await waitForPath(page, '/login');
    await page.getByText('Sign in with your new password.').waitFor();
    // The old password no longer works; the new one does.
    await submitPassword(page, omar.email, omar.password);
    await page.getByText('The email or password is not right.').waitFor();
    await passwordField(page).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.context().close();
  });
});

describe('Signed out: /mfa is a public page of its own (SPEC §2)', () => {
  it('shows MFA Setup under its own title, says to sign in first, and signs in back to it', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/mfa');
    await waitForTitle(page, 'Argo | MFA Setup');
    await waitForPath(page, '/mfa');
    await page.getByRole('heading', { name: 'MFA Setup' }).waitFor();
    await page.getByRole('status').getByText('Sign in first').waitFor();
    await screenshot(page, 'identity-19-mfa-signed-out');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/login', { redirect: '/mfa' });
    await page.context().close();
  });
});
