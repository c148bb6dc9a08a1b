// Load: 50 concurrent simulated users (closed loop, no think time) browsing results pages, polling session info
// and exporting CSV, while two sessions run in the background (a 20,000-row CSV import and a software-detection
// enrichment of 1,500 sites on a local site server) — first against one API process and one worker process, then
// against two of each on the same PostgreSQL (the README's "Scaling out"), the users spread over both APIs.
// Prints requests/s, p50/p95/p99 latency and errors (target 0) of each, beside a reference measured in the same
// run: a minimal node http server answering `SELECT 1` from a pg pool, under the same 50 users.
// Knobs: LOAD_USERS (50), LOAD_SECONDS (15 per phase), LOAD_BUSINESSES (5,000 per seeded session).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
import {
  createBenchDatabase,
  ensureBuilt,
  findFreePort,
  percentile,
  ROOT,
  report,
  SERVER_ENTRY,
  spawnWithOutput,
  startApp,
  stopProcess,
  waitFor200,
  withClient,
} from './lib.mjs';

const BENCH = 'load';
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
process.env.BENCH_BUSINESSES = process.env.LOAD_BUSINESSES ?? '5000';
const { seedResultsSession, BUSINESSES } = await import('./results-seed.mjs');
const IMPORT_ROWS = 20_000;
const ENRICH_SITES = 1_500;

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
  const created = await fetch(`${baseUrl}/api/users/create_session`, {
    method: 'POST',
    headers: authed(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ name: 'Load enrichment' }),
  });
  if (created.status !== 201) throw new Error(`create_session answered ${created.status}`);
  const sessionId = (await created.json()).id;
  await withClient(databaseUrl, async (client) => {
    const runId = (await client.query('SELECT gen_random_uuid() AS id')).rows[0].id;
    await client.query(`UPDATE sessions SET run_id = $1, status = 'completed' WHERE id = $2`, [
      runId,
      sessionId,
    ]);
    await client.query(
      `INSERT INTO businesses (account_id, session_id, run_id, dedupe_key, name, website, source)
       SELECT $1, $2, $3, 'k' || g, 'Site ' || g, 'http://127.0.0.1:' || $4::int || '/site' || g || '/', 'osm'
       FROM generate_series(1, $5::int) AS g`,
      [accountId, sessionId, runId, sitePort, ENRICH_SITES],
    );
  });
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
 * USERS closed-loop users for SECONDS: each picks, by weight, a results page (60%: a random page of one of the
 * seeded sessions, sometimes with a search), the session info (30%) or the whole CSV export (10%), and goes on
 * as soon as the answer is read. Users are spread over `baseUrls` (a client-side load balancer).
 */
async function runUsers(baseUrls, users) {
  const agent = new Agent({ connections: USERS, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies = [];
  const byKind = { results: [], info: [], export: [] };
  const errors = [];
  const deadline = performance.now() + SECONDS * 1000;
  let count = 0;
  const user = async (u) => {
    const { token, sessionId } = users[u % users.length];
    const origin = baseUrls[u % baseUrls.length];
    let step = u;
    while (performance.now() < deadline) {
      step++;
      const pick = (step * 7919 + u * 104729) % 100;
      let kind;
      let path;
      if (pick < 60) {
        kind = 'results';
        const page = (step * 31 + u) % Math.max(1, Math.floor(BUSINESSES / 50));
        const search = pick % 5 === 0 ? '&q=dental' : '';
        path = `/api/user/session/${sessionId}/results?page=${page}&pageSize=50${search}`;
      } else if (pick < 90) {
        kind = 'info';
        path = `/api/user/session/${sessionId}/info`;
      } else {
        kind = 'export';
        path = `/api/user/session/${sessionId}/export`;
      }
      const started = performance.now();
      try {
        const response = await request(`${origin}${path}`, {
          dispatcher: agent,
          headers: authed(token),
          headersTimeout: 60_000,
          bodyTimeout: 60_000,
        });
        await response.body.dump({ limit: Number.POSITIVE_INFINITY });
        if (response.statusCode !== 200) errors.push(`${kind} ${response.statusCode}`);
      } catch (error) {
        errors.push(`${kind} ${error.code ?? error.message}`);
      }
      const ms = performance.now() - started;
      latencies.push(ms);
      byKind[kind].push(ms);
      count++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: USERS }, (_, u) => user(u)));
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  return { rps: count / seconds, count, latencies, byKind, errors };
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
  const handle = spawnWithOutput(process.execPath, [SERVER_ENTRY, 'worker'], {
    env: { ...process.env, ...env },
  });
  return { handle, stop: () => stopProcess(handle.child) };
}

function summarise(label, result) {
  const ms = (p) => percentile(result.latencies, p);
  const kinds = Object.entries(result.byKind)
    .map(([kind, list]) => `${kind} ${list.length} (p50 ${percentile(list, 50)?.toFixed(0)} ms)`)
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

    const background = async (baseUrl) => [
      await startImport(baseUrl, ownerToken),
      await startEnrichment(baseUrl, ownerToken, database.url, owner.account.id, sites.port),
    ];
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
        const started = performance.now();
        const response = await fetch(`${api1.baseUrl}${path}`, { headers: authed(users[0].token) });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      alone.push(`${kind} ${percentile(times, 50).toFixed(1)} ms`);
    }
    console.log(`one request at a time, no load (median of 15): ${alone.join(', ')}`);

    // Phase 1: one API process, one worker process.
    const running1 = await background(api1.baseUrl);
    const one = await runUsers([api1.baseUrl], users);
    summarise('1 API + 1 worker', one);
    console.log(
      `  background sessions at the end (import, enrichment): ${await progress(api1.baseUrl, running1)}`,
    );

    // The same background load in phase 2: what phase 1 left running is cancelled first.
    for (const id of running1) {
      await fetch(`${api1.baseUrl}/api/users/sessions/${id}/cancel`, {
        method: 'POST',
        headers: authed(ownerToken),
      });
    }

    // Phase 2: a second API process and a second worker process on the same database.
    const api2 = await startApp(database.env, { ...shared, ARGO_ROLE: 'api', PUBLIC_URL: api1.baseUrl });
    stops.push(api2.stop);
    const worker2 = startWorkerProcess({ ...shared, PUBLIC_URL: api1.baseUrl });
    stops.push(worker2.stop);
    const running2 = await background(api2.baseUrl);
    const two = await runUsers([api1.baseUrl, api2.baseUrl], users);
    summarise('2 API + 2 workers', two);
    console.log(
      `  background sessions at the end (import, enrichment): ${await progress(api1.baseUrl, running2)}`,
    );

    const reference = await runSelectOneReference(database.url);
    summarise('reference: node http + pg SELECT 1', reference);

    const p = (r, q) => percentile(r.latencies, q);
    for (const [label, result] of [
      ['1 API + 1 worker', one],
      ['2 API + 2 workers', two],
    ]) {
      report({
        bench: BENCH,
        figure: `${label}: requests/s (${USERS} users)`,
        ours: result.rps,
        reference: reference.rps,
        unit: 'req/s',
        referenceLabel: 'node http + pg SELECT 1, same users',
      });
      for (const q of [50, 95, 99]) {
        report({
          bench: BENCH,
          figure: `${label}: p${q} latency`,
          ours: p(result, q),
          reference: p(reference, q),
          unit: 'ms',
          referenceLabel: 'node http + pg SELECT 1',
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
    report({
      bench: BENCH,
      figure: 'scale-out: 2+2 processes requests/s',
      ours: two.rps,
      reference: one.rps,
      unit: 'req/s',
      referenceLabel: '1 API + 1 worker, same run',
    });
    if (one.errors.length + two.errors.length > 0) process.exitCode = 1;
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
