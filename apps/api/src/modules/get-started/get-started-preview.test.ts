/**
 * The anonymous preview (POST and GET /get-started/preview): the venture is stored under the hash of the browser's
 * argo-token, answered back, replaced by the same token and kept apart from other tokens; callers without a token
 * or signed in are refused and bad fields are named. Its rate limits: 10 previews per token and 20 per IP an hour,
 * counted exactly under concurrency in PostgreSQL, refused attempts not counted, a new window opening after the hour.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/app';
import { anonymousPreviewLimits } from '../../db/schema/get-started';
import { newToken, preview, storedPreview, t, useGetStartedApp, venture } from './get-started.fixtures';
import { NO_BUSINESSES_MESSAGE, NO_LOCATION_MESSAGE } from './get-started.mapper';
import {
  createPreview,
  hashAnonymousToken,
  PreviewRateLimited,
  SIGNED_IN_MESSAGE,
} from './get-started.service';

useGetStartedApp();

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
