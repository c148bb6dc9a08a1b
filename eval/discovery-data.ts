/**
 * npx tsx eval/discovery-data.ts [--out file.json] [--compare earlier.json] [--quiet]
 *
 * How right discovery's data is on real answers and files: OSM elements categorised right (truth:
 * eval/discovery/osm-categories.truth.json; discovery-osm.ts), merges judged right by the rules of
 * discovery-merges.ts (each merge listed with its names), and imported rows with the right country (truth:
 * eval/discovery/import-countries.truth.json; discovery-imports.ts). This file runs them, prints every wrong
 * element, every merge and the table of figures, and compares the table with an earlier run's.
 *
 * ENGINE_SRC=<packages/engine/src of another checkout> measures that engine instead of this one (a worktree of an
 * earlier commit, for figures before and after); the data and the truth are always this checkout's. The engine is
 * loaded with import() and used through the few functions every version has (discovery-engine.ts:
 * normalizeOverpassResponse, mergeBusinesses, suggestMapping, importCsv, createRowMapper, parseCsv); fields an older
 * engine lacks (phones, websites, categories, aliases) are read as absent, i.e. as its single phone, website and
 * category.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { commitOf, hasLists, loadEngine } from './discovery-engine';
import { type CountResult, missing, ROOT } from './discovery-files';
import { type ImportFileResult, scoreImports } from './discovery-imports';
import type { MergeReport, PairVerdict } from './discovery-merges';
import { type OsmFileResult, type OsmTruth, scoreOsm } from './discovery-osm';

const HERE = dirname(fileURLToPath(import.meta.url));
const ENGINE_SRC = resolve(process.env.ENGINE_SRC ?? join(ROOT, 'packages/engine/src'));

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    compare: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

interface Report {
  engine: string;
  commit: string;
  osm: Record<string, OsmFileResult>;
  imports: Record<string, ImportFileResult>;
  merges: MergeReport[];
  notes: string[];
  /** The table's figures by metric: "right / total (%)" or a count. */
  table: Record<string, string>;
}

const sum = (results: CountResult[]) =>
  results.reduce((acc, r) => ({ right: acc.right + r.right, total: acc.total + r.total }), {
    right: 0,
    total: 0,
  });
const frac = ({ right, total }: CountResult) =>
  `${right} / ${total} (${total ? ((100 * right) / total).toFixed(1) : '—'}%)`;

function mergeRows(label: string, list: MergeReport[]): Record<string, string> {
  const count = (verdict: PairVerdict) => list.filter((m) => m.verdict === verdict).length;
  return {
    [`${label} merges (groups / records folded)`]: `${list.length} / ${list.reduce((n, m) => n + m.members.length - 1, 0)}`,
    [`${label} merges judged right`]: frac({ right: count('place') + count('branch'), total: list.length }),
    [`${label} merges: one place`]: String(count('place')),
    [`${label} merges: branches of one business`]: String(count('branch')),
    [`${label} merges: wrong`]: String(count('wrong')),
    [`${label} merges named after the main business`]: frac({
      right: list.filter((m) => m.namedAfterMain === true).length,
      total: list.filter((m) => m.namedAfterMain !== null).length,
    }),
    [`${label} merges keeping every phone and website`]: frac({
      right: list.filter((m) => m.keepsAll).length,
      total: list.length,
    }),
  };
}

async function run(): Promise<Report> {
  const engine = await loadEngine(ENGINE_SRC);
  const osmTruth = JSON.parse(
    readFileSync(join(HERE, 'discovery/osm-categories.truth.json'), 'utf8'),
  ) as OsmTruth;
  const importTruth = JSON.parse(readFileSync(join(HERE, 'discovery/import-countries.truth.json'), 'utf8'));
  const osmMerges: MergeReport[] = [];
  const importMerges: MergeReport[] = [];
  const osm = scoreOsm(engine, osmTruth, osmMerges);
  const imports = await scoreImports(engine, importTruth, importMerges);
  const notes = missing.map((path) => `${path} is not here: left out`);
  if (!hasLists(engine))
    notes.push('this engine has no phones/websites lists: a merged record keeps one phone and one website');

  const osmAll = Object.values(osm);
  const drops = osmAll.reduce((acc, r) => ({ right: acc.right + r.dropsRight, total: acc.total + r.drops }), {
    right: 0,
    total: 0,
  });
  const importAll = Object.values(imports);
  const small = Object.entries(imports)
    .filter(([key]) => !key.startsWith('yc_'))
    .map(([, r]) => r);
  const table: Record<string, string> = {
    'OSM elements categorised right (3 answers)': frac(sum(osmAll)),
    'OSM elements categorised right: Mosel valley': frac(osm.mosel ?? { right: 0, total: 0 }),
    'OSM non-businesses left out (parks, benches, unnamed…)': frac(drops),
    ...mergeRows('OSM', osmMerges),
    ...mergeRows('import', importMerges),
    'imported rows with the right country (6 files)': frac(sum(importAll)),
    'imported rows with the right country, YC list aside': frac(sum(small)),
    'imported rows with a wrong country': String(importAll.reduce((n, r) => n + r.wrongCountry, 0)),
    'imported rows without a country': String(importAll.reduce((n, r) => n + r.noCountry, 0)),
  };
  return {
    engine: ENGINE_SRC,
    commit: commitOf(ENGINE_SRC),
    osm,
    imports,
    merges: [...osmMerges, ...importMerges],
    notes,
    table,
  };
}

const MARK: Record<PairVerdict, string> = { place: '✓', branch: 'b', wrong: '✗' };

function print(report: Report) {
  console.log(`engine ${report.engine} (${report.commit})\n`);
  console.log('OSM categories — elements not as the truth says:');
  for (const [key, r] of Object.entries(report.osm)) {
    console.log(`  ${key}: ${r.right} / ${r.total} right`);
    for (const w of r.wrong)
      console.log(`    ${w.ref} ${w.name ?? '(no name)'} [${w.tags}]: ${w.got}, should be ${w.expected}`);
  }
  console.log(
    '\nMerges (✓ one place, b branches of one business, ✗ wrong; * keeps every phone and website):',
  );
  for (const m of report.merges) {
    const members = m.members.map((x) => `${x.name} (${x.ref})`).join(', ');
    const named = m.namedAfterMain === false ? ' (not named after the main business)' : '';
    console.log(`  ${MARK[m.verdict]}${m.keepsAll ? '*' : ' '} ${m.where}: "${m.name}" ← ${members}${named}`);
    if (!args.quiet) for (const pair of m.pairs) console.log(`        ${pair}`);
  }
  console.log('\nImported rows — country:');
  for (const [key, r] of Object.entries(report.imports)) {
    console.log(
      `  ${key}: ${r.right} / ${r.total} right, ${r.wrongCountry} wrong, ${r.noCountry} none, ${r.notImported} not imported (${r.rows} rows)`,
    );
    if (!args.quiet) console.log(`    mapping: ${r.mapping}`);
    for (const example of r.examples) console.log(`    ${example}`);
  }
  for (const note of report.notes) console.log(`\nnote: ${note}`);
  console.log('');
  for (const [metric, value] of Object.entries(report.table)) console.log(`${metric.padEnd(58)} ${value}`);
}

function printComparison(before: Report, after: Report) {
  console.log(`\nmetric | before (${before.commit}) | after (${after.commit})`);
  console.log('--- | --- | ---');
  for (const [metric, value] of Object.entries(after.table))
    console.log(`${metric} | ${before.table[metric] ?? '—'} | ${value}`);
}

const report = await run();
print(report);
if (args.out) writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
if (args.compare) printComparison(JSON.parse(readFileSync(args.compare, 'utf8')) as Report, report);
