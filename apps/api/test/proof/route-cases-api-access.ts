/**
 * The route cases of API keys and webhooks: part of CASES in route-cases.ts, which says what a case is. Fresh
 * targets are made in the database directly (a subscription, a delivery), so no organisation reaches its
 * subscription limit however many callers the suites try.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ADMIN, ADMIN_OF_TARGET, type Case, type Policy, SIGNED_IN } from './route-policies';
import { testApp, users } from './route-world';

/** A key is revoked by its maker (the member here) or an admin of its organisation; nobody else finds it. */
const KEY_OWNER_OR_ADMIN: Policy = {
  none: 401,
  anonymous: 401,
  member: 'ok',
  viewer: 404,
  editor: 404,
  admin: 'ok',
  otherMember: 404,
  otherAdmin: 404,
  ventureMember: 404,
  ventureEditor: 404,
};

/** A fresh API key of the member. */
async function freshKey(): Promise<string> {
  const made = await testApp.call('POST', '/api/user/api-keys', {
    token: users.member.token,
    body: { name: `Matrix ${randomUUID().slice(0, 8)}`, scope: 'read' },
  });
  expect(made.status).toBe(201);
  return made.body.key.id;
}

/** A fresh subscription of the first account (the earlier fresh ones go, so the account stays under its limit). */
async function freshSubscription(): Promise<string> {
  const { accountId } = users.admin;
  await testApp.database.db.execute(sql`
    delete from webhook_subscriptions where account_id = ${accountId}::uuid and description = 'matrix'`);
  const made = await testApp.database.db.execute<{ id: string }>(sql`
    insert into webhook_subscriptions (account_id, url, events, description, secret)
    values (${accountId}::uuid, 'https://hooks.example.com/argo', array['session.completed'], 'matrix', 'whsec_matrix')
    returning id`);
  return made.rows[0]?.id as string;
}

/** A fresh delivered delivery of a fresh subscription. */
async function freshDelivery(): Promise<string> {
  const subscriptionId = await freshSubscription();
  const made = await testApp.database.db.execute<{ id: string }>(sql`
    insert into webhook_deliveries (account_id, subscription_id, event_id, event_type, body, data, status, attempts)
    values (${users.admin.accountId}::uuid, ${subscriptionId}::uuid, ${`evt_${randomUUID()}`}, 'session.completed',
      '{}', '{}'::jsonb, 'delivered', 1)
    returning id`);
  return made.rows[0]?.id as string;
}

export const API_ACCESS_CASES: Record<string, Case> = {
  'apiKeys.list': {
    policy: SIGNED_IN,
    request: async () => ({ path: '/user/api-keys', target: await freshKey() }),
    listedFor: ['member', 'admin'],
  },
  'apiKeys.create': {
    policy: SIGNED_IN,
    request: () => ({ path: '/user/api-keys', body: { name: 'Matrix key', scope: 'read_write' } }),
  },
  'apiKeys.revoke': {
    policy: KEY_OWNER_OR_ADMIN,
    request: async () => ({ path: `/user/api-keys/${await freshKey()}` }),
  },
  'webhooks.list': {
    policy: ADMIN,
    request: async () => ({ path: '/accounts/webhooks', target: await freshSubscription() }),
    listedFor: ['admin'],
  },
  'webhooks.create': {
    policy: ADMIN,
    request: async () => {
      // The admins' own subscriptions made by earlier runs of the case go, so the limit never answers instead.
      await testApp.database.db.execute(sql`
        delete from webhook_subscriptions where url = 'https://hooks.example.com/matrix-new'`);
      return {
        path: '/accounts/webhooks',
        body: { url: 'https://hooks.example.com/matrix-new', events: ['session.completed'] },
      };
    },
  },
  'webhooks.delete': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({ path: `/accounts/webhooks/${await freshSubscription()}` }),
  },
  'webhooks.deliveries': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({ path: `/accounts/webhooks/${await freshSubscription()}/deliveries` }),
  },
  'webhooks.test': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({ path: `/accounts/webhooks/${await freshSubscription()}/test` }),
  },
  'webhooks.resend': {
    policy: ADMIN_OF_TARGET,
    request: async () => ({ path: `/accounts/webhook-deliveries/${await freshDelivery()}/resend` }),
  },
};
