/**
 * How well lookalikes find a customer group again: `tsx eval/lookalikes/run.ts` or `npm run eval -- --corpus
 * lookalikes`. From every real business of the population (population.ts), a coherent group — one YC subindustry,
 * or the real sites of one labelled industry — is split in half at random (seeded, so runs compare); the seen half
 * are the seeds, everything else is ranked against them, and recall@50 is the share of the hidden half among the
 * first 50. The baseline, measured in the same run: 50 businesses drawn at random from the seeds' own category (what
 * "more businesses of this category" gives), averaged over 200 draws. Prints both, per group and overall; the goal
 * is our recall at least 3× the baseline's.
 */
import { featuresOf, rankLookalikes } from '@argo/engine';
import { type EvalBusiness, loadPopulation } from './population';

const K = 50;
/** The ~100 real sites are too few for 50: among them, the first 10. */
const K_SITES = 10;
const MIN_GROUP = 12;
/** The real sites are fewer: a labelled industry of six sites is a group. */
const MIN_SITE_GROUP = 6;
const MAX_GROUPS = 10;
const BASELINE_DRAWS = 200;

/** mulberry32: a small seeded generator, so the split and the draws are the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const mostCommon = (values: (string | null | undefined)[]) => {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
};

interface GroupResult {
  group: string;
  k: number;
  size: number;
  hidden: number;
  recall: number;
  baseline: number;
}

export async function runLookalikesEval(): Promise<{
  results: GroupResult[];
  recall: number;
  baseline: number;
}> {
  const population = await loadPopulation();
  const features = new Map(population.map((b) => [b.id, featuresOf(b)]));
  const byGroup = new Map<string, EvalBusiness[]>();
  for (const b of population) {
    if (!b.group) continue;
    const key = `${b.source}: ${b.group}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), b]);
  }
  // The largest groups that still leave the category far bigger than the group: finding them is the test.
  const largest = (source: EvalBusiness['source'], min: number, max: number) =>
    [...byGroup]
      .filter(([, members]) => members[0]?.source === source && members.length >= min)
      .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
      .slice(0, max);
  const groups = [...largest('yc', MIN_GROUP, MAX_GROUPS), ...largest('site', MIN_SITE_GROUP, MAX_GROUPS)];

  const results: GroupResult[] = [];
  for (const [index, [group, members]] of groups.entries()) {
    const next = random(1000 + index);
    const split = shuffled(members, next);
    const seeds = split.slice(0, Math.ceil(split.length / 2));
    const hidden = new Set(split.slice(seeds.length).map((b) => b.id));
    const seedIds = new Set(seeds.map((s) => s.id));
    const candidates = population.filter((b) => !seedIds.has(b.id));

    const { ranked } = rankLookalikes(
      seeds.map((s) => features.get(s.id) as ReturnType<typeof featuresOf>),
      candidates.map((c) => features.get(c.id) as ReturnType<typeof featuresOf>),
      { explain: 0 },
    );
    const k = members[0]?.source === 'site' ? K_SITES : K;
    const found = ranked.slice(0, k).filter((r) => hidden.has(r.id)).length;

    // Baseline: K businesses of the seeds' own category (for the sites, which have none: of their source).
    const category = mostCommon(seeds.map((s) => s.category));
    const source = seeds[0]?.source;
    const sameCategory = candidates.filter((c) => (category ? c.category === category : c.source === source));
    let baselineFound = 0;
    for (let draw = 0; draw < BASELINE_DRAWS; draw++) {
      baselineFound += shuffled(sameCategory, next)
        .slice(0, k)
        .filter((c) => hidden.has(c.id)).length;
    }
    results.push({
      group,
      k,
      size: members.length,
      hidden: hidden.size,
      recall: found / hidden.size,
      baseline: baselineFound / BASELINE_DRAWS / hidden.size,
    });
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)}%`;
  const ratio = (ours: number, base: number) => (base > 0 ? (ours / base).toFixed(1) : '∞').padStart(5);
  console.log(
    `\nLOOKALIKES — ${population.length} real businesses; recall@k of the hidden half of each group`,
  );
  console.log(`${'group'.padEnd(52)} size hidden  k   ours  baseline     ×`);
  for (const r of results) {
    console.log(
      `${r.group.slice(0, 51).padEnd(52)}${String(r.size).padStart(5)}${String(r.hidden).padStart(7)}${String(r.k).padStart(3)} ${pct(r.recall)}   ${pct(r.baseline)} ${ratio(r.recall, r.baseline)}`,
    );
  }
  // The headline is recall@50 over the YC groups (thousands of businesses); the sites (software from their pages)
  // are printed as their own line.
  const headline = results.filter((r) => r.k === K);
  const recall = mean(headline.map((r) => r.recall));
  const baseline = mean(headline.map((r) => r.baseline));
  const sites = results.filter((r) => r.k === K_SITES);
  console.log(
    `${`mean recall@${K}, ${headline.length} YC groups`.padEnd(67)} ${pct(recall)}   ${pct(baseline)} ${ratio(recall, baseline)}  (goal ≥ 3.0×)`,
  );
  if (sites.length > 0) {
    const siteRecall = mean(sites.map((r) => r.recall));
    const siteBaseline = mean(sites.map((r) => r.baseline));
    console.log(
      `${`mean recall@${K_SITES}, ${sites.length} groups of real sites`.padEnd(67)} ${pct(siteRecall)}   ${pct(siteBaseline)} ${ratio(siteRecall, siteBaseline)}`,
    );
  }
  return { results, recall, baseline };
}

if (import.meta.url === `file://${process.argv[1]}`) await runLookalikesEval();
