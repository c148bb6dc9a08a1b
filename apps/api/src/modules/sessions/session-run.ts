/**
 * The life of one session run inside a job: claim it, watch for a cancel, commit batches with the
 * resumable cursor in the same transaction, write progress at most every `progressIntervalMs`, and finish as
 * completed (switching a restart's results in atomically), failed (error in plain words) or cancelled.
 *
 * Every job carries the run's `token`: a job for an older run finds another token and leaves. Every attempt of
 * the job takes the run over with a fresh `claim`; an older attempt still going (pg-boss expired it, or the queue
 * stopped without waiting) notices at its next checkpoint and stops without writing.
 */
import { randomUUID } from 'node:crypto';
import type { MergedBusiness } from '@argo/engine';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { type LatestBusinessEntry, type SessionRunMode, sessionRuns, sessions } from '../../db/schema';
import type { JobRunContext } from '../../jobs/define-job';
import {
  deleteRunRows,
  type MatchIndex,
  markBusinessesVisible,
  storeBusinesses,
  tidyAfterBulkLoad,
} from '../businesses/businesses.repository';
import { carryCorrections } from '../businesses/corrections.repository';
import { storeImportNotes, storeRejectedRows } from '../businesses/row-feedback.repository';
import { announceRunFinished } from '../webhooks/webhook-events';
import {
  RunFailure,
  type RunOptions,
  type RunProgress,
  RunStopped,
  type SessionJobPayload,
  type SessionRun,
  type StopReason,
} from './session-run.types';

export * from './session-run.types';

const LATEST_SIZE = 10;
/**
 * A run that stored this many businesses or more tidies `businesses` when it completes (tidyAfterBulkLoad: the
 * planner's statistics, the visibility map, the search index's pending list; PostgreSQL's own advice after a bulk
 * load, as autovacuum may come much later, or be off). The same order as autovacuum's insert threshold (1,000 rows):
 * a discovery of a few dozen businesses does not need it.
 */
export const STATISTICS_REFRESH_ROWS = 1000;
/**
 * While a run stores businesses, the pages it wrote are marked all-visible again each time it has stored this many
 * more (markBusinessesVisible): its first rows fill other sessions' pages, whose results and info would otherwise
 * read every row from the table until the run ends (an import of 100,000 rows takes ~15 s). Each vacuum reads only
 * the pages written since the last one.
 */
export const MARK_VISIBLE_EVERY_ROWS = 5000;

const UNEXPECTED_FAILURE = 'The run stopped on an unexpected error. Retry to continue from where it stopped.';

interface OpenRow extends Record<string, unknown> {
  account_id: string;
  type: SessionRun<unknown>['type'];
  input: Record<string, unknown>;
  status: string;
  progress_total: number;
  progress_done: number;
  progress_failed: number;
  run_id: string;
  session_run_id: string | null;
  mode: SessionRunMode;
  token: string;
  state: Record<string, unknown>;
}

/** Claims the run a job was queued for; null when there is nothing to do (stale job, cancelled, finished). */
export async function openSessionRun<State>(
  ctx: JobRunContext,
  payload: SessionJobPayload,
  options: RunOptions,
): Promise<SessionRun<State> | null> {
  const { db, jobId, log, signal: queueSignal, retryCount, retryLimit } = ctx;
  const sessionId = payload.session_id;
  const claim = randomUUID();
  const row = await db.transaction(async (tx) => {
    const result = await tx.execute<OpenRow>(sql`
      select s.account_id, s.type, s.input, s.status, s.progress_total, s.progress_done, s.progress_failed,
        s.run_id as session_run_id, r.run_id, r.mode, r.token, r.state
      from ${sessions} s join ${sessionRuns} r on r.session_id = s.id
      where s.id = ${sessionId} for update of s, r`);
    const found = result.rows[0];
    if (!found || found.token !== payload.token) return null;
    if (found.status !== 'queued' && found.status !== 'running') return null;
    const now = new Date();
    await tx
      .update(sessionRuns)
      .set({
        claim,
        jobId: jobId,
        attemptStartedAt: now,
        doneAtAttemptStart: found.progress_done,
        updatedAt: now,
      })
      .where(eq(sessionRuns.sessionId, sessionId));
    await tx
      .update(sessions)
      .set({ status: 'running', stage: options.stage, error: null, finishedAt: null, updatedAt: now })
      .where(eq(sessions.id, sessionId));
    return found;
  });
  if (!row) return null;

  const target = { accountId: row.account_id, sessionId, runId: row.run_id };
  const stopper = new AbortController();
  const stop = (reason: StopReason) => {
    if (!stopper.signal.aborted) stopper.abort(new RunStopped(reason));
  };
  const onQueueStop = () => stop('shutdown');
  queueSignal.addEventListener('abort', onQueueStop, { once: true });
  if (queueSignal.aborted) stop('shutdown');

  let isPolling = false;
  const poll = setInterval(async () => {
    if (isPolling || stopper.signal.aborted) return;
    isPolling = true;
    try {
      const result = await db.execute<{ status: string; claim: string | null }>(sql`
        select s.status, r.claim from ${sessions} s left join ${sessionRuns} r on r.session_id = s.id
        where s.id = ${sessionId}`);
      const now = result.rows[0];
      if (now?.status !== 'running') stop('cancelled');
      else if (now.claim !== claim) stop('superseded');
    } catch (error) {
      log.warn({ err: error, sessionId }, 'session run: status check failed');
    } finally {
      isPolling = false;
    }
  }, options.cancelPollMs);
  poll.unref?.();

  // A restart starts by clearing what an abandoned earlier restart left (the shown run and this one stay).
  if (row.mode === 'restart' && Object.keys(row.state ?? {}).length === 0) {
    const keep = [row.run_id, ...(row.session_run_id ? [row.session_run_id] : [])];
    await deleteRunRows(db, sessionId, { except: keep });
  }

  let progress: RunProgress = {
    total: row.progress_total,
    done: row.progress_done,
    failed: row.progress_failed,
  };
  let latest: LatestBusinessEntry[] = [];
  /** Businesses this attempt stored: enough of them, and the planner's statistics are refreshed at the end. */
  let storedRows = 0;
  /** storedRows / MARK_VISIBLE_EVERY_ROWS when the pages were last marked visible. */
  let markedAt = 0;
  const index: MatchIndex | null = options.linkStored ? { keys: null } : null;
  let lastFlush = 0;
  let isClosed = false;

  /** Locks the run row and checks this attempt still owns it. */
  async function assertClaim(tx: DatabaseExecutor): Promise<void> {
    const result = await tx.execute<{ claim: string | null }>(
      sql`select claim from ${sessionRuns} where session_id = ${sessionId} for update`,
    );
    if (result.rows[0]?.claim !== claim) {
      stop('superseded');
      throw new RunStopped('superseded');
    }
  }

  async function writeProgress(tx: DatabaseExecutor, extra: Partial<typeof sessions.$inferInsert> = {}) {
    const now = new Date();
    await tx
      .update(sessions)
      .set({
        progressTotal: progress.total,
        progressDone: progress.done,
        progressFailed: progress.failed,
        updatedAt: now,
        ...extra,
      })
      .where(eq(sessions.id, sessionId));
    await tx.update(sessionRuns).set({ latest, updatedAt: now }).where(eq(sessionRuns.sessionId, sessionId));
    lastFlush = Date.now();
  }

  /**
   * A commit that stores nothing (an enrichment commits after every business, from several workers at once): one
   * statement that checks the claim as it writes, so the run's row is locked for that statement alone, not for a
   * transaction that waits on this process' event loop between its statements.
   */
  async function commitCursor(state: State): Promise<void> {
    const now = new Date();
    const isProgressDue = Date.now() - lastFlush >= options.progressIntervalMs;
    // Taken before the write, so that the workers committing meanwhile do not all write the progress too.
    if (isProgressDue) lastFlush = Date.now();
    const updateRun = sql`update ${sessionRuns} set state = ${JSON.stringify(state)}::jsonb, updated_at = ${now}`;
    const ownRun = sql`where session_id = ${sessionId} and claim = ${claim} returning session_id`;
    const result = await db.execute<{ session_id: string }>(
      isProgressDue
        ? sql`with run as (${updateRun}, latest = ${JSON.stringify(latest)}::jsonb ${ownRun})
            update ${sessions} set progress_total = ${progress.total}, progress_done = ${progress.done},
              progress_failed = ${progress.failed}, updated_at = ${now}
            where id = (select session_id from run) returning id as session_id`
        : sql`${updateRun} ${ownRun}`,
    );
    if (result.rows.length === 0) {
      stop('superseded');
      throw new RunStopped('superseded');
    }
  }

  async function finishCancelled() {
    await db.transaction(async (tx) => {
      await assertClaim(tx);
      const [session] = await tx
        .select({ status: sessions.status, runId: sessions.runId })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .for('update');
      await writeProgress(tx);
      // A cancelled restart leaves the results it would have replaced as they were.
      if (session && session.runId !== target.runId) {
        await deleteRunRows(tx, sessionId, { only: target.runId });
      }
    });
  }

  /** Tells the organisation's webhooks (modules/webhooks); neither waits nor throws. */
  function announceFinished(status: 'completed' | 'failed', error: string | null) {
    announceRunFinished(ctx, {
      accountId: target.accountId,
      sessionId,
      runId: target.runId,
      token: payload.token,
      stage: options.stage,
      status,
      progress,
      error,
    });
  }

  const run: SessionRun<State> = {
    sessionId,
    accountId: row.account_id,
    runId: row.run_id,
    mode: row.mode,
    type: row.type,
    input: row.input ?? {},
    state: (row.state ?? {}) as State,
    progress,
    signal: stopper.signal,

    async commit(batch) {
      progress = batch.progress;
      if (!batch.records?.length && !batch.rejected?.length && !batch.notes?.length) {
        await commitCursor(batch.state);
        stopper.signal.throwIfAborted();
        return;
      }
      await db.transaction(async (tx) => {
        await assertClaim(tx);
        const stored = batch.records?.length ? await storeBusinesses(tx, target, batch.records, index) : [];
        if (batch.rejected?.length) await storeRejectedRows(tx, sessionId, target.runId, batch.rejected);
        if (batch.notes?.length) await storeImportNotes(tx, sessionId, target.runId, batch.notes);
        storedRows += stored.length;
        if (stored.length) latest = [...stored.slice(-LATEST_SIZE).reverse().map(toLatest), ...latest];
        latest = latest.slice(0, LATEST_SIZE);
        await tx
          .update(sessionRuns)
          .set({ state: batch.state as Record<string, unknown>, updatedAt: new Date() })
          .where(eq(sessionRuns.sessionId, sessionId));
        // With the rows it stored, always: the session info counts the stored businesses as they are, and a
        // progress held back until due read "2,500 of 101,582 rows read · 5,000 businesses found" (a new user's
        // trial). A batch is thousands of rows; only commits that store nothing wait until the progress is due.
        await writeProgress(tx);
      });
      stopper.signal.throwIfAborted();
      if (Math.floor(storedRows / MARK_VISIBLE_EVERY_ROWS) > markedAt) {
        markedAt = Math.floor(storedRows / MARK_VISIBLE_EVERY_ROWS);
        // Best effort, after the batch is committed: it changes no result.
        await markBusinessesVisible(db).catch((error) =>
          log.warn({ err: error, sessionId }, 'session run: marking the pages of businesses visible failed'),
        );
      }
    },

    async complete(final) {
      progress = final;
      let wasCancelled = false;
      await db.transaction(async (tx) => {
        await assertClaim(tx);
        const [session] = await tx
          .select({ status: sessions.status, runId: sessions.runId })
          .from(sessions)
          .where(eq(sessions.id, sessionId))
          .for('update');
        if (session?.status !== 'running') {
          wasCancelled = true;
          return;
        }
        // A restart replaces the results it ran for, in this same transaction; the users' corrections stay.
        if (session.runId !== target.runId) {
          if (session.runId) await carryCorrections(tx, sessionId, { from: session.runId, to: target.runId });
          await deleteRunRows(tx, sessionId, { except: [target.runId] });
        }
        await writeProgress(tx, {
          status: 'completed',
          stage: null,
          error: null,
          runId: target.runId,
          finishedAt: new Date(),
        });
      });
      if (!wasCancelled) announceFinished('completed', null);
      if (wasCancelled) await finishCancelled();
      else if (storedRows >= STATISTICS_REFRESH_ROWS) {
        // After the run is shown completed: best effort, it changes no result.
        await tidyAfterBulkLoad(db).catch((error) =>
          log.warn({ err: error, sessionId }, 'session run: tidying businesses after the run failed'),
        );
      }
    },

    async fail(message, final) {
      progress = final;
      let wasCancelled = false;
      await db.transaction(async (tx) => {
        await assertClaim(tx);
        const [session] = await tx
          .select({ status: sessions.status })
          .from(sessions)
          .where(eq(sessions.id, sessionId))
          .for('update');
        if (session?.status !== 'running') {
          wasCancelled = true;
          return;
        }
        await writeProgress(tx, { status: 'failed', stage: null, error: message, finishedAt: new Date() });
      });
      if (wasCancelled) await finishCancelled();
      else announceFinished('failed', message);
    },

    async settle(error) {
      const reason =
        stopper.signal.reason instanceof RunStopped
          ? stopper.signal.reason.reason
          : error instanceof RunStopped
            ? error.reason
            : null;
      if (reason === 'superseded') return;
      if (reason === 'cancelled') {
        await finishCancelled().catch((e) => {
          if (!(e instanceof RunStopped)) throw e;
        });
        return;
      }
      if (reason === 'shutdown') {
        await db
          .transaction(async (tx) => {
            await assertClaim(tx);
            await writeProgress(tx);
          })
          .catch(() => undefined);
        throw new Error('The worker stopped during the run; it resumes where it stopped.');
      }
      if (error instanceof RunFailure || options.isUserError?.(error)) {
        await run.fail((error as Error).message, progress);
        return;
      }
      log.error({ err: error, sessionId, runId: target.runId }, 'session run failed unexpectedly');
      if (retryCount >= retryLimit) await run.fail(UNEXPECTED_FAILURE, progress);
      throw error;
    },

    close() {
      if (isClosed) return;
      isClosed = true;
      clearInterval(poll);
      queueSignal.removeEventListener('abort', onQueueStop);
    },
  };
  return run;
}

function toLatest(record: MergedBusiness): LatestBusinessEntry {
  return {
    name: record.name,
    domain: record.domain,
    phone: record.phone,
    city: record.city,
    category: record.category,
    source: record.source,
  };
}
