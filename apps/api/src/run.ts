import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { createIdentityProvider } from './auth/create-identity-provider';
import type { Config } from './config/env';
import { createLanguageModel, languageModelConfigWarning } from './config/language-model';
import { createDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { type JobThread, startJobThread } from './jobs/job-thread';
import { createJobQueue } from './jobs/queue';
import { startWorkers } from './jobs/start-workers';

export interface RunOptions {
  config: Config;
  role: 'all' | 'api' | 'worker';
  log: Logger;
  databaseUrl: string;
  /** The database was created by this start (first start): progress lines say what takes the time. */
  freshDatabase?: boolean;
  /** Run in reverse order on shutdown; each step pushes its own. */
  cleanups: Array<() => Promise<unknown>>;
}

/**
 * Everything Argo runs once its database is reachable: migrations, the job queue, the workers and the HTTP API.
 * `main.ts` loads this module while PostgreSQL starts, so the two overlap (see main.ts).
 */
export async function runArgo({
  config,
  role,
  log,
  databaseUrl,
  freshDatabase,
  cleanups,
}: RunOptions): Promise<void> {
  // A worker process's queries are all jobs': their PostgreSQL work gets the jobs' priority (db/backend-priority.ts).
  // The API's are short statements for people waiting (API_POOL_MAX).
  const database = createDatabase(databaseUrl, {
    ...(role === 'worker'
      ? { max: config.DATABASE_POOL_MAX, backendNice: config.JOB_NICE }
      : { max: config.API_POOL_MAX }),
  });
  cleanups.push(() => database.close());
  // pg-boss keeps its own schema: its queue starts while our migrations run and the API is built, and is awaited
  // before anything uses it (the workers, the API's first request).
  const jobs = createJobQueue({ connectionString: databaseUrl, log });
  const jobsStarted = jobs.start();
  jobsStarted.catch(() => {}); // awaited (and a failure reported) below
  cleanups.push(() => jobs.stop());
  if (freshDatabase) log.info('creating the database tables (first start)…');
  await migrateDatabase(database.db);

  const languageModel = createLanguageModel(config);
  const modelWarning = languageModelConfigWarning(config);
  if (modelWarning) log.warn(modelWarning);
  else if (languageModel) log.info({ model: languageModel.name }, 'language model configured');

  let jobThread: Promise<JobThread> | undefined;
  if (role === 'worker') {
    await jobsStarted;
    await startWorkers({ config, log, db: database.db, jobs, languageModel, cleanups, isWholeProcess: true });
  } else if (role === 'all') {
    // Beside the API, jobs run in their own thread: what they parse cannot stall the API (jobs/job-thread.ts).
    // Awaited only once the API listens: the thread loads its modules and starts its workers on the other core
    // while this one builds the API (a second of a reused data directory's start, bench/startup.mjs).
    jobThread = startJobThread(
      { databaseUrl },
      {
        log,
        onExit: (error) => {
          log.fatal({ err: error }, 'the job thread stopped; Argo stops too');
          process.kill(process.pid, 'SIGTERM');
        },
      },
    );
    const starting = jobThread;
    starting.catch(() => {}); // awaited (and a failure reported) below
    cleanups.push(() =>
      starting.then(
        (thread) => thread.stop(),
        () => {},
      ),
    );
  }

  if (role === 'all' || role === 'api') {
    const identity = await createIdentityProvider(database.db, config, log);
    // Connects only when a download needs it.
    const downloads = createDatabase(databaseUrl, { max: config.DATABASE_POOL_MAX });
    cleanups.push(() => downloads.close());
    const app = await buildApp({
      config,
      db: database.db,
      downloads: downloads.pool,
      identity: identity.provider,
      connectSources: identity.connectSources,
      jobs,
      languageModel,
      version: readVersion(config.WEB_DIST_DIR),
      logger: log,
    });
    // Stop taking requests first, then the workers and the database.
    cleanups.push(() => app.close());
    await jobsStarted;
    await app.listen({ port: config.PORT, host: config.HOST });
    await jobThread;
    log.info(`Argo is ready on http://${config.HOST}:${config.PORT} (API docs at /api/docs)`);
  }
}

function readVersion(webDistDir: string): string {
  try {
    return readFileSync(path.join(webDistDir, 'version.txt'), 'utf8').trim();
  } catch {
    return 'dev';
  }
}
