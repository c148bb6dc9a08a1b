/**
 * The results map against the real database, on the seeded session of results.fixtures.ts: every business of the
 * selection with coordinates as compact points (the table's search and filters, the current run only), the
 * search area from the run's resolved plan or rebuilt from the input (bbox, radius, cached geocoding), one
 * business by id for the drawer, who may read, and the map's public configuration with its CSP.
 */
import { randomUUID } from 'node:crypto';
import { encodeFilters } from '@argo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { businesses, sessionRuns, sessions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { createGeocodeCache } from '../discovery/geocode-cache.repository';
import { seedResultsSession } from './results.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let sessionId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  ({ t, admin, viewer, outsider, sessionId, ids } = await seedResultsSession());
  // Alpha Dental has coordinates already; Beta and Delta get some, Gamma and the formula row stay without.
  const place = async (name: string, lat: number, lng: number) =>
    t.database.db
      .update(businesses)
      .set({ lat, lng })
      .where(eq(businesses.id, ids[name] as string));
  await place('Beta Plumbing', 53.96, -1.08);
  await place('Delta Bakery', 53.74, -0.33);
});
afterAll(() => t?.close());

const map = (query: Record<string, string> = {}, user: TestUser | null = viewer) =>
  t.call('GET', `/api/user/session/${sessionId}/map`, { ...(user ? { token: user.token } : {}), query });

const setSearch = (input: Record<string, unknown>, plan?: Record<string, unknown>) =>
  Promise.all([
    t.database.db.update(sessions).set({ type: 'search', input }).where(eq(sessions.id, sessionId)),
    t.database.db.execute(sql`delete from ${sessionRuns} where session_id = ${sessionId}::uuid`),
  ]).then(async () => {
    if (!plan) return;
    await t.database.db.insert(sessionRuns).values({
      sessionId,
      runId: randomUUID(),
      mode: 'run',
      token: randomUUID(),
      state: { plan, tiles: [] },
    });
  });

describe('GET /user/session/:id/map', () => {
  it('answers every business of the current run with coordinates as [id, name, lat, lng, tier]', async () => {
    const res = await map();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    const sorted = [...res.body.points].sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(sorted).toEqual([
      [ids['Alpha Dental'], 'Alpha Dental', 53.8, -1.55, 'A'],
      [ids['Beta Plumbing'], 'Beta Plumbing', 53.96, -1.08, 'C'],
      [ids['Delta Bakery'], 'Delta Bakery', 53.74, -0.33, 'B'],
    ]);
  });

  it('selects with the results call’s own search and filters', async () => {
    const byTier = await map({ filters: encodeFilters({ icp_tier: ['A', 'B'] }) });
    expect(byTier.status).toBe(200);
    expect(byTier.body.total).toBe(2);
    expect(byTier.body.points.map((p: unknown[]) => p[1]).sort()).toEqual(['Alpha Dental', 'Delta Bakery']);
    // Gamma Dental matches the search but has no coordinates: counted, not placed.
    const searched = await map({ search: 'dental' });
    expect(searched.body.total).toBe(2);
    expect(searched.body.points.map((p: unknown[]) => p[1])).toEqual(['Alpha Dental']);
    const none = await map({ filters: encodeFilters({ city: 'Nowhere' }) });
    expect(none.body).toMatchObject({ total: 0, points: [] });
  });

  it('refuses a bad filter with a 400 naming it, as the results call does', async () => {
    const res = await map({ filters: encodeFilters({ icp_score: { gte: 'high' } }) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('filters.icp_score: must be a number');
    const unknown = await map({ filters: '{"colour":"red"}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('unknown filter field "colour"');
  });

  it('is read by the owner and a view share; another account finds nothing; no token is a 401', async () => {
    expect((await map({}, admin)).status).toBe(200);
    expect((await map({}, outsider)).status).toBe(404);
    expect((await map({}, null)).status).toBe(401);
  });

  it('draws no area for a session whose input names no place (the seeded one)', async () => {
    expect((await map()).body.area).toBeNull();
  });

  it('draws the area the search run resolved, while its run row holds it', async () => {
    await setSearch(
      { query: 'dentist', location: 'Leeds', limit: 100, sources: ['osm'] },
      {
        bbox: [53.7, -1.7, 53.95, -1.3],
        center: { lat: 53.8, lng: -1.55 },
        radius_km: null,
        country: 'GB',
        display_name: 'Leeds, West Yorkshire',
      },
    );
    expect((await map()).body.area).toEqual({
      bbox: [53.7, -1.7, 53.95, -1.3],
      center: { lat: 53.8, lng: -1.55 },
      radius_km: null,
      label: 'Leeds, West Yorkshire',
    });
  });

  it('rebuilds the area from the input once the run row moved on: a bbox with a radius is a circle', async () => {
    await setSearch({ query: 'dentist', bbox: [53.7, -1.7, 53.9, -1.4], radius_km: 5, limit: 100 });
    const { area } = (await map()).body;
    expect(area.radius_km).toBe(5);
    expect(area.center.lat).toBeCloseTo(53.8, 5);
    expect(area.center.lng).toBeCloseTo(-1.55, 5);
    expect(area.label).toBeNull();
    // The box around the circle: 5 km north and south of the centre.
    expect(area.bbox[2] - area.bbox[0]).toBeCloseTo(10 / 111.2, 2);
  });

  it('rebuilds a location from the geocoding the discovery cached, and asks nobody when it is not cached', async () => {
    await setSearch({ query: 'dentist', location: 'Mapville', limit: 100 });
    expect((await map()).body.area).toBeNull();
    await createGeocodeCache(t.database.db).set('search:mapville', {
      bbox: [50, 10, 50.2, 10.3],
      center: { lat: 50.1, lng: 10.15 },
      countryCode: 'DE',
      displayName: 'Mapville, Germany',
    });
    expect((await map()).body.area).toEqual({
      bbox: [50, 10, 50.2, 10.3],
      center: { lat: 50.1, lng: 10.15 },
      radius_km: null,
      label: 'Mapville, Germany',
    });
  });
});

describe('GET /user/session/:id/businesses/:business_id', () => {
  const business = (id: string, user: TestUser = viewer, session = sessionId) =>
    t.call('GET', `/api/user/session/${session}/businesses/${id}`, { token: user.token });

  it('answers a business of the current run with its stored enrichment results', async () => {
    const res = await business(ids['Alpha Dental'] as string);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Alpha Dental');
    expect(res.body.software.map((s: { name: string }) => s.name)).toEqual(['WordPress', 'Stripe']);
    expect(res.body.details.careers.roles).toHaveLength(2);
  });

  it('finds no business of an older run, of another session, or for another account', async () => {
    const [old] = await t.database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.name, 'Old Run Ltd'));
    const stale = await business(old?.id as string);
    expect(stale.status).toBe(404);
    expect(stale.body.error.message).toBe('Business was not found.');
    expect((await business(randomUUID())).status).toBe(404);
    expect((await business(ids['Alpha Dental'] as string, outsider)).status).toBe(404);
    const bad = await business('not-a-uuid');
    expect(bad.status).toBe(400);
  });
});

describe('the map configuration', () => {
  it('publishes OpenStreetMap’s tiles and attribution by default, and the CSP allows exactly their origin', async () => {
    const res = await t.call('GET', '/api/config');
    expect(res.body.map).toEqual({
      tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attribution_url: 'https://www.openstreetmap.org/copyright',
      max_zoom: 19,
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
  });
});
