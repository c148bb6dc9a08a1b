/**
 * The authorisation matrix (issue 7, part 1): every call of the contract's route table × every kind of caller,
 * each with the answer it must get. The table below has one entry per route id; a route added to the contract
 * without an entry fails the first test, so nobody can add a call without deciding who may make it.
 *
 * Callers: no token, a browser's anonymous argo-token, a member (owns the session and is assigned to the venture),
 * a colleague with a view share, a colleague with an edit share, an admin of the account, and a member and an admin
 * of another account. Each call gets fresh targets (a new session, invited user, venture …) so that one caller's
 * allowed DELETE cannot change what the next caller sees.
 *
 * "ok" means a success status of the route, or one of the listed state answers (e.g. 409 "cannot cancel a draft")
 * for callers that are allowed. Denials are exact: 401, 403 or 404. No answer may be 5xx.
 */
import { routeList, routeStatus } from '@argo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { CASES } from './route-cases';
import { CALLERS, createWorld, tokenOf } from './route-world';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createWorld(t);
}, 120_000);
afterAll(() => t?.close());
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
        }
        // A denial always says why.
        if (answer.status >= 400)
          expect(answer.body?.error?.message, `${caller} denial message`).toBeTruthy();
      }
      expect(wrong, seen.join(' ')).toEqual([]);
    });
  }
});
