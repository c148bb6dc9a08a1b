/**
 * Test helpers shared by the get-started tests: the app under test beside a local Overpass + Nominatim that knows
 * Halle (Saale) and nothing else (started and closed by useGetStartedApp()), browser tokens, the example venture,
 * one client address per call, and the preview as the API answers it and as PostgreSQL stores it.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  type Dataset,
  extentOf,
  type FakeOsm,
  hasOsmFixtures,
  OSM_FIXTURES,
  readOverpass,
  startFakeOsm,
} from '../../../test/osm-server';
import { anonymousPreviews } from '../../db/schema/get-started';
import { hashAnonymousToken } from './get-started.service';

/** The app of the calling test file and its fake OpenStreetMap (set by useGetStartedApp's beforeAll). */
export let t: TestApp;
export let osm: FakeOsm;
export const halle = hasOsmFixtures ? readOverpass(OSM_FIXTURES.halle).elements : [];

/** Starts the fake OpenStreetMap and the app before the file's tests, closes both after them. */
export function useGetStartedApp(): void {
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
}

/** Replaces the fake OpenStreetMap (after a test closed it) with one that serves these datasets. */
export async function restartFakeOsm(datasets: Dataset[]): Promise<void> {
  osm = await startFakeOsm(datasets);
}

/** A browser's argo-token: a random id, as the web app makes it. */
export const newToken = () => randomBytes(18).toString('base64url');

export const venture = {
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

export async function preview(token: string, body: unknown = { venture }, ip = nextIp()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/get-started/preview',
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function storedPreview(token: string) {
  const [row] = await t.database.db
    .select()
    .from(anonymousPreviews)
    .where(eq(anonymousPreviews.tokenHash, hashAnonymousToken(token)));
  return row;
}
