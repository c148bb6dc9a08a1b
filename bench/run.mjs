// `npm run bench`: runs every bench script in turn (each prints its own lines), then one summary table of every
// figure beside its reference. Writes the figures to bench/results/latest.json (git-ignored).
// `node bench/run.mjs startup login-bundle` runs only those.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatNumber, ROOT } from './lib.mjs';

const ALL = [
  'startup',
  'login-bundle',
  'sessions-list',
  'api-keys',
  'csv-import',
  'overpass',
  'results-query',
  'export',
  'software-detection',
  'cli-analyze',
  'crawl-enrich',
  'recrawl',
  'load',
];
const selected = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
const unknown = selected.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}

const resultsFile = path.join(tmpdir(), `argo-bench-${process.pid}.jsonl`);
rmSync(resultsFile, { force: true });
const failed = [];
const started = Date.now();

for (const name of selected) {
  console.log(`\n== ${name}`);
  const benchStarted = Date.now();
  const code = await new Promise((done) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench', `${name}.mjs`)], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
    });
    child.once('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0)));
  });
  console.log(
    `   (${name}: ${((Date.now() - benchStarted) / 1000).toFixed(0)} s${code === 0 ? '' : `, FAILED with ${code}`})`,
  );
  if (code !== 0) failed.push(name);
}

let rows = [];
try {
  rows = readFileSync(resultsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
} catch {
  // no bench reported anything
}
rmSync(resultsFile, { force: true });

const fmt = (value, unit) => (value === null || value === undefined ? '—' : `${formatNumber(value)} ${unit}`);
const table = [
  ['bench', 'figure', 'ours', 'reference', 'ours/ref', 'reference is'],
  ...rows.map((r) => [
    r.bench,
    r.figure,
    fmt(r.ours, r.unit),
    fmt(r.reference, r.unit),
    r.ratio === null || r.ratio === undefined ? '' : `×${r.ratio.toFixed(2)}`,
    r.referenceLabel ?? '',
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
console.log(`\n== summary (${((Date.now() - started) / 1000).toFixed(0)} s, node ${process.version})`);
for (const [i, row] of table.entries()) {
  console.log(
    row
      .map((cell, column) =>
        column >= 2 && column <= 4 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  '),
  );
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench/results/latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, failed, figures: rows }, null, 2)}\n`,
);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
