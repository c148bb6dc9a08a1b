import pino from 'pino';
import { type Config, ConfigError, loadConfig } from './config/env';
import { startEmbeddedPostgres } from './db/embedded';

/**
 * Starts Argo: `main.js` (API + worker, or what ARGO_ROLE says) or `main.js worker` (workers only).
 * Several API and worker processes may run against one PostgreSQL (README: scaling out).
 *
 * This entry imports only what starting PostgreSQL needs. The rest of Argo (run.ts: Fastify, better-auth, the
 * engine, pg-boss … about a second of module loading) is imported while the embedded PostgreSQL starts in its
 * own process, instead of before it.
 */
async function main() {
  let config: Config;
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
    const database = startDatabase(config, log);
    const loading = import('./run');
    // Whichever fails first is reported; the other is not left as an unhandled rejection.
    loading.catch(() => {});
    const { url, fresh, stop } = await database;
    if (stop) cleanups.push(stop);
    const { runArgo } = await loading;
    await runArgo({ config, role, log, databaseUrl: url, freshDatabase: fresh, cleanups });
  } catch (error) {
    log.fatal({ err: error }, 'Argo could not start');
    await shutdown('startup-failure', 1);
  }
}

/** DATABASE_URL, or the embedded PostgreSQL in ARGO_DATA_DIR (started, and on first start initialised). */
async function startDatabase(
  config: Config,
  log: pino.Logger,
): Promise<{ url: string; fresh: boolean; stop?: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, fresh: false };
  log.info(
    { dataDir: config.ARGO_DATA_DIR },
    'starting embedded PostgreSQL (set DATABASE_URL to use your own)',
  );
  const server = await startEmbeddedPostgres({
    dataDir: config.ARGO_DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    log,
  });
  return { url: server.url, fresh: server.initialised, stop: () => server.stop() };
}

void main();
