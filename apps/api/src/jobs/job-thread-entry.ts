/**
 * Runs in the job thread (job-thread.ts): its own database pool, job queue and workers, configured from the same
 * environment as the process. Posts 'ready' once the workers run; on 'stop', stops them and closes everything.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { loadConfig } from '../config/env';
import { createLanguageModel } from '../config/language-model';
import { createDatabase } from '../db/client';
import type { JobThreadData, JobThreadMessage } from './job-thread';
import { createJobQueue } from './queue';
import { startWorkers } from './start-workers';

const port = parentPort;
if (!port) throw new Error('job-thread-entry.ts runs only as a worker thread (see job-thread.ts)');
const { databaseUrl } = workerData as JobThreadData;
const config = loadConfig();
const log = pino({
  level: config.LOG_LEVEL,
  base: { role: 'jobs' },
  redact: ['req.headers.authorization', 'req.headers.cookie'],
});
const cleanups: Array<() => Promise<unknown>> = [];

// The jobs' PostgreSQL work gets the jobs' priority too (db/backend-priority.ts).
const database = createDatabase(databaseUrl, {
  max: config.DATABASE_POOL_MAX,
  backendNice: config.JOB_NICE,
});
cleanups.push(() => database.close());
const jobs = createJobQueue({ connectionString: databaseUrl, log });
await jobs.start();
cleanups.push(() => jobs.stop());
await startWorkers({
  config,
  log,
  db: database.db,
  jobs,
  languageModel: createLanguageModel(config),
  cleanups,
});

port.on('message', async (message: JobThreadMessage) => {
  if (message.type !== 'stop') return;
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((err) => log.error({ err }, 'error while stopping the job thread'));
  }
  port.close();
  // In a worker thread this ends the thread, not the process.
  process.exit(0);
});
port.postMessage({ type: 'ready' } satisfies JobThreadMessage);
