/**
 * Controlling an enrichment run: a cancel stops the job within seconds and keeps (and counts) the businesses
 * already done; icp_analysis re-scores the venture's ICP from stored results without any HTTP request; and the
 * enrichment calls answer 404 to another account, 403 to a view share, 400 for foreign business ids or unknown
 * types, and 409 without an ICP or while the session is busy.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isFinished, waitForInfo } from '../../../test/workers';
import { sessions } from '../../db/schema';
import {
  admin,
  enrich,
  faults,
  member,
  outsider,
  results,
  runToEnd,
  type Seed,
  seedSession,
  t,
  url,
  useEnrichmentApp,
} from './enrichment.fixtures';

useEnrichmentApp();

describe('cancel, ICP re-scoring, access', () => {
  it('cancels within seconds, keeping the businesses already done', async () => {
    const seeds: Seed[] = Array.from({ length: 40 }, (_, i) => ({
      name: `Slow ${i}`,
      website: url(`slow.fault.test`, `/site-${i}`),
    }));
    seeds.unshift({ name: 'Fast', website: url('latin1.fault.test') });
    const { sessionId } = await seedSession(admin, seeds);
    const res = await enrich(admin, 'software_detection', { session_id: sessionId });
    expect(res.status).toBe(202);
    await waitForInfo(t, admin.token, sessionId, (i) => i.progress.done >= 1, 30_000);
    const cancelled = await t.call('POST', `/api/users/sessions/${sessionId}/cancel`, { token: admin.token });
    expect(cancelled.status).toBe(200);
    const info = await waitForInfo(t, admin.token, sessionId, isFinished, 10_000);
    expect(info.status).toBe('cancelled');
    // The job really stops: within seconds nothing is left running (the session shows cancelled at once; the
    // worker notices at its next cancel poll and hands back what it had in flight), and progress stays put.
    let states: string[] = [];
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      states = Object.values(await results(admin, sessionId)).map((b) => b.enrichment_state);
      if (!states.includes('running')) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    expect(states).not.toContain('running');
    await new Promise((done) => setTimeout(done, 1000));
    const later = await t.call('GET', `/api/user/session/${sessionId}/info`, { token: admin.token });
    expect(later.body.progress.done).toBeLessThan(41);
    expect(states).toContain('pending');
    // What was finished before the cancel is kept, and counted.
    const finished = states.filter((s) => s === 'done' || s === 'failed');
    expect(finished.length).toBeGreaterThanOrEqual(1);
    expect(finished.length).toBe(later.body.progress.done);
  }, 60_000);

  it('re-scores the ICP from stored results without any HTTP request', async () => {
    const venture = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'WP Care', icp: { software_signals: ['WordPress'], locations: ['Leeds'] } },
    });
    expect(venture.status, JSON.stringify(venture.body)).toBe(201);
    const { sessionId } = await seedSession(
      admin,
      [
        { name: 'WP Leeds', website: url('latin1.fault.test'), city: 'Leeds' },
        { name: 'Plain York', website: url('plain.fault.test'), city: 'York' },
      ],
      venture.body.venture_id ?? venture.body.id,
    );
    await runToEnd(admin, 'software_detection', { session_id: sessionId });
    const requestsBefore = faults.requests;
    const info = await runToEnd(admin, 'icp_analysis', { session_id: sessionId });
    expect(info.status).toBe('completed');
    expect(faults.requests).toBe(requestsBefore);
    const found = await results(admin, sessionId);
    expect(found['WP Leeds'].icp_score).toBeGreaterThan(found['Plain York'].icp_score);
    expect(found['WP Leeds'].icp_tier).toMatch(/^[A-D]$/);
    const reasons = found['WP Leeds'].details.icp_reasons;
    expect(reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ criterion: 'software_signals', matched: true })]),
    );
  }, 60_000);

  it('answers 404 to another account, 403 to a view share, 400 for foreign ids, 409 while busy', async () => {
    const { sessionId } = await seedSession(admin, [{ name: 'A', website: url('latin1.fault.test') }]);
    expect((await enrich(outsider, 'unified', { session_id: sessionId })).status).toBe(404);
    const grant = await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: member.userId, access: 'view' },
    });
    expect(grant.status).toBeLessThan(300);
    const viewer = await enrich(member, 'unified', { session_id: sessionId });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.message).toMatch(/view access/);

    const foreign = randomUUID();
    const bad = await enrich(admin, 'run', {
      session_id: sessionId,
      types: ['software_detection'],
      business_ids: [foreign],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ field: 'business_ids' });
    expect(bad.body.error.message).toContain(foreign);

    const badType = await enrich(admin, 'run', { session_id: sessionId, types: ['horoscope'] });
    expect(badType.status).toBe(400);
    const noIcp = await enrich(admin, 'icp_analysis', { session_id: sessionId });
    expect(noIcp.status).toBe(409);

    await t.database.db
      .update(sessions)
      .set({ status: 'running', stage: 'discovering' })
      .where(eq(sessions.id, sessionId));
    const busy = await enrich(admin, 'unified', { session_id: sessionId });
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/running \(discovering\)/);
  });
});
