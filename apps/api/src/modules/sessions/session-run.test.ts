/**
 * Two attempts of one session job at once (pg-boss expired the first, or its queue stopped without waiting): the
 * newer attempt takes the run over, and the older one stops at its next commit without writing anything, whether
 * that commit stores businesses or only moves the cursor (the enrichment's commit after every business). A commit
 * that only moves the cursor writes the progress when it is due, once for the workers committing at the same time.
 */
import { randomUUID } from 'node:crypto';
import { mergeBusinesses, type RawBusiness } from '@argo/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { accounts, businesses, sessionRuns, sessions, users } from '../../db/schema';
import type { JobRunContext } from '../../jobs/define-job';
import { openSessionRun, type RunOptions, RunStopped, type SessionRun } from './session-run';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const quiet = { info() {}, warn() {}, error() {} };
const options: RunOptions = {
  stage: 'enriching',
  progressIntervalMs: 0,
  cancelPollMs: 60_000,
  linkStored: false,
};
type State = { step: number };

/** A bakery in Leeds as a CSV row gives it, with its own website. */
const bakery = (name: string, domain: string): RawBusiness => ({
  name,
  website: `https://${domain}/`,
  domain,
  email: null,
  phone: null,
  address: null,
  city: 'Leeds',
  region: null,
  postal_code: null,
  country: 'GB',
  lat: null,
  lng: null,
  category: 'bakery',
  source: 'csv',
  source_ref: null,
  rating: null,
  review_count: null,
});

function contextOf(jobId: string): JobRunContext {
  return {
    db: testDb.db,
    log: quiet,
    jobId,
    retryCount: 0,
    retryLimit: 3,
    signal: new AbortController().signal,
  };
}

async function seedQueuedRun() {
  const db = testDb.db;
  const [account] = await db.insert(accounts).values({ name: 'Acme' }).returning();
  if (!account) throw new Error('no account');
  const [owner] = await db
    .insert(users)
    .values({ accountId: account.id, email: `${randomUUID()}@acme.test`, name: 'Ada', role: 'admin' })
    .returning();
  if (!owner) throw new Error('no user');
  const runId = randomUUID();
  const token = randomUUID();
  const [session] = await db
    .insert(sessions)
    .values({
      accountId: account.id,
      ownerId: owner.id,
      name: 'Bakeries',
      type: 'search',
      runId,
      status: 'queued',
    })
    .returning();
  if (!session) throw new Error('no session');
  await db.insert(sessionRuns).values({ sessionId: session.id, runId, mode: 'run', token });
  return { sessionId: session.id, payload: { session_id: session.id, token } };
}

async function runAndSession(sessionId: string) {
  const [run] = await testDb.db.select().from(sessionRuns).where(eq(sessionRuns.sessionId, sessionId));
  const [session] = await testDb.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return {
    state: run?.state,
    latest: run?.latest,
    done: session?.progressDone,
    total: session?.progressTotal,
  };
}

async function stoppedReason(commit: Promise<void>): Promise<string> {
  try {
    await commit;
  } catch (error) {
    if (error instanceof RunStopped) return error.reason;
    throw error;
  }
  return 'not stopped';
}

describe('the commits of a session run', () => {
  const opened: SessionRun<State>[] = [];
  afterAll(() => {
    for (const run of opened) run.close();
  });

  async function open(payload: { session_id: string; token: string }) {
    const run = await openSessionRun<State>(contextOf(randomUUID()), payload, options);
    if (!run) throw new Error('the run did not open');
    opened.push(run);
    return run;
  }

  it('stops at a commit that only moves the cursor, and writes neither the cursor nor the progress', async () => {
    const { sessionId, payload } = await seedQueuedRun();
    const older = await open(payload);
    await older.commit({ state: { step: 1 }, progress: { total: 10, done: 1, failed: 0 } });
    expect(await runAndSession(sessionId)).toMatchObject({ state: { step: 1 }, done: 1, total: 10 });

    const newer = await open(payload);
    await newer.commit({ state: { step: 2 }, progress: { total: 10, done: 2, failed: 0 } });

    const reason = await stoppedReason(
      older.commit({ state: { step: 9 }, progress: { total: 10, done: 9, failed: 0 } }),
    );
    expect(reason).toBe('superseded');
    expect(older.signal.aborted).toBe(true);
    expect(await runAndSession(sessionId)).toMatchObject({ state: { step: 2 }, done: 2, total: 10 });

    // The newer attempt goes on, and its progress is written.
    await newer.commit({ state: { step: 3 }, progress: { total: 10, done: 3, failed: 0 } });
    expect(await runAndSession(sessionId)).toMatchObject({ state: { step: 3 }, done: 3 });
  });

  it('stops at a commit that stores businesses, and stores none of them', async () => {
    const { sessionId, payload } = await seedQueuedRun();
    const older = await open(payload);
    const newer = await open(payload);
    await newer.commit({ state: { step: 1 }, progress: { total: 5, done: 1, failed: 0 } });

    await newer.commit({
      records: mergeBusinesses([bakery('Loaf', 'loaf.example')]),
      state: { step: 2 },
      progress: { total: 5, done: 2, failed: 0 },
    });
    const records = mergeBusinesses([bakery('Crumb & Co', 'crumb.example')]);
    const reason = await stoppedReason(
      older.commit({ records, state: { step: 7 }, progress: { total: 5, done: 5, failed: 0 } }),
    );
    expect(reason).toBe('superseded');
    const stored = await testDb.db.select().from(businesses).where(eq(businesses.sessionId, sessionId));
    expect(stored.map((b) => b.name)).toEqual(['Loaf']);
    expect(await runAndSession(sessionId)).toMatchObject({ state: { step: 2 }, done: 2 });
  });

  it('writes the progress with every commit that stores rows, so the rows read never trail the businesses found', async () => {
    const { sessionId, payload } = await seedQueuedRun();
    const run = await openSessionRun<State>(contextOf(randomUUID()), payload, {
      ...options,
      progressIntervalMs: 60_000,
    });
    if (!run) throw new Error('the run did not open');
    opened.push(run);
    for (let batch = 0; batch < 3; batch++) {
      await run.commit({
        records: mergeBusinesses([
          bakery(`Shop ${2 * batch}`, `shop${2 * batch}.example`),
          bakery(`Shop ${2 * batch + 1}`, `shop${2 * batch + 1}.example`),
        ]),
        state: { step: batch + 1 },
        progress: { total: 6, done: 2 * (batch + 1), failed: 0 },
      });
      const stored = await testDb.db.select().from(businesses).where(eq(businesses.sessionId, sessionId));
      expect(await runAndSession(sessionId)).toMatchObject({ done: stored.length });
    }
  });

  it('writes the progress of a cursor commit only when it is due, and the cursor every time', async () => {
    const { sessionId, payload } = await seedQueuedRun();
    const run = await openSessionRun<State>(contextOf(randomUUID()), payload, {
      ...options,
      progressIntervalMs: 60_000,
    });
    if (!run) throw new Error('the run did not open');
    opened.push(run);
    // Many commits at once, as the enrichment's workers make them: the first writes the progress, the rest only
    // their cursor.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run.commit({ state: { step: i + 1 }, progress: { total: 8, done: i + 1, failed: 0 } }),
      ),
    );
    const after = await runAndSession(sessionId);
    expect(after.done).toBe(1);
    expect(after.state).toMatchObject({ step: expect.any(Number) });
    await run.commit({ state: { step: 99 }, progress: { total: 8, done: 8, failed: 0 } });
    expect(await runAndSession(sessionId)).toMatchObject({ state: { step: 99 }, done: 1 });
  });
});
