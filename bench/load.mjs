// Load: 50 concurrent simulated users (closed loop, no think time) browsing results pages, polling session info
// and exporting CSV, while two sessions run in the background (a 20,000-row CSV import and a software-detection
// enrichment of 1,500 sites on a local site server) — first against one API process and one worker process, then
// against two of each on the same PostgreSQL (the README's "Scaling out"), the users spread over both APIs.
// Prints requests/s, p50/p95/p99 latency and errors (target 0) of each, beside a reference measured in the same
// run: a minimal node http server answering `SELECT 1` from a pg pool, under the same 50 users; and the SQL the API
// sends for each kind of request (recorded on the wire by pg-capture.mjs), replayed with `pg` by the same 50 users
// while the same background jobs run — the API's own overhead is its figure over this one.
// Knobs: LOAD_USERS (50), LOAD_SECONDS (15 per phase), LOAD_BUSINESSES (5,000 per seeded session), LOAD_PHASES
// ("1,2": phase 2 is the scale-out one), LOAD_JOBS (0: no background jobs), BENCH_CPU_PROF_DIR (CPU profiles of the API and worker processes).
// The users and their request mix: load-mix.mjs; the background import and enrichment: load-background.mjs; the
// references: load-references.mjs; the lines and figures printed: load-report.mjs.
import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import {
  createBenchDatabase,
  ensureBuilt,
  percentile,
  profileArgs,
  SERVER_ENTRY,
  spawnWithOutput,
  startApp,
  stopProcess,
} from './lib.mjs';
import {
  ENRICH_SITES,
  IMPORT_ROWS,
  progressOf,
  startEnrichment,
  startImport,
  startSiteServer,
} from './load-background.mjs';
import { authed, BROWSER_ACCEPT_ENCODING, runUsers } from './load-mix.mjs';
import { recordStatements, runSelectOneReference, runSqlReplay } from './load-references.mjs';
import { reportFigures, summarise } from './load-report.mjs';

const BENCH = 'load';
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
process.env.BENCH_BUSINESSES = process.env.LOAD_BUSINESSES ?? '5000';
const { seedResultsSession, BUSINESSES } = await import('./results-seed.mjs');
const PHASES = (process.env.LOAD_PHASES ?? '1,2').split(',').map(Number);
/** LOAD_JOBS=0: no import or enrichment in the background (to see what the jobs cost the users). */
const WITH_JOBS = process.env.LOAD_JOBS !== '0';
/** How the users run (load-mix.mjs): how many, for how long, on sessions of how many businesses. */
const LOAD = { userCount: USERS, seconds: SECONDS, businesses: BUSINESSES };

function startWorkerProcess(env) {
  const handle = spawnWithOutput(process.execPath, [...profileArgs(), SERVER_ENTRY, 'worker'], {
    env: { ...process.env, ...env },
  });
  return { handle, stop: () => stopProcess(handle.child) };
}

async function main() {
  ensureBuilt();
  const database = await createBenchDatabase();
  if (database.kind !== 'server') {
    await database.drop();
    throw new Error('load needs a PostgreSQL server (the machine 127.0.0.1:5432, or DATABASE_URL)');
  }
  const sites = await startSiteServer();
  const stops = [];
  try {
    const shared = {
      ...database.env,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: '100000000',
      CRAWL_ALLOW_HOSTS: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    const api1 = await startApp(database.env, { ...shared, ARGO_ROLE: 'api' });
    stops.push(api1.stop);
    const worker1 = startWorkerProcess({ ...shared, PUBLIC_URL: api1.baseUrl });
    stops.push(worker1.stop);

    const seeded = [
      await seedResultsSession(api1, database.url),
      await seedResultsSession(api1, database.url),
    ];
    const users = [];
    for (const s of seeded) users.push({ token: await s.idToken(), sessionId: s.sessionId });
    const owner = seeded[0];
    const ownerToken = users[0].token;
    console.log(
      `load: ${USERS} users × ${SECONDS} s per phase over 2 seeded sessions of ${BUSINESSES} businesses; ` +
        `background: a ${IMPORT_ROWS}-row CSV import and an enrichment of ${ENRICH_SITES} local sites per phase`,
    );

    const background = async (baseUrl) =>
      WITH_JOBS
        ? [
            await startImport(baseUrl, ownerToken),
            await startEnrichment(baseUrl, ownerToken, database.url, owner.account.id, sites.port),
          ]
        : [];
    const progress = async (baseUrl, ids) =>
      (await Promise.all(ids.map((id) => progressOf(baseUrl, ownerToken, id)))).join(', ');

    // For reading the figures: each kind of request alone, one at a time, before any load (median of 15).
    const alone = [];
    for (const [kind, path] of [
      ['results', `/api/user/session/${users[0].sessionId}/results?page=3&pageSize=50`],
      ['info', `/api/user/session/${users[0].sessionId}/info`],
      ['export', `/api/user/session/${users[0].sessionId}/export`],
    ]) {
      const times = [];
      for (let i = 0; i < 15; i++) {
        // As the users ask (undici, a browser's Accept-Encoding, the body read as sent): fetch() would gunzip the
        // export in this process, ~40 ms of the figure that the API does not spend.
        const started = performance.now();
        const response = await request(`${api1.baseUrl}${path}`, {
          headers: authed(users[0].token, { 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
        });
        for await (const _chunk of response.body);
        times.push(performance.now() - started);
      }
      alone.push(`${kind} ${percentile(times, 50).toFixed(1)} ms`);
    }
    console.log(`one request at a time, no load (median of 15): ${alone.join(', ')}`);

    const cancel = async (ids) => {
      for (const id of ids) {
        await fetch(`${api1.baseUrl}/api/users/sessions/${id}/cancel`, {
          method: 'POST',
          headers: authed(ownerToken),
        });
      }
    };
    const phases = [];

    // Phase 1: one API process, one worker process.
    if (PHASES.includes(1)) {
      const running = await background(api1.baseUrl);
      const result = await runUsers(LOAD, [api1.baseUrl], users);
      summarise('1 API + 1 worker', result);
      console.log(
        `  background sessions at the end (import, enrichment): ${await progress(api1.baseUrl, running)}`,
      );
      phases.push(['1 API + 1 worker', result]);
      await cancel(running);
    }

    // The SQL reference, under the same background load (what phase 1 left running is cancelled first).
    const recorded = await recordStatements(LOAD, database.url, users);
    const replayRunning = await background(api1.baseUrl);
    const replay = await runSqlReplay(LOAD, database.url, users, recorded);
    summarise("reference: the API's SQL replayed with pg, same jobs running", replay);
    console.log(
      `  background sessions at the end (import, enrichment): ${await progress(api1.baseUrl, replayRunning)}`,
    );
    await cancel(replayRunning);

    // Phase 2: a second API process and a second worker process on the same database.
    if (PHASES.includes(2)) {
      const api2 = await startApp(database.env, { ...shared, ARGO_ROLE: 'api', PUBLIC_URL: api1.baseUrl });
      stops.push(api2.stop);
      const worker2 = startWorkerProcess({ ...shared, PUBLIC_URL: api1.baseUrl });
      stops.push(worker2.stop);
      const running = await background(api2.baseUrl);
      const result = await runUsers(LOAD, [api1.baseUrl, api2.baseUrl], users);
      summarise('2 API + 2 workers', result);
      console.log(
        `  background sessions at the end (import, enrichment): ${await progress(api1.baseUrl, running)}`,
      );
      phases.push(['2 API + 2 workers', result]);
    }

    const reference = await runSelectOneReference(LOAD, database.url);
    summarise('reference: node http + pg SELECT 1', reference);

    reportFigures({ bench: BENCH, userCount: USERS, phases, replay, reference });
    if (phases.some(([, result]) => result.errors.length > 0)) process.exitCode = 1;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await sites.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
