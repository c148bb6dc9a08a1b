/**
 * The authorisation matrix for API keys: every call of the contract's route table, sent with the keys a script
 * might hold — the member's `read` key and `read_write` key, a revoked and an expired key of the member, and a
 * `read_write` key of a member of another organisation — each with the answer it must get. A key acts as its user
 * (the member's answer in route-cases.ts), never beyond: a `read` key makes GET calls only, no key reaches a
 * sign-in, profile, get-started or key route, a revoked or expired key is a 401, and the other organisation's key
 * gets what that organisation's member gets (404 for the first organisation's rows).
 */
import { type RouteDef, routeList, routeStatus } from '@argo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { CASES } from './route-cases';
import type { Case } from './route-policies';
import { createWorld, users } from './route-world';

let t: TestApp;
const keys: Record<KeyCaller, string> = {} as Record<KeyCaller, string>;
const KEY_CALLERS = ['readKey', 'writeKey', 'revokedKey', 'expiredKey', 'otherKey'] as const;
type KeyCaller = (typeof KEY_CALLERS)[number];

async function makeKey(token: string, scope: 'read' | 'read_write') {
  const made = await t.call('POST', '/api/user/api-keys', { token, body: { name: 'matrix', scope } });
  expect(made.status).toBe(201);
  return made.body as { key: { id: string }; secret: string };
}

beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '100000' });
  await createWorld(t);
  keys.readKey = (await makeKey(users.member.token, 'read')).secret;
  keys.writeKey = (await makeKey(users.member.token, 'read_write')).secret;
  keys.otherKey = (await makeKey(users.otherMember.token, 'read_write')).secret;
  const revoked = await makeKey(users.member.token, 'read_write');
  expect(
    (await t.call('DELETE', `/api/user/api-keys/${revoked.key.id}`, { token: users.member.token })).status,
  ).toBe(204);
  keys.revokedKey = revoked.secret;
  const expired = await makeKey(users.member.token, 'read_write');
  await t.database.db.execute(sql`
    update api_keys set expires_at = now() - interval '1 minute' where id = ${expired.key.id}::uuid`);
  keys.expiredKey = expired.secret;
}, 120_000);
afterAll(() => t?.close());

type Expected = { ok: true } | { status: number };

/** What a key caller must get: its user's answer within the key's limits. */
function expectedFor(route: RouteDef, entry: Case, caller: KeyCaller): Expected {
  const asUser = (who: 'member' | 'otherMember'): Expected => {
    const policy = entry.policy[who];
    return policy === 'ok' ? { ok: true } : { status: policy };
  };
  if (route.access === 'public') return asUser('member');
  if (caller === 'revokedKey' || caller === 'expiredKey') return { status: 401 };
  const isDataRoute = (route.access === 'member' || route.access === 'admin') && route.apiKeys !== false;
  if (!isDataRoute) return { status: 403 };
  if (caller === 'otherKey') return asUser('otherMember');
  const own = asUser('member');
  // The member's own refusal (403, 404) comes first; a read key is refused every allowed call but GET.
  if (caller === 'readKey' && 'ok' in own && route.method !== 'GET') return { status: 403 };
  return own;
}

describe('API key matrix', () => {
  for (const route of routeList) {
    it(`${route.method} ${route.path} (${route.id}) answers every key as its user within its scope`, async () => {
      const entry = CASES[route.id];
      expect(entry, `no matrix entry for ${route.id}`).toBeDefined();
      if (!entry) return;
      const wrong: string[] = [];
      const seen: string[] = [];
      for (const caller of KEY_CALLERS) {
        const request = await entry.request(caller === 'otherKey' ? 'otherMember' : 'member');
        const answer = await t.call(route.method, `/api${request.path}`, {
          token: keys[caller],
          body: request.body,
          query: request.query,
          headers: request.headers,
          ip: `10.8.${KEY_CALLERS.indexOf(caller)}.${(seen.length % 250) + 1}`,
        });
        seen.push(`${caller}:${answer.status}`);
        const expected = expectedFor(route, entry, caller);
        const allowed = [routeStatus(route), ...(entry.alsoOk ?? [])];
        const ok = 'ok' in expected ? allowed.includes(answer.status) : answer.status === expected.status;
        if (!ok || answer.status >= 500) {
          wrong.push(
            `${caller}: expected ${'ok' in expected ? allowed.join('/') : expected.status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
          );
        }
        if (answer.status >= 400)
          expect(answer.body?.error?.message, `${caller} denial message`).toBeTruthy();
      }
      expect(wrong, seen.join(' ')).toEqual([]);
    });
  }
});
