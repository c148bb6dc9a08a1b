import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app';
import {
  extentOf,
  type FakeOsm,
  hasOsmFixtures,
  OSM_FIXTURES,
  readOverpass,
  startFakeOsm,
} from '../../../test/osm-server';
import { accounts } from '../../db/schema/accounts';
import { anonymousPreviewLimits, anonymousPreviews } from '../../db/schema/get-started';
import { sessions } from '../../db/schema/sessions';
import { ventures } from '../../db/schema/ventures';
import { NO_BUSINESSES_MESSAGE, NO_LOCATION_MESSAGE } from './get-started.mapper';
import {
  createPreview,
  createVentureFromPreview,
  hashAnonymousToken,
  PreviewRateLimited,
  SIGNED_IN_MESSAGE,
} from './get-started.service';

let t: TestApp;
let osm: FakeOsm;
const halle = hasOsmFixtures ? readOverpass(OSM_FIXTURES.halle).elements : [];
beforeAll(async () => {
  // The preview searches OpenStreetMap: a local Overpass + Nominatim that knows Halle (Saale) and nothing else.
  osm = await startFakeOsm([
    {
      place: { match: /halle/i, bbox: extentOf(halle), displayName: 'Halle (Saale)', countryCode: 'DE' },
      elements: halle,
    },
  ]);
  t = await createTestApp({
    OVERPASS_URL: osm.overpassUrl,
    NOMINATIM_URL: osm.nominatimUrl,
    OSM_USER_AGENT: 'Argo/0.1 (+https://argo.test/contact)',
  });
});
afterAll(async () => {
  await t?.close();
  await osm?.close();
});

/** A browser's argo-token: a random id (SPEC §3), as the web app makes it. */
const newToken = () => randomBytes(18).toString('base64url');

const venture = {
  name: '  Ledgerly ',
  website: 'ledgerly.example',
  description: 'Bookkeeping for dental practices',
  industries: ['Dentists', 'Orthodontists', 'Dentists'],
  locations: ['Austin, TX'],
};

let lastIp = 0;
/** Each call from its own address (unless given), so the per-IP limit only counts where a test means it to. */
const nextIp = () => {
  lastIp += 1;
  return `10.0.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

async function preview(token: string, body: unknown = { venture }, ip = nextIp()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/get-started/preview',
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function storedPreview(token: string) {
  const [row] = await t.database.db
    .select()
    .from(anonymousPreviews)
    .where(eq(anonymousPreviews.tokenHash, hashAnonymousToken(token)));
  return row;
}

describe('POST and GET /get-started/preview', () => {
  it('stores the venture under the hash of the argo-token and answers it back', async () => {
    const token = newToken();
    const created = await preview(
      token,
      { venture, tracking_ids: [{ id: 'a', value: 'newsletter' }] },
      '192.0.2.10',
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      venture: {
        name: 'Ledgerly',
        website: 'https://ledgerly.example',
        description: 'Bookkeeping for dental practices',
        industries: ['Dentists', 'Orthodontists'],
        locations: ['Austin, TX'],
      },
      // Austin is not on the local map: the search ran and found nothing.
      businesses: [],
      discovery_available: true,
      message: NO_BUSINESSES_MESSAGE,
    });
    const expiresIn = Date.parse(created.body.expires_at) - Date.parse(created.body.updated_at);
    expect(expiresIn).toBe(7 * 24 * 60 * 60 * 1000);

    const read = await t.call('GET', '/api/get-started/preview', { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const row = await storedPreview(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.trackingIds).toEqual(['newsletter']);
    expect(row?.ip).toBe('192.0.2.10');
  });

  it('replaces the venture of the same token, keeping one preview and its tracking ids', async () => {
    const token = newToken();
    const first = await preview(token, { venture, tracking_ids: [{ id: 'a', value: 'ad-1' }] });
    const second = await preview(token, {
      venture: { name: 'Ledgerly Pro', description: 'Payroll for clinics' },
      tracking_ids: [{ id: 'b', value: 'ad-2' }],
    });
    expect(second.status).toBe(200);
    expect(second.body.preview_id).toBe(first.body.preview_id);
    expect(second.body.venture).toEqual({
      name: 'Ledgerly Pro',
      website: null,
      description: 'Payroll for clinics',
      industries: [],
      locations: [],
    });
    expect((await storedPreview(token))?.trackingIds).toEqual(['ad-1', 'ad-2']);
    // No location: nothing searched, and the preview says what to add.
    expect(second.body).toMatchObject({
      businesses: [],
      discovery_available: true,
      message: NO_LOCATION_MESSAGE,
    });
  });

  it('answers 404 for a token without a preview, and keeps tokens apart', async () => {
    const token = newToken();
    await preview(token);
    const other = await t.call('GET', '/api/get-started/preview', { token: newToken() });
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/no preview/),
    });
  });

  it('refuses a caller without token (401) and a signed-in caller (400)', async () => {
    expect((await t.call('GET', '/api/get-started/preview')).status).toBe(401);
    const anonymous = await t.call('POST', '/api/get-started/preview', { body: { venture } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');

    const { token } = await t.createAccount(uniqueEmail('signed-in'));
    for (const res of [await preview(token), await t.call('GET', '/api/get-started/preview', { token })]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', message: SIGNED_IN_MESSAGE });
    }
  });

  it('reports validation errors naming the field', async () => {
    const token = newToken();
    const missing = await preview(token, { venture: { name: 'X' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'validation_failed',
      field: 'venture.description',
      message: 'venture.description: is required',
    });

    const badUrl = await preview(token, {
      venture: { ...venture, website: 'ftp://example.com', industries: ['ok', ''] },
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.message).toContain('venture.website: must be a web address');
    expect(badUrl.body.error.message).toContain('venture.industries.1: must not be empty');

    expect((await preview(token, {})).body.error.message).toBe('venture: is required');
    // Nothing was stored by the refused calls.
    expect(await storedPreview(token)).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('allows 10 previews per token per hour, then answers 429 with when to come back', async () => {
    const token = newToken();
    const ip = '192.0.2.20';
    for (let i = 0; i < 10; i += 1) expect((await preview(token, { venture }, ip)).status).toBe(200);
    const refused = await preview(token, { venture }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited' });
    expect(refused.body.error.message).toMatch(/Try again in (60 minutes|59 minutes)\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Reading the stored preview is not limited.
    expect((await t.call('GET', '/api/get-started/preview', { token })).status).toBe(200);
  });

  it('counts concurrent previews exactly (the counter row is locked per transaction)', async () => {
    const token = newToken();
    const results = await Promise.all(Array.from({ length: 14 }, () => preview(token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('allows 20 previews per IP per hour, whatever the tokens', async () => {
    const fromIp = (token: string) => preview(token, { venture }, '203.0.113.7');
    for (let i = 0; i < 20; i += 1) expect((await fromIp(newToken())).status).toBe(200);
    const refused = await fromIp(newToken());
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/from your network.*Try again in \d+ minutes?\./);
    // Another address still gets its previews.
    expect((await preview(newToken())).status).toBe(200);
  });

  it('counts in PostgreSQL with injectable limits, counts no refused attempt, and opens a new window', async () => {
    const db = t.database.db;
    const token = newToken();
    const actor = { kind: 'anonymous' as const, token };
    let now = new Date('2020-01-01T10:00:00Z');
    const options = { limits: { perToken: 2, perIp: 50 }, clock: () => now };
    const body = { venture: { name: 'Tiny', description: 'Tests', industries: [], locations: [] } };

    await createPreview(db, actor, body, '198.51.100.1', options);
    now = new Date('2020-01-01T10:20:00Z');
    await createPreview(db, actor, body, '198.51.100.1', options);
    now = new Date('2020-01-01T10:30:00Z');
    const refused = await createPreview(db, actor, body, '198.51.100.1', options).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PreviewRateLimited);
    expect((refused as PreviewRateLimited).message).toMatch(/Try again in 30 minutes\.$/);

    const [counter] = await db
      .select()
      .from(anonymousPreviewLimits)
      .where(eq(anonymousPreviewLimits.key, `token:${hashAnonymousToken(token)}`));
    expect(counter?.count).toBe(2);

    now = new Date('2020-01-01T11:00:01Z');
    await expect(createPreview(db, actor, body, '198.51.100.1', options)).resolves.toMatchObject({
      venture: { name: 'Tiny' },
    });
  });
});

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

describe.skipIf(!hasOsmFixtures)('the preview searches OpenStreetMap (local Overpass + Nominatim)', () => {
  const vegan = {
    name: 'Oatly Wholesale',
    description: 'Oat milk for cafés',
    industries: ['vegan'],
    locations: ['Halle (Saale)'],
  };

  it("answers at most 10 matching businesses from the venture's first industry and location", async () => {
    const asked = osm.queries.length;
    const res = await preview(newToken(), { venture: vegan });
    expect(res.status).toBe(200);
    expect(res.body.discovery_available).toBe(true);
    expect(res.body.businesses).toHaveLength(10);
    expect(res.body.message).toBe('10 matching businesses: create your account to find and enrich more.');
    const names = new Set(halle.map((e) => e.tags?.name).filter(Boolean));
    for (const business of res.body.businesses) {
      expect(names.has(business.name), business.name).toBe(true);
      expect(business).toMatchObject({ source: 'osm', lat: expect.any(Number), lng: expect.any(Number) });
    }
    expect(osm.queries.length).toBeGreaterThan(asked);
    expect(osm.userAgents.every((ua) => ua === 'Argo/0.1 (+https://argo.test/contact)')).toBe(true);
  });

  it('a claimed preview with businesses becomes a draft search session of the new venture', async () => {
    const token = newToken();
    expect((await preview(token, { venture: vegan })).body.businesses).toHaveLength(10);
    const { token: idToken } = await t.signUp(uniqueEmail('vegan'));
    const created = await t.call('POST', '/api/accounts', {
      token: idToken,
      body: { name: 'Oatly', anonymous_token: token },
    });
    expect(created.status).toBe(201);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.accountId, created.body.account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'search',
      status: 'draft',
      name: 'Oatly Wholesale',
      input: { query: 'vegan', location: 'Halle (Saale)', limit: 10 },
    });
  });

  it('a search service that does not answer gives an empty preview, not an error', async () => {
    await osm.close();
    try {
      const res = await preview(newToken(), { venture: { ...vegan, locations: ['Halle an der Saale'] } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ businesses: [], message: NO_BUSINESSES_MESSAGE });
    } finally {
      osm = await startFakeOsm([]);
    }
  }, 60_000);
});
