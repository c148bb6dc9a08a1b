/**
 * GET /user/session/:id/info, polled by the web while a job runs: the session with its counts by enrichment state,
 * its shared users and its run, in one statement after the sign-in; 404 to whoever may not see it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { businesses, sessionRuns, sessions } from '../../db/schema';
import { createSession, createTeam, type TestUser } from '../access/access.fixtures';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, member, colleague } = await createTeam(t));
});
afterAll(() => t?.close());

describe('GET /user/session/:id/info', () => {
  it('returns the session with counts by enrichment state of the current run and the shared users', async () => {
    const id = await createSession(t, member);
    const runId = randomUUID();
    await t.database.db.update(sessions).set({ runId }).where(eq(sessions.id, id));
    const row = (n: number, state: 'pending' | 'done' | 'failed', run = runId) => ({
      accountId: admin.accountId,
      sessionId: id,
      runId: run,
      dedupeKey: `k${n}-${run}`,
      name: `Business ${n}`,
      source: 'osm',
      enrichmentState: state,
    });
    await t.database.db
      .insert(businesses)
      .values([
        row(1, 'done'),
        row(2, 'done'),
        row(3, 'failed'),
        row(4, 'pending'),
        row(5, 'done', randomUUID()),
      ]);
    await t.call('POST', `/api/sessions/${id}/grant-access`, {
      token: member.token,
      body: { user_id: colleague.userId, access: 'view' },
    });

    const res = await t.call('GET', `/api/user/session/${id}/info`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, access: 'owner', status: 'draft' });
    expect(res.body.counts).toEqual({
      businesses: 4,
      by_enrichment_state: { done: 2, failed: 1, pending: 1 },
    });
    expect(res.body.shared_users).toEqual([
      expect.objectContaining({ user_id: colleague.userId, email: colleague.email, access: 'view' }),
    ]);
    // Read in the same statement as the session: the same grants, to the millisecond, as the sharing list.
    const sharedList = await t.call('GET', `/api/sessions/${id}/shared-users`, { token: member.token });
    expect(res.body.shared_users).toEqual(sharedList.body);
    expect(res.body.shared_users[0].granted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const asViewer = await t.call('GET', `/api/user/session/${id}/info`, { token: colleague.token });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.access).toBe('view');
    const asAdmin = await t.call('GET', `/api/user/session/${id}/info`, { token: admin.token });
    expect(asAdmin.body.access).toBe('admin');
  });

  it("reads the session's run with it: none before the first run, then its mode, start, rate and latest finds", async () => {
    const id = await createSession(t, member);
    const never = await t.call('GET', `/api/user/session/${id}/info`, { token: member.token });
    expect(never.status).toBe(200);
    expect(never.body.run).toBeNull();

    const runId = randomUUID();
    const startedAt = new Date(Date.now() - 10_000);
    await t.database.db
      .update(sessions)
      .set({ runId, status: 'running', progressTotal: 40, progressDone: 25 })
      .where(eq(sessions.id, id));
    const latest = [
      {
        name: 'Bakery 1',
        domain: 'bakery1.example',
        phone: null,
        city: 'Leeds',
        category: 'bakery',
        source: 'osm',
      },
    ];
    await t.database.db.insert(sessionRuns).values({
      sessionId: id,
      runId,
      mode: 'retry',
      token: randomUUID(),
      latest,
      attemptStartedAt: startedAt,
      doneAtAttemptStart: 5,
    });
    await t.database.db.insert(businesses).values({
      accountId: admin.accountId,
      sessionId: id,
      runId,
      dedupeKey: 'k1',
      name: 'Bakery 1',
      source: 'osm',
    });

    const res = await t.call('GET', `/api/user/session/${id}/info`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.run).toMatchObject({
      mode: 'retry',
      started_at: startedAt.toISOString(),
      found: 1,
      latest,
    });
    // 20 units done in this attempt over ~10 s; 15 left.
    expect(res.body.run.rate).toBeGreaterThan(1.5);
    expect(res.body.run.rate).toBeLessThanOrEqual(2);
    expect(res.body.run.eta_seconds).toBeGreaterThanOrEqual(8);
  });

  it("answers 404 for a colleague's session that is not shared, and for an unknown id; 400 for a bad id", async () => {
    const id = await createSession(t, member);
    expect((await t.call('GET', `/api/user/session/${id}/info`, { token: colleague.token })).status).toBe(
      404,
    );
    expect(
      (await t.call('GET', `/api/user/session/${randomUUID()}/info`, { token: member.token })).status,
    ).toBe(404);
    const bad = await t.call('GET', '/api/user/session/not-a-uuid/info', { token: member.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('id');
  });
});
