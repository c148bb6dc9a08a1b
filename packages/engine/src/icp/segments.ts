/**
 * Built-in ICP segmenting (icp/create_profiles), deterministic: the same results always give the
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
 *
 * This module chooses and splits the segments. A business's traits, and how a set of them is named and stated as
 * an ICP, are segment-traits.ts; a segment's figures and its built-in "why" are segment-stats.ts.
 */
import type { Icp } from '@argo/contract';
import type { BusinessFacts } from './facts';
import { type SegmentStats, scoreOf, statsOf } from './segment-stats';
import {
  combinations,
  criteriaOf,
  keyOf,
  kindOf,
  nameOf,
  SPLIT_ORDER,
  sortTraits,
  type Trait,
  traitsOf,
} from './segment-traits';

export { describeSegment } from './segment-stats';

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

/** Segments, or (with none) the reason in words why these businesses cannot be segmented. */
export type SegmentResult = { segments: Segment[]; reason: null } | { segments: []; reason: string };

/** How good a list it is: its size, a little more per trait, more for a higher score, less with no industry. */
function value(traits: Trait[], members: BusinessFacts[]): number {
  const score = scoreOf(members);
  const fit = score === null ? 1 : 0.5 + score / 100;
  const specific = 1 + 0.35 * (traits.length - 1);
  const what = traits.some((t) => kindOf(t) === 'industry') ? 1 : 0.8;
  return members.length * specific * fit * what;
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
