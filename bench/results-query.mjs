// Results query: latency of GET /api/user/session/{id}/results over 100,000 businesses of one session — page 0
// in the default order, a search with two filters sorted by score (its first and its last page), a deep page
// of the whole session sorted by name, a search for a software name, and a software filter — p50/p95 over BENCH_REQUESTS requests each at a
// small concurrency. Reference, in the same run: the SQL the API sent for each request (recorded on the wire by
// pg-capture.mjs), replayed with `pg` the same number of times at the same concurrency, in the same pattern
// (the statements that read the results — today one: the page with each business's software result and the
// total — sent together; then any statement that reads enrichment results alone, of which the API sends none).
import pg from 'pg';
import {
  apiSessionOptions,
  createBenchDatabase,
  ensureBuilt,
  percentile,
  report,
  startApp,
  timeMany,
  withCapturedSql,
} from './lib.mjs';
import { BUSINESSES, seedResultsSession } from './results-seed.mjs';

const BENCH = 'results-query';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
// One user alone, then four at once (twice the cores of the 2-core machine the figures in the README come from).
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const WARMUP = 20;

const searchFilters = JSON.stringify({ icp_tier: ['A', 'B'], hiring: true });
const SCENARIOS = [
  { name: 'page 0, default order (id desc)', query: {} },
  {
    name: 'search "dental" + tier + hiring, by score, page 0',
    query: { search: 'dental', filters: searchFilters, sortBy: 'icp_score', sortOrder: 'desc' },
  },
  {
    name: 'search "dental" + tier + hiring, by score, last page',
    query: { search: 'dental', filters: searchFilters, sortBy: 'icp_score', sortOrder: 'desc', page: 'LAST' },
  },
  {
    name: `whole session by name, deep page (offset ${BUSINESSES - 50})`,
    query: { sortBy: 'name', sortOrder: 'asc', page: String(BUSINESSES / 50 - 1) },
  },
  // A software name typed into the search box: it matches through the software names in search_text.
  {
    name: 'search "wordpress", by name, page 0',
    query: { search: 'wordpress', sortBy: 'name', sortOrder: 'asc' },
  },
  {
    name: 'software "Shopify" + city, by rating, page 10',
    query: {
      filters: JSON.stringify({ software: 'Shopify', city: 'Leeds' }),
      sortBy: 'rating',
      sortOrder: 'desc',
      page: '10',
    },
  },
];

const resultsUrl = (baseUrl, sessionId, query) =>
  `${baseUrl}/api/user/session/${sessionId}/results?${new URLSearchParams(query)}`;

async function getResults(baseUrl, token, sessionId, query) {
  const response = await fetch(resultsUrl(baseUrl, sessionId, query), {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`results answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The statements the API sends for each scenario, recorded by a second API process behind the capture proxy. */
async function captureSql(databaseUrl, token, sessionId, scenarios) {
  return withCapturedSql(databaseUrl, async (app, record) => {
    const captured = [];
    for (const scenario of scenarios) {
      await getResults(app.baseUrl, token, sessionId, scenario.query);
      const all = await record(() => getResults(app.baseUrl, token, sessionId, scenario.query));
      // The statements that read the results (today one: the page with the total; a search's finds its matches in
      // a CTE first), sent together; any statement reading only enrichment results follows them. Sign-in and access
      // checks are not part of the reference.
      const page = all.filter(
        (s) => /from "businesses"/i.test(s.sql) && /^\s*(select|with "matches")/i.test(s.sql),
      );
      const enrichment = all.filter((s) => /from "enrichment_results"/i.test(s.sql) && !page.includes(s));
      if (page.length === 0) {
        throw new Error(
          `no results query recorded for ${scenario.name}; saw:\n${all.map((s) => s.sql).join('\n')}`,
        );
      }
      captured.push({ scenario, page, enrichment });
    }
    return captured;
  });
}

const summarise = (durations) => ({ p50: percentile(durations, 50), p95: percentile(durations, 95) });

async function main() {
  ensureBuilt();
  const database = await createBenchDatabase();
  if (database.kind !== 'server') {
    await database.drop();
    throw new Error('results-query needs a PostgreSQL server (the machine 127.0.0.1:5432, or DATABASE_URL)');
  }
  let app;
  const pool = new pg.Pool({ connectionString: database.url, max: 10, options: await apiSessionOptions() });
  try {
    app = await startApp(database.env, { RATE_LIMIT_PER_MINUTE: '1000000' });
    const { idToken, sessionId } = await seedResultsSession(app, database.url);
    const token = await idToken();
    // The last page of the search, found through the API.
    const first = await getResults(app.baseUrl, token, sessionId, SCENARIOS[1].query);
    const lastPage = String(Math.max(0, Math.ceil(first.total / 50) - 1));
    const scenarios = SCENARIOS.map((s) =>
      s.query.page === 'LAST' ? { ...s, query: { ...s.query, page: lastPage } } : s,
    );
    const whole = await getResults(app.baseUrl, token, sessionId, {});
    if (whole.total !== BUSINESSES)
      throw new Error(`expected ${BUSINESSES} businesses, the API counted ${whole.total}`);
    console.log(
      `results-query: ${BUSINESSES} businesses in the session; the search matches ${first.total} ` +
        `(last page ${lastPage}); ${REQUESTS} requests per case at each concurrency (${CONCURRENCIES.join(', ')})`,
    );

    const captured = await captureSql(database.url, token, sessionId, scenarios);
    for (const concurrency of CONCURRENCIES) {
      for (const { scenario, page, enrichment } of captured) {
        const fresh = await idToken();
        const get = () => getResults(app.baseUrl, fresh, sessionId, scenario.query);
        await timeMany(WARMUP, concurrency, get);
        const ours = summarise(await timeMany(REQUESTS, concurrency, get));
        const runSql = async () => {
          await Promise.all(
            page.map((s) =>
              pool.query({ name: s.name || undefined, text: s.sql, values: s.params, rowMode: 'array' }),
            ),
          );
          for (const s of enrichment)
            await pool.query({ name: s.name || undefined, text: s.sql, values: s.params, rowMode: 'array' });
        };
        await timeMany(WARMUP, concurrency, runSql);
        const reference = summarise(await timeMany(REQUESTS, concurrency, runSql));
        for (const p of ['p50', 'p95']) {
          report({
            bench: BENCH,
            figure: `results ${scenario.name}, concurrency ${concurrency}, ${p}`,
            ours: ours[p],
            reference: reference[p],
            unit: 'ms',
            referenceLabel: 'same SQL with pg',
            note: p === 'p95' ? (ours.p95 < 50 ? 'p95 < 50 ms' : 'p95 over 50 ms') : undefined,
          });
        }
      }
    }
    if (process.env.BENCH_SHOW_SQL) {
      for (const { scenario, page, enrichment } of captured) {
        console.log(`\n-- ${scenario.name}`);
        for (const s of [...page, ...enrichment])
          console.log(`${s.sql}\n   params: ${JSON.stringify(s.params)}`);
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
