import type { Page } from 'playwright-core';
import { codeIn, outboxNow, waitForEmail } from './outbox';

/*
 * Calls made from inside a page, as the signed-in person of that page's browser context: the ID token comes
 * from the page's own cookie session (GET /api/auth/token), exactly as the web app gets it.
 */

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** `/api/<path>` with the page's ID token as bearer; answers status and parsed JSON (null for 204). */
export async function callApi<T = unknown>(
  page: Page,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const { token } = (await fetch('/api/auth/token', { cache: 'no-store' }).then((r) => r.json())) as {
        token: string;
      };
      const response = await fetch(`/api${apiPath}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, apiPath, body },
  ) as Promise<ApiAnswer<T>>;
}

/**
 * Registers a person and (optionally) their organisation without the screens, through the same calls the
 * screens make: better-auth sign-up, the emailed code (from the dev outbox) to confirm the address, which signs
 * in (the cookie lands in the page's context), then POST /api/accounts.
 */
export async function registerThroughApi(
  page: Page,
  baseUrl: string,
  person: { name: string; email: string; password: string; organisation?: string },
): Promise<void> {
  const since = await outboxNow();
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: baseUrl },
    data: { name: person.name, email: person.email, password: person.password },
  });
  if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
  const code = codeIn(await waitForEmail(person.email, 'confirm-sign-up', since));
  const confirm = await page.request.post('/api/auth/email-otp/verify-email', {
    headers: { Origin: baseUrl },
    data: { email: person.email, otp: code },
  });
  if (!confirm.ok()) throw new Error(`verify-email answered ${confirm.status()}: ${await confirm.text()}`);
  if (!person.organisation) return;
  // callApi runs inside the page, so the page needs a document of the app's origin first.
  if (!page.url().startsWith(baseUrl)) await page.goto('/terms');
  const created = await callApi(page, 'POST', '/accounts', { name: person.organisation });
  if (created.status !== 201)
    throw new Error(`POST /api/accounts answered ${created.status}: ${JSON.stringify(created.body)}`);
}

/** How many businesses of the session the API finds for `filters` (the JSON /results keeps in its address). */
export async function countResults(page: Page, sessionId: string, filters: unknown): Promise<number> {
  const answer = await callApi<{ total: number }>(
    page,
    'GET',
    `/user/session/${sessionId}/results?filters=${encodeURIComponent(JSON.stringify(filters))}`,
  );
  return answer.body.total;
}

/** Waits until the session's run (a discovery, import or enrichment job) has finished; answers its status. */
export async function waitForSessionRun(page: Page, sessionId: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await callApi<{ status: string }>(page, 'GET', `/user/session/${sessionId}/info`);
    if (['completed', 'failed', 'cancelled'].includes(info.body.status)) return info.body.status;
    if (Date.now() > deadline)
      throw new Error(`the session's run did not finish: ${JSON.stringify(info.body)}`);
    await new Promise((done) => setTimeout(done, 300));
  }
}
