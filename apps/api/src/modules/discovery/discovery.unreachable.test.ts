/**
 * What a failed search tells the user to do, through the session.discover job against real HTTP: a map service
 * whose configured address does not resolve or refuses connections is the server's configuration, so the error
 * names the setting to check (NOMINATIM_URL, OVERPASS_URL) instead of "Retry in a few minutes"; a service that
 * answers 503 is passing, so the error says to retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type FakeOsm, startFakeOsm } from '../../../test/osm-server';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import { createAdmin, type TestUser } from '../access/access.fixtures';

const PLACE = {
  match: /halle/i,
  bbox: [11.9, 51.45, 12.0, 51.5] as [number, number, number, number],
  displayName: 'Halle (Saale)',
  countryCode: 'DE',
};

let t: TestApp;
let osm: FakeOsm;
let admin: TestUser;
/** An address nothing listens on: a server started and closed again. */
let closedUrl: string;

beforeAll(async () => {
  t = await createTestApp({ OSM_USER_AGENT: 'Argo/0.1 (+https://argo.test/contact)' });
  osm = await startFakeOsm([{ place: PLACE, elements: [] }]);
  const closed = await startFakeOsm([]);
  closedUrl = closed.overpassUrl;
  await closed.close();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await osm?.close();
  await t?.close();
});

/** Runs one search with a worker asking these map service addresses; the session as it finished. */
async function searchWith(urls: { overpassUrl: string; nominatimUrl: string }) {
  const worker = await startWorker(t, { osm: { ...urls, retries: 0, nominatimIntervalMs: 0 } });
  try {
    const res = await t.call('POST', '/api/discovery/scrape', {
      token: admin.token,
      body: { name: 'Vegan in Halle', query: 'vegan', location: 'Halle (Saale)' },
    });
    expect(res.status).toBe(202);
    return await waitForInfo(t, admin.token, res.body.id, isFinished);
  } finally {
    await worker.stop({ timeoutMs: 2000 });
  }
}

describe('a failed search says whether to fix a setting or to retry', () => {
  it('a geocoder address that does not resolve: check NOMINATIM_URL, not "retry"', async () => {
    // .invalid never resolves (RFC 2606).
    const info = await searchWith({
      overpassUrl: osm.overpassUrl,
      nominatimUrl: 'http://nominatim.argo-test.invalid',
    });
    expect(info.status).toBe('failed');
    expect(info.error).toMatch(/^The place could not be looked up \(.*does not resolve\)\./);
    expect(info.error).toContain("Check the server's NOMINATIM_URL setting");
    expect(info.error).not.toMatch(/retry in a few minutes/i);
  });

  it('an Overpass address that refuses connections: check OVERPASS_URL, not "retry"', async () => {
    const info = await searchWith({ overpassUrl: closedUrl, nominatimUrl: osm.nominatimUrl });
    expect(info.status).toBe('failed');
    expect(info.error).toMatch(
      /^The search failed: the map service could not be searched \(.*refused the connection\)\./,
    );
    expect(info.error).toContain("Check the server's OVERPASS_URL setting");
    expect(info.error).not.toMatch(/retry in a few minutes/i);
  });

  it('an Overpass server that answers 503: a passing fault, retry', async () => {
    osm.fail = () => 503;
    try {
      const info = await searchWith({ overpassUrl: osm.overpassUrl, nominatimUrl: osm.nominatimUrl });
      expect(info.status).toBe('failed');
      expect(info.error).toMatch(
        /answered 503: it is busy or down for a moment\)\. Retry in a few minutes\.$/,
      );
      expect(info.error).not.toMatch(/setting/);
    } finally {
      osm.fail = null;
    }
  });
});
