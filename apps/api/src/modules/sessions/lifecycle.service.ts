/**
 * Starting and stopping session runs: queue a run and its job, cancel, retry the failed items,
 * restart; and the run's live facts for the progress screens. The work itself happens in the jobs
 * (modules/discovery/*.runner.ts through session-run.ts).
 */
import {
  canDoSessionAction,
  type Session,
  type SessionAction,
  type SessionInfo,
  sessionActionRefusal,
} from '@argo/contract';
import type { Database } from '../../db/client';
import type { SessionRow, SessionRunSummary } from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import { enrichmentJob } from '../../jobs/definitions/enrichment-jobs';
import { sessionJobFor } from '../../jobs/definitions/session-jobs';
import type { JobQueue } from '../../jobs/queue';
import { requireSessionAccess } from '../access/access.service';
import { countRunBusinesses } from '../businesses/businesses.repository';
import { listRowFeedback } from '../businesses/row-feedback.repository';
import { type DiscoverState, prepareDiscoverRetry } from '../discovery/discover.state';
import { hasSessionFile } from '../discovery/discovery.repository';
import { isEnrichmentState } from '../enrichment/enrichment.repository';
import {
  cancelActiveSession,
  failQueuedSession,
  findSessionRun,
  type QueuedRun,
  type QueueRunValues,
  queueRun,
  setRunJobId,
} from './lifecycle.repository';
import { toSession } from './sessions.mapper';
import { findSessionWithOwner } from './sessions.repository';

/** Rejected rows listed in the session info (the count gives the rest). */
const REJECTED_ROWS_SHOWN = 100;

/** Queues a run and its job; null when the session's status no longer allows it. */
export async function startSessionRun(
  db: Database,
  jobs: JobQueue,
  values: QueueRunValues,
): Promise<QueuedRun | null> {
  const queued = await db.transaction((tx) => queueRun(tx, values));
  if (!queued) return null;
  try {
    // A retry goes back to the job that ran: an enrichment run keeps its kind in its state.
    const job = isEnrichmentState(values.state) ? enrichmentJob : sessionJobFor(queued.type);
    const jobId = await jobs.enqueue(job, {
      session_id: values.sessionId,
      token: queued.token,
    });
    if (jobId) await setRunJobId(db, values.sessionId, queued.token, jobId);
  } catch (error) {
    await failQueuedSession(db, values.sessionId, 'The run could not be queued. Retry in a moment.');
    throw error;
  }
  return queued;
}

async function loadSession(db: Database, actor: ActorUser, sessionId: string) {
  const row = await findSessionWithOwner(db, actor.accountId, sessionId);
  if (!row) throw notFound('Session');
  return row;
}

/** 409 naming the status the session is in now. */
async function refuse(db: Database, actor: ActorUser, sessionId: string, action: SessionAction) {
  const row = await loadSession(db, actor, sessionId);
  return conflict(sessionActionRefusal(row.status, action));
}

/** queued/running → cancelled; the job stops within seconds and what it found is kept. */
export async function cancelSession(db: Database, actor: ActorUser, sessionId: string): Promise<Session> {
  const { access, status } = await requireSessionAccess(db, actor, sessionId, 'edit');
  if (!canDoSessionAction(status, 'cancel')) throw conflict(sessionActionRefusal(status, 'cancel'));
  if (!(await cancelActiveSession(db, sessionId))) throw await refuse(db, actor, sessionId, 'cancel');
  return toSession(await loadSession(db, actor, sessionId), access);
}

/** failed → queued again for the failed items only (or the whole run when nothing failed item by item). */
export async function retrySession(
  db: Database,
  jobs: JobQueue,
  actor: ActorUser,
  sessionId: string,
): Promise<Session> {
  const { access, status } = await requireSessionAccess(db, actor, sessionId, 'edit');
  if (!canDoSessionAction(status, 'retry')) throw conflict(sessionActionRefusal(status, 'retry'));
  const session = await loadSession(db, actor, sessionId);
  const run = await findSessionRun(db, sessionId);
  const state = run?.state ?? {};
  const retryState = session.type === 'search' ? prepareDiscoverRetry(state as DiscoverState) : state;
  const queued = await startSessionRun(db, jobs, {
    sessionId,
    mode: 'retry',
    from: ['failed'],
    state: retryState as Record<string, unknown>,
  });
  if (!queued) throw await refuse(db, actor, sessionId, 'retry');
  return toSession(await loadSession(db, actor, sessionId), access);
}

/** completed/failed/cancelled → a new run; its results replace the current ones when it succeeds. */
export async function restartSession(
  db: Database,
  jobs: JobQueue,
  actor: ActorUser,
  sessionId: string,
): Promise<Session> {
  const { access, status } = await requireSessionAccess(db, actor, sessionId, 'edit');
  if (!canDoSessionAction(status, 'restart')) throw conflict(sessionActionRefusal(status, 'restart'));
  const session = await loadSession(db, actor, sessionId);
  if (session.type === 'import' && !(await hasSessionFile(db, sessionId))) {
    throw conflict('The uploaded file of this import is no longer stored; upload it again in a new import.');
  }
  const queued = await startSessionRun(db, jobs, {
    sessionId,
    mode: 'restart',
    from: ['completed', 'failed', 'cancelled'],
    progressTotal: rowCountOf(session),
  });
  if (!queued) throw await refuse(db, actor, sessionId, 'restart');
  return toSession(await loadSession(db, actor, sessionId), access);
}

const rowCountOf = (session: Pick<SessionRow, 'type' | 'input'>) =>
  session.type === 'import' && typeof session.input.row_count === 'number' ? session.input.row_count : 0;

/** The run facts of the session info: the run (rate, time left, latest) and an import's refused rows. */
export async function getRunInfo(
  db: Database,
  session: Pick<
    SessionRow,
    'id' | 'type' | 'status' | 'progressTotal' | 'progressDone' | 'finishedAt' | 'updatedAt'
  >,
  run: SessionRunSummary | null,
  /** The run's businesses when the caller has counted them already. */
  knownFound?: number,
  now: Date = new Date(),
): Promise<
  Pick<SessionInfo, 'run' | 'rejected_rows' | 'rejected_count' | 'import_notes' | 'import_note_count'>
> {
  if (!run) return { run: null };
  const [found, feedback] = await Promise.all([
    knownFound ?? countRunBusinesses(db, session.id, run.runId),
    session.type === 'import' ? listRowFeedback(db, session.id, run.runId, REJECTED_ROWS_SHOWN) : null,
  ]);
  const isActive = session.status === 'running' || session.status === 'queued';
  const end = isActive ? now : (session.finishedAt ?? session.updatedAt);
  const seconds = run.attemptStartedAt ? (end.getTime() - run.attemptStartedAt.getTime()) / 1000 : 0;
  const units = session.progressDone - run.doneAtAttemptStart;
  const rate = seconds > 0 && units > 0 ? Math.round((units / seconds) * 100) / 100 : null;
  const left = Math.max(0, session.progressTotal - session.progressDone);
  return {
    run: {
      mode: run.mode,
      started_at: run.attemptStartedAt ? run.attemptStartedAt.toISOString() : null,
      found,
      rate,
      eta_seconds: isActive && rate ? Math.ceil(left / rate) : null,
      latest: run.latest ?? [],
    },
    ...(feedback
      ? {
          rejected_rows: feedback.rejected.rows,
          rejected_count: feedback.rejected.total,
          import_notes: feedback.notes.rows,
          import_note_count: feedback.notes.total,
        }
      : {}),
  };
}
