/**
 * Corrections kept (PUT /user/session/:id/businesses/:business_id, on the real database): through the next
 * enrichment, which crawls the corrected website (a local server's: the API runs with CRAWL_ALLOW_HOSTS=127.0.0.1)
 * and stores new results; through a later merge of a duplicate, cleared fields too; and through a run of the
 * session again from the start, which stores its businesses anew.
 */

import { mergeBusinesses } from '@argo/engine';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { isFinished, multipart, waitForInfo } from '../../../test/workers';
import { enrichmentResults, sessions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { storeBusinesses } from './businesses.repository';
import { type CorrectionsApp, OLD, raw, startCorrectionsApp } from './corrections.fixtures';

let api: CorrectionsApp;
let t: TestApp;
let admin: TestUser;
let editor: TestUser;

beforeAll(async () => {
  api = await startCorrectionsApp();
  ({ t, admin, editor } = api);
}, 60_000);
afterAll(() => api?.close());

describe('PUT /user/session/:id/businesses/:business_id', () => {
  it('keeps the corrections when the next enrichment crawls the corrected website and stores new results', async () => {
    const { sessionId, businessId } = await api.seed(
      raw({
        name: 'Old Bakery',
        website: api.siteUrl('/site-1/'),
        email: 'old@bakery.example',
        city: 'Leeds',
      }),
    );
    const first = await t.call('POST', '/api/enrichment/ai_summary', {
      token: admin.token,
      body: { session_id: sessionId },
    });
    expect(first.status).toBe(202);
    await waitForInfo(t, admin.token, sessionId, isFinished, 60_000);
    expect((await api.drawer(admin, sessionId, businessId)).enrichment_state).toBe('done');

    const res = await api.correct(editor, sessionId, businessId, {
      name: 'Sonne Bakery',
      website: api.siteUrl('/site-2/'),
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

    const shown = await api.drawer(admin, sessionId, businessId);
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
      website: api.siteUrl('/site-2/'),
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
    const { sessionId, businessId, target } = await api.seed();
    const res = await api.correct(editor, sessionId, businessId, {
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
    const shown = await api.drawer(admin, sessionId, businessId);
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
    const corrected = await api.correct(editor, sessionId, mill.id, {
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
    const shown = await api.drawer(admin, sessionId, renamed.id);
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
    expect((await api.drawer(admin, sessionId, corner.id)).corrections ?? []).toEqual([]);
  });
});
