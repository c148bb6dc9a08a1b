/**
 * The results' alphabetical order against the real database: names, cities and categories as sources write them
 * (capitals, accents, lower case) sort with case and accents second, on a plain page, a searched page and in the
 * export alike (migration 0023 builds their indexes in the same collation).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { businesses, sessions } from '../../db/schema';
import { createSession, type TestUser } from '../access/access.fixtures';
import { names, seedResultsSession } from './results.fixtures';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  ({ t, admin } = await seedResultsSession());
});
afterAll(() => t?.close());

describe('GET /user/session/:id/results sorted by text', () => {
  it('sorts names, cities and categories alphabetically: case and accents second, a searched page and the export alike', async () => {
    const other = await createSession(t, admin, { name: 'Mixed case' });
    const runId = randomUUID();
    await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, other));
    // As sources write them: capitals, accents, lower case (a byte order puts AVENUE before Alice's, Ärzte last).
    const rows = [
      ['zeta Cafe', 'zürich', 'cafe'],
      ["Alice's Restaurant", 'Austin', 'Restaurant'],
      ['AVENUE WAREHOUSE MARKET', 'AUSTIN', 'market'],
      ['Ärztehaus am Markt', 'Aachen', 'Doctor'],
      ['The Jerk Shop', 'Tyler', 'restaurant'],
      ['TYLER GREY', 'Zwickau', 'Cafe'],
    ];
    await t.database.db.insert(businesses).values(
      rows.map(([name, city, category], i) => ({
        accountId: admin.accountId,
        sessionId: other,
        runId,
        dedupeKey: `m${i}`,
        source: 'csv',
        name: name as string,
        city: city ?? null,
        category: category ?? null,
      })),
    );
    const sorted = async (sortBy: string, sortOrder: string, extra: Record<string, string> = {}) => {
      const params = new URLSearchParams({ sortBy, sortOrder, pageSize: '50', ...extra });
      const res = await t.call('GET', `/api/user/session/${other}/results?${params}`, { token: admin.token });
      expect(res.status).toBe(200);
      return names(res.body);
    };
    const byName = [
      "Alice's Restaurant",
      'Ärztehaus am Markt',
      'AVENUE WAREHOUSE MARKET',
      'The Jerk Shop',
      'TYLER GREY',
      'zeta Cafe',
    ];
    expect(await sorted('name', 'asc')).toEqual(byName);
    expect(await sorted('name', 'desc')).toEqual([...byName].reverse());
    // A searched page (its matches found first, then sorted) in the same order.
    expect(await sorted('name', 'asc', { search: 'au' })).toEqual(byName.filter((n) => n !== 'zeta Cafe'));
    // Austin before AUSTIN: lower case first where only the case differs.
    expect(await sorted('city', 'asc')).toEqual([
      'Ärztehaus am Markt',
      "Alice's Restaurant",
      'AVENUE WAREHOUSE MARKET',
      'The Jerk Shop',
      'zeta Cafe',
      'TYLER GREY',
    ]);
    expect(await sorted('category', 'asc')).toEqual([
      'zeta Cafe',
      'TYLER GREY',
      'Ärztehaus am Markt',
      'AVENUE WAREHOUSE MARKET',
      'The Jerk Shop',
      "Alice's Restaurant",
    ]);
    // The export writes the rows in the table's order.
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/user/session/${other}/export?sortBy=name&sortOrder=asc&columns=name`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(
      exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1),
    ).toEqual(byName);
  });
});
