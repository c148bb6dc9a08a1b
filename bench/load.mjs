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
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { Agent, request } from 'undici';
import {
  apiSessionOptions,
  createBenchDatabase,
  createFinishedSession,
  ensureBuilt,
  findFreePort,
  percentile,
  profileArgs,
  ROOT,
  report,
  SERVER_ENTRY,
  spawnWithOutput,
  startApp,
  stopProcess,
  waitFor200,
  withCapturedSql,
  withClient,
} from './lib.mjs';

const BENCH = 'load';
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
process.env.BENCH_BUSINESSES = process.env.LOAD_BUSINESSES ?? '5000';
const { seedResultsSession, BUSINESSES } = await import('./results-seed.mjs');
const PHASES = (process.env.LOAD_PHASES ?? '1,2').split(',').map(Number);
/** LOAD_JOBS=0: no import or enrichment in the background (to see what the jobs cost the users). */
const WITH_JOBS = process.env.LOAD_JOBS !== '0';
const IMPORT_ROWS = 20_000;
/** The results search (the seeded names put "Dental" in a tenth of the businesses). */
const SEARCH = 'search=dental';
/** Pages of 50 a user may ask for: the search matches a tenth of the businesses. */
const pageCount = (search) => Math.max(1, Math.floor(BUSINESSES / 50 / (search ? 10 : 1)));
const ENRICH_SITES = 1_500;
/** The API's pool for its requests, as config/env.ts sizes it by default (or as API_POOL_MAX sets it). */
const API_POOL_MAX = Number(process.env.API_POOL_MAX ?? Math.max(2, 2 * availableParallelism()));

/** The local "web": every site one small WordPress page, a little slow; no robots.txt. */
async function startSiteServer() {
  const server = createServer((req, res) => {
    setTimeout(() => {
      if (!req.url?.startsWith('/site')) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>${req.url}</title><meta name="generator" content="WordPress 6.4.2"></head>` +
          '<body><h1>A local business</h1><p>Open every day.</p></body></html>',
      );
    }, 5);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { port: server.address().port, close: () => new Promise((done) => server.close(done)) };
}

const authed = (token, extra = {}) => ({ Authorization: `Bearer ${token}`, ...extra });
/** What Chrome and Firefox send (zstd too: the API does not offer it, so they get brotli or gzip). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** A CSV import of IMPORT_ROWS rows, uploaded and confirmed: it runs on a worker. Returns the session id. */
async function startImport(baseUrl, token) {
  const lines = ['Company Name,Website,City,Category'];
  const tag = randomBytes(3).toString('hex');
  for (let i = 1; i <= IMPORT_ROWS; i++)
    lines.push(`Load ${tag} Shop ${i},https://load-${tag}-${i}.com/,Leeds,shop`);
  const form = new FormData();
  form.append('name', `Load import ${tag}`);
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'load.csv');
  const uploaded = await fetch(`${baseUrl}/api/discovery/import`, {
    method: 'POST',
    headers: authed(token),
    body: form,
  });
  if (uploaded.status !== 201)
    throw new Error(`import answered ${uploaded.status}: ${await uploaded.text()}`);
  const { session, mapping } = await uploaded.json();
  const confirmed = await fetch(`${baseUrl}/api/discovery/import/${session.id}/mapping`, {
    method: 'POST',
    headers: authed(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ mapping }),
  });
  if (confirmed.status !== 202)
    throw new Error(`import mapping answered ${confirmed.status}: ${await confirmed.text()}`);
  return session.id;
}

/** A finished session of ENRICH_SITES businesses on the local site server, then its enrichment queued. */
async function startEnrichment(baseUrl, token, databaseUrl, accountId, sitePort) {
  const { sessionId, runId } = await createFinishedSession(baseUrl, token, databaseUrl, 'Load enrichment');
  await withClient(databaseUrl, (client) =>
    client.query(
      `INSERT INTO businesses (account_id, session_id, run_id, dedupe_key, name, website, source)
       SELECT $1, $2, $3, 'k' || g, 'Site ' || g, 'http://127.0.0.1:' || $4::int || '/site' || g || '/', 'osm'
       FROM generate_series(1, $5::int) AS g`,
      [accountId, sessionId, runId, sitePort, ENRICH_SITES],
    ),
  );
  const queued = await fetch(`${baseUrl}/api/enrichment/software_detection`, {
    method: 'POST',
    headers: authed(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ session_id: sessionId }),
  });
  if (queued.status !== 202) throw new Error(`enrichment answered ${queued.status}: ${await queued.text()}`);
  return sessionId;
}

async function progressOf(baseUrl, token, sessionId) {
  const response = await fetch(`${baseUrl}/api/user/session/${sessionId}/info`, { headers: authed(token) });
  const info = await response.json();
  return `${info.status} ${info.progress?.done ?? '?'}/${info.progress?.total ?? '?'}`;
}

/**
 * The request user `u` makes at `step`: a results page (60%: a random page, a fifth of them with a search), the
 * session info (30%) or the whole CSV export (10%). `variant` names the recorded statements the replay runs.
 */
function pickRequest(step, u, sessionId) {
  const pick = (step * 7919 + u * 104729) % 100;
  if (pick < 60) {
    const search = pick % 5 === 0;
    const page = (step * 31 + u) % pageCount(search);
    return {
      kind: 'results',
      variant: search ? 'search' : 'results',
      page,
      path: `/api/user/session/${sessionId}/results?page=${page}&pageSize=50${search ? `&${SEARCH}` : ''}`,
    };
  }
  if (pick < 90) return { kind: 'info', variant: 'info', path: `/api/user/session/${sessionId}/info` };
  return { kind: 'export', variant: 'export', path: `/api/user/session/${sessionId}/export` };
}

/**
 * USERS closed-loop users for SECONDS: each picks its next request with pickRequest and goes on as soon as
 * `perform(u, request)` has read the answer (it returns an error text, or nothing when all went well).
 */
async function runClosedLoop(users, perform) {
  const latencies = [];
  const byKind = { results: [], info: [], export: [] };
  const errors = [];
  const deadline = performance.now() + SECONDS * 1000;
  let count = 0;
  const user = async (u) => {
    const { sessionId } = users[u % users.length];
    let step = u;
    while (performance.now() < deadline) {
      step++;
      const picked = pickRequest(step, u, sessionId);
      const started = performance.now();
      try {
        const error = await perform(u, picked);
        if (error) errors.push(`${picked.kind} ${error}`);
      } catch (error) {
        errors.push(`${picked.kind} ${error.code ?? error.message}`);
      }
      const ms = performance.now() - started;
      latencies.push(ms);
      byKind[picked.kind].push(ms);
      count++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: USERS }, (_, u) => user(u)));
  const seconds = (performance.now() - started) / 1000;
  return { rps: count / seconds, count, latencies, byKind, errors };
}

/** The users against the API processes at `baseUrls` (spread over them: a client-side load balancer). */
async function runUsers(baseUrls, users) {
  const agent = new Agent({ connections: USERS, pipelining: 1, keepAliveTimeout: 30_000 });
  try {
    return await runClosedLoop(users, async (u, { path }) => {
      const response = await request(`${baseUrls[u % baseUrls.length]}${path}`, {
        dispatcher: agent,
        // As a browser asks (the answers come compressed; the users read the bytes as sent).
        headers: authed(users[u % users.length].token, { 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
        headersTimeout: 60_000,
        bodyTimeout: 60_000,
      });
      // Read every byte, as a browser saving the export does. (dump() falls back to 128 KiB for a limit that is not
      // finite, and then aborts the connection half way through each export.)
      for await (const _chunk of response.body);
      return response.statusCode === 200 ? undefined : String(response.statusCode);
    });
  } finally {
    await agent.close();
  }
}

/**
 * The statements the API sends for each request the users can make — every results page with and without the
 * search, the info and the export of each seeded session — recorded on the wire by a second API process behind
 * pg-capture.mjs. `recorded.get(sessionId)[variant][page]` (info and export under page 0).
 */
async function recordStatements(databaseUrl, users) {
  const pages = pageCount(false);
  return withCapturedSql(databaseUrl, async (app, record) => {
    const bySession = new Map();
    const fetchBody = async (path, token) =>
      (await fetch(`${app.baseUrl}${path}`, { headers: authed(token) })).arrayBuffer();
    for (const { token, sessionId } of users) {
      const base = `/api/user/session/${sessionId}`;
      // Once to warm the process's caches (sign-in keys, the kept export), then the recorded ones.
      await fetchBody(`${base}/export`, token);
      const variants = { results: [], search: [], info: [], export: [] };
      for (let page = 0; page < pages; page++) {
        variants.results[page] = await record(() =>
          fetchBody(`${base}/results?page=${page}&pageSize=50`, token),
        );
        if (page < pageCount(true))
          variants.search[page] = await record(() =>
            fetchBody(`${base}/results?page=${page}&pageSize=50&${SEARCH}`, token),
          );
      }
      variants.info[0] = await record(() => fetchBody(`${base}/info`, token));
      variants.export[0] = await record(() => fetchBody(`${base}/export`, token));
      bySession.set(sessionId, variants);
    }
    return bySession;
  });
}

/**
 * The second reference: each user request replaced by the statements the API sent for it, run one after the
 * other on a `pg` pool of the API's size (API_POOL_MAX) by the same users — what the database alone costs for the mix. A
 * statement the API prepared under a name is prepared under that name here too (a named statement's plan is kept).
 */
async function runSqlReplay(databaseUrl, users, recorded) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: API_POOL_MAX,
    options: await apiSessionOptions(),
  });
  try {
    return await runClosedLoop(users, async (u, { variant, page }) => {
      const statements = recorded.get(users[u % users.length].sessionId)[variant][page ?? 0];
      const client = await pool.connect();
      try {
        // Prepared under the app's name where the app prepared it, so PostgreSQL plans it as often as for the app.
        for (const { sql, name, params } of statements)
          await client.query({ name: name || undefined, text: sql, values: params, rowMode: 'array' });
      } finally {
        client.release();
      }
    });
  } finally {
    await pool.end();
  }
}

/** The reference: a minimal node http server that answers each request with `SELECT 1` from a pg pool. */
async function runSelectOneReference(databaseUrl) {
  const port = await findFreePort();
  const code = `
    const pg = require('pg');
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    require('node:http').createServer(async (q, s) => {
      try { const r = await pool.query('SELECT 1 AS one'); s.setHeader('content-type', 'application/json'); s.end(JSON.stringify(r.rows)); }
      catch (e) { s.statusCode = 500; s.end(String(e)); }
    }).listen(${port}, '127.0.0.1');`;
  const handle = spawnWithOutput(process.execPath, ['-e', code], { cwd: ROOT });
  try {
    await waitFor200(`http://127.0.0.1:${port}/`, { startedAt: performance.now(), processHandle: handle });
    return await runUsers([`http://127.0.0.1:${port}`], [{ token: 'none', sessionId: 'none' }]);
  } finally {
    await stopProcess(handle.child);
  }
}

function startWorkerProcess(env) {
  const handle = spawnWithOutput(process.execPath, [...profileArgs(), SERVER_ENTRY, 'worker'], {
    env: { ...process.env, ...env },
  });
  return { handle, stop: () => stopProcess(handle.child) };
}

function summarise(label, result) {
  const ms = (p) => percentile(result.latencies, p);
  const kinds = Object.entries(result.byKind)
    .map(
      ([kind, list]) =>
        `${kind} ${list.length} (p50 ${percentile(list, 50)?.toFixed(0)}, p95 ${percentile(list, 95)?.toFixed(0)} ms)`,
    )
    .join(', ');
  console.log(
    `${label}: ${result.count} requests, ${result.rps.toFixed(0)}/s, p50 ${ms(50).toFixed(1)} ms, ` +
      `p95 ${ms(95).toFixed(1)} ms, p99 ${ms(99).toFixed(1)} ms, errors ${result.errors.length}; ${kinds}`,
  );
  if (result.errors.length > 0) console.log(`  first errors: ${result.errors.slice(0, 5).join('; ')}`);
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
      const result = await runUsers([api1.baseUrl], users);
      summarise('1 API + 1 worker', result);
      console.log(
        `  background sessions at the end (import, enrichment): ${await progress(api1.baseUrl, running)}`,
      );
      phases.push(['1 API + 1 worker', result]);
      await cancel(running);
    }

    // The SQL reference, under the same background load (what phase 1 left running is cancelled first).
    const recorded = await recordStatements(database.url, users);
    const replayRunning = await background(api1.baseUrl);
    const replay = await runSqlReplay(database.url, users, recorded);
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
      const result = await runUsers([api1.baseUrl, api2.baseUrl], users);
      summarise('2 API + 2 workers', result);
      console.log(
        `  background sessions at the end (import, enrichment): ${await progress(api1.baseUrl, running)}`,
      );
      phases.push(['2 API + 2 workers', result]);
    }

    const reference = await runSelectOneReference(database.url);
    summarise('reference: node http + pg SELECT 1', reference);

    const p = (r, q) => percentile(r.latencies, q);
    for (const [label, result] of phases) {
      report({
        bench: BENCH,
        figure: `${label}: requests/s (${USERS} users)`,
        ours: result.rps,
        reference: reference.rps,
        unit: 'req/s',
        referenceLabel: 'node http + pg SELECT 1, same users',
      });
      report({
        bench: BENCH,
        figure: `${label}: requests/s vs the API's SQL alone`,
        ours: result.rps,
        reference: replay.rps,
        unit: 'req/s',
        referenceLabel: "the API's statements replayed with pg, same users and jobs",
        note: replay.rps / result.rps <= 2 ? 'within 2×: met' : 'within 2×: NOT met',
      });
      for (const q of [50, 95, 99]) {
        report({
          bench: BENCH,
          figure: `${label}: p${q} latency`,
          ours: p(result, q),
          reference: p(replay, q),
          unit: 'ms',
          referenceLabel: "the API's statements replayed with pg",
          note:
            q === 95 ? (p(result, 95) < 300 ? 'target < 300 ms met' : 'target < 300 ms NOT met') : undefined,
        });
      }
      report({
        bench: BENCH,
        figure: `${label}: errors`,
        ours: result.errors.length,
        reference: reference.errors.length,
        unit: 'errors',
        referenceLabel: 'node http + pg SELECT 1',
        note: result.errors.length === 0 ? 'target 0 met' : 'target 0 missed',
      });
    }
    const [one, two] = [
      phases.find(([l]) => l.startsWith('1'))?.[1],
      phases.find(([l]) => l.startsWith('2'))?.[1],
    ];
    if (one && two) {
      report({
        bench: BENCH,
        figure: 'scale-out: 2+2 processes requests/s',
        ours: two.rps,
        reference: one.rps,
        unit: 'req/s',
        referenceLabel: '1 API + 1 worker, same run',
      });
    }
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
