/**
 * Every regular expression of the engine is checked with a ReDoS checker (recheck, pinned in
 * package.json, on its pure JavaScript backend: no Java, no native binary, no network).
 *
 * What is collected (test/regex-sites.ts): every regex literal of src/**\/*.ts (the TypeScript parser, so a `/` in a
 * string or a comment is never mistaken for one), and every `new RegExp(…)`. Patterns built from lists
 * (`new RegExp(String.raw`…${LIST}…`)`) are read as the engine builds them: each module is imported with the global
 * RegExp wrapped, and every pattern constructed while modules load is recorded with the line that built it. A
 * `new RegExp` that only runs later (built per call from data) must be named in BUILT_PER_CALL with what it is built
 * from, so a new one cannot slip by unread.
 *
 * The verdict for each pattern: `safe`, or it must be named in the allow-list (test/redos-allowed.ts), which says
 * what bounds its input; the test then runs the pattern on recheck's own attack string at that length (collapsed,
 * when the engine collapses the input first) and requires it to finish at once. Exponential patterns are never
 * allowed. Patterns recheck could not decide are run on runs of the usual suspects instead.
 *
 * recheck takes minutes for the engine's ~800 patterns on the pure backend, so its verdicts are kept in
 * test/redos-verdicts.json, keyed by the exact source and flags (and the recheck version and parameters): an unchanged
 * pattern keeps the verdict recheck gave it, a new or changed one is checked now. `REDOS_UPDATE=1` rewrites the file
 * (new and changed patterns checked, gone ones dropped); `REDOS_UPDATE=all` checks every pattern again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALLOWED, type AllowedPattern, BUILT_PER_CALL, TEXT } from '../test/redos-allowed';
import {
  collectRegexSites,
  type DynamicSite,
  importCapturingRegExps,
  type Pattern,
} from '../test/regex-sites';
import { collapseSpaces } from './normalize/text';

const SRC = fileURLToPath(new URL('.', import.meta.url));
const VERDICTS_FILE = fileURLToPath(new URL('../test/redos-verdicts.json', import.meta.url));
const RECHECK_VERSION = (
  JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('recheck/package.json')), 'utf8')) as {
    version: string;
  }
).version;
/** Fixed parameters (recheck's own defaults but the time limit), so a verdict can be kept. */
const PARAMS = { checker: 'auto', timeout: 20_000, randomSeed: 0 } as const;
/**
 * How long an allowed pattern may take on one input of the length its input is bounded to (the fastest of three
 * runs, so that a busy machine does not fail the test). What this catches takes seconds to hours.
 */
const MAX_MS_AT_BOUND = 150;
/** Time growing with the square of the length doubles the length and takes 4×; linear takes 2×. */
const MAX_GROWTH = 2.8;

type Verdict =
  | { status: 'safe' }
  | { status: 'unknown'; error: string }
  | {
      status: 'vulnerable';
      complexity: 'polynomial' | 'exponential';
      attack: { pumps: Array<{ prefix: string; pump: string }>; suffix: string };
    };

interface VerdictFile {
  recheck: string;
  params: typeof PARAMS;
  /** key → [the pattern (for people reading the file), the verdict] */
  verdicts: Record<string, [string, Verdict]>;
}

const keyOf = (p: Pattern) =>
  createHash('sha256').update(`${p.flags}\n${p.source}`).digest('hex').slice(0, 20);
const show = (p: Pattern) => `/${p.source}/${p.flags}`;

function readVerdicts(): VerdictFile['verdicts'] {
  try {
    const file = JSON.parse(readFileSync(VERDICTS_FILE, 'utf8')) as VerdictFile;
    const sameChecker =
      file.recheck === RECHECK_VERSION && JSON.stringify(file.params) === JSON.stringify(PARAMS);
    return sameChecker ? file.verdicts : {};
  } catch {
    return {};
  }
}

async function recheck(pattern: Pattern): Promise<Verdict> {
  // The pure JavaScript backend, in this thread: the optional native and Java backends are never started.
  process.env.RECHECK_BACKEND = 'pure';
  const { check } = await import('recheck');
  const result = await check(pattern.source, pattern.flags, PARAMS);
  if (result.status === 'safe') return { status: 'safe' };
  if (result.status === 'unknown') return { status: 'unknown', error: result.error.kind };
  return {
    status: 'vulnerable',
    complexity: result.complexity.type,
    attack: {
      pumps: result.attack.pumps.map(({ prefix, pump }) => ({ prefix, pump })),
      suffix: result.attack.suffix,
    },
  };
}

/** recheck's attack string, with its pumps repeated to reach about `length` characters. */
function attackString(attack: Extract<Verdict, { status: 'vulnerable' }>['attack'], length: number) {
  const fixed = attack.pumps.reduce((n, p) => n + p.prefix.length, attack.suffix.length);
  const perRound = attack.pumps.reduce((n, p) => n + p.pump.length, 0);
  const rounds = Math.max(1, Math.floor((length - fixed) / Math.max(1, perRound)));
  return attack.pumps.map((p) => p.prefix + p.pump.repeat(rounds)).join('') + attack.suffix;
}

/**
 * Inputs for a pattern recheck could not decide (no attack string): runs of the characters such patterns trip over,
 * at the bound.
 */
function genericInputs(length: number): string[] {
  return ['a', 'A', '0', ' ', '.', '-', 'a ', 'A.', '0 ', '0.', 'aA0.-:/@ '].map((unit) =>
    unit.repeat(Math.ceil(length / unit.length)).slice(0, length),
  );
}

/** The fastest of three runs of the pattern over these inputs, in milliseconds. */
function fastestRun(regex: RegExp, inputs: string[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (const input of inputs) regex.test(input);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * The fastest of five runs over each input list, the two lists run in turn: a machine busy with other work (the
 * rest of the suite on two cores) slows both alike, so their ratio stays the pattern's own.
 */
function fastestRunsInTurn(regex: RegExp, full: string[], half: string[]): [number, number] {
  let bestFull = Number.POSITIVE_INFINITY;
  let bestHalf = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    bestHalf = Math.min(bestHalf, fastestRun(regex, half));
    bestFull = Math.min(bestFull, fastestRun(regex, full));
  }
  return [bestFull, bestHalf];
}

function findAllowed(pattern: Pattern, files: readonly string[]): AllowedPattern | undefined {
  return ALLOWED.find((a) => files.includes(a.file) && pattern.source.startsWith(a.startsWith));
}

describe('regular expressions of the engine (ReDoS)', async () => {
  const { patterns: literals, dynamicSites } = collectRegexSites(SRC);
  // Two classifiers build their keyword patterns on first use (from fixed lists): one call each builds them.
  const built = await importCapturingRegExps(SRC, async () => {
    // Imported here, not at the top: a module loaded before the capture starts would not be read.
    const { classifyIndustry } = await import('./analyze/summary/industries');
    const { classifyCustomerType } = await import('./analyze/summary/customer-type');
    classifyIndustry({ texts: [{ text: 'bakery', weight: 1 }], schemaTypes: [] });
    classifyCustomerType([], null);
  });
  const perCall = (site: DynamicSite) =>
    BUILT_PER_CALL.find((entry) => entry.file === site.file && site.call.includes(entry.call));
  const perCallSites = new Set(dynamicSites.filter(perCall).map((site) => site.site));
  const read = built.filter((p) => !perCallSites.has(p.site));
  const builtSites = new Set(built.map((p) => p.site));

  it('reads every pattern built from a list, or names it as built per call', () => {
    const unread = dynamicSites.filter((site) => !builtSites.has(site.site) && !perCall(site));
    expect(
      unread.map((site) => `${site.site}: ${site.call}`),
      'new RegExp(…) calls neither run at load nor listed in BUILT_PER_CALL',
    ).toEqual([]);
    const stale = BUILT_PER_CALL.filter((entry) => !dynamicSites.some((site) => perCall(site) === entry));
    expect(stale, 'BUILT_PER_CALL names a call that is no longer there').toEqual([]);
    expect(literals.length).toBeGreaterThan(700);
    expect(built.length).toBeGreaterThan(40);
  });

  it('bounds one text of a page as the allow-list says', async () => {
    const { MAX_TEXT_CHARS } = await import('./analyze/summary/page-text');
    expect(TEXT).toBe(MAX_TEXT_CHARS);
  });

  // One verdict per distinct pattern, with every file it appears in.
  const byKey = new Map<string, { pattern: Pattern; files: string[] }>();
  for (const pattern of [...literals, ...read]) {
    const key = keyOf(pattern);
    const file = pattern.site.replace(/:\d+$/, '');
    const entry = byKey.get(key) ?? { pattern, files: [] };
    if (!entry.files.includes(file)) entry.files.push(file);
    byKey.set(key, entry);
  }

  const update = process.env.REDOS_UPDATE;
  const kept = update === 'all' ? {} : readVerdicts();
  const verdicts = new Map<string, Verdict>();
  const fresh: string[] = [];
  for (const [key, { pattern }] of byKey) {
    const known = kept[key]?.[1];
    if (known) verdicts.set(key, known);
    else {
      verdicts.set(key, await recheck(pattern));
      fresh.push(key);
    }
  }
  if (update) {
    const file: VerdictFile = {
      recheck: RECHECK_VERSION,
      params: PARAMS,
      verdicts: Object.fromEntries(
        [...byKey]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, { pattern }]) => [key, [show(pattern).slice(0, 120), verdicts.get(key) as Verdict]]),
      ),
    };
    writeFileSync(VERDICTS_FILE, `${JSON.stringify(file, null, 2)}\n`);
  }

  it('keeps a verdict for every pattern (REDOS_UPDATE=1 records new and changed ones)', () => {
    expect(
      fresh.map((key) => show(byKey.get(key)?.pattern as Pattern)),
      'checked now; run with REDOS_UPDATE=1 to keep their verdicts',
    ).toEqual(update ? fresh.map((key) => show(byKey.get(key)?.pattern as Pattern)) : []);
  });

  it('finds every pattern safe, or allowed for an input bounded where the allow-list says', () => {
    const refused: string[] = [];
    for (const [key, { pattern, files }] of byKey) {
      const verdict = verdicts.get(key) as Verdict;
      if (verdict.status === 'safe') continue;
      const allowed = findAllowed(pattern, files);
      if (!allowed || (verdict.status === 'vulnerable' && verdict.complexity === 'exponential')) {
        refused.push(`${files.join(', ')}: ${show(pattern)} is ${verdict.status}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('runs each allowed pattern on its attack string, at the length its input is bounded to, at once', () => {
    const slow: string[] = [];
    for (const [key, { pattern, files }] of byKey) {
      const verdict = verdicts.get(key) as Verdict;
      const allowed = findAllowed(pattern, files);
      if (verdict.status === 'safe' || !allowed) continue;
      const inputs =
        verdict.status === 'vulnerable'
          ? [attackString(verdict.attack, allowed.maxInput)]
          : genericInputs(allowed.maxInput);
      // Text the engine collapses first (collapseSpaces) never holds a run of spaces: neither does the attack.
      const regex = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
      const prepare = (list: string[]) => (allowed.collapsed ? list.map(collapseSpaces) : list);
      const ms = fastestRun(regex, prepare(inputs));
      if (ms <= MAX_MS_AT_BOUND) continue;
      // A linear scan of a whole page may take longer than that; it must then take about half at half the length.
      const half =
        verdict.status === 'vulnerable'
          ? [attackString(verdict.attack, allowed.maxInput / 2)]
          : genericInputs(allowed.maxInput / 2);
      // Slow only when every one of three measurements says so: a pattern that grows faster than linear does
      // so each time, while a burst of other work on a shared machine slows one measurement, not three.
      const measured: string[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const [fullMs, halfMs] = fastestRunsInTurn(regex, prepare(inputs), prepare(half));
        if (fullMs <= MAX_MS_AT_BOUND || fullMs <= MAX_GROWTH * halfMs) break;
        measured.push(`${fullMs.toFixed(0)} ms, ${halfMs.toFixed(0)} ms at half`);
      }
      if (measured.length === 3) slow.push(`${allowed.file}: ${show(pattern)} took ${measured.join('; ')}`);
    }
    expect(slow).toEqual([]);
    // Every allowed pattern runs 3 to 33 times on a page-sized input: on two cores busy with the rest of the
    // suite that takes minutes; each pattern's own figure is judged above, against its run at half the length.
  }, 600_000);

  it('allows nothing that is no longer there or no longer flagged', () => {
    const used = new Set<AllowedPattern>();
    for (const [key, { pattern, files }] of byKey) {
      if (verdicts.get(key)?.status === 'safe') continue;
      const allowed = findAllowed(pattern, files);
      if (allowed) used.add(allowed);
    }
    expect(ALLOWED.filter((a) => !used.has(a)).map((a) => `${a.file}: ${a.startsWith}`)).toEqual([]);
  });
});
