// CSV import: a 100,000-row CSV generated from the rows of ../shared/fixtures/csv (Chicago licences, a Google Maps
// scrape, YC companies: names, websites, phones and addresses varied per copy so they do not all merge), imported
// end to end the way the app does it: the upload's preview and suggested mapping, then the `session.import` job's
// handler (engine importCsv: decode, parse, map, normalise, merge per batch and across batches; the API's store
// path: batch upserts, rejected rows, cursor, progress) against a throw-away PostgreSQL database. Rows/s and the
// peak memory (max RSS) of the process doing it.
// References, measured in the same run on the same file: papaparse's parse alone (a string in, arrays out) in a
// process of its own — what reading the CSV costs before anything is normalised, merged or stored; and PostgreSQL's
// COPY of the very rows the import stored into a table of the same shape (`LIKE businesses INCLUDING ALL`: the same
// columns, defaults and every index) — the limit of the store step.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { buildBundle, createBenchDatabase, formatNumber, median, ROOT, report } from './lib.mjs';

const BENCH = 'csv-import';
const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const REFERENCE_RUNS = 3;
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/csv');

// ------------------------------------------------------------------ the generated file

/** The fixture rows as plain business records (name, website, phone, address, city, state, zip, category). */
function fixtureRecords() {
  const read = (file) =>
    Papa.parse(readFileSync(path.join(FIXTURES, file), 'utf8'), { header: true, skipEmptyLines: true }).data;
  const records = [];
  for (const r of read('chicago_business_licenses_w-chicago-ave.csv')) {
    records.push({
      name: r['DOING BUSINESS AS NAME'] || r['LEGAL NAME'],
      website: '',
      phone: '',
      address: r.ADDRESS,
      city: r.CITY,
      state: r.STATE,
      zip: r['ZIP CODE'],
      category: r['LICENSE DESCRIPTION'] ?? '',
    });
  }
  for (const r of read('google-maps-scraper_gyro-restaurants_plano-frisco-tx.csv')) {
    records.push({
      name: r.title,
      website: r.website,
      phone: r.phone,
      address: r.address,
      city: '',
      state: '',
      zip: '',
      category: r.category,
    });
  }
  for (const r of read('yc_companies_essential_data.csv')) {
    records.push({
      name: r.name,
      website: r.website,
      phone: '',
      address: (r.all_locations ?? '').split(';')[0],
      city: '',
      state: '',
      zip: '',
      category: r.industry ?? '',
    });
  }
  return records.filter((r) => r.name);
}

/** Copy `n` of a fixture record: its own name, domain and phone (the last seven digits moved), else the same. */
function vary(record, n) {
  const copy = n;
  let website = record.website;
  try {
    if (website) {
      const url = new URL(/^https?:/i.test(website) ? website : `https://${website}`);
      const labels = url.hostname.replace(/^www\./, '').split('.');
      labels[0] = `${labels[0]}-${copy}`;
      website = `https://www.${labels.join('.')}/`;
    }
  } catch {
    website = '';
  }
  const digits = record.phone.replace(/\D/g, '');
  const phone =
    digits.length >= 10
      ? `+1 ${digits.slice(-10, -7)} ${String(2_000_000 + ((copy * 7919) % 7_000_000)).replace(/^(\d{3})/, '$1 ')}`
      : '';
  return {
    ...record,
    name: `${record.name} ${copy}`,
    website,
    phone,
  };
}

function generateCsv(file) {
  const records = fixtureRecords();
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    const r = vary(records[i % records.length], i);
    rows.push([r.name, r.website, r.phone, r.address, r.city, r.state, r.zip, r.category]);
  }
  const text = Papa.unparse({
    fields: ['Company Name', 'Website', 'Phone', 'Address', 'City', 'State', 'ZIP', 'Category'],
    data: rows,
  });
  writeFileSync(file, `${text}\n`);
  return { fixtureRows: records.length, bytes: Buffer.byteLength(text) };
}

// ------------------------------------------------------------------ the two measured processes

/** papaparse alone: read the file, parse it; prints { ms, rows, maxRssMb }. */
async function referenceChild(file) {
  const text = readFileSync(file, 'utf8');
  const started = performance.now();
  const parsed = Papa.parse(text, { skipEmptyLines: true });
  const ms = performance.now() - started;
  console.log(
    JSON.stringify({ ms, rows: parsed.data.length - 1, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
  );
}

/**
 * Ours: the upload's preview + suggested mapping, then the import job's handler over the stored file, in this
 * process against DATABASE_URL; prints { ms, rows, businesses, rejected, maxRssMb, rssBeforeMb }.
 */
async function oursChild(file, databaseUrl, bundleUrl) {
  const { engine, createDatabase, loadConfig, createDiscoveryDeps, runImportJob } = await import(bundleUrl);
  // As a worker process starts its jobs (apps/api jobs/start-workers.ts).
  engine.useCompactHeapForJobs();
  const connection = createDatabase(databaseUrl, { max: 4, applicationName: 'argo-bench' });
  const { db } = connection;
  const pool = db.$client;
  const bytes = readFileSync(file);

  const account = (await pool.query(`insert into accounts (name) values ('Bench') returning id`)).rows[0].id;
  const owner = (
    await pool.query(`insert into users (account_id, email, role) values ($1, $2, 'admin') returning id`, [
      account,
      `bench-${randomUUID()}@example.test`,
    ])
  ).rows[0].id;
  const log = { info() {}, warn() {}, error() {} };
  const deps = createDiscoveryDeps(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), db);
  const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;

  const started = performance.now();
  // What POST /discovery/import does with the upload: preview, suggested mapping, the stored file.
  const preview = await engine.previewCsv(bytes);
  const mapping = engine.suggestMapping(preview.headers, preview.rows);
  const session = (
    await pool.query(
      `insert into sessions (account_id, owner_id, name, type, status, input)
       values ($1, $2, 'Bench import', 'import', 'queued', $3) returning id`,
      [account, owner, JSON.stringify({ ...preview, file_name: 'bench.csv', size: bytes.length, mapping })],
    )
  ).rows[0].id;
  const runId = randomUUID();
  const token = randomUUID();
  await pool.query(`update sessions set run_id = $2 where id = $1`, [session, runId]);
  await pool.query(`insert into session_runs (session_id, run_id, mode, token) values ($1, $2, 'run', $3)`, [
    session,
    runId,
    token,
  ]);
  await pool.query(
    `insert into session_files (session_id, account_id, file_name, size, data) values ($1, $2, 'bench.csv', $3, $4)`,
    [session, account, bytes.length, bytes],
  );
  // The job's handler, as a worker runs it.
  await runImportJob(
    { session_id: session, token },
    {
      db,
      log,
      discovery: deps,
      jobId: randomUUID(),
      retryCount: 0,
      retryLimit: 0,
      signal: new AbortController().signal,
    },
  );
  const ms = performance.now() - started;

  const { rows } = await pool.query(
    `select s.status, s.error, s.progress_done,
       (select count(*)::int from businesses b where b.session_id = s.id) as businesses,
       (select count(*)::int from session_rejected_rows r where r.session_id = s.id) as rejected
     from sessions s where s.id = $1`,
    [session],
  );
  await connection.close();
  const result = rows[0];
  if (result.status !== 'completed') throw new Error(`the import ended ${result.status}: ${result.error}`);
  console.log(
    JSON.stringify({
      ms,
      rows: result.progress_done,
      businesses: result.businesses,
      rejected: result.rejected,
      mapping,
      rssBeforeMb,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

/** The columns the import writes (the rest are the table's defaults). */
const STORED_COLUMNS = `account_id, session_id, run_id, dedupe_key, name, website, domain, email, phone, address, city,
  region, postal_code, country, lat, lng, category, source, source_ref, sources, rating, review_count, categories,
  aliases, phones, websites, is_closed, enrichment_state, enrichment_error, attributes`;

/**
 * PostgreSQL's COPY of the rows the import stored (read back as COPY text) into a fresh table of the same shape,
 * in one transaction; prints { ms, rows } of the median of REFERENCE_RUNS.
 */
async function copyChild(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const chunks = [];
    const out = client.query(copyStreams.to(`COPY (select ${STORED_COLUMNS} from businesses) TO STDOUT`));
    for await (const chunk of out) chunks.push(chunk);
    const text = Buffer.concat(chunks);
    const runs = [];
    let rows = 0;
    for (let i = 0; i < REFERENCE_RUNS; i++) {
      await client.query('drop table if exists bench_copy_target');
      await client.query('create table bench_copy_target (like businesses including all)');
      const started = performance.now();
      await client.query('begin');
      const input = client.query(copyStreams.from(`COPY bench_copy_target (${STORED_COLUMNS}) FROM STDIN`));
      await new Promise((resolve, reject) => {
        input.on('finish', resolve);
        input.on('error', reject);
        input.end(text);
      });
      await client.query('commit');
      runs.push(performance.now() - started);
      rows = input.rowCount;
    }
    await client.query('drop table if exists bench_copy_target');
    console.log(JSON.stringify({ ms: median(runs), rows }));
  } finally {
    await client.end();
  }
}

function runChild(args, env = {}) {
  // BENCH_CPU_PROF_DIR=<dir>: the measured process writes a V8 CPU profile there (`node bench/profile-top.mjs <dir>`).
  const dir = process.env.BENCH_CPU_PROF_DIR;
  const profile = dir && args[0] === '--ours' ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
  const result = spawnSync(process.execPath, [...profile, new URL(import.meta.url).pathname, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${args[0]} failed (${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

// ------------------------------------------------------------------ main

async function main() {
  const file = path.join(tmpdir(), `argo-bench-import-${process.pid}.csv`);
  const database = await createBenchDatabase();
  if (database.kind !== 'server') throw new Error('csv-import needs a PostgreSQL server (DATABASE_URL)');
  try {
    const { fixtureRows, bytes } = generateCsv(file);
    console.log(
      `generated ${ROWS.toLocaleString('en')} rows (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${fixtureRows} fixture rows`,
    );
    const { register } = await import('tsx/esm/api');
    register();
    const { createDatabase } = await import('../apps/api/src/db/client.ts');
    const { migrateDatabase } = await import('../apps/api/src/db/migrate.ts');
    const migrated = createDatabase(database.url, { max: 1 });
    await migrateDatabase(migrated.db);
    await migrated.close();

    const references = Array.from({ length: REFERENCE_RUNS }, () => runChild(['--reference', file]));
    // The import job's code as the worker runs it: bundled, not through tsx.
    const bundleUrl = await buildBundle(
      'csv-import',
      [
        "export * as engine from './packages/engine/src/index.ts';",
        "export { createDatabase } from './apps/api/src/db/client.ts';",
        "export { loadConfig } from './apps/api/src/config/env.ts';",
        "export { createDiscoveryDeps } from './apps/api/src/modules/discovery/discovery.deps.ts';",
        "export { runImportJob } from './apps/api/src/modules/discovery/import.runner.ts';",
      ].join('\n'),
    );
    const ours = runChild(['--ours', file, database.url, bundleUrl]);
    const copy = runChild(['--copy', database.url]);
    const referenceMs = median(references.map((r) => r.ms));
    console.log(
      `ours: ${ours.rows} rows → ${ours.businesses} businesses, ${ours.rejected} rejected, in ${formatNumber(ours.ms / 1000)} s` +
        ` (mapping ${Object.entries(ours.mapping)
          .filter(([, v]) => v)
          .map(([k, v]) => `${k}←${v}`)
          .join(', ')})`,
    );
    report({
      bench: BENCH,
      figure: `import ${ROWS / 1000}k rows end to end (rows/s)`,
      ours: ours.rows / (ours.ms / 1000),
      reference: ROWS / (referenceMs / 1000),
      unit: 'rows/s',
      referenceLabel: `papaparse parse alone, median of ${REFERENCE_RUNS}`,
    });
    report({
      bench: BENCH,
      figure: 'the same, beside the store step alone (rows/s)',
      ours: ours.rows / (ours.ms / 1000),
      reference: copy.rows / (copy.ms / 1000),
      unit: 'rows/s',
      referenceLabel: `COPY of the ${copy.rows} stored rows into LIKE businesses INCLUDING ALL, median of ${REFERENCE_RUNS}`,
    });
    report({
      bench: BENCH,
      figure: 'peak memory (max RSS of the process)',
      ours: ours.maxRssMb,
      reference: median(references.map((r) => r.maxRssMb)),
      unit: 'MB',
      referenceLabel: 'papaparse parse of the file read as one string',
      note: `ours ${formatNumber(ours.rssBeforeMb)} MB before the import (drizzle, pg, engine loaded)`,
    });
  } finally {
    rmSync(file, { force: true });
    await database.drop();
  }
}

const [mode, ...args] = process.argv.slice(2);
if (mode === '--reference') await referenceChild(...args);
else if (mode === '--ours') await oursChild(...args);
else if (mode === '--copy') await copyChild(...args);
else if (mode === '--generate') console.log(generateCsv(args[0] ?? 'bench-import.csv'));
else await main();
