import { randomUUID } from 'node:crypto';
import { encodeFilters } from '@argo/contract';
import { mergeBusinesses, type RawBusiness } from '@argo/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { businesses, sessions } from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';
import { linkToStored } from './business-batch';
import { type MatchIndex, storeBusinesses } from './businesses.repository';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  viewer = await addUser(t, admin);
  other = await createAdmin(t, 'Other Org');
});
afterAll(() => t?.close());

const raw = (fields: Partial<RawBusiness> & { name: string }): RawBusiness => ({
  website: null,
  domain: null,
  email: null,
  phone: null,
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lng: null,
  category: null,
  source: 'osm',
  source_ref: null,
  rating: null,
  review_count: null,
  ...fields,
});

/** A session whose current run is `runId`, for writing businesses directly. */
async function sessionWithRun(user: TestUser) {
  const sessionId = await createSession(t, user, { name: `Store ${randomUUID().slice(0, 6)}` });
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  return { accountId: user.accountId, sessionId, runId };
}

describe('storing batches of businesses', () => {
  it('links a record to the business stored earlier by any match key, uniting sources; replays change nothing', async () => {
    const target = await sessionWithRun(admin);
    const index: MatchIndex = { keys: null };
    const first = mergeBusinesses([
      raw({
        name: 'Zahnarzt Dr. Weiß',
        domain: 'weiss-zahn.de',
        website: 'https://weiss-zahn.de/',
        source_ref: 'node/1',
      }),
    ]);
    await storeBusinesses(t.database.db, target, first, index);
    // Another tile finds the same practice by phone and website, with a phone the first lacked.
    const second = mergeBusinesses([
      raw({
        name: 'Praxis Weiß',
        domain: 'weiss-zahn.de',
        phone: '+493451234567',
        source_ref: 'node/2',
        city: 'Halle',
      }),
    ]);
    await storeBusinesses(t.database.db, target, second, index);
    // A resumed job (a fresh index, loaded from the database) finds it by phone alone.
    const third = mergeBusinesses([
      raw({ name: 'Weiß Zahnmedizin', phone: '+493451234567', source: 'google_places', source_ref: 'g1' }),
    ]);
    await storeBusinesses(t.database.db, target, third, { keys: null });
    await storeBusinesses(t.database.db, target, third, { keys: null });

    const rows = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.sessionId, target.sessionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Zahnarzt Dr. Weiß',
      domain: 'weiss-zahn.de',
      phone: '+493451234567',
      city: 'Halle',
      source: 'osm',
    });
    expect(rows[0]?.sources.map((s) => s.source_ref)).toEqual(['node/1', 'node/2', 'g1']);
  });

  it('folds records of one batch that land on the same stored business', () => {
    const [a, b] = mergeBusinesses([
      raw({ name: 'A', domain: 'a.example', source_ref: '1' }),
      raw({ name: 'B', phone: '+4930123456', source_ref: '2' }),
    ]);
    if (!a || !b) throw new Error('two records expected');
    // Both records carry a key of the stored business (found by an earlier batch through each of them).
    const stored = new Map([
      [a.dedupe_key, a.dedupe_key],
      [b.match_keys[0] ?? '', a.dedupe_key],
    ]);
    const linked = linkToStored([a, b], stored);
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ dedupe_key: a.dedupe_key, phone: '+4930123456' });
    expect(linked[0]?.sources.map((s) => s.source_ref)).toEqual(['1', '2']);
  });
});

describe('GET /user/session/:id/results', () => {
  let sessionId: string;

  beforeAll(async () => {
    const target = await sessionWithRun(admin);
    sessionId = target.sessionId;
    const records = mergeBusinesses([
      raw({
        name: 'Alpha Dental',
        domain: 'alpha.example',
        city: 'Leeds',
        category: 'dentist',
        rating: 4.8,
        review_count: 120,
      }),
      raw({
        name: 'Beta Plumbing',
        domain: 'beta.example',
        city: 'York',
        category: 'plumber',
        rating: 3.9,
        review_count: 12,
      }),
      raw({
        name: 'Gamma Dental',
        domain: 'gamma.example',
        city: 'Leeds',
        category: 'dentist',
        rating: null,
      }),
      raw({
        name: 'Delta Bakery',
        domain: 'delta.example',
        city: 'Hull',
        category: 'bakery',
        rating: 4.2,
        country: 'GB',
      }),
    ]);
    await storeBusinesses(t.database.db, target, records, null);
    // A row of an older run is never shown.
    await storeBusinesses(
      t.database.db,
      { ...target, runId: randomUUID() },
      mergeBusinesses([raw({ name: 'Old Run Ltd', domain: 'old.example' })]),
      null,
    );
    await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: viewer.userId, access: 'view' },
    });
  });

  async function page(query: Record<string, string | number>, user = viewer) {
    return t.call('GET', `/api/user/session/${sessionId}/results`, { token: user.token, query });
  }
  const names = (body: { items: { name: string }[] }) => body.items.map((b) => b.name);

  it('pages the current run (view access may read), default page 0 of 50', async () => {
    const res = await page({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, page: 0, pageSize: 50 });
    expect(res.body.items[0]).toMatchObject({
      session_id: sessionId,
      enrichment_state: 'pending',
      software: [],
    });
    const second = await page({ page: 1, pageSize: 3, sortBy: 'name', sortOrder: 'asc' });
    expect(names(second.body)).toEqual(['Gamma Dental']);
  });

  it('sorts by a field (nulls last) and searches name, domain, city and category', async () => {
    expect(names((await page({ sortBy: 'rating', sortOrder: 'desc' })).body)).toEqual([
      'Alpha Dental',
      'Delta Bakery',
      'Beta Plumbing',
      'Gamma Dental',
    ]);
    expect(names((await page({ search: 'dental', sortBy: 'name', sortOrder: 'asc' })).body)).toEqual([
      'Alpha Dental',
      'Gamma Dental',
    ]);
    expect(names((await page({ search: 'york' })).body)).toEqual(['Beta Plumbing']);
    expect(names((await page({ search: 'beta.ex' })).body)).toEqual(['Beta Plumbing']);
    expect((await page({ search: '100%' })).body.total).toBe(0);
  });

  it('filters: equality, a list, a range, contains, null', async () => {
    const filtered = async (filters: Record<string, unknown>) =>
      names(
        (await page({ filters: encodeFilters(filters as never), sortBy: 'name', sortOrder: 'asc' })).body,
      );
    expect(await filtered({ city: 'Leeds' })).toEqual(['Alpha Dental', 'Gamma Dental']);
    expect(await filtered({ category: ['plumber', 'bakery'] })).toEqual(['Beta Plumbing', 'Delta Bakery']);
    expect(await filtered({ rating: { gte: 4 } })).toEqual(['Alpha Dental', 'Delta Bakery']);
    expect(await filtered({ review_count: { gte: 10, lte: 100 } })).toEqual(['Beta Plumbing']);
    expect(await filtered({ name: { contains: 'dent' } })).toEqual(['Alpha Dental', 'Gamma Dental']);
    expect(await filtered({ rating: null })).toEqual(['Gamma Dental']);
    expect(await filtered({ country: ['GB', null], city: 'Hull' })).toEqual(['Delta Bakery']);
    expect(await filtered({ enrichment_state: 'pending', hiring: null })).toHaveLength(4);
    expect(await filtered({ first_seen_at: { gte: '2000-01-01T00:00:00Z' } })).toHaveLength(4);
  });

  it('answers 400 naming the filter for a bad one, and 404 to another account', async () => {
    const wrongType = await page({ filters: encodeFilters({ rating: 'high' } as never) });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.field).toBe('filters.rating');
    const unknown = await page({ filters: JSON.stringify({ colour: 'red' }) });
    expect(unknown.status).toBe(400);
    const notJson = await page({ filters: '{nope' });
    expect(notJson.status).toBe(400);
    expect((await page({}, other)).status).toBe(404);
  });
});
