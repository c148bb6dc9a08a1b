/**
 * Claiming a preview by POST /accounts with its anonymous_token: the venture and the tracking ids move into the
 * new account and the preview is deleted (a second claim of the same token creates nothing); an expired preview is
 * not claimed, another token's preview is left untouched, and the preview is kept when the account cannot be
 * created; a preview that found businesses becomes a draft search session named after the venture.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/app';
import { accounts } from '../../db/schema/accounts';
import { anonymousPreviews } from '../../db/schema/get-started';
import { sessions } from '../../db/schema/sessions';
import { ventures } from '../../db/schema/ventures';
import { newToken, preview, storedPreview, t, useGetStartedApp, venture } from './get-started.fixtures';
import { createVentureFromPreview, hashAnonymousToken } from './get-started.service';

useGetStartedApp();

describe('claim by POST /accounts', () => {
  it('moves the venture and the tracking ids into the new account and deletes the preview', async () => {
    const token = newToken();
    await preview(token, { venture, tracking_ids: [{ id: 'a', value: 'from-preview' }] });

    const { token: idToken } = await t.signUp(uniqueEmail('claimer'));
    const created = await t.call('POST', '/api/accounts', {
      token: idToken,
      body: {
        name: 'Ledgerly Inc',
        anonymous_token: token,
        tracking_ids: [
          { id: 'b', value: 'from-register' },
          { id: 'c', value: 'from-preview' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { account, user } = created.body;

    const all = await t.call('GET', '/api/ventures/all', { token: idToken });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(1);
    expect(all.body[0]).toMatchObject({
      account_id: account.id,
      name: 'Ledgerly',
      website: 'https://ledgerly.example',
      description: 'Bookkeeping for dental practices',
      icp: { industries: ['Dentists', 'Orthodontists'], locations: ['Austin, TX'], keywords: [] },
    });
    expect(user.venture_ids).toEqual([all.body[0].venture_id]);

    const [stored] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(stored?.trackingIds).toEqual(['from-register', 'from-preview']);
    expect(await storedPreview(token)).toBeUndefined();
    // No businesses in the preview (Austin is not on the local map): no session either.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.accountId, account.id))).toEqual([]);

    // Claiming the same token again creates nothing.
    const { token: secondIdToken } = await t.signUp(uniqueEmail('second-claimer'));
    const second = await t.call('POST', '/api/accounts', {
      token: secondIdToken,
      body: { name: 'Copycat', anonymous_token: token },
    });
    expect(second.status).toBe(201);
    expect(second.body.user.venture_ids).toEqual([]);
    const copycat = await t.call('GET', '/api/ventures/all', { token: secondIdToken });
    expect(copycat.body).toEqual([]);
  });

  it('does not claim an expired preview', async () => {
    const token = newToken();
    await preview(token);
    await t.database.db
      .update(anonymousPreviews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(anonymousPreviews.tokenHash, hashAnonymousToken(token)));
    expect((await t.call('GET', '/api/get-started/preview', { token })).status).toBe(404);

    const { token: idToken } = await t.signUp(uniqueEmail('late'));
    const created = await t.call('POST', '/api/accounts', {
      token: idToken,
      body: { name: 'Late Inc', anonymous_token: token },
    });
    expect(created.status).toBe(201);
    expect(created.body.user.venture_ids).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(ventures)
      .where(eq(ventures.accountId, created.body.account.id));
    expect(rows).toEqual([]);
  });

  it("leaves another token's preview untouched", async () => {
    const mine = newToken();
    const theirs = newToken();
    await preview(mine);
    const before = await preview(theirs, { venture: { name: 'Theirs', description: 'Other things' } });

    const { token: idToken } = await t.signUp(uniqueEmail('mine'));
    expect(
      (
        await t.call('POST', '/api/accounts', {
          token: idToken,
          body: { name: 'Mine', anonymous_token: mine },
        })
      ).status,
    ).toBe(201);

    const after = await t.call('GET', '/api/get-started/preview', { token: theirs });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it('keeps the preview when the account cannot be created', async () => {
    const token = newToken();
    await preview(token);
    const existing = await t.createAccount(uniqueEmail('already'));
    const refused = await t.call('POST', '/api/accounts', {
      token: existing.token,
      body: { name: 'Again', anonymous_token: token },
    });
    expect(refused.status).toBe(409);
    expect(await storedPreview(token)).toBeDefined();
  });

  it('creates a draft search session named after the venture when the preview found businesses', async () => {
    const token = newToken();
    await preview(token);
    const row = await storedPreview(token);
    if (!row) throw new Error('no preview stored');
    const owner = await t.createAccount(uniqueEmail('with-businesses'));
    const withBusinesses = {
      ...row,
      businesses: [
        {
          name: 'Smile Dental',
          category: 'dentist',
          address: '1 Main St',
          city: 'Austin',
          website: null,
          lat: 30.27,
          lng: -97.74,
          source: 'osm',
        },
      ],
    };
    const ventureId = await t.database.db.transaction((tx) =>
      createVentureFromPreview(tx, withBusinesses, owner.accountId, owner.userId),
    );
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.ventureId, ventureId));
    expect(session).toMatchObject({
      accountId: owner.accountId,
      ownerId: owner.userId,
      name: 'Ledgerly',
      type: 'search',
      status: 'draft',
      input: { query: 'Dentists', location: 'Austin, TX', limit: 10 },
    });
  });
});
