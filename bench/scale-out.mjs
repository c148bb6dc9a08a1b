// scale-out: one session's crawl + enrich (software_detection) of BENCH_SITES (default 2,000) sites on a local
// site server whose every answer takes 300 ms, run by 1, 2 and 4 worker processes (BENCH_WORKERS) against one
// PostgreSQL, as README "Scaling out" runs them. Each site has its own host (its own loopback address,
// 127.0.x.y), a home page linking two more pages, and no robots.txt. The server records the requests in flight
// per host: politeness across processes means never two at once on one host. Figures: sites/min of N workers
// beside one worker's sites/min in the same run (targets ×1.8 for 2, ×3.2 for 4 while the CPU is not the limit),
// the most requests one host ever had at once (target 1), and the CPU the workers used (of the machine's cores).
// Each worker runs SCALE_JOB_CONCURRENCY (2) batch jobs of SCALE_ENRICH_CONCURRENCY (6) sites at once, so the
// site server's latency, not the CPU, bounds one worker.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import {
  createBenchDatabase,
  createFinishedSession,
  ensureBuilt,
  profileArgs,
  report,
  SERVER_ENTRY,
  signUpWithAccount,
  spawnWithOutput,
  startApp,
  stopProcess,
  withClient,
} from './lib.mjs';

const BENCH = 'scale-out';
const SITES = Number(process.env.BENCH_SITES ?? 2000);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const LATENCY_MS = 300;
const JOB_CONCURRENCY = process.env.SCALE_JOB_CONCURRENCY ?? '2';
const ENRICH_CONCURRENCY = process.env.SCALE_ENRICH_CONCURRENCY ?? '6';

/** Site i's host: a loopback address of its own (Linux routes all of 127.0.0.0/8 to the loopback device). */
const hostOf = (i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

function startSiteServer() {
  const inFlight = new Map();
  const stats = { requests: 0, mostOnOneHost: 0 };
  const server = createServer((req, res) => {
    const host = req.socket.localAddress ?? '?';
    const now = (inFlight.get(host) ?? 0) + 1;
    inFlight.set(host, now);
    stats.requests += 1;
    stats.mostOnOneHost = Math.max(stats.mostOnOneHost, now);
    setTimeout(() => {
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/robots.txt' || !['/', '/about', '/contact'].includes(path)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Shop ${host} ${path}</title>` +
          '<meta name="generator" content="WordPress 6.4.2"></head><body><nav><a href="/about">About us</a> ' +
          `<a href="/contact">Contact</a></nav><h1>A local shop</h1><p>Open every day in Leeds.</p>${'<p>Fresh bread. </p>'.repeat(40)}</body></html>`,
      );
    }, LATENCY_MS);
  });
  return new Promise((ready) =>
    // Every loopback address: each site is its own host.
    server.listen(0, '0.0.0.0', () =>
      ready({ port: server.address().port, stats, close: () => new Promise((done) => server.close(done)) }),
    ),
  );
}

/** CPU seconds a process has used so far (user + system, from /proc). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function startWorker(env) {
  const handle = spawnWithOutput(process.execPath, [...profileArgs(), SERVER_ENTRY, 'worker'], { env });
  const deadline = Date.now() + 60_000;
  while (!handle.output.some((line) => line.includes('workers started'))) {
    if (handle.child.exitCode !== null) throw new Error(`worker exited:\n${handle.output.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${handle.output.join('\n')}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return handle;
}

/** A finished session of SITES businesses on the site server (stored straight, as a discovery leaves them). */
async function seedSession(app, token, databaseUrl, accountId, port) {
  const { sessionId, runId } = await createFinishedSession(app.baseUrl, token, databaseUrl, 'Scale-out');
  const websites = Array.from({ length: SITES }, (_, i) => `http://${hostOf(i)}:${port}/`);
  await withClient(databaseUrl, (client) =>
    client.query(
      `INSERT INTO businesses (account_id, session_id, run_id, dedupe_key, name, website, source)
       SELECT $1, $2, $3, 'k' || g, 'Shop ' || g, ($4::text[])[g], 'osm' FROM generate_series(1, $5::int) AS g`,
      [accountId, sessionId, runId, websites, SITES],
    ),
  );
  return sessionId;
}

/** Queues the enrichment and waits for it to complete; ms from the request to completion. */
async function enrich(app, token, sessionId) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const started = performance.now();
  const queued = await fetch(`${app.baseUrl}/api/enrichment/software_detection`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ session_id: sessionId }),
  });
  if (queued.status !== 202) throw new Error(`enrichment answered ${queued.status}: ${await queued.text()}`);
  for (;;) {
    await new Promise((done) => setTimeout(done, 250));
    const info = await (await fetch(`${app.baseUrl}/api/user/session/${sessionId}/info`, { headers })).json();
    if (info.status === 'completed') {
      if (info.progress.done !== SITES || info.progress.failed !== 0)
        throw new Error(`enrichment ended ${JSON.stringify(info.progress)}`);
      return performance.now() - started;
    }
    if (info.status !== 'running' && info.status !== 'queued')
      throw new Error(`enrichment ended ${info.status}: ${info.error}`);
  }
}

async function main() {
  ensureBuilt();
  const database = await createBenchDatabase();
  if (database.kind !== 'server') {
    await database.drop();
    throw new Error('scale-out needs a PostgreSQL server (the machine 127.0.0.1:5432, or DATABASE_URL)');
  }
  const sites = await startSiteServer();
  const stops = [];
  try {
    const shared = {
      ...database.env,
      AUTH_SECRET: 'scale-out-bench-secret-0123456789abcdef',
      RATE_LIMIT_PER_MINUTE: '100000000',
      CRAWL_ALLOW_HOSTS: '127.0.0.0/8',
      MX_CHECK: 'false',
    };
    const app = await startApp(database.env, { ...shared, ARGO_ROLE: 'api' });
    stops.push(app.stop);
    const { idToken, account } = await signUpWithAccount(app.baseUrl, {
      name: 'Scale Out',
      email: 'scale@example.test',
      password: 'scale-out-password-1',
      organisation: 'Scale Out Ltd',
      databaseUrl: database.url,
    });
    const rates = new Map();
    for (const count of WORKERS) {
      const token = await idToken();
      const sessionId = await seedSession(app, token, database.url, account.id, sites.port);
      const env = {
        ...process.env,
        ...shared,
        PUBLIC_URL: app.baseUrl,
        LOG_LEVEL: 'info',
        JOB_CONCURRENCY,
        ENRICH_CONCURRENCY,
      };
      const workers = await Promise.all(Array.from({ length: count }, () => startWorker(env)));
      const cpuBefore = workers.reduce((sum, w) => sum + cpuSeconds(w.child.pid), 0);
      sites.stats.mostOnOneHost = 0;
      const ms = await enrich(app, token, sessionId);
      const cpu = workers.reduce((sum, w) => sum + cpuSeconds(w.child.pid), 0) - cpuBefore;
      await Promise.all(workers.map((w) => stopProcess(w.child)));
      const perMinute = (SITES / ms) * 60_000;
      rates.set(count, perMinute);
      const cores = cpu / (ms / 1000);
      console.log(
        `${count} worker(s): ${SITES} sites in ${(ms / 1000).toFixed(1)} s, ${perMinute.toFixed(0)} sites/min; ` +
          `workers used ${cores.toFixed(2)} of ${availableParallelism()} cores; most requests at once on one ` +
          `host ${sites.stats.mostOnOneHost}`,
      );
      report({
        bench: BENCH,
        figure: `crawl + enrich, ${count} worker${count > 1 ? 's' : ''}`,
        ours: perMinute,
        reference: rates.get(WORKERS[0]),
        unit: 'sites/min',
        referenceLabel: `${WORKERS[0]} worker, same run`,
        note: `${cores.toFixed(2)} cores`,
      });
      report({
        bench: BENCH,
        figure: `requests at once on one host, ${count} worker${count > 1 ? 's' : ''}`,
        ours: sites.stats.mostOnOneHost,
        reference: 1,
        unit: '',
        referenceLabel: 'politeness: one at a time',
      });
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await sites.close();
    await database.drop();
  }
}

await main();
