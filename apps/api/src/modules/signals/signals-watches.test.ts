/**
 * Watches on real PostgreSQL: create, pause, resume, change and stop, with the next run's time; the signals tick
 * starts a due watch's re-enrichment through the enrichment run machinery (same analyzers as the last run) and
 * sets its next time; who may watch (edit access) and who may see (view); a retried run records no event twice.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isFinished, quietLog, waitForInfo } from '../../../test/workers';
import { businesses, observations, sessions, signalEvents, signalWatches } from '../../db/schema';
import { addUser, createSession } from '../access/access.fixtures';
import { recordSignals } from './observations.repository';
import {
  admin,
  enrichToEnd,
  member,
  outsider,
  served,
  siteUrl,
  t,
  useSignalsApp,
  web,
  worker,
} from './signals.fixtures';
import { runSignalsTick } from './watch.runner';

const HOST = 'watched-shop.test';
useSignalsApp([HOST]);

async function enrichedSession(owner = admin) {
  web.set(HOST, {
    pages: {
      '/': '<!doctype html><html lang="de"><head><title>Laden</title></head><body><h1>Laden am Markt</h1><p>Obst und Gemüse in Köln.</p></body></html>',
    },
  });
  const sessionId = await createSession(t, owner);
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  const [row] = await t.database.db
    .insert(businesses)
    .values({
      accountId: owner.accountId,
      sessionId,
      runId,
      dedupeKey: HOST,
      name: 'Laden am Markt',
      website: siteUrl(HOST),
      source: 'osm',
    })
    .returning({ id: businesses.id });
  await enrichToEnd(owner, sessionId);
  return { sessionId, businessId: row?.id as string };
}

const watch = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/signals/watches', { token, body });

describe('watches', () => {
  it('creates, pauses, resumes, reschedules and stops a watch, showing the next run', async () => {
    const { sessionId } = await enrichedSession();
    const created = await watch(admin.token, { session_id: sessionId, frequency: 'weekly' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ session_id: sessionId, frequency: 'weekly', status: 'active' });
    expect(created.body.business_ids).toBeNull();
    expect(Date.parse(created.body.next_run_at)).toBeLessThanOrEqual(Date.now());
    const id = created.body.id;

    const again = await watch(admin.token, { session_id: sessionId, frequency: 'daily' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('already watched');

    const paused = await t.call('PUT', `/api/signals/watches/${id}`, {
      token: admin.token,
      body: { status: 'paused' },
    });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', next_run_at: null });

    const resumed = await t.call('PUT', `/api/signals/watches/${id}`, {
      token: admin.token,
      body: { status: 'active', frequency: 'monthly' },
    });
    expect(resumed.body).toMatchObject({ status: 'active', frequency: 'monthly' });
    expect(resumed.body.next_run_at).not.toBeNull();

    const listed = await t.call('GET', '/api/signals/watches', {
      token: admin.token,
      query: { session_id: sessionId },
    });
    expect(listed.body.map((w: { id: string }) => w.id)).toEqual([id]);

    const stopped = await t.call('DELETE', `/api/signals/watches/${id}`, { token: admin.token });
    expect(stopped.status).toBe(204);
    const none = await t.call('GET', '/api/signals/watches', {
      token: admin.token,
      query: { session_id: sessionId },
    });
    expect(none.body).toEqual([]);
  }, 120_000);

  it("the tick re-enriches a due watch with the last run's analyzers and sets its next time", async () => {
    // Every worker schedules the tick on pg-boss's cron.
    const schedules = await t.database.db.execute(sql`select name, cron from pgboss.schedule`);
    expect(schedules.rows).toContainEqual({ name: 'signals.tick', cron: '*/5 * * * *' });
    const { sessionId } = await enrichedSession();
    const created = await watch(admin.token, { session_id: sessionId, frequency: 'daily' });
    expect(created.status).toBe(201);
    const now = new Date();
    await runSignalsTick({ db: t.database.db, log: quietLog, jobs: worker, clock: () => now });
    const info = await waitForInfo(t, admin.token, sessionId, isFinished, 120_000);
    expect(info.status).toBe('completed');
    const [row] = await t.database.db
      .select()
      .from(signalWatches)
      .where(eq(signalWatches.id, created.body.id));
    expect(row?.lastRunAt?.toISOString()).toBe(now.toISOString());
    expect(row?.nextRunAt?.toISOString()).toBe(new Date(now.getTime() + 86_400_000).toISOString());
    expect(row?.lastError).toBeNull();
    expect(row?.types).toEqual(['software_detection', 'career_analysis', 'ai_summary', 'people']);
    // Not due again before its time: another tick starts nothing.
    await runSignalsTick({ db: t.database.db, log: quietLog, jobs: worker, clock: () => now });
    const still = await t.call('GET', `/api/user/session/${sessionId}/info`, { token: admin.token });
    expect(still.body.status).toBe('completed');
  }, 180_000);

  it('a session never enriched cannot be watched; a busy one waits for the next tick', async () => {
    const sessionId = await createSession(t, admin);
    await t.database.db
      .update(sessions)
      .set({ runId: randomUUID(), status: 'completed' })
      .where(eq(sessions.id, sessionId));
    const refused = await watch(admin.token, { session_id: sessionId, frequency: 'daily' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('enrich it first');

    const { sessionId: busyId } = await enrichedSession();
    const created = await watch(admin.token, { session_id: busyId, frequency: 'daily' });
    await t.database.db.update(sessions).set({ status: 'running' }).where(eq(sessions.id, busyId));
    await runSignalsTick({ db: t.database.db, log: quietLog, jobs: worker });
    const [row] = await t.database.db
      .select()
      .from(signalWatches)
      .where(eq(signalWatches.id, created.body.id));
    expect(row?.lastRunAt).toBeNull();
    expect(row?.lastError).toContain('running');
    await t.database.db.update(sessions).set({ status: 'completed' }).where(eq(sessions.id, busyId));
  }, 120_000);

  it('needs edit access to watch; a view share sees the watch, another account nothing', async () => {
    const { sessionId, businessId } = await enrichedSession();
    const viewer = await addUser(t, admin);
    const shared = await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: viewer.userId, access: 'view' },
    });
    expect(shared.status).toBe(200);
    const byViewer = await watch(viewer.token, { session_id: sessionId, frequency: 'daily' });
    expect(byViewer.status).toBe(403);
    expect((await watch(member.token, { session_id: sessionId, frequency: 'daily' })).status).toBe(404);
    expect((await watch(outsider.token, { session_id: sessionId, frequency: 'daily' })).status).toBe(404);
    const foreign = await watch(admin.token, {
      session_id: sessionId,
      frequency: 'daily',
      business_ids: [randomUUID()],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.field).toBe('business_ids');

    const created = await watch(admin.token, {
      session_id: sessionId,
      frequency: 'daily',
      business_ids: [businessId],
    });
    expect(created.status).toBe(201);
    const seenByViewer = await t.call('GET', '/api/signals/watches', { token: viewer.token });
    expect(seenByViewer.body.map((w: { id: string }) => w.id)).toContain(created.body.id);
    const pause = { body: { status: 'paused' } };
    expect(
      (await t.call('PUT', `/api/signals/watches/${created.body.id}`, { token: viewer.token, ...pause }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('PUT', `/api/signals/watches/${created.body.id}`, { token: outsider.token, ...pause }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/signals/watches/${created.body.id}`, { token: member.token })).status,
    ).toBe(404);
    const outsiders = await t.call('GET', '/api/signals/watches', { token: outsider.token });
    expect(outsiders.body).toEqual([]);
    const theirEvents = await t.call('GET', '/api/signals/events', {
      token: outsider.token,
      query: { session_id: sessionId },
    });
    expect(theirEvents.status).toBe(404);
  }, 120_000);

  it('a retried run records its observations and events once', async () => {
    const { sessionId, businessId } = await enrichedSession();
    const runKey = randomUUID();
    const record = () =>
      recordSignals(t.database.db, {
        accountId: admin.accountId,
        businessId,
        results: { icp_analysis: { tier: 'A' } },
        signals: { sessionId, runKey, site: { reachable: true, homeUrl: 'https://moved-elsewhere.test/' } },
        at: new Date(),
      });
    expect(await record()).toBeGreaterThan(0);
    const before = await t.database.db
      .select()
      .from(observations)
      .where(eq(observations.businessId, businessId));
    expect(await record()).toBe(0);
    const after = await t.database.db
      .select()
      .from(observations)
      .where(eq(observations.businessId, businessId));
    expect(after.map((o) => [o.id, o.runs])).toEqual(before.map((o) => [o.id, o.runs]));
    const rows = await t.database.db
      .select()
      .from(signalEvents)
      .where(eq(signalEvents.businessId, businessId));
    expect(rows.map((r) => r.type)).toEqual(['domain_moved']);
  }, 120_000);
});

describe('cheap re-crawls', () => {
  it('a watched run asks for the last pages conditionally and analyses an unchanged site no more', async () => {
    const { sessionId, businessId } = await enrichedSession();
    const created = await watch(admin.token, { session_id: sessionId, frequency: 'weekly' });
    expect(created.status).toBe(201);
    const stored = await t.database.db
      .select()
      .from(observations)
      .where(eq(observations.businessId, businessId));
    served.length = 0;
    await runSignalsTick({ db: t.database.db, log: quietLog, jobs: worker });
    expect((await waitForInfo(t, admin.token, sessionId, isFinished, 120_000)).status).toBe('completed');
    const pages = served.filter((s) => s.host === HOST);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((s) => s.conditional && s.status === 304 && s.bytes === 0)).toBe(true);
    // Seen again, not stored again: the observations were extended.
    const after = await t.database.db
      .select()
      .from(observations)
      .where(eq(observations.businessId, businessId));
    expect(after.map((o) => o.id).sort()).toEqual(stored.map((o) => o.id).sort());
    expect(after.every((o) => o.runs === 2)).toBe(true);
    const info = await t.call('GET', `/api/user/session/${sessionId}/results`, { token: admin.token });
    expect(info.body.items[0].enrichment_state).toBe('done');

    // A manual enrichment reads the site whole, as a first crawl does.
    served.length = 0;
    await enrichToEnd(admin, sessionId);
    expect(served.filter((s) => s.host === HOST).some((s) => s.conditional)).toBe(false);
  }, 180_000);
});

describe('bad input', () => {
  it('says what to fix', async () => {
    const { sessionId } = await enrichedSession();
    const hourly = await watch(admin.token, { session_id: sessionId, frequency: 'hourly' });
    expect(hourly.status).toBe(400);
    expect(hourly.body.error.message).toContain("'daily', 'weekly' or 'monthly'");
    const empty = await watch(admin.token, { session_id: sessionId, frequency: 'daily', business_ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('leave it out to watch the whole session');
    const extra = await watch(admin.token, { session_id: sessionId, frequency: 'daily', every: 3 });
    expect(extra.status).toBe(400);
    const nothing = await t.call('PUT', `/api/signals/watches/${randomUUID()}`, {
      token: admin.token,
      body: {},
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toContain('give frequency or status');
    const unknownType = await t.call('GET', '/api/signals/events', {
      token: admin.token,
      query: { types: 'role_opened,weather_changed' },
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error.message).toContain('one of software_added');
    const backwards = await t.call('GET', '/api/signals/events', {
      token: admin.token,
      query: { since: '2026-12-04T00:00:00Z', until: '2026-12-01T00:00:00Z' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.field).toBe('until');
  }, 120_000);
});
