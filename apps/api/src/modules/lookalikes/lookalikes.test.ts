import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestUser } from '../access/access.fixtures';
import { type LookalikeWorld, seedLookalikeWorld } from './lookalikes.fixtures';

let t: TestApp;
let w: LookalikeWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await seedLookalikeWorld(t);
});
afterAll(() => t?.close());

const rank = (user: TestUser, body: Record<string, unknown>) =>
  t.call('POST', '/api/user/lookalikes', { token: user.token, body });
const setSeeds = (user: TestUser, sessionId: string, body: Record<string, unknown>) =>
  t.call('PUT', `/api/user/session/${sessionId}/lookalike-seeds`, { token: user.token, body });
const names = (body: { items: { business: { name: string } }[] }) => body.items.map((i) => i.business.name);

describe('POST /user/lookalikes', () => {
  it('ranks the session against selected businesses, best first, explained, seeds left out', async () => {
    const res = await rank(w.viewer, {
      seeds: { business_ids: [w.ids['Weinhaus Mayer'], w.ids['Vinothek am Markt']] },
      session_id: w.sessionId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res.body).slice(0, 2)).toEqual(expect.arrayContaining(['Weinkeller Roth', 'Weinladen Süd']));
    expect(names(res.body)).not.toContain('Weinhaus Mayer');
    expect(res.body.total).toBe(6);
    const [best] = res.body.items;
    expect(best.business.name).toBe('Weinkeller Roth');
    expect(best.score).toBeGreaterThan(0.8);
    expect(best.explanation).toContain('uses Shopware and Klarna Checkout');
    expect(best.reasons).toContain('wine shop, as 100% of the seeds are');
    const large = res.body.items.find(
      (i: { business: { name: string } }) => i.business.name === 'Weinladen Süd',
    );
    expect(large.differences).toContain('larger: about 400 staff against 12');
    const scores = res.body.items.map((i: { score: number }) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(res.body.proposal).toMatchObject({ query: 'wine shop', location: 'Würzburg' });
  });

  it('filters by a minimum score and pages', async () => {
    const seeds = { business_ids: [w.ids['Weinhaus Mayer']] };
    const high = await rank(w.viewer, { seeds, session_id: w.sessionId, min_score: 0.6 });
    expect(names(high.body).sort()).toEqual(['Vinothek am Markt', 'Weinkeller Roth', 'Weinladen Süd']);
    const second = await rank(w.viewer, { seeds, session_id: w.sessionId, page: 1, page_size: 2 });
    expect(second.body).toMatchObject({ total: 7, page: 1, page_size: 2 });
    expect(second.body.items).toHaveLength(2);
  });

  it("takes a session's tier as the seeds", async () => {
    const res = await rank(w.viewer, { seeds: { tier: 'A' }, session_id: w.sessionId });
    expect(res.status).toBe(200);
    expect(res.body.seeds).toEqual({ count: 2, unmatched: [] });
    expect(names(res.body)[0]).toBe('Weinkeller Roth');
    const none = await rank(w.viewer, { seeds: { tier: 'D' }, session_id: w.sessionId });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('no business of this session is in tier D');
  });

  it('matches a customer list by domain, then name, and says what it could not match', async () => {
    const res = await rank(w.viewer, {
      seeds: { customers: ['https://www.weinhaus-mayer.de/shop', 'VINOTHEK AM MARKT', 'Unknown GmbH'] },
      session_id: w.sessionId,
    });
    expect(res.status).toBe(200);
    expect(res.body.seeds).toEqual({ count: 2, unmatched: ['Unknown GmbH'] });
    const none = await rank(w.viewer, { seeds: { customers: ['Nobody'] } });
    expect(none.status).toBe(400);
    expect(none.body.error.field).toBe('seeds.customers');
  });

  it('takes the customers of competitors, and ranks every session the caller may see when none is named', async () => {
    const res = await rank(w.viewer, { seeds: { competitor_session_id: w.competitorsId } });
    expect(res.status).toBe(200);
    expect(res.body.seeds.count).toBe(2);
    // The viewer sees the shared session (and not the stranger's private one).
    expect(names(res.body).slice(0, 4).sort()).toEqual([
      'Vinothek am Markt',
      'Weinhaus Mayer',
      'Weinkeller Roth',
      'Weinladen Süd',
    ]);
    expect(names(res.body)).not.toContain('Weinstube Geheim');
    const admin = await rank(w.admin, { seeds: { competitor_session_id: w.competitorsId } });
    expect(names(admin.body)).toContain('Weinstube Geheim');
    const notCompetitors = await rank(w.viewer, { seeds: { competitor_session_id: w.sessionId } });
    expect(notCompetitors.status).toBe(400);
    expect(notCompetitors.body.error.message).toContain("no competitors' customers session");
  });

  it('never reads a session or a seed the caller may not see', async () => {
    const privateSeed = await rank(w.viewer, { seeds: { business_ids: [w.ids['Weinstube Geheim']] } });
    expect(privateSeed.status).toBe(400);
    expect(privateSeed.body.error.field).toBe('seeds.business_ids');
    const privateScope = await rank(w.viewer, {
      seeds: { business_ids: [w.ids['Weinhaus Mayer']] },
      session_id: w.privateId,
    });
    expect(privateScope.status).toBe(404);
    const outsider = await rank(w.outsider, {
      seeds: { business_ids: [w.ids['Weinhaus Mayer']] },
      session_id: w.sessionId,
    });
    expect(outsider.status).toBe(404);
    const outsiderTier = await rank(w.outsider, { seeds: { tier: 'A', session_id: w.sessionId } });
    expect(outsiderTier.status).toBe(404);
  });

  it.each([
    [{ seeds: {} }, 'seeds', 'give exactly one of'],
    [{ seeds: { tier: 'A', customers: ['x'] } }, 'seeds', 'give exactly one of'],
    [{ seeds: { tier: 'A' } }, 'seeds.session_id', 'give the session whose tier is meant'],
    [{ seeds: { business_ids: ['nope'] } }, 'seeds.business_ids.0', 'must be a UUID'],
    [{ seeds: { business_ids: [] } }, 'seeds.business_ids', 'at least one'],
    [{ seeds: { tier: 'Z', session_id: '00000000-0000-4000-8000-000000000000' } }, 'seeds.tier', ''],
    [{ seeds: { tier: 'A' }, min_score: 2 }, 'min_score', 'at most 1'],
    [{ seeds: { tier: 'A' }, page_size: 1000 }, 'page_size', 'at most 200'],
    [{ seeds: { tier: 'A' }, colour: 'red' }, '', ''],
  ])('answers 400 for %j', async (body, field, message) => {
    const res = await rank(w.viewer, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    if (field) expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toContain(message);
  });
});

describe('stored features', () => {
  it('are kept per business and built again once the business changed', async () => {
    const seeds = { business_ids: [w.ids['Weinhaus Mayer'], w.ids['Vinothek am Markt']] };
    const before = await rank(w.viewer, { seeds, session_id: w.sessionId });
    expect(names(before.body)[0]).toBe('Weinkeller Roth');
    const stored = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from lookalike_features where business_id = ${w.ids['Weinkeller Roth']}`,
    );
    expect(stored.rows[0]?.n).toBe(1);
    // As an enrichment or a correction does: new facts, a new updated_at.
    await t.database.db.execute(sql`update businesses set category = 'bakery', industry = 'Food & Drink',
      summary = 'Brot und Kuchen.', updated_at = now() where id = ${w.ids['Weinkeller Roth']}`);
    await t.database.db.execute(sql`update enrichment_results set data = data || '{"services": []}'::jsonb
      where business_id = ${w.ids['Weinkeller Roth']} and type = 'ai_summary'`);
    const after = await rank(w.viewer, { seeds, session_id: w.sessionId });
    expect(names(after.body)[0]).toBe('Weinladen Süd');
    const roth = after.body.items.find(
      (i: { business: { name: string } }) => i.business.name === 'Weinkeller Roth',
    );
    expect(roth.differences).toContain('bakery, not wine shop');
    // Put back for the tests that follow.
    await t.database.db.execute(sql`update businesses set category = 'wine shop', industry = 'Retail',
      summary = 'Weine aus Franken und Italien, Weinproben und Lieferung.', updated_at = now()
      where id = ${w.ids['Weinkeller Roth']}`);
  });
});

describe('PUT /user/session/:id/lookalike-seeds and the results', () => {
  const results = (user: TestUser, query: Record<string, string>) =>
    t.call('GET', `/api/user/session/${w.sessionId}/results`, { token: user.token, query });

  it('scores every business of the session, which the results then sort and filter by', async () => {
    const set = await setSeeds(w.editor, w.sessionId, { seeds: { tier: 'A' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      session_id: w.sessionId,
      seed_count: 2,
      scored: 8,
      set_by: w.editor.userId,
    });

    const sorted = await results(w.viewer, { sortBy: 'similarity', sortOrder: 'desc' });
    expect(sorted.status).toBe(200);
    const order = sorted.body.items.map((b: { name: string }) => b.name);
    expect(order.slice(0, 4).sort()).toEqual([
      'Vinothek am Markt',
      'Weinhaus Mayer',
      'Weinkeller Roth',
      'Weinladen Süd',
    ]);

    const similar = await results(w.viewer, { filters: JSON.stringify({ similarity: { gte: 0.6 } }) });
    expect(similar.body.total).toBe(4);
    const bad = await results(w.viewer, { filters: JSON.stringify({ similarity: { gte: 'high' } }) });
    expect(bad.status).toBe(400);
  });

  it('replaces the seeds, and forgets them on DELETE', async () => {
    await setSeeds(w.owner, w.sessionId, { seeds: { business_ids: [w.ids['Bäckerei Brandt']] } });
    const top = await results(w.viewer, { sortBy: 'similarity', sortOrder: 'desc', pageSize: '2' });
    expect(top.body.items.map((b: { name: string }) => b.name).sort()).toEqual([
      'Backstube Klein',
      'Bäckerei Brandt',
    ]);
    const cleared = await t.call('DELETE', `/api/user/session/${w.sessionId}/lookalike-seeds`, {
      token: w.owner.token,
    });
    expect(cleared.status).toBe(204);
    const none = await results(w.viewer, { filters: JSON.stringify({ similarity: { gte: 0 } }) });
    expect(none.body.total).toBe(0);
  });

  it('needs edit access to set or clear, and hides other sessions', async () => {
    const byViewer = await setSeeds(w.viewer, w.sessionId, { seeds: { tier: 'A' } });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error.message).toContain('ask its owner for edit access');
    const clearByViewer = await t.call('DELETE', `/api/user/session/${w.sessionId}/lookalike-seeds`, {
      token: w.viewer.token,
    });
    expect(clearByViewer.status).toBe(403);
    expect((await setSeeds(w.outsider, w.sessionId, { seeds: { tier: 'A' } })).status).toBe(404);
    expect((await setSeeds(w.viewer, w.privateId, { seeds: { tier: 'A' } })).status).toBe(404);
  });
});
