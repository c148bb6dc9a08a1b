import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { createIdentityProvider } from './auth/create-identity-provider';
import { ConfigError, loadConfig } from './config/env';
import { createLanguageModel, languageModelConfigWarning } from './config/language-model';
import { createDatabase } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { migrateDatabase } from './db/migrate';
import { jobDefinitions } from './jobs/definitions';
import { createJobQueue } from './jobs/queue';
import { createDiscoveryDeps } from './modules/discovery/discovery.deps';
import { createEnrichmentDeps } from './modules/enrichment/enrichment.deps';
import { startStuckSessionSweeper } from './modules/sessions/stuck-sessions';

/**
 * Starts Argo: `main.js` (API + worker, or what ARGO_ROLE says) or `main.js worker` (workers only).
 * Several API and worker processes may run against one PostgreSQL (README: scaling out).
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  }
  const role = process.argv[2] === 'worker' ? 'worker' : config.ARGO_ROLE;
  const log = pino({
    level: config.LOG_LEVEL,
    base: { role },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
  const cleanups: Array<() => Promise<unknown>> = [];

  let shuttingDown = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((err) => log.error({ err }, 'error during shutdown'));
    }
    clearTimeout(timer);
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      log.info(
        { dataDir: config.ARGO_DATA_DIR },
        'starting embedded PostgreSQL (set DATABASE_URL to use your own)',
      );
      const embedded = await startEmbeddedPostgres({
        dataDir: config.ARGO_DATA_DIR,
        port: config.EMBEDDED_PG_PORT,
        log,
      });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }

    const database = createDatabase(databaseUrl, { max: config.DATABASE_POOL_MAX });
    cleanups.push(() => database.close());
    await migrateDatabase(database.db);

    const languageModel = createLanguageModel(config);
    const modelWarning = languageModelConfigWarning(config);
    if (modelWarning) log.warn(modelWarning);
    else if (languageModel) log.info({ model: languageModel.name }, 'language model configured');

    const jobs = createJobQueue({ connectionString: databaseUrl, log });
    await jobs.start();
    cleanups.push(() => jobs.stop());

    if (role === 'all' || role === 'worker') {
      await jobs.work(jobDefinitions, {
        db: database.db,
        log,
        concurrency: config.JOB_CONCURRENCY,
        discovery: createDiscoveryDeps(config, database.db),
        enrichment: createEnrichmentDeps(config),
        languageModel,
      });
      log.info({ jobs: jobDefinitions.map((j) => j.name) }, 'workers started');
      // Sessions whose job pg-boss gave up on (retries spent) are failed with the reason, once a minute.
      const sweeper = startStuckSessionSweeper(database.db, log);
      cleanups.push(async () => sweeper.stop());
    }

    if (role === 'all' || role === 'api') {
      const identity = await createIdentityProvider(database.db, config, log);
      const app = await buildApp({
        config,
        db: database.db,
        identity: identity.provider,
        connectSources: identity.connectSources,
        jobs,
        languageModel,
        version: readVersion(config.WEB_DIST_DIR),
        logger: log,
      });
      // Stop taking requests first, then the workers and the database.
      cleanups.push(() => app.close());
      await app.listen({ port: config.PORT, host: config.HOST });
      log.info(`Argo is ready on http://${config.HOST}:${config.PORT} (API docs at /api/docs)`);
    }
  } catch (error) {
    log.fatal({ err: error }, 'Argo could not start');
    await shutdown('startup-failure', 1);
  }
}

function readVersion(webDistDir: string): string {
  try {
    return readFileSync(path.join(webDistDir, 'version.txt'), 'utf8').trim();
  } catch {
    return 'dev';
  }
}

void main();
