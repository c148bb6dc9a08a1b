/**
 * npx tsx eval/discovery-data.ts [--out file.json] [--compare earlier.json] [--quiet]
 *
 * How right discovery's data is on real answers and files: OSM elements categorised right (truth:
 * eval/discovery/osm-categories.truth.json), merges judged right by the rules below (each merge listed with its
 * names), and imported rows with the right country (truth: eval/discovery/import-countries.truth.json).
 *
 * ENGINE_SRC=<packages/engine/src of another checkout> measures that engine instead of this one (a worktree of an
 * earlier commit, for figures before and after); the data and the truth are always this checkout's. The engine is
 * loaded with import() and used through the few functions every version has (normalizeOverpassResponse,
 * mergeBusinesses, suggestMapping, importCsv, createRowMapper, parseCsv); fields an older engine lacks (phones,
 * websites, categories, aliases) are read as absent, i.e. as its single phone, website and category.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const ENGINE_SRC = resolve(process.env.ENGINE_SRC ?? join(ROOT, 'packages/engine/src'));

/** Data files that are not on this machine (../shared is a separate checkout): left out, and said so. */
const missing: string[] = [];
function present(path: string): boolean {
  if (existsSync(resolve(ROOT, path))) return true;
  missing.push(path);
  return false;
}

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    compare: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

// ---------------------------------------------------------------- the engine, as every version has it

interface Record_ {
  name: string;
  website: string | null;
  domain: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  category: string | null;
  source_ref: string | null;
  /** Absent in older engines' answers. */
  phones?: string[];
  websites?: string[];
  categories?: string[];
  aliases?: string[];
}
interface MergedRecord extends Record_ {
  sources: { source: string; source_ref: string | null }[];
  dedupe_key: string;
}
type Mapping = Record<string, string | null>;
interface Engine {
  normalizeOverpassResponse(
    json: unknown,
    options?: { defaultCountry?: string | null },
  ): { businesses: Record_[] };
  mergeBusinesses(records: Iterable<Record_>): MergedRecord[];
  suggestMapping(headers: readonly string[], rows: readonly (readonly string[])[]): Mapping;
  previewCsv(source: Uint8Array): Promise<{ headers: string[]; rows: string[][] }>;
  parseCsv(
    source: Uint8Array,
  ): Promise<{ headers: string[]; rows: AsyncIterable<{ line: number; cells: string[]; error?: string }> }>;
  importCsv(source: Uint8Array, mapping: Mapping): AsyncIterable<{ records: MergedRecord[] }>;
  createRowMapper(
    headers: readonly string[],
    mapping: Mapping,
  ): (cells: readonly string[], line?: number) => { ok: true; record: Record_ } | { ok: false };
}

async function loadEngine(src: string): Promise<Engine> {
  const load = (path: string) => import(pathToFileURL(join(src, path)).href);
  const [osm, merge, mapping, parse, importing, rows] = await Promise.all([
    load('discovery/osm/osm-element.ts'),
    load('dedupe/merge.ts'),
    load('import/mapping.ts'),
    load('import/parse.ts'),
    load('import/import.ts'),
    load('import/rows.ts'),
  ]);
  return {
    normalizeOverpassResponse: osm.normalizeOverpassResponse,
    mergeBusinesses: merge.mergeBusinesses,
    suggestMapping: mapping.suggestMapping,
    previewCsv: parse.previewCsv,
    parseCsv: parse.parseCsv,
    importCsv: importing.importCsv,
    createRowMapper: rows.createRowMapper,
  };
}

/** Which commit the engine is (its checkout's HEAD), to name the run. */
function commitOf(src: string): string {
  try {
    return execFileSync('git', ['-C', src, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------- reading names, sites, phones, places

/** Lower case, no accents, "&" as "and", words separated by single spaces. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/&/g, ' and ')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const href = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
    return new URL(href).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

const domainsOf = (r: Record_) =>
  new Set(
    [r.domain, r.website, ...(r.websites ?? [])]
      .map((value) => hostOf(value))
      .filter((host): host is string => host !== null),
  );
const phonesOf = (r: Record_) =>
  new Set(
    [r.phone, ...(r.phones ?? [])]
      .filter((phone): phone is string => Boolean(phone))
      .map((phone) => phone.replace(/\D/g, ''))
      .filter((digits) => digits.length >= 6),
  );
const shares = (a: Set<string>, b: Set<string>) => [...a].some((value) => b.has(value));
const streetOf = (r: Record_) => (r.address ? fold(r.address).replace(/ /g, '') : '');

function metersApart(a: Record_, b: Record_): number {
  const rad = Math.PI / 180;
  const dLat = ((b.lat as number) - (a.lat as number)) * rad;
  const dLng = ((b.lng as number) - (a.lng as number)) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos((a.lat as number) * rad) * Math.cos((b.lat as number) * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** One place: within 250 m, else the same street line, else the same city; nothing to compare is one place. */
function samePlace(a: Record_, b: Record_): { yes: boolean; how: string } {
  if (a.lat !== null && a.lng !== null && b.lat !== null && b.lng !== null) {
    const m = metersApart(a, b);
    return {
      yes: m <= 250,
      how: m < 1000 ? `${Math.round(m)} m apart` : `${(m / 1000).toFixed(1)} km apart`,
    };
  }
  if (streetOf(a) && streetOf(b)) {
    const yes = streetOf(a) === streetOf(b) && (!a.city || !b.city || fold(a.city) === fold(b.city));
    return { yes, how: yes ? 'same street line' : 'other street lines' };
  }
  if (a.city && b.city) {
    const yes = fold(a.city) === fold(b.city);
    return { yes, how: yes ? 'same city, no street line' : 'other cities' };
  }
  return { yes: true, how: 'no place to compare' };
}

/** A name without what follows a dash, underscore or comma ("Stop N Go Gyros - Dallas" → "stop n go gyros"). */
const baseName = (name: string) => fold(name.split(/\s[-–]\s?|_|,/)[0] ?? name);

/**
 * Two names of one business: the same (spaces aside: "Tap to Learn", "TapToLearn"), one inside the other
 * ("Little Greek Fresh Grill", "Little Greek Fresh Grill- Halal") or the same before a branch's suffix.
 */
function alikeNames(a: string, b: string): 'same' | 'alike' | null {
  const na = fold(a);
  const nb = fold(b);
  if (na.replace(/ /g, '') === nb.replace(/ /g, '')) return 'same';
  if (` ${nb} `.includes(` ${na} `) || ` ${na} `.includes(` ${nb} `)) return 'alike';
  return baseName(a) !== '' && baseName(a) === baseName(b) ? 'alike' : null;
}

type PairVerdict = 'place' | 'branch' | 'wrong';

/**
 * The rules a merge of two records is judged by (ours, written apart from the engine's keys):
 *  right, one place (within 250 m, else the same street line, else the same city):
 *   1. the same website and the same phone (a hotel and its own restaurant);
 *   2. the same name (a place mapped twice, a row listed twice);
 *   3. alike names (see alikeNames) with a shared website or phone;
 *  right, branches: alike names sharing a website or phone at different places (a bank's two branches, a chain's
 *   restaurants): one business with several places, which the engine merges on purpose; counted apart;
 *  wrong: anything else — different names sharing only a phone or a website (three guest houses on one number,
 *   one operator's canteens), or the same name with nothing shared at different places.
 */
function judgePair(a: Record_, b: Record_): { verdict: PairVerdict; why: string } {
  const place = samePlace(a, b);
  const site = shares(domainsOf(a), domainsOf(b));
  const phone = shares(phonesOf(a), phonesOf(b));
  const names = alikeNames(a.name, b.name);
  const shared = [site && 'website', phone && 'phone'].filter(Boolean).join(' and ') || 'nothing';
  if (place.yes) {
    if (site && phone) return { verdict: 'place', why: `same website and phone, ${place.how}` };
    if (names === 'same') return { verdict: 'place', why: `same name, ${place.how}` };
    if (names && (site || phone))
      return { verdict: 'place', why: `alike names, same ${shared}, ${place.how}` };
  } else if (names && (site || phone)) {
    return { verdict: 'branch', why: `branches: ${names} names, same ${shared}, ${place.how}` };
  }
  return {
    verdict: 'wrong',
    why: `${names ? `${names} names` : 'different names'} sharing ${shared}, ${place.how}`,
  };
}

const compact = (text: string) => fold(text).replace(/ /g, '');
/** A name as a German website writes it ("Gästehaus" → gaestehaus). */
const spelt = (text: string) =>
  compact(text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue'));

/** See MergeReport.namedAfterMain. */
function namedAfterMain(merged: MergedRecord, members: Record_[]): boolean | null {
  if (new Set(members.map((m) => compact(m.name))).size < 2) return null;
  const labels = new Set(
    members.flatMap((m) => [...domainsOf(m)]).map((domain) => compact(domain.split('.')[0] ?? '')),
  );
  labels.delete('');
  const main = members.filter((m) => labels.has(compact(m.name)) || labels.has(spelt(m.name)));
  if (main.length === 0) return null;
  return main.some((m) => compact(m.name) === compact(merged.name));
}

interface MergeReport {
  where: string;
  name: string;
  members: { ref: string; name: string }[];
  /** One place, one business's branches, or not one business (see judgePair). */
  verdict: PairVerdict;
  /** Every phone and every website of its records is on the merged record. */
  keepsAll: boolean;
  /**
   * Records of different names whose main business can be told (its name is its website's: "Schloss Lieser" on
   * schlosslieser.de, not its "Restaurant Puricelli"): whether the merge took that name. Null when it cannot be told.
   */
  namedAfterMain: boolean | null;
  pairs: string[];
}

/**
 * A group is one place when its records are all linked by one-place pairs, branches when they are linked once
 * branch pairs count too, else wrong. Each record after the first is shown with the pair that links it (or, when
 * none does, with the first record); the same line for many records is shown once with a count.
 */
function judgeGroup(where: string, merged: MergedRecord, members: Record_[]): MergeReport {
  const verdicts = members.map((a, i) => members.map((b, j) => (i < j ? judgePair(a, b) : null)));
  const pairOf = (i: number, j: number) => verdicts[Math.min(i, j)]?.[Math.max(i, j)] ?? null;
  const linked = (accept: PairVerdict[]) => {
    const reached = new Set([0]);
    for (let grew = true; grew; ) {
      grew = false;
      for (let j = 0; j < members.length; j++) {
        if (reached.has(j)) continue;
        if ([...reached].some((i) => accept.includes(pairOf(i, j)?.verdict as PairVerdict))) {
          reached.add(j);
          grew = true;
        }
      }
    }
    return reached.size === members.length;
  };
  const verdict: PairVerdict = linked(['place']) ? 'place' : linked(['place', 'branch']) ? 'branch' : 'wrong';
  const lines = new Map<string, number>();
  for (let j = 1; j < members.length; j++) {
    const candidates = members.slice(0, j).map((_, i) => ({ i, pair: pairOf(i, j) }));
    const best =
      candidates.find((c) => c.pair?.verdict === 'place') ??
      candidates.find((c) => c.pair?.verdict === 'branch') ??
      candidates[0];
    const a = members[best?.i ?? 0] as Record_;
    const b = members[j] as Record_;
    const text = `${best?.pair?.verdict === 'wrong' ? 'no' : 'ok'}: ${a.name} + ${b.name}: ${best?.pair?.why}`;
    lines.set(text, (lines.get(text) ?? 0) + 1);
  }
  const pairs = [...lines].map(([text, n]) => (n > 1 ? `${text} (×${n})` : text));
  const keptPhones = phonesOf(merged);
  const keptSites = domainsOf(merged);
  const keepsAll = members.every(
    (m) =>
      [...phonesOf(m)].every((p) => keptPhones.has(p)) && [...domainsOf(m)].every((d) => keptSites.has(d)),
  );
  return {
    where,
    name: merged.name,
    members: members.map((m) => ({ ref: m.source_ref ?? '?', name: m.name })),
    verdict,
    keepsAll,
    // Which name a wrong merge took does not matter: it should not have been made.
    namedAfterMain: verdict === 'wrong' ? null : namedAfterMain(merged, members),
    pairs,
  };
}

// ---------------------------------------------------------------- OSM categories and merges

interface OsmTruthElement {
  name: string | null;
  tags: string;
  expect: string[] | 'drop' | null;
  why?: string;
}
interface OsmTruth {
  /** Other words for a tag value ("convenience" → "convenience store"). */
  labels: Record<string, string[]>;
  files: Record<string, { path: string; country: string; elements: Record<string, OsmTruthElement> }>;
}
interface CountResult {
  right: number;
  total: number;
}
interface OsmFileResult extends CountResult {
  /** Of the elements that are no business: how many were left out. */
  dropsRight: number;
  drops: number;
  wrong: { ref: string; name: string | null; tags: string; expected: string; got: string }[];
}

const categoryText = (value: string | null) => (value ? value.replace(/_/g, ' ').trim().toLowerCase() : null);

function scoreOsm(engine: Engine, truth: OsmTruth, merges: MergeReport[]) {
  const files: Record<string, OsmFileResult> = {};
  for (const [key, file] of Object.entries(truth.files)) {
    if (!present(file.path)) continue;
    const json = JSON.parse(readFileSync(resolve(ROOT, file.path), 'utf8'));
    const { businesses } = engine.normalizeOverpassResponse(json, { defaultCountry: file.country });
    const byRef = new Map(businesses.map((b) => [b.source_ref, b]));
    const result: OsmFileResult = { right: 0, total: 0, dropsRight: 0, drops: 0, wrong: [] };
    for (const [ref, element] of Object.entries(file.elements)) {
      if (element.expect === null) continue;
      result.total++;
      const found = byRef.get(ref);
      const got = found ? (categoryText(found.category) ?? '(no category)') : 'dropped';
      let right: boolean;
      if (element.expect === 'drop') {
        result.drops++;
        right = !found;
        if (right) result.dropsRight++;
      } else {
        const accepted = element.expect.flatMap((value) => [value, ...(truth.labels[value] ?? [])]);
        right = found !== undefined && accepted.includes(got);
      }
      if (right) result.right++;
      else
        result.wrong.push({
          ref,
          name: found?.name ?? element.name,
          tags: element.tags,
          expected: element.expect === 'drop' ? 'dropped' : element.expect.join(' or '),
          got,
        });
    }
    files[key] = result;

    const rawByRef = new Map(businesses.map((b) => [b.source_ref, b]));
    for (const merged of engine.mergeBusinesses(businesses)) {
      if (merged.sources.length < 2) continue;
      const members = merged.sources
        .map((s) => rawByRef.get(s.source_ref))
        .filter((m): m is Record_ => m !== undefined);
      merges.push(judgeGroup(`osm ${key}`, merged, members));
    }
  }
  return files;
}

// ---------------------------------------------------------------- imports: country, and merges of rows

interface ImportTruthFile {
  path: string;
  country?: string;
  rows?: { line: number; name: string; country: string }[];
  rule?: { column: string; countries: Record<string, string> };
}
interface ImportFileResult extends CountResult {
  rows: number;
  wrongCountry: number;
  noCountry: number;
  notImported: number;
  mapping: string;
  examples: string[];
}

/** The countries right for a row (several for a company listed in several countries); empty: not scored. */
function truthOf(file: ImportTruthFile, headers: string[], line: number, cells: string[]): string[] {
  const own = file.rows?.find((row) => row.line === line);
  if (own) return [own.country];
  if (file.rule) {
    const { column, countries } = file.rule;
    const cell = cells[headers.indexOf(column)] ?? '';
    const named = cell.split(';').map((place) => countries[place.split(',').at(-1)?.trim() ?? '']);
    return [...new Set(named.filter((code): code is string => code !== undefined))];
  }
  return file.country ? [file.country] : [];
}

async function scoreImports(
  engine: Engine,
  truth: { files: Record<string, ImportTruthFile> },
  merges: MergeReport[],
) {
  const files: Record<string, ImportFileResult> = {};
  for (const [key, file] of Object.entries(truth.files)) {
    if (!present(file.path)) continue;
    const bytes = readFileSync(resolve(ROOT, file.path));
    const preview = await engine.previewCsv(bytes);
    const mapping = engine.suggestMapping(preview.headers, preview.rows);
    const expected = new Map<number, string[]>();
    const raw = new Map<number, Record_>();
    const mapRow = engine.createRowMapper(preview.headers, mapping);
    const csv = await engine.parseCsv(bytes);
    for await (const row of csv.rows) {
      if (row.error) continue;
      expected.set(row.line, truthOf(file, csv.headers, row.line, row.cells));
      const mapped = mapRow(row.cells, row.line);
      if (mapped.ok) raw.set(row.line, mapped.record);
    }
    // A business found again in a later batch takes the first one's dedupe_key: the store keeps one row.
    const byKey = new Map<string, { merged: MergedRecord; lines: number[] }>();
    const countryOf = new Map<number, string | null>();
    for await (const batch of engine.importCsv(bytes, mapping)) {
      for (const record of batch.records) {
        const lines = record.sources.map((s) => Number(s.source_ref?.replace(/^line\//, '')));
        for (const line of lines) countryOf.set(line, record.country);
        const group = byKey.get(record.dedupe_key);
        if (group) group.lines.push(...lines);
        else byKey.set(record.dedupe_key, { merged: record, lines });
      }
    }
    for (const { merged, lines } of byKey.values()) {
      if (lines.length < 2) continue;
      const members = lines.map((line) => raw.get(line)).filter((m): m is Record_ => m !== undefined);
      merges.push(judgeGroup(`import ${key}`, merged, members));
    }

    const result: ImportFileResult = {
      right: 0,
      total: 0,
      rows: expected.size,
      wrongCountry: 0,
      noCountry: 0,
      notImported: 0,
      mapping: Object.entries(mapping)
        .filter(([, header]) => header)
        .map(([field, header]) => `${field}←${header}`)
        .join(', '),
      examples: [],
    };
    const noneShown: string[] = [];
    for (const [line, countries] of expected) {
      if (countries.length === 0) continue;
      result.total++;
      const got = countryOf.has(line) ? (countryOf.get(line) ?? null) : undefined;
      if (got && countries.includes(got)) {
        result.right++;
        continue;
      }
      const text = `line ${line} ${raw.get(line)?.name ?? '?'}: ${got === undefined ? 'not imported' : (got ?? 'no country')}, should be ${countries.join(' or ')}`;
      if (got === undefined) result.notImported++;
      else if (got === null) result.noCountry++;
      else result.wrongCountry++;
      // Every wrong country is listed; rows left without one, a few.
      if (got) result.examples.push(text);
      else if (noneShown.length < 5) noneShown.push(text);
    }
    result.examples.push(...noneShown);
    files[key] = result;
  }
  return files;
}

// ---------------------------------------------------------------- run, print, compare

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

/** Whether this engine's merged records carry phones/websites lists; older ones keep one. */
function hasLists(engine: Engine): boolean {
  const [merged] = engine.mergeBusinesses([
    {
      name: 'Probe',
      website: null,
      domain: null,
      phone: '+4930123456',
      address: null,
      city: null,
      postal_code: null,
      country: null,
      lat: null,
      lng: null,
      category: null,
      source_ref: 'probe',
    },
  ]);
  return Array.isArray(merged?.phones);
}

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
