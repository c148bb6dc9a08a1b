import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithPage, screenshot, sequentialSteps, waitForPath, waitForTitle } from './browser';
import { type CognitoArgo, startCognitoArgo } from './cognito-server';
import { createOrganisation, fillSignUp } from './screens';

// The Cognito path in the browser: an Argo server configured with a Cognito pool (cognito-local on
// 127.0.0.1), whose web app signs up, confirms and signs in through Amplify, and calls the API with the pool's
// ID token. The steps build on each other and run in order.

const run = Math.random().toString(36).slice(2, 8);
// Meets a new Cognito pool's default policy: 8+ characters with upper and lower case, a number and a symbol.
const person = { name: 'Katherine Johnson', email: `katherine-${run}@example.com`, password: 'Orbit-1962!' };
const organisation = `Trajectories ${run}`;

let argo: CognitoArgo;
let browser: Browser;
let page: Page;
/** Every bearer token the web app sent to the API. */
const bearers: string[] = [];

beforeAll(async () => {
  argo = await startCognitoArgo();
  ({ browser, page } = await launchWithPage(argo.baseUrl));
  page.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (request.url().startsWith(`${argo.baseUrl}/api/`) && authorization?.startsWith('Bearer ')) {
      bearers.push(authorization.slice('Bearer '.length));
    }
  });
});
sequentialSteps();
afterAll(async () => {
  await browser?.close();
  await argo?.stop();
});

function readClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('signing up and in with Cognito', () => {
  it('registers with the pool and is asked for the emailed code', async () => {
    await fillSignUp(page, person);
    await waitForTitle(page, 'Argo | Register');
    await screenshot(page, 'cognito-01-register');
    await page.getByRole('button', { name: 'Create account' }).click();

    await waitForPath(page, '/confirmation', { email: person.email });
    await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
  });

  it('confirms the email with the code the pool sent', async () => {
    const code = await argo.cognito.readConfirmationCode(argo.pool.userPoolId, person.email);
    await page.getByLabel('Code').fill(code);
    await screenshot(page, 'cognito-02-confirmation');
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('Your email is confirmed. Sign in to continue.').waitFor();
    // AWS marks the email verified when the sign-up is confirmed with the emailed code; cognito-local does not.
    await argo.cognito.markEmailVerified(argo.pool.userPoolId, person.email);
  });

  it('signs in, names the organisation and lands on the dashboard, calling the API with the pool’s ID token', async () => {
    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    await screenshot(page, 'cognito-03-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Signed in with the pool but without an Argo account yet: the organisation step comes next.
    await createOrganisation(page, organisation, 'cognito-04-organisation');
    // (cognito-local leaves the `name` attribute out of its ID tokens, so the greeting may go without it.)
    await page
      .getByText(new RegExp(`^Welcome(, Katherine)?\\. Here is where ${organisation} stands\\.$`))
      .waitFor();
    await waitForTitle(page, 'Argo | Dashboard');
    await screenshot(page, 'cognito-05-dashboard');

    expect(bearers.length).toBeGreaterThan(0);
    const claims = readClaims(bearers.at(-1) ?? '');
    expect(claims).toMatchObject({
      iss: `${argo.cognito.endpoint}/${argo.pool.userPoolId}`,
      aud: argo.pool.clientId,
      token_use: 'id',
      email: person.email,
    });
  });

  it('signs out, and signs in again straight to the dashboard', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await waitForPath(page, '/login');
    // Amplify has forgotten the tokens: the dashboard asks to sign in first.
    await page.goto('/landing');
    await waitForPath(page, '/login', { redirect: '/landing' });
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/landing');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
