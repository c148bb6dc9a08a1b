/**
 * Liveness of the worker processes' jobs. pg-boss 10 only learns that a worker died when the job's expiry passes
 * (12 hours for an enrichment's coordinator, 30 minutes for a batch): a killed process would leave its sessions
 * standing still that long. So each process holds a lease per job it runs (table job_leases), beats its leases
 * every `beatMs`, and every process looks for leases nobody beat for `staleMs`: their jobs are still active in
 * pg-boss but their worker is gone, and they are failed through pg-boss (`fail`), which retries them under their
 * retry policy. A job's own handler makes a retry safe (every runner resumes from its stored state).
 */
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { JobLogger } from './define-job';

export interface JobLeaseOptions {
  /** How often a process beats the leases of its running jobs (default 10 s). */
  beatMs?: number;
  /** A lease not beaten for this long names a dead worker's job (default 60 s: six beats missed). */
  staleMs?: number;
}

export interface JobLeases {
  take(queue: string, jobId: string): Promise<void>;
  release(jobId: string): Promise<void>;
  /** Beats this process' leases and hands back the jobs of dead workers; started by the queue's work(). */
  start(): void;
  stop(): void;
}

const DEAD_WORKER = 'The worker running this job stopped answering (killed or its machine gone); retried.';

export function createJobLeases(
  boss: PgBoss,
  log: JobLogger,
  { beatMs = 10_000, staleMs = 60_000 }: JobLeaseOptions = {},
): JobLeases {
  const holder = randomUUID();
  const sql = (text: string, values: unknown[]) => boss.getDb().executeSql(text, values);
  let timer: NodeJS.Timeout | null = null;
  let isBeating = false;

  async function beatAndRevive(): Promise<void> {
    await sql('update job_leases set beat_at = now() where holder = $1', [holder]);
    // A stale lease whose job is still active: its worker is gone. Taken by one process only (delete … returning).
    const { rows } = await sql(
      `delete from job_leases l
       where l.beat_at < now() - make_interval(secs => $1::double precision / 1000)
       returning l.job_id, l.queue`,
      [staleMs],
    );
    for (const row of rows as Array<{ job_id: string; queue: string }>) {
      const job = await boss.getJobById(row.queue, row.job_id);
      if (job?.state !== 'active') continue;
      await boss.fail(row.queue, row.job_id, { message: DEAD_WORKER });
      log.warn({ job: row.queue, jobId: row.job_id }, 'job of a dead worker handed back to be retried');
    }
  }

  return {
    async take(queue, jobId) {
      await sql(
        `insert into job_leases (job_id, queue, holder, beat_at) values ($1, $2, $3, now())
         on conflict (job_id) do update set queue = excluded.queue, holder = excluded.holder, beat_at = now()`,
        [jobId, queue, holder],
      );
    },
    async release(jobId) {
      await sql('delete from job_leases where job_id = $1 and holder = $2', [jobId, holder]);
    },
    start() {
      if (timer) return;
      timer = setInterval(async () => {
        if (isBeating) return;
        isBeating = true;
        try {
          await beatAndRevive();
        } catch (error) {
          log.warn({ err: error }, 'job lease beat failed');
        } finally {
          isBeating = false;
        }
      }, beatMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
