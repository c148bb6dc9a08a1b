// Helpers shared by the bench scripts: ports, processes, the built app, a throw-away database, statistics, and
// the one way a bench reports a figure (printed, and collected by run.mjs for its summary table).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { API_NODE_FLAGS, buildState, ROOT, SERVER_ENTRY } from '../scripts/build-state.mjs';
import { startCaptureProxy } from './pg-capture.mjs';

export { ROOT, SERVER_ENTRY };

const MACHINE_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';

// ------------------------------------------------------------------ reporting

/**
 * Prints one figure with the reference measured in the same run, e.g.
 *   startup, reused data dir (median of 5)   ours 2140 ms   reference 610 ms (embedded PostgreSQL start alone)   ×3.5
 * and, under run.mjs, appends it to the results file for the summary table.
 */
export function report({ bench, figure, ours, reference, unit, referenceLabel, note }) {
  const fmt = (v) => (v === undefined || v === null ? '—' : `${formatNumber(v)} ${unit}`);
  const ratio =
    typeof ours === 'number' && typeof reference === 'number' && reference > 0 ? ours / reference : null;
  console.log(
    `${figure.padEnd(46)} ours ${fmt(ours).padStart(12)}   reference ${fmt(reference).padStart(12)}` +
      `${referenceLabel ? ` (${referenceLabel})` : ''}${ratio === null ? '' : `   ×${ratio.toFixed(2)}`}` +
      `${note ? `   [${note}]` : ''}`,
  );
  if (process.env.BENCH_RESULTS_FILE) {
    appendFileSync(
      process.env.BENCH_RESULTS_FILE,
      `${JSON.stringify({ bench, figure, ours, reference, unit, referenceLabel, ratio, note })}\n`,
    );
  }
}

export function formatNumber(value) {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return String(Math.round(value));
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

// ------------------------------------------------------------------ statistics

export function median(values) {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of an unsorted list. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

/** Runs `task(i)` `total` times with at most `concurrency` at once; returns each run's duration in ms. */
export async function timeMany(total, concurrency, task) {
  const durations = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const started = performance.now();
      await task(i);
      durations.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return durations;
}

// ------------------------------------------------------------------ ports and processes

export function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Spawns a process, keeping its last output lines for error messages. */
export function spawnWithOutput(command, args, options) {
  const child = spawn(command, args, { cwd: ROOT, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      output.push(line);
      if (output.length > 60) output.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output };
}

/** Polls `url` until it answers 200; returns ms since `startedAt` (a performance.now() value). */
export async function waitFor200(
  url,
  { startedAt, timeoutMs = 120_000, intervalMs = 20, processHandle } = {},
) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const { child, output } = processHandle ?? {};
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(
        `process exited (${child.exitCode ?? child.signalCode}) before ${url} answered:\n${output.join('\n')}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, intervalMs));
  }
  throw new Error(
    `${url} did not answer 200 within ${timeoutMs / 1000} s:\n${processHandle?.output.join('\n') ?? ''}`,
  );
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export async function stopProcess(child, graceMs = 20_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

// ------------------------------------------------------------------ the built app

/** Builds when needed (benches measure the built app, never a build). */
export function ensureBuilt() {
  if (!buildState()) return;
  console.log('(building first: `npm run build`)');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/**
 * Code as the worker runs it: bundled by esbuild as `apps/api/scripts/build.mjs` bundles the app into dist/
 * (TypeScript compiled ahead, workspace packages and dependencies in one file), written to bench/.build/<name>.mjs;
 * returns its file URL. `source` is the entry's code, with imports relative to the repository root. A bench that
 * times jobs' code in a process of its own imports this rather than the sources through tsx, whose loader and
 * on-the-fly compilation the product never runs (about 45–90 MB more memory, and slower first calls).
 */
export async function buildBundle(name, source) {
  const { build } = await import('esbuild');
  const outfile = path.join(ROOT, `bench/.build/${name}.mjs`);
  await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    // Bundled CommonJS packages call require() for Node's built-ins and read their own package.json; pino and pg-native
    // stay outside as in the app's build.
    external: ['pino', 'pg-native'],
    banner: {
      js: "import { createRequire as __argoRequire } from 'node:module'; const require = __argoRequire(import.meta.url);",
    },
  });
  return pathToFileURL(outfile).href;
}

/** The engine package, bundled (buildBundle). */
export function buildEngineBundle() {
  return buildBundle('engine', "export * from './packages/engine/src/index.ts';");
}

/**
 * A throw-away database: `argo_bench_<random>` on the PostgreSQL server of DATABASE_URL (else the machine's
 * 127.0.0.1:5432), or — no server reachable — an embedded PostgreSQL the app starts in a temp directory.
 */
export async function createBenchDatabase() {
  const adminUrl = process.env.DATABASE_URL ?? MACHINE_SERVER_URL;
  if (!(await isReachable(adminUrl))) {
    if (process.env.DATABASE_URL)
      throw new Error(`DATABASE_URL ${process.env.DATABASE_URL} is not reachable`);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'argo-bench-'));
    return {
      kind: 'embedded',
      env: { ARGO_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await findFreePort()) },
      url: undefined,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `argo_bench_${randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'server',
    env: { DATABASE_URL: url.toString() },
    url: url.toString(),
    drop: () => withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/**
 * `BENCH_CPU_PROF_DIR=<dir>`: every app and worker process a bench starts writes a V8 CPU profile there when it
 * stops (`node --cpu-prof`; open it in Chrome DevTools, or list the top functions with `node bench/profile-top.mjs`).
 */
export function profileArgs() {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/** Starts `node apps/api/dist/main.js` on a free port; resolves when /api/health answers 200. */
export async function startApp(databaseEnv, extraEnv = {}) {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...databaseEnv,
    ...extraEnv,
  };
  if (!databaseEnv.DATABASE_URL) delete env.DATABASE_URL;
  // Started as README and `npm start` start a process that serves the API (a worker process has no flags).
  const nodeFlags = env.ARGO_ROLE === 'worker' ? [] : API_NODE_FLAGS;
  const handle = spawnWithOutput(process.execPath, [...nodeFlags, ...profileArgs(), SERVER_ENTRY], { env });
  await waitFor200(`${baseUrl}/api/health`, { startedAt: performance.now(), processHandle: handle });
  return { baseUrl, handle, stop: () => stopProcess(handle.child) };
}

/**
 * Runs `use(app, record)` against a second API process (ARGO_ROLE=api) that reaches the database through the
 * recording proxy of pg-capture.mjs, so the measured process never has a proxy in its path. `record(fn)` runs `fn`
 * and returns the statements the API sent meanwhile.
 */
export async function withCapturedSql(databaseUrl, use) {
  const target = new URL(databaseUrl);
  const proxy = await startCaptureProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const app = await startApp(
    { DATABASE_URL: proxied.toString() },
    { ARGO_ROLE: 'api', RATE_LIMIT_PER_MINUTE: '1000000' },
  );
  const record = async (fn) => {
    proxy.statements.length = 0;
    proxy.setRecording(true);
    try {
      await fn();
    } finally {
      proxy.setRecording(false);
    }
    return [...proxy.statements];
  };
  try {
    return await use(app, record);
  } finally {
    await app.stop();
    await proxy.close();
  }
}

async function isReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

let tsxRegistered = false;

/**
 * The planner settings every API connection runs with (SESSION_OPTIONS, apps/api/src/db/client.ts): a bench's SQL
 * reference replays the API's statements under the same settings, so the two differ only by the API's own work.
 */
export async function apiSessionOptions() {
  if (!tsxRegistered) {
    const { register } = await import('tsx/esm/api');
    register();
    tsxRegistered = true;
  }
  return (await import('../apps/api/src/db/client.ts')).SESSION_OPTIONS;
}

export async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new session made through the API (POST /api/users/create_session) and set straight to `completed` with a
 * run id, as a finished discovery leaves it: a bench then stores its businesses under that run with SQL.
 */
export async function createFinishedSession(baseUrl, token, databaseUrl, name) {
  const created = await fetch(`${baseUrl}/api/users/create_session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (created.status !== 201)
    throw new Error(`create_session answered ${created.status}: ${await created.text()}`);
  const sessionId = (await created.json()).id;
  const runId = await withClient(databaseUrl, async (client) => {
    const id = (await client.query('SELECT gen_random_uuid() AS id')).rows[0].id;
    await client.query(`UPDATE sessions SET run_id = $1, status = 'completed' WHERE id = $2`, [
      id,
      sessionId,
    ]);
    return id;
  });
  return { sessionId, runId };
}

// ------------------------------------------------------------------ signing up through the API

/**
 * Registers a person with the built-in identity provider and creates their organisation, as the web app does:
 * better-auth sign-up, the emailed confirmation code (read from the dev outbox in `databaseUrl`: the app runs without
 * SMTP_URL) confirmed with POST /api/auth/email-otp/verify-email (which signs in: cookie), GET /api/auth/token
 * (ID token), POST /api/accounts. Returns a way to get a fresh ID token and the created account and user.
 */
export async function signUpWithAccount(baseUrl, { name, email, password, organisation, databaseUrl }) {
  const post = (path, body) =>
    fetch(`${baseUrl}/api/auth${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify(body),
    });
  const signUp = await post('/sign-up/email', { name, email, password });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const message = await withClient(databaseUrl, (c) =>
    c.query(
      `SELECT text FROM email_outbox WHERE "to" = $1 AND reason = 'confirm-sign-up' ORDER BY created_at DESC LIMIT 1`,
      [email.toLowerCase()],
    ),
  );
  const otp = /\b(\d{6})\b/.exec(message.rows[0]?.text ?? '')?.[1];
  if (!otp) throw new Error(`no confirmation code was emailed to ${email}`);
  const confirmed = await post('/email-otp/verify-email', { email, otp });
  if (!confirmed.ok) throw new Error(`confirmation answered ${confirmed.status}: ${await confirmed.text()}`);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const idToken = async () => {
    const response = await fetch(`${baseUrl}/api/auth/token`, { headers: { Cookie: cookie } });
    if (!response.ok) throw new Error(`GET /api/auth/token answered ${response.status}`);
    return (await response.json()).token;
  };
  const created = await fetch(`${baseUrl}/api/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken()}` },
    body: JSON.stringify({ name: organisation }),
  });
  if (created.status !== 201)
    throw new Error(`POST /api/accounts answered ${created.status}: ${await created.text()}`);
  const { account, user } = await created.json();
  return { idToken, account, user };
}
