import type { LanguageModel } from '@argo/engine';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { CrmDeps } from '../modules/crm/crm.deps';
import type { DiscoveryDeps } from '../modules/discovery/discovery.deps';
import type { EnrichmentDeps } from '../modules/enrichment/enrichment.deps';
import type { SignalsJobDeps } from '../modules/signals/signals.deps';
import type { WebhookDeps } from '../modules/webhooks/webhooks.deps';

/** Pino's logger fits; tests pass a recording one. */
export interface JobLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** What a handler may do with the queue it runs on: send jobs, and see how the jobs it sent are doing. */
export interface JobDispatch {
  /** Validates and queues the payload; the job id, or null when the queue policy dropped it as a duplicate. */
  enqueue<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.input<Schema>,
    /** Higher runs first among the jobs waiting (default 0); startAfter: not before this many seconds. */
    options?: { priority?: number; startAfter?: number },
  ): Promise<string | null>;
  /**
   * The pg-boss state of each job (created, retry, active, completed, cancelled, failed); a job no longer held
   * (archived, deleted) is absent.
   */
  findStates(job: JobDefinition, ids: readonly string[]): Promise<Map<string, string>>;
}

/** What every handler may use. Add dependencies here (engine, fetcher, model client) as jobs come to need them. */
export interface JobContext {
  db: Database;
  log: JobLogger;
  /** Discovery sources, geocoder and run timings for the session jobs (main.ts builds them from the config). */
  discovery?: DiscoveryDeps;
  /** Crawler options and concurrency of the enrichment job (main.ts builds them from the config). */
  enrichment?: EnrichmentDeps;
  /** The configured language model, or null/absent: analyzers then use their built-in fallbacks. */
  languageModel?: LanguageModel | null;
  /** The webhook sender and retry pauses of the delivery job (main.ts builds them from the config). */
  webhooks?: WebhookDeps;
  /** The CRM configuration of the push and sync jobs (main.ts builds it from the config). */
  crm?: CrmDeps;
  /** The mailer and public address of the signals digest (main.ts builds them from the config). */
  signals?: SignalsJobDeps;
  /** The queue running this job (the queue sets it for its handlers). */
  jobs?: JobDispatch;
}

/** The context of one run of one job. */
export interface JobRunContext extends JobContext {
  jobId: string;
  /** Retries already made (0 on the first attempt) and allowed: the last attempt is retryCount === retryLimit. */
  retryCount: number;
  retryLimit: number;
  /** Aborted when this process' queue stops: a long handler should leave at its next checkpoint (and be retried). */
  signal: AbortSignal;
}

/**
 * pg-boss queue policies. `short`: at most one waiting job per singleton key; `singleton`: at most one running;
 * `stately`: at most one waiting and one running; `standard`: no limit (singleton keys are ignored).
 */
type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface JobOptions<Payload> {
  /** Retries after the first failure (pg-boss default 2). */
  retryLimit?: number;
  /** Seconds before a retry. */
  retryDelay?: number;
  /** Exponential backoff on top of retryDelay. */
  retryBackoff?: boolean;
  /** A running job still active after this long is failed (and retried); pg-boss default 15 minutes. */
  expireInSeconds?: number;
  /** Jobs of this kind each worker runs at the same time in one process (default 1). */
  teamSize?: number;
  /** Jobs fetched per poll by each worker; they still run and settle one by one (default 1). */
  batchSize?: number;
  /** Queue policy; `short` by default when singletonKey is set, otherwise `standard`. Fixed when the queue is created. */
  policy?: QueuePolicy;
  /** Deduplication key, enforced by the policy; e.g. one waiting run per session. */
  singletonKey?(payload: Payload): string;
  /**
   * A cron expression (UTC): pg-boss sends the job, with an empty payload, on this schedule (`boss.schedule`,
   * once per tick over every process), as long as any worker runs.
   */
  cron?: string;
}

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  /** Queue name, e.g. 'session.discover'. Letters, digits, '.', '-', '_' and '/'. */
  name: string;
  /** Validated on enqueue and again when a worker takes the job. */
  payload: Schema;
  handler(payload: z.output<Schema>, ctx: JobRunContext): Promise<void>;
  options: JobOptions<z.output<Schema>>;
}

/** Declares a background job once: its name, payload schema, handler and queue options. */
export function defineJob<Schema extends z.ZodType>(definition: {
  name: string;
  payload: Schema;
  handler: (payload: z.output<Schema>, ctx: JobRunContext) => Promise<void>;
  options?: JobOptions<z.output<Schema>>;
}): JobDefinition<Schema> {
  if (!/^[\w.\-/]+$/.test(definition.name)) throw new Error(`Invalid job name "${definition.name}"`);
  return { ...definition, options: definition.options ?? {} };
}
