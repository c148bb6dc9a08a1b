/**
 * Enrichment of "all businesses matching the filters": POST /enrichment/run with `matching`
 * instead of business_ids covers exactly the businesses the results call selects with the same search and filters
 * (chosen by PostgreSQL when the run is queued), runs to the end with the real worker, and leaves the rest alone.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema';
import { admin, member, results, runToEnd, seedSession, t, useEnrichmentApp } from './enrichment.fixtures';

useEnrichmentApp();

const run = (body: Record<string, unknown>, token = admin.token) =>
  t.call('POST', '/api/enrichment/run', { token, body: { types: ['software_detection'], ...body } });

describe('POST /enrichment/run with matching', () => {
  it('enriches every business the search and filters select, and only those', async () => {
    const cities = ['Leeds', 'Leeds', 'York', 'Leeds', 'Hull', 'York'];
    const { sessionId, ids } = await seedSession(
      admin,
      cities.map((city, i) => ({ name: `${city} Shop ${i}`, website: null, city })),
    );
    // A closed Leeds business: left out, as the export leaves it out, unless the filters ask for closed ones.
    await t.database.db
      .update(businesses)
      .set({ isClosed: true })
      .where(eq(businesses.id, ids['Leeds Shop 3'] ?? ''));
    const matching = { filters: { city: 'Leeds' }, search: 'shop' };
    const listed = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { filters: JSON.stringify({ ...matching.filters, is_closed: false }), search: 'shop' },
    });
    expect(listed.body.total).toBe(2);

    const info = await runToEnd(admin, 'run', {
      session_id: sessionId,
      types: ['software_detection'],
      matching,
    });
    expect(info.status).toBe('completed');
    expect(info.progress.total).toBe(2);
    const states = Object.fromEntries(
      Object.entries(await results(admin, sessionId)).map(([name, b]) => [name, b.enrichment_state]),
    );
    // No website: the matched ones are skipped by the run; the others were never touched.
    expect(states).toEqual({
      'Leeds Shop 0': 'skipped',
      'Leeds Shop 1': 'skipped',
      'York Shop 2': 'pending',
      'Leeds Shop 3': 'pending',
      'Hull Shop 4': 'pending',
      'York Shop 5': 'pending',
    });
    // The ids were chosen in the database and stored once, beside the run's cursor.
    const stored = await t.database.db.execute<{ n: number }>(
      sql`select cardinality(scope_ids) as n from session_runs where session_id = ${sessionId}::uuid`,
    );
    expect(stored.rows[0]?.n).toBe(3);

    // Asking for closed ones through the filters takes them in.
    const closed = await runToEnd(admin, 'run', {
      session_id: sessionId,
      types: ['software_detection'],
      matching: { filters: { city: 'Leeds', is_closed: true } },
    });
    expect(closed.progress.total).toBe(1);
    expect((await results(admin, sessionId))['Leeds Shop 3'].enrichment_state).toBe('skipped');
  }, 60_000);

  it('answers 400 saying what to fix, and 403 for a view share', async () => {
    const { sessionId, ids } = await seedSession(admin, [{ name: 'One', website: null, city: 'Leeds' }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ matching: { filters: { city: 'Nowhere' } } }, 'matching: no business of this session matches'],
      [{ matching: { filters: { colour: 'red' } } }, 'unknown filter field "colour"'],
      [{ matching: { filters: { rating: 'high' } } }, 'filters.rating: must be a number'],
      [{ matching: {}, business_ids: [ids.One] }, 'give business_ids or matching, not both'],
      [{ matching: {}, only_failed: true }, 'only_failed: with matching, filter on enrichment_state'],
      [{ matching: { sort: 'name' } }, 'unknown matching key "sort"'],
    ];
    for (const [body, message] of cases) {
      const res = await run({ session_id: sessionId, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: member.userId, access: 'view' },
    });
    const viewer = await run({ session_id: sessionId, matching: {} }, member.token);
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.message).toContain('ask its owner for edit access');
  });
});
