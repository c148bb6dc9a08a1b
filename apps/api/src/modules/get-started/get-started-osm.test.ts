/**
 * The preview searches OpenStreetMap (a local Overpass + Nominatim serving the Halle (Saale) snapshot): it answers
 * at most 10 matching businesses from the venture's first industry and location, asked with Argo's user agent; a
 * claimed preview with businesses becomes a draft search session of the new venture; and a search service that
 * does not answer gives an empty preview, not an error. Skipped when the OSM fixtures are missing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/app';
import { hasOsmFixtures } from '../../../test/osm-server';
import { sessions } from '../../db/schema/sessions';
import { halle, newToken, osm, preview, restartFakeOsm, t, useGetStartedApp } from './get-started.fixtures';
import { NO_BUSINESSES_MESSAGE } from './get-started.mapper';

useGetStartedApp();

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
      await restartFakeOsm([]);
    }
  }, 60_000);
});
