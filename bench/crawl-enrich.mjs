// crawl + enrich: BENCH_SITES (default 1,000) generated small-business sites on a local server that answers every
// request after 100 ms. Ours: the engine's crawlSite (one shared polite fetcher: robots.txt, one request at a
// time per host, global limit) + enrichSite (software_detection, career_analysis, ai_summary on the same pages) —
// the code the session.enrich job runs. Reference: crawlee's CheerioCrawler fetching the same pages (home, then
// its links) with the same concurrency, parsing them with cheerio and nothing else. Each side runs in its own
// child process (peak RSS sampled every 50 ms); ours imports the engine bundled as the worker runs it
// (lib.mjs buildEngineBundle) and sets the worker's heap flags. Figures: sites/min and peak memory. Target: ≥ 1.5×
// crawlee's throughput, < 300 MB.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEngineBundle, profileArgs, report } from './lib.mjs';

const BENCH = 'crawl-enrich';
const SITES = Number(process.env.BENCH_SITES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const LATENCY_MS = 100;
const SELF = fileURLToPath(import.meta.url);

/** Site i: home + about, contact, careers; hosts site-i.bench.test (ours) or paths /site-i/ on 127.0.0.1 (crawlee). */
function page(site, kind, prefix) {
  const links = ['about', 'contact', 'careers']
    .map((p) => `<a href="${prefix}/${p}">${p === 'careers' ? 'Karriere' : p}</a>`)
    .join(' ');
  const body = {
    home: `<h1>Bäckerei ${site}</h1><p>Frisches Brot und Kuchen seit 1952 in Leeds. Wir beliefern Cafés und Hotels.</p>`,
    about: `<h1>Über uns</h1><p>Ein Familienbetrieb mit 12 Mitarbeitern.</p>${'<p>Geschichte. </p>'.repeat(40)}`,
    contact: `<h1>Kontakt</h1><p>info [at] baeckerei-${site}.de · +49 30 1234${String(site).padStart(4, '0')}</p>`,
    careers: `<h1>Karriere</h1><ul><li><a href="${prefix}/jobs/baecker">Bäcker (m/w/d) – Vollzeit, Leeds</a></li></ul>`,
  }[kind];
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Bäckerei ${site} – ${kind}</title>
<meta name="generator" content="WordPress 6.4.2"><link rel="stylesheet" href="/wp-content/themes/astra/style.css">
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script></head>
<body><nav>${links}</nav><main>${body}${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. </p>'.repeat(60)}</main>
<footer><a href="https://www.facebook.com/baeckerei${site}">Facebook</a></footer></body></html>`;
}

function startSiteServer() {
  const server = createServer((req, res) => {
    setTimeout(() => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      const url = new URL(req.url ?? '/', 'http://x');
      let site = /^site-(\d+)\.bench\.test$/.exec(host)?.[1];
      let rest = url.pathname;
      let prefix = '';
      if (!site) {
        const m = /^\/site-(\d+)(\/.*)?$/.exec(url.pathname);
        site = m?.[1];
        rest = m?.[2] ?? '/';
        prefix = `/site-${site}`;
      }
      const kind = rest === '/' ? 'home' : rest.slice(1);
      if (!site || !['home', 'about', 'contact', 'careers'].includes(kind)) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(site, kind, prefix));
    }, LATENCY_MS);
  });
  server.keepAliveTimeout = 10_000;
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

// ---------------------------------------------------------------- child: one side of the comparison

async function runOurs(port, engineUrl) {
  const engine = await import(engineUrl);
  // As a worker process starts its jobs (apps/api jobs/start-workers.ts).
  engine.useCompactHeapForJobs();
  engine.warmUpSoftwareDetection();
  const hosts = Object.fromEntries(
    Array.from({ length: SITES }, (_, i) => [`site-${i}.bench.test`, '127.0.0.1']),
  );
  const fetcher = engine.createFetcher({
    concurrency: CONCURRENCY,
    allowAddresses: ['127.0.0.1'],
    resolve: engine.createStaticResolver(hosts),
    retries: 0,
  });
  let next = 0;
  let pages = 0;
  let detected = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SITES) {
        const i = next++;
        const crawl = await engine.crawlSite(`http://site-${i}.bench.test:${port}/`, {
          fetcher,
          pageBudget: 6,
        });
        const result = await engine.enrichSite(
          crawl,
          ['software_detection', 'career_analysis', 'ai_summary'],
          {
            business: { name: `Bäckerei ${i}` },
            fetcher,
          },
        );
        pages += crawl.pages.length;
        if (result.software_detection?.technologies.some((t) => t.name === 'WordPress')) detected += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await fetcher.close();
  return { seconds, pages, detected };
}

async function runCrawlee(port) {
  const storage = mkdtempSync(path.join(tmpdir(), 'argo-bench-crawlee-'));
  process.env.CRAWLEE_STORAGE_DIR = storage;
  const { CheerioCrawler, Configuration } = await import('@crawlee/cheerio');
  let pages = 0;
  const crawler = new CheerioCrawler(
    {
      minConcurrency: CONCURRENCY,
      maxConcurrency: CONCURRENCY,
      maxRequestRetries: 0,
      useSessionPool: false,
      persistCookiesPerSession: false,
      async requestHandler({ request, enqueueLinks, $ }) {
        pages += 1;
        $('title').text();
        if (request.label !== 'page') {
          const base = new URL(request.url).pathname.replace(/\/$/, '');
          await enqueueLinks({
            selector: 'nav a',
            label: 'page',
            globs: [`http://127.0.0.1:${port}${base}/*`],
          });
        }
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );
  const started = performance.now();
  await crawler.run(Array.from({ length: SITES }, (_, i) => `http://127.0.0.1:${port}/site-${i}/`));
  const seconds = (performance.now() - started) / 1000;
  rmSync(storage, { recursive: true, force: true });
  return { seconds, pages, detected: null };
}

if (process.argv[2] === 'child') {
  const [, , , side, port, engineUrl] = process.argv;
  let peak = 0;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const result = await (side === 'ours' ? runOurs(Number(port), engineUrl) : runCrawlee(Number(port)));
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  process.send({ ...result, peakMb: peak / 1024 / 1024 });
  process.exit(0);
}

// ---------------------------------------------------------------- parent: server + both sides in turn

function runSide(side, port, engineUrl = '') {
  return new Promise((done, fail) => {
    const child = fork(SELF, ['child', side, String(port), engineUrl], {
      // BENCH_CPU_PROF_DIR=<dir>: our side writes a CPU profile there (`node bench/profile-top.mjs <dir>`).
      execArgv: side === 'ours' ? profileArgs() : [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', done);
    child.once('exit', (code) => code !== 0 && fail(new Error(`${side} exited with ${code}`)));
  });
}

const engineUrl = await buildEngineBundle();
const server = await startSiteServer();
const { port } = server.address();
console.log(`${SITES} sites, 100 ms per response, concurrency ${CONCURRENCY}`);
const reference = await runSide('crawlee', port);
const ours = await runSide('ours', port, engineUrl);
server.close();
const perMin = (r) => Math.round((SITES / r.seconds) * 60);
console.log(
  `ours: ${ours.pages} pages in ${ours.seconds.toFixed(1)} s (WordPress found on ${ours.detected} sites); crawlee: ${reference.pages} pages in ${reference.seconds.toFixed(1)} s`,
);
report({
  bench: BENCH,
  figure: `crawl+enrich ${SITES} sites, sites/min`,
  ours: perMin(ours),
  reference: perMin(reference),
  unit: 'sites/min',
  referenceLabel: 'crawlee CheerioCrawler, fetch + parse only',
  note: perMin(ours) >= 1.5 * perMin(reference) ? 'target ≥1.5× met' : 'target ≥1.5× NOT met',
});
report({
  bench: BENCH,
  figure: 'crawl+enrich peak memory (RSS)',
  ours: Math.round(ours.peakMb),
  reference: Math.round(reference.peakMb),
  unit: 'MB',
  referenceLabel: 'crawlee CheerioCrawler',
  note: ours.peakMb < 300 ? 'target < 300 MB met' : 'target < 300 MB NOT met',
});
