import { type LanguageModel, useCompactHeapForJobs } from '@argo/engine';
import type { Logger } from 'pino';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { createCrmDeps } from '../modules/crm/crm.deps';
import { createDiscoveryDeps } from '../modules/discovery/discovery.deps';
import { createMailer } from '../modules/email/mailer';
import { createEnrichmentDeps } from '../modules/enrichment/enrichment.deps';
import { deleteFreeHostLeases } from '../modules/enrichment/host-leases.repository';
import { startStuckSessionSweeper } from '../modules/sessions/stuck-sessions';
import { createWebhookDeps } from '../modules/webhooks/webhooks.deps';
import { jobDefinitions } from './definitions';
import { lowerJobPriority } from './job-priority';
import type { JobQueue } from './queue';

/**
 * Starts the job workers on `jobs` (a started queue) and the stuck-session sweeper; each pushes its own cleanup.
 * Used by a worker process and by the job thread of `npm start` (job-thread.ts).
 */
export async function startWorkers({
  config,
  log,
  db,
  jobs,
  languageModel,
  cleanups,
  isWholeProcess = false,
}: {
  config: Config;
  log: Logger;
  db: Database;
  jobs: JobQueue;
  languageModel: LanguageModel | null;
  cleanups: Array<() => Promise<unknown>>;
  /** A worker process, whose every thread runs jobs (not `npm start`'s job thread beside the API). */
  isWholeProcess?: boolean;
}): Promise<void> {
  lowerJobPriority(config.JOB_NICE, isWholeProcess, log);
  // Jobs allocate fast and keep little: a heap that grows in smaller steps (engine crawl/heap.ts).
  useCompactHeapForJobs();
  await jobs.work(jobDefinitions, {
    db,
    log,
    concurrency: config.JOB_CONCURRENCY,
    discovery: createDiscoveryDeps(config, db),
    enrichment: createEnrichmentDeps(config, {}, db),
    crm: createCrmDeps(config),
    webhooks: createWebhookDeps(config),
    signals: { mailer: createMailer({ config, db, log }), publicUrl: config.PUBLIC_URL },
    languageModel,
  });
  log.info({ jobs: jobDefinitions.map((j) => j.name) }, 'workers started');
  // Sessions whose job pg-boss gave up on (retries spent) are failed with the reason, once a minute.
  const sweeper = startStuckSessionSweeper(db, log);
  cleanups.push(async () => sweeper.stop());
  // Hosts released with a gap leave a row; once the gap is long over nobody needs it.
  const tidyHosts = setInterval(() => {
    deleteFreeHostLeases(db).catch((error) => log.warn({ err: error }, 'could not tidy host_leases'));
  }, 60_000);
  tidyHosts.unref();
  cleanups.push(async () => clearInterval(tidyHosts));
}
