/**
 * Built-in ICP segmenting (PRODUCT.md §7 icp/create_profiles), deterministic: the same results always give the
 * same profiles. A segment is what a salesperson would call a list to work through — "Dental practices in Munich
 * using Doctolib", "Hiring restaurants" — so it is defined by what they segment by: the industry (the listing's
 * category when no industry is known), the place (city, else region), a business tool (booking, shop, CRM …,
 * never how the website is built: business-tools.ts), hiring, and the company size.
 *
 * Rules:
 * - every segment holds at least MIN_SEGMENT_SIZE businesses, and segments do not share businesses;
 * - 2 to 5 segments; fewer than 2 is no answer but a reason in words (too few businesses, or nothing shared);
 * - candidates are the combinations of up to three of those traits that enough businesses share; the best is
 *   taken first (most businesses, a little more for each trait it adds, more for a higher ICP score, less
 *   without an industry), then the next among the businesses left, and so on;
 * - while there are fewer segments than asked for, the largest one is split by the trait that divides it most
 *   evenly: "Dental practices in Munich" and "Other dental practices";
 * - a segment's name also says what all its members share beyond its traits (all in Munich: "in Munich").
 */
import { employeeRangeText, type Icp } from '@argo/contract';
import { businessToolsOf } from './business-tools';
import type { BusinessFacts } from './facts';
import { industryPlural, lowerWords, pluralOfCategory } from './industry-words';
import { lowerFirst, valuesOf } from './wording';

export const MIN_SEGMENT_SIZE = 3;
const MIN_SEGMENTS = 2;
const MAX_SEGMENTS = 5;

export interface Segment {
  /** What a salesperson would call the list: "Hiring dental practices in Leeds". */
  name: string;
  criteria: Icp;
  members: BusinessFacts[];
  size: number;
  averageScore: number | null;
  /** Up to 3 members, best scored first. */
  examples: BusinessFacts[];
  /** The figures behind the profile, for the built-in "why" and for the model's prompt. */
  stats: SegmentStats;
}

export interface SegmentStats {
  size: number;
  averageScore: number | null;
  tiers: Record<string, number>;
  topCities: { name: string; count: number }[];
  /** Business tools only (business-tools.ts): what the members work with, not how their sites are built. */
  topSoftware: { name: string; count: number }[];
  hiring: number;
  hiringKnown: number;
  employees: { min: number; max: number; known: number } | null;
}

/** Segments, or (with none) the reason in words why these businesses cannot be segmented. */
export type SegmentResult = { segments: Segment[]; reason: null } | { segments: []; reason: string };

type SizeBand = { min: number; max: number | null };
const SIZE_BANDS: SizeBand[] = [
  { min: 1, max: 9 },
  { min: 10, max: 49 },
  { min: 50, max: 249 },
  { min: 250, max: null },
];

type Trait =
  | { kind: 'industry'; value: string }
  | { kind: 'category'; value: string }
  | { kind: 'place'; value: string }
  | { kind: 'tool'; value: string }
  | { kind: 'hiring' }
  | { kind: 'size'; band: SizeBand };

/** What a business is counts once: its industry, or its category when it has none. */
const kindOf = (t: Trait) => (t.kind === 'category' ? 'industry' : t.kind);
const keyOf = (t: Trait): string => {
  switch (t.kind) {
    case 'hiring':
      return 'hiring';
    case 'size':
      return `size:${t.band.min}`;
    default:
      return `${t.kind}:${t.value.toLowerCase()}`;
  }
};
/** The order traits are tried in when a segment is split, and named in. */
const SPLIT_ORDER = ['place', 'tool', 'hiring', 'size', 'industry'] as const;

/** A business's tools considered for segments: the first few the detector found. */
const TOOLS_PER_BUSINESS = 3;

function traitsOf(b: BusinessFacts): Trait[] {
  const traits: Trait[] = [];
  if (b.industry && b.industry !== 'Other') traits.push({ kind: 'industry', value: b.industry });
  else if (b.category?.trim()) traits.push({ kind: 'category', value: b.category.trim() });
  const place = valuesOf(b.city)[0] ?? valuesOf(b.region)[0];
  if (place) traits.push({ kind: 'place', value: place });
  for (const tool of businessToolsOf(b).slice(0, TOOLS_PER_BUSINESS))
    traits.push({ kind: 'tool', value: tool.name });
  if (b.hiring === true) traits.push({ kind: 'hiring' });
  const employees = b.employee_estimate;
  if (employees !== null && employees > 0) {
    const band = SIZE_BANDS.find((s) => employees >= s.min && (s.max === null || employees <= s.max));
    if (band) traits.push({ kind: 'size', band });
  }
  return traits;
}

/** Every combination of up to three traits with at most one of each kind (and at most one tool). */
function combinations(traits: Trait[]): Trait[][] {
  const out: Trait[][] = [];
  const pick = (from: number, chosen: Trait[]) => {
    if (chosen.length > 0) out.push(chosen);
    if (chosen.length === 3) return;
    for (let i = from; i < traits.length; i++) {
      const t = traits[i] as Trait;
      if (chosen.some((c) => kindOf(c) === kindOf(t))) continue;
      pick(i + 1, [...chosen, t]);
    }
  };
  pick(0, []);
  return out;
}

const sortTraits = (traits: Trait[]) =>
  [...traits].sort((a, b) => SPLIT_ORDER.indexOf(kindOf(a)) - SPLIT_ORDER.indexOf(kindOf(b)));

function average(values: number[]): number | null {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

const scoreOf = (members: BusinessFacts[]) =>
  average(members.flatMap((m) => (m.icp_score === null ? [] : [m.icp_score])));

/** How good a list it is: its size, a little more per trait, more for a higher score, less with no industry. */
function value(traits: Trait[], members: BusinessFacts[]): number {
  const score = scoreOf(members);
  const fit = score === null ? 1 : 0.5 + score / 100;
  const specific = 1 + 0.35 * (traits.length - 1);
  const what = traits.some((t) => kindOf(t) === 'industry') ? 1 : 0.8;
  return members.length * specific * fit * what;
}

/** "Dental practices", "Hiring dental practices in Leeds with 10–49 employees using Doctolib". */
function nameOf(traits: Trait[], other = false): string {
  let noun = 'Businesses';
  let place = '';
  let tool = '';
  let size = '';
  let hiring = false;
  for (const t of traits) {
    if (t.kind === 'industry') noun = industryPlural(t.value);
    else if (t.kind === 'category') noun = pluralOfCategory(t.value);
    else if (t.kind === 'place') place = ` in ${t.value}`;
    else if (t.kind === 'tool') tool = ` using ${t.value}`;
    else if (t.kind === 'size') size = ` with ${employeeRangeText(t.band.min, t.band.max)}`;
    else hiring = true;
  }
  const head = hiring ? `Hiring ${lowerWords(noun)}` : noun;
  const name = `${head}${place}${size}${tool}`;
  return other ? `Other ${lowerFirst(name)}` : name;
}

function countBy(values: (string | null | undefined)[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function statsOf(members: BusinessFacts[]): SegmentStats {
  const tiers: Record<string, number> = {};
  for (const m of members) tiers[m.icp_tier ?? 'unscored'] = (tiers[m.icp_tier ?? 'unscored'] ?? 0) + 1;
  const employees = members
    .flatMap((m) => (m.employee_estimate === null ? [] : [m.employee_estimate]))
    .sort((a, b) => a - b);
  const quantile = (q: number) =>
    employees[Math.min(employees.length - 1, Math.floor(q * (employees.length - 1)))] ?? 0;
  const score = scoreOf(members);
  return {
    size: members.length,
    averageScore: score === null ? null : Math.round(score),
    tiers,
    topCities: countBy(members.map((m) => valuesOf(m.city)[0] ?? valuesOf(m.region)[0])).slice(0, 3),
    topSoftware: countBy(members.flatMap((m) => businessToolsOf(m).map((t) => t.name))).slice(0, 5),
    hiring: members.filter((m) => m.hiring === true).length,
    hiringKnown: members.filter((m) => m.hiring !== null).length,
    employees: employees.length
      ? { min: Math.round(quantile(0.25)), max: Math.round(quantile(0.75)), known: employees.length }
      : null,
  };
}

/** The ICP a segment stands for: exactly its traits. */
function criteriaOf(traits: Trait[]): Icp {
  const icp: Icp = {
    industries: [],
    locations: [],
    keywords: [],
    exclude_keywords: [],
    employee_min: null,
    employee_max: null,
    software_signals: [],
    hiring_signal: null,
  };
  for (const t of traits) {
    if (t.kind === 'industry') icp.industries.push(t.value);
    else if (t.kind === 'category') icp.keywords.push(t.value);
    else if (t.kind === 'place') icp.locations.push(t.value);
    else if (t.kind === 'tool') icp.software_signals.push(t.value);
    else if (t.kind === 'hiring') icp.hiring_signal = true;
    else {
      icp.employee_min = t.band.min;
      icp.employee_max = t.band.max;
    }
  }
  return icp;
}

/** The built-in "why": the figures that make the members one segment. */
export function describeSegment(name: string, stats: SegmentStats): string {
  const pct = (n: number) => `${Math.round((100 * n) / Math.max(1, stats.size))}%`;
  const sentences = [`${stats.size} businesses share this profile (${name}).`];
  if (stats.averageScore !== null) {
    const tiers = ['A', 'B', 'C', 'D']
      .filter((t) => stats.tiers[t])
      .map((t) => `${stats.tiers[t]} in tier ${t}`)
      .join(', ');
    sentences.push(`Their average ICP score is ${stats.averageScore}${tiers ? ` (${tiers})` : ''}.`);
  }
  const city = stats.topCities[0];
  if (city) sentences.push(`${pct(city.count)} are in ${city.name}.`);
  const software = stats.topSoftware[0];
  if (software) sentences.push(`${pct(software.count)} use ${software.name}.`);
  if (stats.hiringKnown > 0) {
    sentences.push(
      `${stats.hiring} of ${stats.hiringKnown} with a careers check ${stats.hiring === 1 ? 'is' : 'are'} hiring.`,
    );
  }
  if (stats.employees) {
    sentences.push(
      stats.employees.min === stats.employees.max
        ? `Typical size: about ${stats.employees.min} employees.`
        : `Typical size: ${stats.employees.min}–${stats.employees.max} employees.`,
    );
  }
  return sentences.join(' ');
}

interface Draft {
  traits: Trait[];
  /** The rest of a split: the kind of trait the other half has and these members lack. */
  other: string | null;
  members: number[];
}

/**
 * 2–5 segments (as many as asked for when the businesses allow) of at least MIN_SEGMENT_SIZE businesses each, or
 * the reason there are none.
 */
export function buildSegments(businesses: readonly BusinessFacts[], count = 3): SegmentResult {
  const wanted = Math.min(MAX_SEGMENTS, Math.max(MIN_SEGMENTS, Math.round(count)));
  const least = MIN_SEGMENTS * MIN_SEGMENT_SIZE;
  if (businesses.length < least) {
    return {
      segments: [],
      reason:
        `Profiles need at least ${least} businesses (${MIN_SEGMENTS} groups of ${MIN_SEGMENT_SIZE}); ` +
        `this session has ${businesses.length}. Discover or import more businesses first.`,
    };
  }
  const traits = businesses.map(traitsOf);
  // Every combination of traits that enough businesses share.
  const candidates = new Map<string, { traits: Trait[]; members: number[] }>();
  traits.forEach((own, i) => {
    for (const combo of combinations(own)) {
      const sorted = sortTraits(combo);
      const key = sorted.map(keyOf).join('|');
      const found = candidates.get(key);
      if (found) found.members.push(i);
      else candidates.set(key, { traits: sorted, members: [i] });
    }
  });
  const shared = [...candidates]
    .filter(([, c]) => c.members.length >= MIN_SEGMENT_SIZE)
    .sort(([a], [b]) => a.localeCompare(b));

  const taken = new Set<number>();
  const drafts: Draft[] = [];
  const membersOf = (ids: number[]) => ids.map((i) => businesses[i] as BusinessFacts);
  while (drafts.length < wanted) {
    let best: Draft | null = null;
    let bestValue = 0;
    for (const [, c] of shared) {
      const free = c.members.filter((i) => !taken.has(i));
      if (free.length < MIN_SEGMENT_SIZE) continue;
      const v = value(c.traits, membersOf(free));
      if (v > bestValue) {
        bestValue = v;
        best = { traits: c.traits, other: null, members: free };
      }
    }
    if (!best) break;
    for (const i of best.members) taken.add(i);
    drafts.push(best);
  }

  // Fewer than asked for: split the largest segment that can be split in two of at least MIN_SEGMENT_SIZE.
  const unsplittable = new Set<Draft>();
  while (drafts.length < wanted) {
    const largest = drafts
      .filter((d) => !unsplittable.has(d) && d.members.length >= 2 * MIN_SEGMENT_SIZE)
      .sort((a, b) => b.members.length - a.members.length)[0];
    if (!largest) break;
    const halves = splitDraft(largest, traits);
    if (!halves) {
      unsplittable.add(largest);
      continue;
    }
    drafts.splice(drafts.indexOf(largest), 1, ...halves);
  }

  if (drafts.length < MIN_SEGMENTS) {
    return {
      segments: [],
      reason:
        `These ${businesses.length} businesses do not form ${MIN_SEGMENTS} groups of at least ${MIN_SEGMENT_SIZE} ` +
        'that share an industry, a place, business software, hiring or a company size. Enrich them (industry, ' +
        'software, careers), or discover more businesses like the ones you want to reach.',
    };
  }

  const names = new Set<string>();
  const segments = drafts.map((draft): Segment => {
    const members = membersOf(draft.members);
    const all = withSharedTraits(draft, traits);
    // The rest of a split is "Other …" unless its members all share a trait of the kind it was split by.
    const other = draft.other !== null && !all.some((t) => kindOf(t) === draft.other);
    let name = nameOf(all, other);
    if (names.has(name)) name = nameOf(draft.traits, draft.other !== null);
    for (let n = 2; names.has(name); n++) name = `${nameOf(draft.traits, draft.other !== null)} (${n})`;
    names.add(name);
    const stats = statsOf(members);
    const examples = [...members]
      .sort((a, b) => (b.icp_score ?? -1) - (a.icp_score ?? -1) || a.name.localeCompare(b.name))
      .slice(0, 3);
    return {
      name,
      criteria: criteriaOf(all),
      members,
      size: members.length,
      averageScore: stats.averageScore,
      examples,
      stats,
    };
  });
  segments.sort(
    (a, b) =>
      (b.averageScore ?? -1) - (a.averageScore ?? -1) || b.size - a.size || a.name.localeCompare(b.name),
  );
  return { segments, reason: null };
}

/** The draft's traits and every trait of a kind it lacks that all its members share. */
function withSharedTraits(draft: Draft, traits: Trait[][]): Trait[] {
  const out = [...draft.traits];
  const [first, ...rest] = draft.members.map((i) => traits[i] as Trait[]);
  for (const t of first ?? []) {
    if (out.some((o) => kindOf(o) === kindOf(t))) continue;
    if (rest.every((own) => own.some((o) => keyOf(o) === keyOf(t)))) out.push(t);
  }
  return sortTraits(out);
}

/** The split of a draft by the trait that divides it most evenly (each side at least MIN_SEGMENT_SIZE). */
function splitDraft(draft: Draft, traits: Trait[][]): [Draft, Draft] | null {
  const counts = new Map<string, { trait: Trait; members: number[] }>();
  for (const i of draft.members) {
    for (const t of traits[i] as Trait[]) {
      if (draft.traits.some((o) => kindOf(o) === kindOf(t))) continue;
      const key = keyOf(t);
      const found = counts.get(key);
      if (found) found.members.push(i);
      else counts.set(key, { trait: t, members: [i] });
    }
  }
  let best: { trait: Trait; members: number[] } | null = null;
  let bestEven = 0;
  for (const [, c] of [...counts].sort(
    ([a, x], [b, y]) =>
      SPLIT_ORDER.indexOf(kindOf(x.trait)) - SPLIT_ORDER.indexOf(kindOf(y.trait)) || a.localeCompare(b),
  )) {
    const even = Math.min(c.members.length, draft.members.length - c.members.length);
    if (even >= MIN_SEGMENT_SIZE && even > bestEven) {
      bestEven = even;
      best = c;
    }
  }
  if (!best) return null;
  const inside = new Set(best.members);
  return [
    { traits: sortTraits([...draft.traits, best.trait]), other: draft.other, members: best.members },
    { traits: draft.traits, other: kindOf(best.trait), members: draft.members.filter((i) => !inside.has(i)) },
  ];
}
