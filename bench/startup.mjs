// Startup: time from spawning `node scripts/start.mjs` (the `npm start` path) to the first 200 from
// /api/health, with the embedded PostgreSQL, on a fresh ARGO_DATA_DIR (initdb) and on a reused one.
// References, measured in the same run: a bare `node -e` http server answering 200 (the process start floor)
// and the app's own embedded PostgreSQL start (apps/api/src/db/embedded.ts through tsx) measured alone.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ensureBuilt,
  findFreePort,
  median,
  ROOT,
  report,
  spawnWithOutput,
  stopProcess,
  waitFor200,
} from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BENCH = 'startup';
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** A temp data dir the `postgres` user can enter (embedded PostgreSQL runs as that user under root). */
async function makeDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'argo-bench-startup-'));
  await chmod(dir, 0o755);
  return dir;
}

/** One start of the app: spawn → /api/health 200 (ms), plus when the embedded PostgreSQL said it was ready. */
async function timeAppStart(dataDir) {
  for (let attempt = 1; ; attempt++) {
    ensureBuilt(); // start.mjs would otherwise build inside the timed window
    const port = await findFreePort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ARGO_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await findFreePort()),
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    delete env.PUBLIC_URL;
    const spawnedAtEpoch = Date.now();
    const startedAt = performance.now();
    const handle = spawnWithOutput(process.execPath, ['scripts/start.mjs'], { env });
    const pgReady = new Promise((resolve) => {
      const onData = (chunk) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.includes('embedded PostgreSQL ready')) continue;
          try {
            resolve(JSON.parse(line).time - spawnedAtEpoch);
          } catch {
            resolve(null);
          }
        }
      };
      handle.child.stdout.on('data', onData);
      handle.child.once('exit', () => resolve(null));
    });
    try {
      const ms = await waitFor200(`http://127.0.0.1:${port}/api/health`, {
        startedAt,
        processHandle: handle,
      });
      const rebuilt = handle.output.some(
        (line) => line.includes('rebuilding') || line.includes('Building Argo'),
      );
      if (rebuilt && attempt < 3) continue; // a source changed under us: that start measured a build
      return { ms, pgReadyMs: await Promise.race([pgReady, Promise.resolve(null)]) };
    } finally {
      await stopProcess(handle.child);
    }
  }
}

/** The process start floor: `node -e` with a bare http server answering 200. */
async function timeBareNodeServer() {
  const port = await findFreePort();
  const code = `require('node:http').createServer((q, s) => { s.statusCode = 200; s.end('ok'); }).listen(${port}, '127.0.0.1');`;
  const startedAt = performance.now();
  const handle = spawnWithOutput(process.execPath, ['-e', code], {});
  try {
    return await waitFor200(`http://127.0.0.1:${port}/`, { startedAt, processHandle: handle });
  } finally {
    await stopProcess(handle.child);
  }
}

/** The app's startEmbeddedPostgres alone, timed inside a tsx child (initdb + start + create database, or start). */
async function timeEmbeddedPostgresAlone(dataDir) {
  const port = await findFreePort();
  const script = `(async () => {
    const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(ROOT, 'apps/api/src/db/embedded.ts'))});
    const started = performance.now();
    const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
    const ms = performance.now() - started;
    await server.stop();
    console.log('RESULT ' + JSON.stringify({ ms }));
  })().catch((error) => { console.error(error); process.exit(1); });`;
  const handle = spawnWithOutput(TSX, ['-e', script], {});
  const code = await new Promise((done) => handle.child.once('exit', done));
  const line = handle.output.find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) throw new Error(`embedded PostgreSQL alone failed:\n${handle.output.join('\n')}`);
  return JSON.parse(line.slice('RESULT '.length)).ms;
}

async function main() {
  ensureBuilt();
  console.log(`startup: ${RUNS} runs each, median (spawn → first 200 from /api/health)`);
  const dirs = [];
  const fresh = { app: [], pgReady: [], pgAlone: [] };
  const reused = { app: [], pgReady: [], pgAlone: [] };
  const floor = [];
  try {
    // Fresh data dir: every run initialises a new cluster.
    for (let i = 0; i < RUNS; i++) {
      const appDir = await makeDataDir();
      const pgDir = await makeDataDir();
      dirs.push(appDir, pgDir);
      const run = await timeAppStart(appDir);
      fresh.app.push(run.ms);
      if (run.pgReadyMs !== null) fresh.pgReady.push(run.pgReadyMs);
      fresh.pgAlone.push(await timeEmbeddedPostgresAlone(pgDir));
      floor.push(await timeBareNodeServer());
      await rm(appDir, { recursive: true, force: true });
      await rm(pgDir, { recursive: true, force: true });
    }
    // Reused data dir: initialised (and migrated) once by a start that is not counted.
    const appDir = await makeDataDir();
    const pgDir = await makeDataDir();
    dirs.push(appDir, pgDir);
    await timeAppStart(appDir);
    await timeEmbeddedPostgresAlone(pgDir);
    for (let i = 0; i < RUNS; i++) {
      const run = await timeAppStart(appDir);
      reused.app.push(run.ms);
      if (run.pgReadyMs !== null) reused.pgReady.push(run.pgReadyMs);
      reused.pgAlone.push(await timeEmbeddedPostgresAlone(pgDir));
      floor.push(await timeBareNodeServer());
    }
  } finally {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }

  const nodeFloor = median(floor);
  for (const [label, m] of [
    ['fresh ARGO_DATA_DIR (initdb)', fresh],
    ['reused ARGO_DATA_DIR', reused],
  ]) {
    const ours = median(m.app);
    const pgAlone = median(m.pgAlone);
    report({
      bench: BENCH,
      figure: `startup, ${label}`,
      ours,
      reference: nodeFloor + pgAlone,
      unit: 'ms',
      referenceLabel: `node floor ${Math.round(nodeFloor)} + embedded PG alone ${Math.round(pgAlone)}`,
    });
    if (m.pgReady.length > 0) {
      console.log(
        `  of which: spawn → "embedded PostgreSQL ready" ${Math.round(median(m.pgReady))} ms, ` +
          `then → /api/health 200 ${Math.round(ours - median(m.pgReady))} ms (migrations, jobs, auth, HTTP)`,
      );
    }
    console.log(
      `  runs: ours ${m.app.map(Math.round).join(', ')} ms; PG alone ${m.pgAlone.map(Math.round).join(', ')} ms`,
    );
  }
  report({
    bench: BENCH,
    figure: 'process start floor (bare node http server)',
    ours: null,
    reference: nodeFloor,
    unit: 'ms',
    referenceLabel: `node -e http server, median of ${floor.length}`,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
