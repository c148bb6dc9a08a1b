/**
 * Sessions left 'queued' or 'running' by a job that pg-boss gave up on: every attempt failed or expired (a worker
 * killed mid-run, again and again) and the retries are spent, so no runner will ever settle the session. A periodic
 * check (every worker process runs it; it is idempotent) marks them failed with the reason, so the user sees it and
 * can retry — the run's cursor is kept, a retry goes on from where it stopped.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessionRuns, sessions } from '../../db/schema';
import type { JobLogger } from '../../jobs/define-job';

/** pg-boss' schema (createJobQueue's default, used by main.ts). */
const PGBOSS_SCHEMA = 'pgboss';

export const STUCK_JOB_FAILED = (attempts: number) =>
  `The run stopped: its background job failed ${attempts} time${attempts === 1 ? '' : 's'} (the worker stopped or crashed) and will not be tried again. Retry to continue from where it stopped.`;
const STUCK_JOB_ENDED =
  'The run stopped: its background job ended without finishing it. Retry to continue from where it stopped.';
const STUCK_JOB_LOST =
  'The run stopped: its background job was lost. Retry to continue from where it stopped.';

export interface StuckSessionOptions {
  /** A session is only looked at when it has not changed for this long (a live run writes progress). Default 5 min. */
  staleAfterMs?: number;
  now?: Date;
}

export interface FailedStuckSession {
  sessionId: string;
  error: string;
}

interface CandidateRow extends Record<string, unknown> {
  session_id: string;
  job_state: string | null;
  retry_count: number | null;
}

/**
 * Fails the sessions whose current job (the one carrying the run's token, in any queue: discovery, import,
 * competitors, enrichment all carry { session_id, token }) is failed, cancelled or completed — or
 * gone from pg-boss altogether — while the session still says queued/running. A job waiting for a worker ('created',
 * 'retry') or being worked on ('active') is left alone whatever its age.
 */
export async function failStuckSessions(
  db: Database,
  options: StuckSessionOptions = {},
): Promise<FailedStuckSession[]> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.staleAfterMs ?? 5 * 60_000));
  const jobs = sql.raw(`${PGBOSS_SCHEMA}.job`);
  const archive = sql.raw(`${PGBOSS_SCHEMA}.archive`);
  const candidates = await db.execute<CandidateRow>(sql`
    select s.id as session_id, j.state::text as job_state, j.retry_count
    from ${sessions} s
    join ${sessionRuns} r on r.session_id = s.id
    left join lateral (
      select x.state, x.retry_count from (
        select state, retry_count, 0 as o from ${jobs}
        where data @> jsonb_build_object('session_id', s.id::text, 'token', r.token::text)
        union all
        select state, retry_count, 1 as o from ${archive}
        where data @> jsonb_build_object('session_id', s.id::text, 'token', r.token::text)
      ) x order by x.o limit 1
    ) j on true
    where s.status in ('queued', 'running') and s.updated_at < ${cutoff.toISOString()}::timestamptz`);

  const failed: FailedStuckSession[] = [];
  for (const row of candidates.rows) {
    const state = row.job_state;
    if (state === 'created' || state === 'retry' || state === 'active') continue;
    const error =
      state === null
        ? STUCK_JOB_LOST
        : state === 'failed'
          ? STUCK_JOB_FAILED((row.retry_count ?? 0) + 1)
          : STUCK_JOB_ENDED;
    // Checked again in the update: a run that moved meanwhile is not touched.
    const updated = await db.execute(sql`
      update ${sessions} set status = 'failed', stage = null, error = ${error}, finished_at = ${now.toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
      where id = ${row.session_id} and status in ('queued', 'running')
        and updated_at < ${cutoff.toISOString()}::timestamptz`);
    if ((updated.rowCount ?? 0) > 0) failed.push({ sessionId: row.session_id, error });
  }
  return failed;
}

export interface StuckSessionSweeper {
  stop(): void;
}

/** Runs failStuckSessions every `intervalMs` (default 60 s) until stopped; errors are logged, never thrown. */
export function startStuckSessionSweeper(
  db: Database,
  log: JobLogger,
  options: StuckSessionOptions & { intervalMs?: number } = {},
): StuckSessionSweeper {
  let isRunning = false;
  const timer = setInterval(async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const failed = await failStuckSessions(db, { staleAfterMs: options.staleAfterMs });
      for (const session of failed) log.warn(session, 'session failed: its job was given up on');
    } catch (error) {
      log.warn({ err: error }, 'stuck-session check failed');
    } finally {
      isRunning = false;
    }
  }, options.intervalMs ?? 60_000);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
