/**
 * ICP locations by geography, through the real scoring path: POST /enrichment/icp_analysis on a seeded session,
 * the worker geocoding the venture's locations with a local server speaking Nominatim's protocol (outline,
 * namedetails), the reasons read back from GET results. Each location is asked once (cached in PostgreSQL); a
 * Nominatim that fails leaves the run to match by names, and it still completes.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drawerBusinesses, type TestApp } from '../../../test/app';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import { businesses, sessions } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, createSession, type TestUser } from '../access/access.fixtures';

// Skopje as Nominatim answers it (format=jsonv2, namedetails=1, polygon_geojson=1), its outline simplified.
const SKOPJE = {
  place_id: 1,
  lat: '41.9960924',
  lon: '21.4316495',
  category: 'boundary',
  type: 'administrative',
  addresstype: 'city',
  name: 'Скопје',
  display_name: 'Скопје, Општина Центар, Град Скопје, Скопски Регион, Северна Македонија',
  address: { city: 'Скопје', country: 'Северна Македонија', country_code: 'mk' },
  namedetails: { name: 'Скопје', 'name:en': 'Skopje', 'name:mk': 'Скопје', 'name:sq': 'Shkup' },
  boundingbox: ['41.93', '42.06', '21.30', '21.58'],
  geojson: {
    type: 'Polygon',
    coordinates: [
      [
        [21.3, 41.98],
        [21.38, 42.06],
        [21.52, 42.06],
        [21.58, 41.98],
        [21.5, 41.93],
        [21.36, 41.93],
        [21.3, 41.98],
      ],
    ],
  },
};

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;
let nominatim: Server;
const asked: string[] = [];
let isDown = false;

beforeAll(async () => {
  nominatim = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (isDown) {
      res.statusCode = 503;
      return res.end('{"error":"down"}');
    }
    const wantsArea =
      url.searchParams.get('polygon_geojson') === '1' && url.searchParams.get('namedetails') === '1';
    res.end(JSON.stringify(/skopje/i.test(q) && wantsArea ? [SKOPJE] : []));
  });
  await new Promise<void>((done) => nominatim.listen(0, '127.0.0.1', done));
  const { port } = nominatim.address() as AddressInfo;
  t = await createTestApp();
  worker = await startWorker(
    t,
    { osm: { nominatimUrl: `http://127.0.0.1:${port}`, nominatimIntervalMs: 0, retries: 0 } },
    { enrichment: { geocodeIcpAreas: true } },
  );
  admin = await createAdmin(t);
}, 60_000);

afterAll(async () => {
  await worker?.stop({ graceful: false });
  await t?.close();
  await new Promise((done) => nominatim?.close(done));
});

interface Place {
  name: string;
  city: string | null;
  country?: string;
  postalCode?: string;
  lat?: number;
  lng?: number;
}

/** A venture with these ICP locations and a finished session holding these businesses. */
async function seed(locations: string[], places: Place[]) {
  const venture = await t.call('POST', '/api/ventures/create', {
    token: admin.token,
    body: { name: `Places ${randomUUID().slice(0, 6)}`, icp: { locations } },
  });
  expect(venture.status, JSON.stringify(venture.body)).toBe(201);
  const sessionId = await createSession(t, admin, { venture_id: venture.body.venture_id ?? venture.body.id });
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  await t.database.db.insert(businesses).values(
    places.map((p, i) => ({
      accountId: admin.accountId,
      sessionId,
      runId,
      dedupeKey: `k${i}`,
      name: p.name,
      city: p.city,
      country: p.country ?? null,
      postalCode: p.postalCode ?? null,
      lat: p.lat ?? null,
      lng: p.lng ?? null,
      source: 'osm',
    })),
  );
  return sessionId;
}

/** Runs icp_analysis to its end and answers each business's locations reason by name. */
async function scoreLocations(sessionId: string) {
  const started = await t.call('POST', '/api/enrichment/icp_analysis', {
    token: admin.token,
    body: { session_id: sessionId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const info = await waitForInfo(t, admin.token, sessionId, isFinished, 60_000);
  expect(info.status).toBe('completed');
  const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
    token: admin.token,
    query: { pageSize: 100 },
  });
  expect(res.status).toBe(200);
  type Reason = { criterion: string; matched: boolean; evidence: string };
  const shown = await drawerBusinesses(t, admin.token, sessionId, res.body.items);
  return Object.fromEntries(
    shown.map((b: { name: string; icp_score: number; details: { icp_reasons: Reason[] } }) => [
      b.name,
      { score: b.icp_score, reason: b.details.icp_reasons.find((r) => r.criterion === 'locations') },
    ]),
  ) as Record<string, { score: number; reason: Reason | undefined }>;
}

describe('ICP locations by the geocoded area', () => {
  it('scores a Cyrillic city, a suburb by its coordinates and a place without coordinates by its names inside "Skopje"; not Tetovo', async () => {
    asked.length = 0;
    const sessionId = await seed(
      ['Skopje'],
      [
        { name: 'Бургер Центар', city: 'Скопје', country: 'MK', lat: 41.996, lng: 21.431 },
        { name: 'Kisela Voda Grill', city: 'Kisela Voda', country: 'MK', lat: 41.97, lng: 21.44 },
        { name: 'No Coordinates', city: 'Скопје', country: 'MK' },
        { name: 'Tetovo Kebap', city: 'Тетово', country: 'MK', lat: 42.01, lng: 20.97 },
      ],
    );
    const found = await scoreLocations(sessionId);
    expect(found['Бургер Центар']?.reason).toMatchObject({
      matched: true,
      evidence: 'in "Skopje" (Скопје, MK): inside the city\'s area',
    });
    expect(found['Бургер Центар']?.score).toBe(100);
    expect(found['Kisela Voda Grill']?.reason?.evidence).toBe(
      'in "Skopje" (Скопје, MK): inside the city\'s area',
    );
    expect(found['No Coordinates']?.reason?.evidence).toBe(
      'in "Skopje" (Скопје, MK): city "Скопје" is its local name',
    );
    expect(found['Tetovo Kebap']?.reason).toMatchObject({
      matched: false,
      evidence: '"Тетово, MK" is not in "Skopje"; its coordinates are outside the geocoded area of "Skopje"',
    });
    expect(found['Tetovo Kebap']?.score).toBe(0);
    expect(asked).toEqual(['Skopje']);

    // Scoring again asks nobody: the area is kept in PostgreSQL for every worker.
    await scoreLocations(sessionId);
    expect(asked).toEqual(['Skopje']);
  }, 90_000);

  it('matches by names when Nominatim fails, and the run still completes', async () => {
    asked.length = 0;
    isDown = true;
    try {
      const sessionId = await seed(
        ['Ниш', '06108'],
        [
          { name: 'Niš Burek', city: 'Niš', country: 'RS', lat: 43.32, lng: 21.9 },
          { name: 'Halle Döner', city: 'Halle (Saale)', country: 'DE', postalCode: 'D-06108' },
          { name: 'Beograd Roštilj', city: 'Beograd', country: 'RS' },
        ],
      );
      const found = await scoreLocations(sessionId);
      expect(found['Niš Burek']?.reason?.evidence).toBe('"Ниш" matches city Niš');
      expect(found['Halle Döner']?.reason?.evidence).toBe('"06108" matches postcode D-06108');
      expect(found['Beograd Roštilj']?.reason?.matched).toBe(false);
      expect(asked.sort()).toEqual(['06108', 'Ниш']);
    } finally {
      isDown = false;
    }
  }, 90_000);
});
