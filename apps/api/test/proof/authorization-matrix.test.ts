/**
 * The authorisation matrix: every call of the contract's route table × every kind of caller,
 * each with the answer it must get. The table below has one entry per route id; a route added to the contract
 * without an entry fails the first test, so nobody can add a call without deciding who may make it.
 *
 * Callers: no token, a browser's anonymous argo-token, a member (owns the session and is assigned to the venture),
 * a colleague with a view share and one with an edit share (neither on the venture), an admin of the account, a
 * member and an admin of another account, a colleague on the venture without access to the session, and one with
 * an edit share who is on the venture too. Each call gets fresh targets (a new session, invited user, venture …) so
 * that one caller's allowed DELETE cannot change what the next caller sees. A route with a second kind of target
 * (generate content for a business or a profile) has its second request in VARIANTS, sent the same way.
 *
 * "ok" means a success status of the route, or one of the listed state answers (e.g. 409 "cannot cancel a draft")
 * for callers that are allowed; for a list, also that the row made for the request is listed for exactly the
 * callers who may see it. Denials are exact: 401, 403 or 404. No answer may be 5xx.
 */
import { type RouteDef, routeList, routeStatus } from '@argo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { CASES, VARIANTS } from './route-cases';
import type { Case } from './route-policies';
import { CALLERS, createWorld, tokenOf } from './route-world';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createWorld(t);
}, 120_000);
afterAll(() => t?.close());

/** Sends the case's request as every caller; answers what each got, and what was not as its policy says. */
async function sendAsEveryCaller(route: RouteDef, entry: Case): Promise<{ seen: string[]; wrong: string[] }> {
  const success = routeStatus(route);
  const seen: string[] = [];
  const wrong: string[] = [];
  for (const caller of CALLERS) {
    const request = await entry.request(caller);
    const answer = await t.call(route.method, `/api${request.path}`, {
      token: tokenOf(caller),
      body: request.body,
      query: request.query,
      headers: request.headers,
      // A fresh address per call, so rate limits of one caller never answer for another.
      ip: `10.9.${CALLERS.indexOf(caller)}.${(seen.length % 250) + 1}`,
    });
    const expected = entry.policy[caller];
    const allowed = [success, ...(entry.alsoOk ?? [])];
    const ok = expected === 'ok' ? allowed.includes(answer.status) : answer.status === expected;
    seen.push(`${caller}:${answer.status}`);
    if (answer.status >= 500 || !ok) {
      wrong.push(
        `${caller}: expected ${expected === 'ok' ? allowed.join('/') : expected}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
      );
    } else if (expected === 'ok' && entry.listedFor) {
      const listed = (answer.body as { id: string }[]).some((row) => row.id === request.target);
      const mustBe = entry.listedFor.includes(caller);
      if (listed !== mustBe) wrong.push(`${caller}: the new row is ${listed ? '' : 'not '}listed`);
    }
    // A denial always says why.
    if (answer.status >= 400) expect(answer.body?.error?.message, `${caller} denial message`).toBeTruthy();
  }
  return { seen, wrong };
}

describe('authorisation matrix', () => {
  it('has an entry for every route of the contract, and none for a route that does not exist', () => {
    const ids = routeList.map((route) => route.id).sort();
    expect(Object.keys(CASES).sort()).toEqual(ids);
  });

  for (const route of routeList) {
    it(`${route.method} ${route.path} (${route.id}) answers every caller as its policy says`, async () => {
      const entry = CASES[route.id];
      expect(entry, `no matrix entry for ${route.id}`).toBeDefined();
      if (!entry) return;
      const { seen, wrong } = await sendAsEveryCaller(route, entry);
      expect(wrong, seen.join(' ')).toEqual([]);
    });
  }

  for (const { route: id, label, entry } of VARIANTS) {
    it(`${id} ${label} answers every caller as its policy says`, async () => {
      const route = routeList.find((r) => r.id === id);
      expect(route, `no route ${id}`).toBeDefined();
      if (!route) return;
      const { seen, wrong } = await sendAsEveryCaller(route, entry);
      expect(wrong, seen.join(' ')).toEqual([]);
    });
  }
});
