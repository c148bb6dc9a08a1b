import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { JobContext, JobDefinition, JobDispatch, JobLogger } from './define-job';
import { createJobLeases, type JobLeaseOptions } from './job-leases';

export interface JobQueueOptions {
  connectionString: string;
  /** PostgreSQL schema of pg-boss' tables (default 'pgboss'). */
  schema?: string;
  /** Failures and completions (default: silent). */
  log?: JobLogger;
  /** How often an idle worker looks for jobs (default 2 s, at least 0.5 s). A busy worker drains without pause. */
  pollingIntervalSeconds?: number;
  /** pg-boss' own pool size (default 10). */
  max?: number;
  /** How often pg-boss expires jobs whose expiry passed and archives old ones (default 120 s). */
  maintenanceIntervalSeconds?: number;
  /** How this process shows it is alive while it runs jobs, and when another process's jobs count as dead's. */
  leases?: JobLeaseOptions;
}

export interface EnqueueOptions {
  /** Run no earlier than this time, or this many seconds from now. */
  startAfter?: Date | number;
  /** Overrides the definition's singletonKey(payload). */
  singletonKey?: string;
  priority?: number;
}

export interface JobQueue extends JobDispatch {
  /** Connects and creates or upgrades pg-boss' schema (safe with several processes starting at once). */
  start(): Promise<void>;
  /**
   * Validates the payload against the job's schema (throws InvalidJobPayloadError, nothing is sent) and queues it.
   * Resolves to the job id, or null when the queue policy dropped it as a duplicate of a job with its singletonKey.
   */
  enqueue<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.input<Schema>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /**
   * Starts workers in this process for each definition: its `teamSize`, else `ctx.concurrency`, else 1 job of that
   * kind at a time. Every process may call it; pg-boss hands each job to one worker only.
   */
  work(jobs: readonly JobDefinition[], ctx: JobWorkContext): Promise<void>;
  /** Stops fetching, waits up to timeoutMs for running jobs (then fails them, to be retried), closes connections. */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

export interface JobWorkContext extends JobContext {
  /** Jobs of one kind this process runs at the same time, unless the definition sets teamSize. */
  concurrency?: number;
}

export class InvalidJobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`Invalid payload for job "${jobName}": ${formatIssues(issues)}`);
    this.name = 'InvalidJobPayloadError';
  }
}

const silentLog: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const log = options.log ?? silentLog;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema ?? 'pgboss',
    max: options.max ?? 10,
    application_name: 'argo-jobs',
    ...(options.maintenanceIntervalSeconds
      ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }
      : {}),
  });
  // An 'error' event without a listener would end the process; pg-boss reports polling and maintenance errors here.
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const leases = createJobLeases(boss, log, options.leases);

  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const queues = new Map<string, Promise<void>>();
  const workerIds = new Map<string, string[]>();
  // Aborted when stop() begins, so running handlers can checkpoint and leave instead of being cut off.
  let stopping = new AbortController();
  let isStarted = false;

  function ensureQueue(job: JobDefinition): Promise<void> {
    let created = queues.get(job.name);
    if (!created) {
      const { options: o } = job;
      const policy = o.policy ?? (o.singletonKey ? 'short' : 'standard');
      created = createQueueRacing(() =>
        boss.createQueue(job.name, { name: job.name, policy, ...retryOptions(job) }),
      );
      created.catch(() => queues.delete(job.name));
      queues.set(job.name, created);
    }
    return created;
  }

  /** Wakes this process' idle workers of a queue, so they fetch now instead of at their next poll. */
  function wake(name: string): void {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  }

  function assertStarted(): void {
    if (!isStarted) throw new Error('The job queue is not started: call start() first');
  }

  async function runBatch(
    job: JobDefinition,
    jobs: PgBoss.JobWithMetadata<unknown>[],
    ctx: JobContext,
  ): Promise<void> {
    for (const { id: jobId, data, retryCount, retryLimit } of jobs) {
      const startedAt = Date.now();
      const parsed = job.payload.safeParse(data);
      try {
        if (!parsed.success) throw new InvalidJobPayloadError(job.name, parsed.error.issues);
        log.info({ job: job.name, jobId, retryCount }, 'job started');
        // Without its lease the job still runs; only a crash of this process would then go unnoticed longer.
        await leases
          .take(job.name, jobId)
          .catch((error: unknown) =>
            log.warn({ err: error, job: job.name, jobId }, 'could not take job lease'),
          );
        await job.handler(parsed.data, {
          ...ctx,
          jobId,
          retryCount: retryCount ?? 0,
          retryLimit: retryLimit ?? 0,
          signal: stopping.signal,
        });
        log.info({ job: job.name, jobId, ms: Date.now() - startedAt }, 'job completed');
      } catch (error) {
        log.error({ err: error, job: job.name, jobId, ms: Date.now() - startedAt }, 'job failed');
        // Fail this job alone (pg-boss retries it if the retry limit allows); the batch's others complete.
        await boss
          .fail(job.name, jobId, { message: error instanceof Error ? error.message : String(error) })
          // A queue stopping without waiting has already failed it (and may have closed its connections).
          .catch((failError: unknown) =>
            log.warn({ err: failError, job: job.name, jobId }, 'could not fail job'),
          );
      } finally {
        await leases.release(jobId).catch(() => undefined);
      }
    }
  }

  const queue: JobQueue = {
    async start() {
      if (stopping.signal.aborted) stopping = new AbortController();
      await boss.start();
      isStarted = true;
    },

    async enqueue(job, payload, enqueueOptions = {}) {
      const parsed = job.payload.safeParse(payload);
      if (!parsed.success) throw new InvalidJobPayloadError(job.name, parsed.error.issues);
      assertStarted();
      await ensureQueue(job);
      const singletonKey = enqueueOptions.singletonKey ?? job.options.singletonKey?.(parsed.data);
      const { startAfter, priority } = enqueueOptions;
      const id = await boss.send(job.name, parsed.data as object, {
        ...retryOptions(job),
        ...definedOnly({ singletonKey, startAfter, priority }),
      });
      if (id && startAfter === undefined) wake(job.name);
      return id;
    },

    async findStates(job, ids) {
      assertStarted();
      const states = new Map<string, string>();
      for (const id of ids) {
        const found = await boss.getJobById(job.name, id);
        if (found) states.set(id, found.state);
      }
      return states;
    },

    async work(jobs, { concurrency, ...ctx }) {
      assertStarted();
      leases.start();
      for (const job of jobs) {
        await ensureQueue(job);
        // Scheduling again replaces the schedule: every process may do it at start.
        if (job.options.cron) await boss.schedule(job.name, job.options.cron, {}, { tz: 'UTC' });
        const ids = workerIds.get(job.name) ?? [];
        workerIds.set(job.name, ids);
        for (let i = 0; i < (job.options.teamSize ?? concurrency ?? 1); i++) {
          let workerId: string | undefined;
          const workOptions = {
            batchSize: job.options.batchSize ?? 1,
            pollingIntervalSeconds,
            includeMetadata: true as const,
          };
          workerId = await boss.work(job.name, workOptions, async (batch) => {
            await runBatch(job, batch, { ...ctx, jobs: queue });
            // pg-boss waits a full polling interval after each batch; a worker that just found jobs looks again now.
            if (workerId) boss.notifyWorker(workerId);
          });
          ids.push(workerId);
        }
      }
    },

    async stop(stopOptions = {}) {
      if (!isStarted) return;
      isStarted = false;
      stopping.abort(new Error('The job queue is stopping.'));
      try {
        await boss.stop({
          graceful: stopOptions.graceful ?? true,
          timeout: stopOptions.timeoutMs ?? 30_000,
          wait: true,
        });
      } finally {
        // Beaten until the running jobs are over: a slow graceful stop is not taken for a dead worker.
        leases.stop();
      }
    },
  };
  return queue;
}

/** PostgreSQL's errors when another process creates the same queue at the same moment. */
const CREATE_RACE_CODES = new Set(['40P01', '23505', '42P07']);

/**
 * pg-boss creates a queue (a row and a table partition) in a transaction that deadlocks with another process
 * creating it at the same moment (several workers starting together on a new database); once the other has
 * created it, creating again is a no-op. So a racing creation is tried again, a few times, after a short wait.
 */
async function createQueueRacing(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || !code || !CREATE_RACE_CODES.has(code)) throw error;
      await new Promise((done) => setTimeout(done, 50 * attempt + Math.random() * 100));
    }
  }
}

function retryOptions(job: JobDefinition) {
  const { retryLimit, retryDelay, retryBackoff, expireInSeconds } = job.options;
  return definedOnly({ retryLimit, retryDelay, retryBackoff, expireInSeconds });
}

/** pg-boss asserts on keys that are present but undefined, so leave them out. */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
