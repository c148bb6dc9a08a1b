// Lookalikes: latency of POST /api/user/lookalikes ranking the 100,000 businesses of one session (results-seed.mjs:
// software for 60%, a summary each; here also a stored summary with services, language and an employee estimate
// for every one) against 20 seeds picked from it, a page of 50 with reasons — p50/p95 over BENCH_REQUESTS requests
// at concurrency 1. Reference, in the same run: the SQL the API sent for that request (recorded on the wire by
// pg-capture.mjs), replayed alone with `pg` the same number of times. The difference is the ranking itself
// (features of every business, the seeds' profile, a score each, the page's explanations) and the JSON.
// Goal: p95 < 300 ms. Only the API is built (apps/api/dist): the web app plays no part here.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { buildParts, ROOT } from '../scripts/build-state.mjs';
import {
  apiSessionOptions,
  createBenchDatabase,
  percentile,
  report,
  startApp,
  timeMany,
  withCapturedSql,
  withClient,
} from './lib.mjs';
import { BUSINESSES, seedResultsSession } from './results-seed.mjs';

const BENCH = 'lookalikes';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const WARMUP = 5;
const SEEDS = 20;

function ensureApiBuilt() {
  const api = buildParts().find((part) => part.workspace === 'apps/api');
  if (!api?.state) return;
  console.log('(building the API first: `npm run build -w apps/api`)');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('npm run build -w apps/api failed');
}

/** The stored summary an enrichment leaves: services, the site's language, an employee estimate. */
async function addSummaries(databaseUrl, accountId, sessionId) {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `INSERT INTO enrichment_results (account_id, business_id, type, data, produced_by, source_url)
       SELECT $1, b.id, 'ai_summary', jsonb_build_object(
           'summary', b.summary, 'language', 'en', 'employee_estimate', 1 + abs(hashtext(b.id::text)) % 60,
           'services', jsonb_build_array(
             (ARRAY['Repairs','Check-ups','Installations','Cakes','Bouquets','Servicing','Haircuts','Coffee','Classes','Wiring'])[1 + abs(hashtext(b.name)) % 10],
             'Maintenance contracts', 'Emergency call-outs')),
         'builtin', b.website
       FROM businesses b WHERE b.session_id = $2
       ON CONFLICT (business_id, type) DO NOTHING`,
      [accountId, sessionId],
    );
    await client.query('VACUUM ANALYZE enrichment_results');
  });
}

async function main() {
  ensureApiBuilt();
  const database = await createBenchDatabase();
  if (database.kind !== 'server') {
    await database.drop();
    throw new Error('lookalikes needs a PostgreSQL server (the machine 127.0.0.1:5432, or DATABASE_URL)');
  }
  let app;
  const pool = new pg.Pool({ connectionString: database.url, max: 10, options: await apiSessionOptions() });
  try {
    app = await startApp(database.env, { RATE_LIMIT_PER_MINUTE: '1000000' });
    const { idToken, account, sessionId } = await seedResultsSession(app, database.url);
    await addSummaries(database.url, account.id, sessionId);
    // 20 dentists of Leeds with software: a coherent group of best customers.
    const seedIds = (
      await pool.query(
        `SELECT b.id FROM businesses b JOIN enrichment_results e ON e.business_id = b.id AND e.type = 'software_detection'
         WHERE b.session_id = $1 AND b.category = 'dentist' AND b.city = 'Leeds' ORDER BY b.id LIMIT $2`,
        [sessionId, SEEDS],
      )
    ).rows.map((r) => r.id);
    const body = JSON.stringify({ seeds: { business_ids: seedIds }, session_id: sessionId, page_size: 50 });
    const rank = async (baseUrl, token) => {
      const response = await fetch(`${baseUrl}/api/user/lookalikes`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
      const answer = await response.json();
      if (response.status !== 200)
        throw new Error(`lookalikes answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const token = await idToken();
    const first = await rank(app.baseUrl, token);
    console.log(
      `lookalikes: ${BUSINESSES} businesses ranked against ${SEEDS} seeds; best ${first.items[0]?.business.name} ` +
        `(${first.items[0]?.score}: ${first.items[0]?.explanation}); ${REQUESTS} requests`,
    );

    const statements = await withCapturedSql(database.url, async (captureApp, record) => {
      const fresh = await idToken();
      await rank(captureApp.baseUrl, fresh);
      const all = await record(() => rank(captureApp.baseUrl, fresh));
      // The statements that read businesses (seeds, candidates); the sign-in and access checks are not part of it.
      return all.filter((s) => /from businesses b/i.test(s.sql));
    });
    if (statements.length === 0) throw new Error('no lookalikes query recorded');

    const ours = await (async () => {
      const fresh = await idToken();
      const run = () => rank(app.baseUrl, fresh);
      await timeMany(WARMUP, 1, run);
      return timeMany(REQUESTS, 1, run);
    })();
    const replay = async () => {
      for (const s of statements) await pool.query({ text: s.sql, values: s.params, rowMode: 'array' });
    };
    await timeMany(WARMUP, 1, replay);
    const reference = await timeMany(REQUESTS, 1, replay);
    for (const p of [50, 95]) {
      report({
        bench: BENCH,
        figure: `lookalikes of 20 seeds in ${BUSINESSES} businesses, p${p}`,
        ours: percentile(ours, p),
        reference: percentile(reference, p),
        unit: 'ms',
        referenceLabel: 'same SQL with pg',
        note: p === 95 ? (percentile(ours, 95) < 300 ? 'p95 < 300 ms' : 'p95 over 300 ms') : undefined,
      });
    }
  } finally {
    await pool.end();
    await app?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
