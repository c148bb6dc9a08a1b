// API keys: latency of GET /api/users/sessions (page 0 of 200 sessions) called with an API key, p50/p95 over
// ~500 requests at a small concurrency. Reference, measured in the same run on the same process and account: the
// same call with the user's ID token (the browser's path), so ours over it is what verifying a key costs.
// The two alternate in rounds, so drift of the machine's load falls on both.
import {
  createBenchDatabase,
  ensureBuilt,
  formatNumber,
  percentile,
  report,
  signUpWithAccount,
  startApp,
  timeMany,
  withClient,
} from './lib.mjs';

const BENCH = 'api-keys';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = 4;
const WARMUP = 25;

async function getList(baseUrl, token) {
  const response = await fetch(`${baseUrl}/api/users/sessions?page=0&page_size=50`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`GET /api/users/sessions answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function main() {
  ensureBuilt();
  const database = await createBenchDatabase();
  if (database.kind !== 'server') {
    await database.drop();
    throw new Error('api-keys needs a PostgreSQL server (the machine 127.0.0.1:5432, or DATABASE_URL)');
  }
  let app;
  try {
    app = await startApp(database.env, {
      RATE_LIMIT_PER_MINUTE: '1000000',
      API_KEY_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const suffix = Math.random().toString(36).slice(2, 8);
    const { idToken, account, user } = await signUpWithAccount(app.baseUrl, {
      name: 'Bench Owner',
      email: `bench-keys-${suffix}@example.com`,
      password: 'bench password 1',
      organisation: 'Bench Ltd',
      databaseUrl: database.url,
    });
    await withClient(database.url, (client) =>
      client.query(
        `INSERT INTO sessions (account_id, owner_id, name, type, status, input)
         SELECT $1, $2, 'Bakeries #' || g, 'search', 'completed', '{}'::jsonb FROM generate_series(1, 200) g`,
        [account.id, user.id],
      ),
    );
    const token = await idToken();
    const made = await fetch(`${app.baseUrl}/api/user/api-keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'bench', scope: 'read' }),
    });
    if (made.status !== 201) throw new Error(`POST /api/user/api-keys answered ${made.status}`);
    const { secret } = await made.json();
    const check = await getList(app.baseUrl, secret);
    if (check.total !== 200) throw new Error(`expected 200 sessions with the key, got ${check.total}`);

    await timeMany(WARMUP, CONCURRENCY, () => getList(app.baseUrl, secret));
    await timeMany(WARMUP, CONCURRENCY, () => getList(app.baseUrl, token));
    const ours = [];
    const reference = [];
    const perRound = Math.ceil(REQUESTS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(...(await timeMany(perRound, CONCURRENCY, () => getList(app.baseUrl, secret))));
      reference.push(...(await timeMany(perRound, CONCURRENCY, () => getList(app.baseUrl, token))));
    }
    console.log(
      `api-keys: ${ours.length} requests each, concurrency ${CONCURRENCY}, ${ROUNDS} alternating rounds, ` +
        'GET /api/users/sessions page 0 of 200 sessions',
    );
    for (const p of [50, 95]) {
      report({
        bench: BENCH,
        figure: `GET users/sessions with an API key, p${p}`,
        ours: percentile(ours, p),
        reference: percentile(reference, p),
        unit: 'ms',
        referenceLabel: 'same call with the ID token',
      });
    }
    console.log(
      `  p99: API key ${formatNumber(percentile(ours, 99))} ms, ID token ${formatNumber(percentile(reference, 99))} ms`,
    );
  } finally {
    await app?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
