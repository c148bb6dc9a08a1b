/**
 * Correcting a business's fields (PUT /user/session/:id/businesses/:business_id) on the real database: the fields
 * as the import reads them, who corrected each and when, a corrected website enrichable at once and crawled by the
 * next enrichment, the corrections kept through that enrichment and through a later merge of a duplicate, the
 * access rules (view share 403, another organisation 404) and a 400 naming the field for each bad value. The API
 * runs with CRAWL_ALLOW_HOSTS=127.0.0.1, so the sites of a local server are websites.
 */

import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { mergeBusinesses, type RawBusiness } from '@argo/engine';
import { type LocalServer, startServer } from '@argo/engine/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, multipart, startWorker, waitForInfo } from '../../../test/workers';
import { businessCorrections, businesses, enrichmentResults, sessions } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';
import { storeBusinesses } from './businesses.repository';

let t: TestApp;
let worker: JobQueue;
let site: LocalServer;
let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;
let other: TestUser;

/** Two small sites on 127.0.0.1, each naming its own address and number. */
const PAGES: Record<string, string> = {
  '/site-1/': `<html><head><title>Old Bakery</title></head><body><h1>Old Bakery</h1>
    <p>We bake bread in Leeds since 1990.</p><p>Mail old@bakery.example or call +44 113 496 0000.</p></body></html>`,
  '/site-2/': `<html><head><title>Sonne Bakery</title></head><body><h1>Sonne Bakery</h1>
    <p>Sourdough and pastries baked every morning in York.</p>
    <p>Write to hello@sonne.example or call +44 1904 496 111.</p></body></html>`,
};

function serve(path: string, res: ServerResponse) {
  const page = PAGES[path];
  if (!page) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
}

beforeAll(async () => {
  site = await startServer((req, res) => serve(new URL(req.url ?? '/', 'http://x').pathname, res));
  t = await createTestApp({ CRAWL_ALLOW_HOSTS: '127.0.0.1' });
  worker = await startWorker(
    t,
    {},
    { enrichment: { fetcher: { allowAddresses: ['127.0.0.1'], retries: 0 } } },
  );
  admin = await createAdmin(t);
  [editor, viewer] = await Promise.all([addUser(t, admin), addUser(t, admin)]);
  other = await createAdmin(t, 'Other Org');
  // The name a correction is shown under.
  await t.database.db.execute(sql`update users set name = 'Edith Editor' where id = ${editor.userId}::uuid`);
}, 60_000);
afterAll(async () => {
  await worker?.stop({ graceful: false });
  await t?.close();
  await site?.close();
});

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
  source: 'import',
  source_ref: null,
  rating: null,
  review_count: null,
  ...fields,
});

const OLD = raw({
  name: 'Old Bakery',
  website: 'https://old-bakery.example/',
  domain: 'old-bakery.example',
  email: 'info@old-bakery.example',
  phone: '+441134960000',
  address: '1 Mill Lane',
  city: 'Leeds',
  country: 'GB',
});

/** A completed session of the admin with one business stored as a discovery stores it, shared with the others. */
async function seed(record: RawBusiness = OLD) {
  const sessionId = await createSession(t, admin, { name: `Bakeries ${randomUUID().slice(0, 6)}` });
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  const target = { accountId: admin.accountId, sessionId, runId };
  const [stored] = await t.database.db.transaction((tx) =>
    storeBusinesses(tx, target, mergeBusinesses([record]), null),
  );
  const [row] = await t.database.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.sessionId, sessionId), eq(businesses.dedupeKey, stored?.dedupe_key as string)));
  for (const [user, access] of [
    [editor, 'edit'],
    [viewer, 'view'],
  ] as const) {
    const shared = await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: user.userId, access },
    });
    expect(shared.status).toBe(200);
  }
  return { sessionId, businessId: row?.id as string, target };
}

const correct = (user: TestUser, sessionId: string, businessId: string, body: Record<string, unknown>) =>
  t.call('PUT', `/api/user/session/${sessionId}/businesses/${businessId}`, { token: user.token, body });

const drawer = async (user: TestUser, sessionId: string, businessId: string) => {
  const res = await t.call('GET', `/api/user/session/${sessionId}/businesses/${businessId}`, {
    token: user.token,
  });
  expect(res.status).toBe(200);
  return res.body;
};

const siteUrl = (path: string) => `http://127.0.0.1:${site.port}${path}`;

describe('PUT /user/session/:id/businesses/:business_id', () => {
  it('corrects the fields as the import reads them, with who corrected each and when', async () => {
    const { sessionId, businessId } = await seed();
    const before = Date.now();
    const res = await correct(editor, sessionId, businessId, {
      name: '  Sonne   Bakery ',
      website: siteUrl('/site-2/'),
      phone: '01904 496111',
      email: ' Hello@Sonne.Example ',
      address: '2  Market Street',
      postal_code: 'YO1 7HH',
      city: 'York',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: businessId,
      name: 'Sonne Bakery',
      website: siteUrl('/site-2/'),
      domain: '127.0.0.1',
      phone: '+441904496111',
      email: 'hello@sonne.example',
      address: '2 Market Street',
      postal_code: 'YO1 7HH',
      city: 'York',
      country: 'GB',
      // A corrected website is enrichable at once.
      enrichment_state: 'pending',
    });
    // The corrected website and number lead; the old ones stay known.
    expect(res.body.websites).toEqual([siteUrl('/site-2/'), 'https://old-bakery.example/']);
    expect(res.body.phones).toEqual(['+441904496111', '+441134960000']);
    const corrections = res.body.corrections as {
      field: string;
      corrected_by: unknown;
      corrected_at: string;
    }[];
    expect(corrections.map((c) => c.field).sort()).toEqual(
      ['address', 'city', 'email', 'name', 'phone', 'postal_code', 'website'].sort(),
    );
    for (const c of corrections) {
      expect(c.corrected_by).toEqual({ id: editor.userId, name: 'Edith Editor' });
      expect(Date.parse(c.corrected_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(c.corrected_at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // The drawer reads the same, for every user who may see the session.
    const shown = await drawer(viewer, sessionId, businessId);
    expect(shown.name).toBe('Sonne Bakery');
    expect(shown.corrections).toHaveLength(7);

    // A later correction of a field replaces its who and when; a cleared field stays cleared.
    const again = await correct(admin, sessionId, businessId, { email: '', country: 'Germany' });
    expect(again.status).toBe(200);
    expect(again.body.email).toBeNull();
    expect(again.body.country).toBe('DE');
    const byField = Object.fromEntries(
      (again.body.corrections as { field: string; corrected_by: { id: string } }[]).map((c) => [c.field, c]),
    );
    expect(byField.email?.corrected_by.id).toBe(admin.userId);
    expect(byField.name?.corrected_by.id).toBe(editor.userId);
    const stored = await t.database.db
      .select()
      .from(businessCorrections)
      .where(eq(businessCorrections.businessId, businessId));
    expect(stored).toHaveLength(8);
  });

  it('keeps the corrections when the next enrichment crawls the corrected website and stores new results', async () => {
    const { sessionId, businessId } = await seed(
      raw({ name: 'Old Bakery', website: siteUrl('/site-1/'), email: 'old@bakery.example', city: 'Leeds' }),
    );
    const first = await t.call('POST', '/api/enrichment/ai_summary', {
      token: admin.token,
      body: { session_id: sessionId },
    });
    expect(first.status).toBe(202);
    await waitForInfo(t, admin.token, sessionId, isFinished, 60_000);
    expect((await drawer(admin, sessionId, businessId)).enrichment_state).toBe('done');

    const res = await correct(editor, sessionId, businessId, {
      name: 'Sonne Bakery',
      website: siteUrl('/site-2/'),
      email: 'orders@sonne.example',
      phone: '+44 1904 000 222',
    });
    expect(res.status).toBe(200);
    expect(res.body.enrichment_state).toBe('pending');

    // "Enrich now" on this business: the existing call, scoped to it.
    const again = await t.call('POST', '/api/enrichment/ai_summary', {
      token: editor.token,
      body: { session_id: sessionId, business_ids: [businessId] },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    await waitForInfo(t, admin.token, sessionId, isFinished, 60_000);

    const shown = await drawer(admin, sessionId, businessId);
    expect(shown.enrichment_state).toBe('done');
    // The new results are the corrected site's…
    const [result] = await t.database.db
      .select()
      .from(enrichmentResults)
      .where(and(eq(enrichmentResults.businessId, businessId), eq(enrichmentResults.type, 'ai_summary')));
    expect(result?.sourceUrl).toContain('/site-2/');
    // The site gives another number: the table shows it as the website's, beside the corrected one.
    expect(shown.website_phone).toBe('+441904496111');
    expect(shown.industry).toBe('Food & beverages');
    // …and the corrected fields are as the user wrote them.
    expect(shown).toMatchObject({
      name: 'Sonne Bakery',
      website: siteUrl('/site-2/'),
      email: 'orders@sonne.example',
      phone: '+441904000222',
    });
    expect(shown.corrections.map((c: { field: string }) => c.field).sort()).toEqual([
      'email',
      'name',
      'phone',
      'website',
    ]);
  });

  it('keeps the corrections, cleared ones too, when a duplicate is merged into the business later', async () => {
    const { sessionId, businessId, target } = await seed();
    const res = await correct(editor, sessionId, businessId, {
      website: 'https://sonne-bakery.co.uk',
      email: null,
      phone: '+44 1904 496 111',
      city: null,
    });
    expect(res.status).toBe(200);
    // The same business again from another source (same dedupe key), with its old values and a category.
    await t.database.db.transaction((tx) =>
      storeBusinesses(tx, target, mergeBusinesses([{ ...OLD, source: 'osm', category: 'bakery' }]), null),
    );
    const shown = await drawer(admin, sessionId, businessId);
    expect(shown).toMatchObject({
      website: 'https://sonne-bakery.co.uk/',
      domain: 'sonne-bakery.co.uk',
      email: null,
      phone: '+441904496111',
      city: null,
      // Fields nobody corrected are still filled by the merge.
      category: 'bakery',
      address: '1 Mill Lane',
    });
    expect(shown.sources.map((s: { source: string }) => s.source).sort()).toEqual(['import', 'osm']);
  });

  it('keeps the corrections when the session is run again from the start', async () => {
    const csv = `Name,Website,Phone\nMill Bakery,https://mill-bakery.example,+44 113 496 0000\nCorner Cafe,https://corner-cafe.example,\n`;
    const form = multipart({ name: 'Restarted' }, { name: 'restarted.csv', data: csv });
    const uploaded = await t.call('POST', '/api/discovery/import', {
      token: admin.token,
      body: form.body,
      headers: form.headers,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const sessionId: string = uploaded.body.session.id;
    const queued = await t.call('POST', `/api/discovery/import/${sessionId}/mapping`, {
      token: admin.token,
      body: { mapping: uploaded.body.mapping },
    });
    expect(queued.status).toBe(202);
    expect(await waitForInfo(t, admin.token, sessionId, isFinished, 60_000)).toMatchObject({
      status: 'completed',
    });
    const shared = await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: editor.userId, access: 'edit' },
    });
    expect(shared.status).toBe(200);
    const listed = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { sortBy: 'name', sortOrder: 'asc' },
    });
    const mill = listed.body.items.find((b: { name: string }) => b.name === 'Mill Bakery');
    const corrected = await correct(editor, sessionId, mill.id, {
      name: 'Mill Bakery & Sons',
      website: 'https://millbakery.co.uk',
      phone: null,
      email: 'orders@millbakery.co.uk',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);

    const restarted = await t.call('POST', `/api/users/sessions/${sessionId}/restart`, {
      token: admin.token,
    });
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    const oldRun = (
      await t.database.db.select({ runId: sessions.runId }).from(sessions).where(eq(sessions.id, sessionId))
    )[0]?.runId;
    await expect
      .poll(async () => (await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0], {
        timeout: 60_000,
        interval: 200,
      })
      .toMatchObject({ status: 'completed' });
    const [now] = await t.database.db
      .select({ runId: sessions.runId })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    expect(now?.runId).not.toBe(oldRun);

    const again = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { sortBy: 'name', sortOrder: 'asc' },
    });
    expect(again.body.items.map((b: { name: string }) => b.name)).toEqual([
      'Corner Cafe',
      'Mill Bakery & Sons',
    ]);
    const renamed = again.body.items.find((b: { name: string }) => b.name === 'Mill Bakery & Sons');
    expect(renamed.id).not.toBe(mill.id);
    const shown = await drawer(admin, sessionId, renamed.id);
    expect(shown).toMatchObject({
      name: 'Mill Bakery & Sons',
      website: 'https://millbakery.co.uk/',
      domain: 'millbakery.co.uk',
      phone: null,
      email: 'orders@millbakery.co.uk',
    });
    expect(shown.websites[0]).toBe('https://millbakery.co.uk/');
    expect(
      shown.corrections
        .map((c: { field: string; corrected_by: { name: string } }) => [c.field, c.corrected_by.name])
        .sort(),
    ).toEqual([
      ['email', 'Edith Editor'],
      ['name', 'Edith Editor'],
      ['phone', 'Edith Editor'],
      ['website', 'Edith Editor'],
    ]);
    // The business nobody corrected is as the file says.
    const corner = again.body.items.find((b: { name: string }) => b.name === 'Corner Cafe');
    expect((await drawer(admin, sessionId, corner.id)).corrections ?? []).toEqual([]);
  });

  it('answers a view share 403 and another organisation 404, and changes nothing', async () => {
    const { sessionId, businessId } = await seed();
    const viewed = await correct(viewer, sessionId, businessId, { name: 'Renamed' });
    expect(viewed.status).toBe(403);
    expect(viewed.body.error.message).toMatch(/view access/);
    const outside = await correct(other, sessionId, businessId, { name: 'Renamed' });
    expect(outside.status).toBe(404);
    // A business of another session (of the same account) is not this session's.
    const elsewhere = await seed();
    const mixed = await correct(admin, elsewhere.sessionId, businessId, { name: 'Renamed' });
    expect(mixed.status).toBe(404);
    expect(mixed.body.error.message).toBe('Business was not found.');
    expect((await drawer(admin, sessionId, businessId)).name).toBe('Old Bakery');
  });

  it.each([
    [{ website: 'htp:/not a url' }, 'website', /not a web address.*https:\/\/example\.com/],
    [{ website: 'http://10.9.9.9/' }, 'website', /CRAWL_ALLOW_HOSTS/],
    [{ website: 'https://www.facebook.com/oldbakery' }, 'website', /social network/],
    [{ phone: 'call us' }, 'phone', /not a phone number.*\+44/],
    [{ email: 'old bakery' }, 'email', /not an email address.*info@example\.com/],
    [{ country: 'Narnia' }, 'country', /two-letter code/],
    [{ name: '' }, 'name', /must not be empty/],
    [{ name: '!!!' }, 'name', /letters or digits/],
    [{ region: 'Yorkshire' }, null, /unknown field "region"/],
    [{}, null, /at least one field/],
  ])('refuses %j with a 400 naming the field', async (body, field, message) => {
    const { sessionId, businessId } = await seed();
    const res = await correct(editor, sessionId, businessId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    if (field) expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toMatch(message);
    const shown = await drawer(admin, sessionId, businessId);
    expect(shown.corrections).toBeUndefined();
    expect(shown.website).toBe('https://old-bakery.example/');
  });
});

describe('a CSV of websites on addresses CRAWL_ALLOW_HOSTS allows', () => {
  it('maps the "Website" column by itself and imports every row with its website', async () => {
    const csv = `Name,Website\nSite One,${siteUrl('/site-1/')}\nSite Two,${siteUrl('/site-2/')}\n`;
    const form = multipart({ name: 'Local sites' }, { name: 'local-sites.csv', data: csv });
    const uploaded = await t.call('POST', '/api/discovery/import', {
      token: admin.token,
      body: form.body,
      headers: form.headers,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.mapping).toMatchObject({ name: 'Name', website: 'Website' });
    const sessionId: string = uploaded.body.session.id;
    const queued = await t.call('POST', `/api/discovery/import/${sessionId}/mapping`, {
      token: admin.token,
      body: { mapping: uploaded.body.mapping },
    });
    expect(queued.status).toBe(202);
    const info = await waitForInfo(t, admin.token, sessionId, isFinished, 60_000);
    expect(info).toMatchObject({ status: 'completed', rejected_count: 0 });
    expect(JSON.stringify(info)).not.toContain('could not be read');
    const page = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { sortBy: 'name', sortOrder: 'asc' },
    });
    expect(page.body.items.map((b: { name: string; website: string }) => [b.name, b.website])).toEqual([
      ['Site One', siteUrl('/site-1/')],
      ['Site Two', siteUrl('/site-2/')],
    ]);
  });
});

describe('venture websites on addresses CRAWL_ALLOW_HOSTS allows', () => {
  it('takes an allowed address and refuses one it does not allow', async () => {
    const ok = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'Intranet tool', website: siteUrl('/site-1/') },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.website).toBe(siteUrl('/site-1/'));
    const refused = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'Elsewhere', website: 'http://10.9.9.9/' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('website');
  });
});
