import { domainToUnicode } from 'node:url';
import type { OverpassElement } from '@argo/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  extentOf,
  type FakeOsm,
  hasOsmFixtures,
  OSM_FIXTURES,
  readOverpass,
  startFakeOsm,
} from '../../../test/osm-server';
import { isFinished, startWorker, waitForInfo } from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';

const SOCIAL = /facebook\.com|instagram\.com/;
const refOf = (e: OverpassElement) => `${e.type}/${e.id}`;
/** Every phone in these fixtures is written internationally: E.164 is "+" and its digits (first of a list). */
const expectedE164 = (raw: string) => `+${(raw.split(';')[0] ?? '').replace(/\D/g, '')}`;

describe.skipIf(!hasOsmFixtures)('POST /discovery/scrape through the session.discover job', () => {
  let t: TestApp;
  let osm: FakeOsm;
  let worker: JobQueue;
  let admin: TestUser;
  let viewer: TestUser;
  let other: TestUser;
  const halle = hasOsmFixtures ? readOverpass(OSM_FIXTURES.halle).elements : [];
  const skopje = hasOsmFixtures ? readOverpass(OSM_FIXTURES.skopje).elements : [];

  beforeAll(async () => {
    t = await createTestApp({ OSM_USER_AGENT: 'Argo/0.1 (+https://argo.test/contact)' });
    osm = await startFakeOsm([
      {
        place: { match: /halle/i, bbox: extentOf(halle), displayName: 'Halle (Saale)', countryCode: 'DE' },
        elements: halle,
      },
      {
        place: { match: /skopje/i, bbox: extentOf(skopje), displayName: 'Скопје', countryCode: 'MK' },
        elements: skopje,
      },
    ]);
    worker = await startWorker(t, {
      osm: {
        overpassUrl: osm.overpassUrl,
        nominatimUrl: osm.nominatimUrl,
        retries: 0,
        nominatimIntervalMs: 0,
      },
    });
    admin = await createAdmin(t);
    viewer = await addUser(t, admin);
    other = await createAdmin(t, 'Other Org');
  });
  afterAll(async () => {
    await worker?.stop({ timeoutMs: 2000 });
    await osm?.close();
    await t?.close();
  });

  async function scrape(user: TestUser, body: Record<string, unknown>) {
    return t.call('POST', '/api/discovery/scrape', { token: user.token, body });
  }

  async function allResults(user: TestUser, sessionId: string) {
    const res = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: user.token,
      query: { pageSize: 5000 },
    });
    expect(res.status).toBe(200);
    return res.body.items as Array<Record<string, unknown> & { sources: { source_ref: string }[] }>;
  }

  /** Each named place with a website or phone is stored once, normalised; merged ones keep every source. */
  function checkEveryNamedPlace(elements: OverpassElement[], items: Awaited<ReturnType<typeof allResults>>) {
    const byRef = new Map<string, (typeof items)[number]>();
    for (const item of items) {
      for (const source of item.sources) {
        expect(byRef.has(source.source_ref), `${source.source_ref} stored twice`).toBe(false);
        byRef.set(source.source_ref, item);
      }
    }
    let checked = 0;
    for (const element of elements) {
      const tags = element.tags ?? {};
      const name = tags.name ?? tags.brand;
      const website = tags.website ?? tags['contact:website'] ?? tags.url;
      const phone = tags.phone ?? tags['contact:phone'];
      if (!name || (!website && !phone)) continue;
      checked++;
      const item = byRef.get(refOf(element));
      expect(item, `${refOf(element)} ${name}`).toBeDefined();
      if (!item) continue;
      const isAlone = item.sources.length === 1;
      if (phone && isAlone) expect(item.phone, name).toBe(expectedE164(phone));
      if (phone && !isAlone) expect(item.phone, name).toMatch(/^\+\d{6,15}$/);
      if (website && !SOCIAL.test(website)) {
        const host = domainToUnicode(new URL(website).hostname);
        const domain = String(item.domain);
        if (isAlone) expect(host === domain || host.endsWith(`.${domain}`), `${name}: ${host}`).toBe(true);
        expect(item.website, name).toMatch(/^https?:\/\//);
      }
    }
    return checked;
  }

  it('Halle: queues a session (202), the job stores every named place normalised, with attribution', async () => {
    const res = await scrape(admin, { name: 'Vegan in Halle', query: 'vegan', location: 'Halle (Saale)' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      name: 'Vegan in Halle',
      type: 'search',
      status: 'queued',
      access: 'owner',
      input: {
        query: 'vegan',
        location: 'Halle (Saale)',
        limit: 500,
        sources: ['osm'],
        attribution: '© OpenStreetMap contributors',
      },
    });
    const info = await waitForInfo(t, admin.token, res.body.id, isFinished);
    expect(info).toMatchObject({ status: 'completed', stage: null, error: null });
    expect(info.progress).toMatchObject({ done: info.progress.total, failed: 0 });
    expect(info.progress.total).toBe(osm.queries.length);
    const items = await allResults(admin, res.body.id);
    expect(checkEveryNamedPlace(halle, items)).toBeGreaterThan(100);
    // Every element with a name came through (a few merged: same website or phone).
    const named = halle.filter((e) => e.tags?.name || e.tags?.brand).length;
    expect(items.reduce((n, item) => n + item.sources.length, 0)).toBe(named);
    expect(info.counts.businesses).toBe(items.length);
    expect(info.run).toMatchObject({ mode: 'run', found: items.length });
    expect(info.run.latest.length).toBeGreaterThan(0);
    expect(items.find((b) => b.sources.some((s) => s.source_ref === 'node/2969150134'))).toMatchObject({
      name: 'Schäl',
      domain: 'bäckerei-schäl.de',
      phone: '+493460122650',
      email: 'martin.schael@freenet.de',
      city: 'Teutschenthal',
      country: 'DE',
      source: 'osm',
      enrichment_state: 'pending',
    });
    // The Studentenwerk's canteens share one website but are different places with different names: each is
    // its own row (a shared website alone does not merge), each with that website.
    const canteens = items.filter((b) => b.domain === 'studentenwerk-halle.de');
    expect(canteens.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Heidemensa', 'Harzmensa', 'Mensa Burg']),
    );
    expect(canteens.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Mensa Burg', 'Mensa Neuwerk', 'Mensa Franckesche Stiftungen']),
    );
    expect(canteens.every((b) => b.sources.length === 1)).toBe(true);
    expect(osm.userAgents.every((ua) => ua === 'Argo/0.1 (+https://argo.test/contact)')).toBe(true);
  });

  it('Skopje: MK phones in E.164, Cyrillic names intact, places without a name left out', async () => {
    const res = await scrape(admin, { name: 'Fast food', query: 'fast food', location: 'Skopje' });
    expect(res.status).toBe(202);
    await waitForInfo(t, admin.token, res.body.id, isFinished);
    const items = await allResults(admin, res.body.id);
    expect(checkEveryNamedPlace(skopje, items)).toBe(11);
    expect(items.map((b) => b.name)).toContain('Пицерија Џокер');
    expect(items.find((b) => b.name === 'Subzy')).toMatchObject({
      phone: '+38971328554',
      domain: 'subzy.mk',
    });
  });

  it('fails the session in plain words when the place is unknown', async () => {
    const res = await scrape(admin, { name: 'Nowhere', query: 'dentist', location: 'Atlantis' });
    const info = await waitForInfo(t, admin.token, res.body.id, isFinished);
    expect(info.status).toBe('failed');
    expect(info.error).toMatch(/No place called "Atlantis" was found/);
  });

  it('runs a draft session given by session_id, and refuses one that is queued or running (409)', async () => {
    const draft = await createSession(t, admin, { name: 'Draft' });
    const res = await scrape(admin, { session_id: draft, query: 'vegan', location: 'Halle' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: draft, status: 'queued', name: 'Draft' });
    const again = await scrape(admin, { session_id: draft, query: 'vegan', location: 'Halle' });
    if (again.status !== 202) {
      expect(again.status).toBe(409);
      expect(again.body.error.message).toMatch(/^Cannot restart a session that is (queued|running)/);
    }
    await waitForInfo(t, admin.token, draft, isFinished);
  });

  it('refuses Google Places when no key is configured, and says so in /api/config', async () => {
    const res = await scrape(admin, {
      name: 'G',
      query: 'dentist',
      location: 'Halle',
      sources: ['google_places'],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ field: 'sources' });
    const config = await t.call('GET', '/api/config');
    expect(config.body.features.google_places).toBe(false);
  });

  it('view access cannot run a session (403); another account gets 404', async () => {
    const sessionId = await createSession(t, admin, { name: 'Shared' });
    const grant = await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: viewer.userId, access: 'view' },
    });
    expect(grant.status).toBeLessThan(300);
    const asViewer = await scrape(viewer, { session_id: sessionId, query: 'vegan', location: 'Halle' });
    expect(asViewer.status).toBe(403);
    const asOther = await scrape(other, { session_id: sessionId, query: 'vegan', location: 'Halle' });
    expect(asOther.status).toBe(404);
    const results = await t.call('GET', `/api/user/session/${sessionId}/results`, { token: other.token });
    expect(results.status).toBe(404);
  });
});
