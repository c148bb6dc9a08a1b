// `argo analyze` of one saved page: wall time from spawning `node packages/engine/bin/argo.mjs analyze <page>`
// to its exit, median of BENCH_RUNS (7), as a user runs it after `npm run build` (the command's bundle,
// dist/cli.mjs). References, measured in the same run and alternating with ours: the same command from the
// TypeScript source through tsx (what it cost before the bundle, and what it still costs without a build), and a
// bare `node -e ''` (the process start floor). The page is a real one of ../shared/fixtures/html/pages.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { median, ROOT, report, spawnWithOutput } from './lib.mjs';

const BENCH = 'cli-analyze';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PAGES = path.join(ROOT, '../shared/fixtures/html/pages');
const page = path.join(
  PAGES,
  readdirSync(PAGES)
    .filter((f) => f.endsWith('.html'))
    .sort()[0],
);
const BIN = path.join(ROOT, 'packages/engine/bin/argo.mjs');
// The command's main() from source, as bin/argo.mjs runs it without a bundle.
const FROM_SOURCE = `const { register } = await import('tsx/esm/api'); register();
const { main } = await import(${JSON.stringify(path.join(ROOT, 'packages/engine/src/cli/main.ts'))});
process.exitCode = await main(process.argv.slice(1));`;

/** Milliseconds from spawn to exit; fails on a non-zero exit. */
function timed(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`${args.join(' ')}: exit ${code}\n${stderr}`)),
    );
  });
}

const build = spawnWithOutput('npm', ['run', 'build', '-w', 'packages/engine'], { cwd: ROOT });
if ((await new Promise((done) => build.child.on('exit', done))) !== 0)
  throw new Error(`npm run build -w packages/engine failed:\n${build.output.join('\n')}`);

const ours = [];
const source = [];
const bare = [];
await timed([BIN, 'analyze', page]); // one run uncounted: the file system's caches
for (let i = 0; i < RUNS; i++) {
  ours.push(await timed([BIN, 'analyze', page]));
  source.push(await timed(['--input-type=module', '-e', FROM_SOURCE, 'analyze', page]));
  bare.push(await timed(['-e', '']));
}
console.log(`cli-analyze: ${path.basename(page)}, ${RUNS} runs each, alternating`);
report({
  bench: BENCH,
  figure: `argo analyze, one saved page (median of ${RUNS})`,
  ours: median(ours),
  reference: median(source),
  unit: 'ms',
  referenceLabel: 'the same command from source through tsx',
});
report({
  bench: BENCH,
  figure: `argo analyze over the process start (median of ${RUNS})`,
  ours: median(ours),
  reference: median(bare),
  unit: 'ms',
  referenceLabel: "a bare node -e ''",
  note: 'target: under 1,500 ms',
});
