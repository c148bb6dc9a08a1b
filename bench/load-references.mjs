// The load bench's two references (load.mjs), measured in the same run under the same users: the SQL the API sends
// for each kind of request — recorded on the wire by a second API process behind pg-capture.mjs — replayed with `pg`
// (what the database alone costs for the mix: the API's own overhead is its figure over this one), and a minimal
// node http server answering `SELECT 1` from a pg pool (the floor of an HTTP + PostgreSQL round trip).
// `load` is the users' `{ userCount, seconds, businesses }` (load-mix.mjs).
import { availableParallelism } from 'node:os';
import pg from 'pg';
import {
  apiSessionOptions,
  findFreePort,
  ROOT,
  spawnWithOutput,
  stopProcess,
  waitFor200,
  withCapturedSql,
} from './lib.mjs';
import { authed, pageCount, runClosedLoop, runUsers, SEARCH } from './load-mix.mjs';

/** The API's pool for its requests, as config/env.ts sizes it by default (or as API_POOL_MAX sets it). */
const API_POOL_MAX = Number(process.env.API_POOL_MAX ?? Math.max(2, 2 * availableParallelism()));

/**
 * The statements the API sends for each request the users can make — every results page with and without the
 * search, the info and the export of each seeded session — recorded on the wire by a second API process behind
 * pg-capture.mjs. `recorded.get(sessionId)[variant][page]` (info and export under page 0).
 */
export async function recordStatements(load, databaseUrl, users) {
  const pages = pageCount(load.businesses, false);
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
        if (page < pageCount(load.businesses, true))
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
export async function runSqlReplay(load, databaseUrl, users, recorded) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: API_POOL_MAX,
    options: await apiSessionOptions(),
  });
  try {
    return await runClosedLoop(load, users, async (u, { variant, page }) => {
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
export async function runSelectOneReference(load, databaseUrl) {
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
    return await runUsers(load, [`http://127.0.0.1:${port}`], [{ token: 'none', sessionId: 'none' }]);
  } finally {
    await stopProcess(handle.child);
  }
}
