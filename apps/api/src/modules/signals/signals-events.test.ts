/**
 * Signals end to end on real PostgreSQL: a local web whose pages change between enrichment runs. An unchanged
 * site read again (with cache-busters and a date) records no event and no new observation; a site whose
 * posting, manager and booking tool changed records exactly those events, with before, after and the page; a
 * site down for one run is nothing, down for two is "unreachable" once, and back is "back".
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, observations, sessions } from '../../db/schema';
import { createSession } from '../access/access.fixtures';
import { admin, enrichToEnd, events, siteUrl, t, useSignalsApp, web } from './signals.fixtures';

const HOSTS = ['elektro-meier.test', 'cafe-stable.test', 'flaky-bau.test'];
useSignalsApp(HOSTS);

interface Version {
  roles: string[];
  manager: string;
  booking: boolean;
  noise?: string;
}

function elektroSite({ roles, manager, booking, noise = '' }: Version): Record<string, string> {
  const bust = noise ? `?v=${noise}` : '';
  const dated = noise ? `<p>Stand: ${noise}. Dezember 2026, 09:${noise} Uhr</p>` : '';
  return {
    '/': `<!doctype html><html lang="de"><head><title>Elektro Meier GmbH – Elektroinstallation in Köln</title>
      <link rel="stylesheet" href="/style.css${bust}">
      ${booking ? '<script src="https://assets.calendly.com/assets/external/widget.js" async></script>' : ''}
      <script src="/app.js${bust}"></script></head>
      <body><h1>Elektro Meier GmbH</h1><p>Elektroinstallation, Photovoltaik und Smart Home für Köln und Umgebung.</p>
      <nav><a href="/karriere">Karriere</a> <a href="/impressum">Impressum</a> <a href="/kontakt">Kontakt</a></nav>
      ${dated}<footer>Tel. <a href="tel:+4922112345678">0221 12345678</a> · <a href="mailto:info@elektro-meier.test">info@elektro-meier.test</a></footer></body></html>`,
    '/karriere': `<!doctype html><html lang="de"><head><title>Karriere – Elektro Meier GmbH</title></head>
      <body><h1>Karriere bei Elektro Meier</h1><h2>Offene Stellen</h2>
      <ul>${roles.map((r, i) => `<li><a href="/karriere/stelle-${i}">${r}</a></li>`).join('')}</ul>
      <p>Bewerbungen bitte an jobs@elektro-meier.test</p>${dated}</body></html>`,
    '/impressum': `<!doctype html><html lang="de"><head><title>Impressum – Elektro Meier GmbH</title></head>
      <body><h1>Impressum</h1><p>Elektro Meier GmbH<br>Hauptstraße 5<br>50667 Köln</p>
      <p>Geschäftsführer: ${manager}</p><p>Amtsgericht Köln, HRB 12345</p>${dated}</body></html>`,
    '/kontakt': `<!doctype html><html lang="de"><head><title>Kontakt</title></head>
      <body><h1>Kontakt</h1><p>E-Mail: <a href="mailto:info@elektro-meier.test">info@elektro-meier.test</a></p></body></html>`,
  };
}

const cafeSite = (noise = '') => ({
  '/': `<!doctype html><html lang="de"><head><title>Café Stabil – Frühstück in Bonn</title>
    <script src="/app.js${noise ? `?cb=${noise}` : ''}"></script></head>
    <body><h1>Café Stabil</h1><p>Frühstück und Kuchen in Bonn.</p>${noise ? `<p>Heute: ${noise}.12.2026</p>` : ''}
    <a href="/impressum">Impressum</a></body></html>`,
  '/impressum': `<!doctype html><html lang="de"><body><h1>Impressum</h1><p>Inhaberin: Clara Stabil</p>
    <p>Tel. 0228 987654</p></body></html>`,
});

async function seedSession(): Promise<{ sessionId: string; ids: Record<string, string> }> {
  const sessionId = await createSession(t, admin);
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  const rows = await t.database.db
    .insert(businesses)
    .values(
      HOSTS.map((host) => ({
        accountId: admin.accountId,
        sessionId,
        runId,
        dedupeKey: host,
        name: host,
        website: siteUrl(host),
        city: 'Köln',
        country: 'DE',
        source: 'osm',
      })),
    )
    .returning({ id: businesses.id, name: businesses.name });
  return { sessionId, ids: Object.fromEntries(rows.map((r) => [r.name, r.id])) };
}

const observationCount = async (businessId: string) =>
  (await t.database.db.select().from(observations).where(eq(observations.businessId, businessId))).length;

const pairs = (items: { type: string; key: string }[]) => items.map((e) => `${e.type}:${e.key}`).sort();

describe('signals from enrichment runs', () => {
  it('records what changed, nothing for noise, and a site gone only after two failed runs', async () => {
    const first: Version = {
      roles: ['Elektriker (m/w/d)', 'Servicetechniker (m/w/d)'],
      manager: 'Hans Meier',
      booking: true,
    };
    web.set('elektro-meier.test', { pages: elektroSite(first) });
    web.set('cafe-stable.test', { pages: cafeSite() });
    web.set('flaky-bau.test', { pages: cafeSite() });
    const { sessionId, ids } = await seedSession();

    // Run 1: the first observations, no event (nothing to compare with).
    expect((await enrichToEnd(admin, sessionId)).status).toBe('completed');
    expect((await events(admin, { session_id: sessionId })).total).toBe(0);
    const stored = await observationCount(ids['cafe-stable.test'] as string);
    expect(stored).toBeGreaterThanOrEqual(3);

    // Run 2: the same sites with cache-busters and today's date; the flaky site is down once.
    web.set('elektro-meier.test', { pages: elektroSite({ ...first, noise: '17' }) });
    web.set('cafe-stable.test', { pages: cafeSite('17') });
    web.set('flaky-bau.test', { pages: {}, down: true });
    await enrichToEnd(admin, sessionId);
    expect((await events(admin, { session_id: sessionId })).total).toBe(0);
    // Storage grows with changes, not runs: the unchanged site's observations were extended.
    expect(await observationCount(ids['cafe-stable.test'] as string)).toBe(stored);

    // Run 3: a posting closed and another opened, a new managing director, the booking tool gone; flaky down again.
    web.set('elektro-meier.test', {
      pages: elektroSite({
        roles: ['Servicetechniker (m/w/d)', 'Bürokaufmann (m/w/d)'],
        manager: 'Anna Schmidt',
        booking: false,
      }),
    });
    const beforeThird = new Date().toISOString();
    await enrichToEnd(admin, sessionId);
    const third = await events(admin, { session_id: sessionId });
    // The results' "changed since" filter: the businesses with a change recorded since then.
    const changed = await t.call('GET', `/api/user/session/${sessionId}/results`, {
      token: admin.token,
      query: { filters: JSON.stringify({ changed_at: { gte: beforeThird } }) },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.items.map((b: { name: string }) => b.name).sort()).toEqual([
      'elektro-meier.test',
      'flaky-bau.test',
    ]);
    expect(pairs(third.items)).toEqual([
      'decision_maker_appeared:anna schmidt',
      'decision_maker_left:hans meier',
      'role_closed:elektriker',
      'role_opened:bürokaufmann',
      'site_unreachable:',
      'software_removed:Calendly',
    ]);
    const opened = third.items.find((e: { type: string }) => e.type === 'role_opened');
    expect(opened).toMatchObject({
      before: null,
      after: 'bürokaufmann',
      // the posting's own page
      page: `${siteUrl('elektro-meier.test')}karriere/stelle-1`,
      business: { id: ids['elektro-meier.test'], name: 'elektro-meier.test' },
      is_new: true,
    });
    expect(opened.evidence.text).toBe('Bürokaufmann');
    const gone = third.items.find((e: { type: string }) => e.type === 'site_unreachable');
    expect(gone.business.id).toBe(ids['flaky-bau.test']);
    // A failed fetch is never "stopped hiring" or "left": the flaky site has no other event.
    expect(
      third.items.filter((e: { business: { id: string } }) => e.business.id === ids['flaky-bau.test']),
    ).toHaveLength(1);

    // Run 4: flaky is back; still down would be no second "unreachable".
    web.set('flaky-bau.test', { pages: cafeSite() });
    await enrichToEnd(admin, sessionId);
    const fourth = await events(admin, { session_id: sessionId, types: 'site_back,site_unreachable' });
    expect(pairs(fourth.items)).toEqual(['site_back:', 'site_unreachable:']);

    // Filters: by type, and "new since I last looked".
    const seen = await t.call('POST', '/api/signals/seen', { token: admin.token });
    expect(seen.status).toBe(200);
    const after = await events(admin, { session_id: sessionId });
    expect(after.new_count).toBe(0);
    expect(after.items.every((e: { is_new: boolean }) => !e.is_new)).toBe(true);
    expect((await events(admin, { session_id: sessionId, only_new: 'true' })).total).toBe(0);
    const roles = await events(admin, { session_id: sessionId, types: 'role_opened,role_closed' });
    expect(pairs(roles.items)).toEqual(['role_closed:elektriker', 'role_opened:bürokaufmann']);
  }, 300_000);
});
