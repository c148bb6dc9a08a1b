/**
 * npm run eval [-- --out file.json] [-- --compare earlier.json] [-- --quiet] [-- --corpus html --corpus eval …]
 *
 * Prints, per analyzer, precision / recall / F1 (or accuracy), then every miss, false positive, unlabelled and
 * inferred finding with its page and evidence, and the summaries to read. Writes the figures and findings to
 * eval/results/latest.json (and --out), so two runs can be compared (--compare prints the change).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hasSharedFixtures, SHARED_FIXTURES } from './corpus';
import { type EvalReport, evaluate, type GroupReport } from './evaluate';
import type { Finding } from './metrics';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    compare: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    /** Only these corpora (html, careers, eval, own, competitors, sites): compare with a run made on the same pages. */
    corpus: { type: 'string', multiple: true },
  },
});

const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? '   —  ' : `${(x * 100).toFixed(1).padStart(5)}%`;
const delta = (now: number | null, before: number | null | undefined) =>
  now === null || before === null || before === undefined
    ? ''
    : `  (${now >= before ? '+' : ''}${((now - before) * 100).toFixed(1)})`;

function figureRows(figures: GroupReport['figures'], before: GroupReport['figures'] | undefined) {
  console.log('analyzer      precision   recall       F1      tp   fp   fn');
  for (const [name, f] of Object.entries(figures)) {
    const b = before?.[name];
    console.log(
      `${name.padEnd(12)} ${pct(f.precision)}${delta(f.precision, b?.precision).padEnd(9)} ${pct(f.recall)}${delta(f.recall, b?.recall).padEnd(9)} ${pct(f.f1)} ${String(f.tp).padStart(5)}${String(f.fp).padStart(5)}${String(f.fn).padStart(5)}`,
    );
  }
}

function accuracyRows(accuracy: GroupReport['accuracy'], before: GroupReport['accuracy'] | undefined) {
  if (!Object.keys(accuracy).length) return;
  console.log('\nanalyzer      accuracy         right / total');
  for (const [name, a] of Object.entries(accuracy)) {
    const b = before?.[name];
    console.log(
      `${name.padEnd(12)} ${pct(a.accuracy)}${delta(a.accuracy, b?.accuracy).padEnd(10)} ${String(a.right).padStart(5)} / ${a.total}`,
    );
  }
}

/** Site answers: a wrong answer costs precision, a missing one only coverage. */
function answerRows(answers: NonNullable<GroupReport['answers']>, before: GroupReport['answers']) {
  console.log('\nanswer        precision   coverage    right wrong missing');
  for (const [name, a] of Object.entries(answers)) {
    const b = before?.[name];
    console.log(
      `${name.padEnd(12)} ${pct(a.precision)}${delta(a.precision, b?.precision).padEnd(9)} ${pct(a.coverage)}${delta(a.coverage, b?.coverage).padEnd(9)} ${String(a.right).padStart(5)}${String(a.wrong).padStart(6)}${String(a.missing).padStart(8)}`,
    );
  }
}

const GROUP_TITLE: Record<string, string> = {
  dev: 'REAL SITES, dev (eval/sites; rules may be tuned on these)',
  test: 'REAL SITES, test (eval/sites; only scored, never read to tune)',
  older: 'REAL PAGES, older (html/, careers/, eval/: the pages the rules were written against)',
  written: 'WRITTEN BY US (own/ pages, competitors/ sites)',
  'written sites': 'WRITTEN BY US (eval/sites marked written_by_us)',
};

function printTables(report: EvalReport, before: EvalReport | null) {
  console.log(
    `\n${report.pages} pages (${Object.entries(report.corpora)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ')})`,
  );
  for (const [name, group] of Object.entries(report.groups)) {
    if (!group) continue;
    const b = before?.groups?.[name as keyof EvalReport['groups']];
    console.log(
      `\n=== ${GROUP_TITLE[name] ?? name}: ${group.sites !== undefined ? `${group.sites} sites, ` : ''}${group.pages} pages\n`,
    );
    figureRows(group.figures, b?.figures);
    accuracyRows(group.accuracy, b?.accuracy);
    if (group.answers) answerRows(group.answers, b?.answers);
  }
  console.log('\n=== PAGE CORPORA TOGETHER (older + written pages; the floors of floors.test.ts)\n');
  figureRows(report.figures, before?.figures);
  accuracyRows(report.accuracy, before?.accuracy);
}

const KIND_TITLE: Record<Finding['kind'], string> = {
  miss: 'MISSED (labelled, not found)',
  false_positive: 'FALSE POSITIVE',
  wrong: 'WRONG',
  unlabelled: 'UNLABELLED, CHECK (found, not in the labels; counted against precision until verified)',
  inferred: 'INFERRED (implied by another technology; not scored)',
  read: 'READ (no label says whether this is right)',
};

function printFindings(findings: Finding[]) {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.analyzer} — ${KIND_TITLE[f.kind]}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const [title, list] of groups) {
    console.log(`\n## ${title}: ${list.length}`);
    for (const f of list)
      console.log(`  ${f.page}: ${f.what}\n      ${f.evidence.replace(/\s+/g, ' ').slice(0, 220)}`);
  }
}

if (!hasSharedFixtures) {
  console.warn(`../shared/fixtures not found at ${SHARED_FIXTURES}: only eval/pages is evaluated`);
}
// `--corpus lookalikes` is the lookalikes eval (eval/lookalikes/run.ts), a ranking rather than analyzer figures.
if (args.corpus?.includes('lookalikes')) {
  const { runLookalikesEval } = await import('./lookalikes/run');
  await runLookalikesEval();
  if (args.corpus.length === 1) process.exit(0);
  args.corpus = args.corpus.filter((c) => c !== 'lookalikes');
}
const before = args.compare ? (JSON.parse(readFileSync(args.compare, 'utf8')) as EvalReport) : null;
const report = await evaluate(undefined, args.corpus);
if (!args.quiet) printFindings(report.findings);
printTables(report, before);
for (const line of [...report.siteProblems, ...report.refusedLabels]) console.warn(`SITES: ${line}`);
if (report.unlabelled.length)
  console.warn(`\nNOT EVALUATED (no truth file labels them): ${report.unlabelled.join(', ')}`);

const results = join(dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(results, { recursive: true });
const json = `${JSON.stringify({ when: new Date().toISOString(), ...report }, null, 1)}\n`;
writeFileSync(join(results, 'latest.json'), json);
if (args.out) writeFileSync(args.out, json);
console.log(`\nwritten: eval/results/latest.json${args.out ? ` and ${args.out}` : ''}`);
