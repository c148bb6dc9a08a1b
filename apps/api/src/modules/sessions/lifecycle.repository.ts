import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  type NewSessionRow,
  type SessionRunMode,
  type SessionRunRow,
  type SessionStatus,
  sessionRuns,
  sessions,
} from '../../db/schema';

export interface QueueRunValues {
  sessionId: string;
  mode: SessionRunMode;
  /** The session must be in one of these now (checked under a row lock). */
  from: readonly SessionStatus[];
  /** The run's starting cursor (a retry passes the adjusted one; run and restart start empty). */
  state?: Record<string, unknown>;
  /** Changes to the session made in the same transaction (type, input, name, venture). */
  session?: Partial<Pick<NewSessionRow, 'type' | 'input' | 'name' | 'ventureId'>>;
  /** Progress shown until the worker writes its own (e.g. the row count of a CSV). */
  progressTotal?: number;
}

export interface QueuedRun {
  runId: string;
  token: string;
  type: 'search' | 'competitors' | 'import';
}

/**
 * Puts a session in `queued` for a run: `run` (the first run: results show as they come), `restart` (a new
 * run id; the shown results stay until it succeeds) or `retry` (the same run id and its cursor). Returns null
 * when the session is not in one of `from` (any more).
 */
export async function queueRun(db: DatabaseExecutor, values: QueueRunValues): Promise<QueuedRun | null> {
  const [session] = await db
    .select({ status: sessions.status, runId: sessions.runId, type: sessions.type })
    .from(sessions)
    .where(eq(sessions.id, values.sessionId))
    .for('update');
  if (!session || !values.from.includes(session.status)) return null;
  const [current] = await db
    .select({ runId: sessionRuns.runId })
    .from(sessionRuns)
    .where(eq(sessionRuns.sessionId, values.sessionId));

  const isRetry = values.mode === 'retry' && current !== undefined;
  const runId = isRetry ? current.runId : randomUUID();
  const token = randomUUID();
  const now = new Date();
  const run = {
    runId,
    mode: values.mode,
    token,
    jobId: null,
    claim: null,
    state: values.state ?? {},
    attemptStartedAt: null,
    doneAtAttemptStart: 0,
    updatedAt: now,
  };
  await db
    .insert(sessionRuns)
    .values({ sessionId: values.sessionId, ...run, latest: [] })
    .onConflictDoUpdate({ target: sessionRuns.sessionId, set: isRetry ? run : { ...run, latest: [] } });

  const isFirstRun = values.mode === 'run';
  await db
    .update(sessions)
    .set({
      ...values.session,
      status: 'queued',
      stage: null,
      error: null,
      finishedAt: null,
      updatedAt: now,
      ...(isFirstRun ? { runId } : {}),
      ...(isRetry ? {} : { progressTotal: values.progressTotal ?? 0, progressDone: 0, progressFailed: 0 }),
    })
    .where(eq(sessions.id, values.sessionId));
  return { runId, token, type: values.session?.type ?? session.type };
}

export async function setRunJobId(db: DatabaseExecutor, sessionId: string, token: string, jobId: string) {
  await db
    .update(sessionRuns)
    .set({ jobId })
    .where(and(eq(sessionRuns.sessionId, sessionId), eq(sessionRuns.token, token)));
}

/** queued/running → cancelled in one statement; false when the session was in another status. */
export async function cancelActiveSession(db: DatabaseExecutor, sessionId: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(sessions)
    .set({ status: 'cancelled', stage: null, finishedAt: now, updatedAt: now })
    .where(and(eq(sessions.id, sessionId), inArray(sessions.status, ['queued', 'running'])))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** The job could not be queued: the session fails with a message saying so (it may be retried). */
export async function failQueuedSession(db: DatabaseExecutor, sessionId: string, message: string) {
  await db
    .update(sessions)
    .set({ status: 'failed', error: message, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.status, 'queued')));
}

export async function findSessionRun(db: DatabaseExecutor, sessionId: string): Promise<SessionRunRow | null> {
  const [row] = await db.select().from(sessionRuns).where(eq(sessionRuns.sessionId, sessionId)).limit(1);
  return row ?? null;
}
