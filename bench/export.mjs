// Export: GET /api/user/session/{id}/export of all 100,000 businesses of a session, made anew each time (a write to
// the session first: the API keeps finished exports until their data changes), as a browser downloads it (fetch:
// gzip, decompressed as read) — rows per second and the API process's peak resident memory while it streams
// (sampled from /proc every 20 ms); a kept export's time apart. Reference, in the same
// run: PostgreSQL's own `COPY (<the export's SELECT>) TO STDOUT WITH CSV` of the same rows (the SELECT the API
// sent, recorded on the wire by pg-capture.mjs, parameters inlined), read with pg-copy-streams; its memory figure
// is the API's resident memory just before the export (what streaming adds should be small).
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { createBenchDatabase, ensureBuilt, median, report, startApp, withCapturedSql } from './lib.mjs';
import { BUSINESSES, seedResultsSession } from './results-seed.mjs';

const BENCH = 'export';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function residentMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Downloads the export, counting bytes and line ends; returns ms, bytes, lines and the peak RSS of `pid`. */
async function download(url, token, pid) {
  let peak = residentMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 200)
      throw new Error(`export answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    return {
      ms: performance.now() - started,
      bytes,
      lines,
      peak,
      disposition: response.headers.get('content-disposition'),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function captureExportSql(databaseUrl, token, sessionId) {
  return withCapturedSql(databaseUrl, async (app, record) => {
    const statements = await record(async () => {
      const response = await fetch(`${app.baseUrl}/api/user/session/${sessionId}/export`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
    });
    const select = statements.find((s) => /export_software/.test(s.sql));
    if (!select)
      throw new Error(`no export query recorded; saw:\n${statements.map((s) => s.sql).join('\n')}`);
    return select;
  });
}

/** COPY (select) TO STDOUT WITH CSV HEADER through pg-copy-streams; returns ms, bytes and lines. */
async function copyCsv(client, text) {
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  await pipeline(
    client.query(copyStreams.to(`COPY (${text}) TO STDOUT WITH CSV HEADER`)),
    new Writable({
      write(chunk, _encoding, done) {
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        done();
      },
    }),
  );
  return { ms: performance.now() - started, bytes, lines };
}

async function main() {
  ensureBuilt();
  const database = await createBenchDatabase();
  if (database.kind !== 'server') {
    await database.drop();
    throw new Error('export needs a PostgreSQL server (the machine 127.0.0.1:5432, or DATABASE_URL)');
  }
  let app;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    app = await startApp(database.env, { RATE_LIMIT_PER_MINUTE: '1000000' });
    const { idToken, sessionId } = await seedResultsSession(app, database.url);
    const token = await idToken();
    const captured = await captureExportSql(database.url, token, sessionId);
    // COPY takes no parameters: inline them as literals.
    const inlined = captured.sql.replace(/\$(\d+)/g, (_m, n) =>
      client.escapeLiteral(String(captured.params[Number(n) - 1])),
    );
    const url = `${app.baseUrl}/api/user/session/${sessionId}/export`;
    const pid = app.handle.child.pid;

    // The API keeps a finished export (gzipped) until anything it was made from changes: a write to the session
    // before each download makes each one anew, as after an enrichment step. A kept one is measured apart.
    const madeAnew = async () => {
      await client.query('UPDATE sessions SET updated_at = now() WHERE id = $1', [sessionId]);
      return download(url, token, pid);
    };
    await madeAnew(); // warm-up (caches, JIT)
    const idle = residentMb(pid);
    const ours = [];
    for (let i = 0; i < RUNS; i++) ours.push(await madeAnew());
    const kept = [];
    for (let i = 0; i < RUNS; i++) kept.push(await download(url, token, pid));
    await copyCsv(client, inlined);
    const reference = [];
    for (let i = 0; i < RUNS; i++) reference.push(await copyCsv(client, inlined));

    const rows = ours[0].lines - 1;
    if (rows < BUSINESSES)
      throw new Error(`the export held ${rows} lines of rows, expected at least ${BUSINESSES}`);
    console.log(
      `export: ${BUSINESSES} businesses; ours ${(ours[0].bytes / 1e6).toFixed(1)} MB as ${ours[0].disposition}; ` +
        `COPY ${(reference[0].bytes / 1e6).toFixed(1)} MB; median of ${RUNS} runs`,
    );
    const oursRate = BUSINESSES / (median(ours.map((r) => r.ms)) / 1000);
    const copyRate = BUSINESSES / (median(reference.map((r) => r.ms)) / 1000);
    report({
      bench: BENCH,
      figure: `export ${BUSINESSES} rows, time`,
      ours: median(ours.map((r) => r.ms)),
      reference: median(reference.map((r) => r.ms)),
      unit: 'ms',
      referenceLabel: 'COPY (same SELECT) TO STDOUT WITH CSV',
      note: median(ours.map((r) => r.ms)) <= 3 * median(reference.map((r) => r.ms)) ? 'within 3×' : 'over 3×',
    });
    report({
      bench: BENCH,
      figure: `export ${BUSINESSES} rows, kept (unchanged since)`,
      ours: median(kept.map((r) => r.ms)),
      reference: median(reference.map((r) => r.ms)),
      unit: 'ms',
      referenceLabel: 'COPY (same SELECT) TO STDOUT WITH CSV',
    });
    report({
      bench: BENCH,
      figure: 'export rows per second',
      ours: oursRate,
      reference: copyRate,
      unit: 'rows/s',
      referenceLabel: 'COPY (same SELECT) TO STDOUT WITH CSV',
    });
    const peak = Math.max(...ours.map((r) => r.peak));
    report({
      bench: BENCH,
      figure: 'API resident memory, peak during export',
      ours: peak,
      reference: idle,
      unit: 'MB',
      referenceLabel: 'the same process just before',
      note: peak < 200 ? 'under 200 MB' : 'over 200 MB',
    });
  } finally {
    await client.end();
    await app?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
