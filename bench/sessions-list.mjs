// Sessions list: latency of GET /api/users/sessions over 10,000 sessions of one account (page 0, a deep page,
// a search), p50/p95/p99 over ~500 requests each at a small concurrency. Reference, measured in the same run:
// the very SQL the API sends for each of those requests (recorded on the wire, see pg-capture.mjs), replayed
// with `pg` the same number of times at the same concurrency — what the list costs in PostgreSQL alone.
import pg from 'pg';
import {
  apiSessionOptions,
  createBenchDatabase,
  ensureBuilt,
  formatNumber,
  percentile,
  report,
  signUpWithAccount,
  startApp,
  timeMany,
  withCapturedSql,
  withClient,
} from './lib.mjs';

const BENCH = 'sessions-list';
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WARMUP = 25;

const SCENARIOS = [
  { name: 'page 0', query: { page: '0', page_size: '50' } },
  {
    name: `deep page (offset ${SESSIONS - 500})`,
    query: { page: String(SESSIONS / 50 - 10), page_size: '50' },
  },
  { name: 'search "plumb"', query: { page: '0', page_size: '50', search: 'plumb' } },
];

/** 10,000 sessions of one owner, newest first by created_at, names varied so a search matches a tenth of them. */
async function seedSessions(databaseUrl, accountId, ownerId) {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `INSERT INTO sessions (account_id, owner_id, name, type, status, input, progress_total, progress_done,
                             created_at, updated_at, finished_at)
       SELECT $1, $2,
              (ARRAY['Bakeries','Plumbers','Dentists','Florists','Electricians','Cafés','Gyms','Hair salons',
                     'Bookshops','Garages'])[1 + g % 10]
                || ' in ' || (ARRAY['Leeds','Bristol','Lyon','Porto','Graz','Ghent','Malmö','Turin','Cork',
                                    'Utrecht','Bergen','Kraków'])[1 + (g / 10) % 12] || ' #' || g,
              'search',
              (ARRAY['completed','completed','completed','failed','cancelled','draft'])[1 + g % 6]::session_status,
              jsonb_build_object('query', 'businesses', 'location', 'somewhere'),
              100, 100,
              now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute'
       FROM generate_series(1, $3::int) AS g`,
      [accountId, ownerId, SESSIONS],
    );
    await client.query('ANALYZE sessions');
  });
}

function listUrl(baseUrl, query) {
  return `${baseUrl}/api/users/sessions?${new URLSearchParams(query)}`;
}

async function getList(baseUrl, token, query) {
  const response = await fetch(listUrl(baseUrl, query), { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`GET /api/users/sessions answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * The statements the API sends for one list request, recorded by a second API process that reaches the same
 * database through the capture proxy (so the measured process never has a proxy in its path).
 */
async function captureListSql(databaseUrl, token) {
  return withCapturedSql(databaseUrl, async (app, record) => {
    const captured = [];
    for (const scenario of SCENARIOS) {
      await getList(app.baseUrl, token, scenario.query); // warm caches (JWKS, user), so the next one is typical
      const all = await record(() => getList(app.baseUrl, token, scenario.query));
      const list = all.filter((s) => /\bfrom "sessions"/i.test(s.sql) && /^\s*select/i.test(s.sql));
      if (list.length === 0) {
        throw new Error(
          `no sessions query recorded for ${scenario.name}; saw:\n${all.map((s) => s.sql).join('\n')}`,
        );
      }
      captured.push({ scenario, statements: list, all });
    }
    return captured;
  });
}

function summarise(durations) {
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), p99: percentile(durations, 99) };
}

async function main() {
  ensureBuilt();
  const database = await createBenchDatabase();
  if (database.kind !== 'server') {
    await database.drop();
    throw new Error('sessions-list needs a PostgreSQL server (the machine 127.0.0.1:5432, or DATABASE_URL)');
  }
  let app;
  const pool = new pg.Pool({ connectionString: database.url, max: 10, options: await apiSessionOptions() });
  try {
    app = await startApp(database.env, { RATE_LIMIT_PER_MINUTE: '1000000' });
    const suffix = Math.random().toString(36).slice(2, 8);
    const { idToken, account, user } = await signUpWithAccount(app.baseUrl, {
      name: 'Bench Owner',
      email: `bench-${suffix}@example.com`,
      password: 'bench password 1',
      organisation: 'Bench Ltd',
      databaseUrl: database.url,
    });
    await seedSessions(database.url, account.id, user.id);
    const check = await getList(app.baseUrl, await idToken(), SCENARIOS[0].query);
    if (check.total !== SESSIONS || check.items.length !== 50) {
      throw new Error(
        `expected ${SESSIONS} sessions, 50 on page 0; the API answered total ${check.total}, ${check.items.length} items`,
      );
    }

    const captured = await captureListSql(database.url, await idToken());
    console.log(
      `sessions-list: ${SESSIONS} sessions, ${REQUESTS} requests per case, concurrency ${CONCURRENCY}, ` +
        `caller is the account's admin; the API ran ${captured[0].statements.length} list statement(s) per request ` +
        `(${captured[0].all.length} statements in all)`,
    );

    for (const { scenario, statements } of captured) {
      const token = await idToken();
      // Ours: the whole API request (auth hook, user lookup, both queries, mapping, JSON).
      await timeMany(WARMUP, CONCURRENCY, () => getList(app.baseUrl, token, scenario.query));
      const ours = summarise(
        await timeMany(REQUESTS, CONCURRENCY, () => getList(app.baseUrl, token, scenario.query)),
      );
      // Reference: the same statements with the same parameters, run as the API runs them (in parallel).
      const runSql = () =>
        Promise.all(
          statements.map((s) =>
            pool.query({ name: s.name || undefined, text: s.sql, values: s.params, rowMode: 'array' }),
          ),
        );
      await timeMany(WARMUP, CONCURRENCY, runSql);
      const reference = summarise(await timeMany(REQUESTS, CONCURRENCY, runSql));

      for (const p of ['p50', 'p95']) {
        report({
          bench: BENCH,
          figure: `GET users/sessions ${scenario.name}, ${p}`,
          ours: ours[p],
          reference: reference[p],
          unit: 'ms',
          referenceLabel: 'same SQL with pg',
        });
      }
      console.log(`  p99: ours ${formatNumber(ours.p99)} ms, same SQL ${formatNumber(reference.p99)} ms`);
    }

    if (process.env.BENCH_SHOW_SQL) {
      for (const { scenario, statements } of captured) {
        console.log(`\n-- ${scenario.name}`);
        for (const s of statements) console.log(`${s.sql}\n   params: ${JSON.stringify(s.params)}`);
      }
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
