/**
 * Built-in ICP segmenting (PRODUCT.md §7 icp/create_profiles), deterministic: the same results always give the
 * same profiles. Businesses are grouped by industry (their category when no industry is known); while there are
 * fewer groups than asked for, the largest group that can be split is split by tier (A/B against C/D), then by
 * its main city (in it against elsewhere), then by its main software (running it against not). The best groups
 * (highest average ICP score, then largest) become the profiles, each described only by figures of its members.
 */
import type { Icp } from '@argo/contract';
import type { BusinessFacts } from './icp.repository';

export interface Segment {
  /** What the members share, e.g. "Healthcare, tier A/B, in Leeds". */
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
  topSoftware: { name: string; count: number }[];
  hiring: number;
  hiringKnown: number;
  employees: { min: number; max: number; known: number } | null;
}

interface Group {
  label: string;
  /** The label is an industry (not a category fallback). */
  isIndustry: boolean;
  tierBand: 'A/B' | 'C/D' | null;
  city: { name: string; inside: boolean } | null;
  software: { name: string; running: boolean } | null;
  members: BusinessFacts[];
}

const HIGH_TIERS = new Set(['A', 'B']);
const UNCLASSIFIED = 'Unclassified businesses';

function countBy(values: (string | null | undefined)[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function average(values: number[]): number | null {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

const scoreOf = (g: Group) => average(g.members.flatMap((m) => (m.icp_score === null ? [] : [m.icp_score])));

/** Best first: highest average score (unscored last), then largest, then by label. */
function rank(a: Group, b: Group): number {
  const sa = scoreOf(a) ?? -1;
  const sb = scoreOf(b) ?? -1;
  return sb - sa || b.members.length - a.members.length || nameOf(a).localeCompare(nameOf(b));
}

/** Splits a group in two along the first dimension that separates its members; null when none does. */
function split(group: Group): [Group, Group] | null {
  const parts = <T>(
    test: (m: BusinessFacts) => boolean,
    yes: T,
    no: T,
    key: keyof Group,
  ): [Group, Group] | null => {
    const inside = group.members.filter(test);
    const outside = group.members.filter((m) => !test(m));
    if (inside.length === 0 || outside.length === 0) return null;
    return [
      { ...group, [key]: yes, members: inside },
      { ...group, [key]: no, members: outside },
    ];
  };
  if (group.tierBand === null) {
    const byTier = parts((m) => HIGH_TIERS.has(m.icp_tier ?? ''), 'A/B', 'C/D', 'tierBand');
    if (byTier) return byTier;
  }
  if (group.city === null) {
    const top = countBy(group.members.map((m) => m.city))[0];
    if (top) {
      const byCity = parts(
        (m) => m.city === top.name,
        { name: top.name, inside: true },
        { name: top.name, inside: false },
        'city',
      );
      if (byCity) return byCity;
    }
  }
  if (group.software === null) {
    const top = countBy(group.members.flatMap((m) => [...new Set(m.software)]))[0];
    if (top) {
      return parts(
        (m) => m.software.includes(top.name),
        { name: top.name, running: true },
        { name: top.name, running: false },
        'software',
      );
    }
  }
  return null;
}

function nameOf(group: Group): string {
  const parts = [group.label];
  if (group.tierBand) parts.push(`tier ${group.tierBand}`);
  if (group.software)
    parts.push(group.software.running ? `on ${group.software.name}` : `not on ${group.software.name}`);
  if (group.city) parts.push(group.city.inside ? `in ${group.city.name}` : `outside ${group.city.name}`);
  return parts.join(', ');
}

function statsOf(members: BusinessFacts[]): SegmentStats {
  const tiers: Record<string, number> = {};
  for (const m of members) tiers[m.icp_tier ?? 'unscored'] = (tiers[m.icp_tier ?? 'unscored'] ?? 0) + 1;
  const employees = members
    .flatMap((m) => (m.employee_estimate === null ? [] : [m.employee_estimate]))
    .sort((a, b) => a - b);
  const quantile = (q: number) =>
    employees[Math.min(employees.length - 1, Math.floor(q * (employees.length - 1)))] ?? 0;
  const score = average(members.flatMap((m) => (m.icp_score === null ? [] : [m.icp_score])));
  return {
    size: members.length,
    averageScore: score === null ? null : Math.round(score),
    tiers,
    topCities: countBy(members.map((m) => m.city)).slice(0, 3),
    topSoftware: countBy(members.flatMap((m) => [...new Set(m.software)])).slice(0, 5),
    hiring: members.filter((m) => m.hiring === true).length,
    hiringKnown: members.filter((m) => m.hiring !== null).length,
    employees: employees.length
      ? { min: Math.round(quantile(0.25)), max: Math.round(quantile(0.75)), known: employees.length }
      : null,
  };
}

function criteriaOf(group: Group, stats: SegmentStats): Icp {
  const share = (n: number) => n / Math.max(1, stats.size);
  const locations = group.city?.inside
    ? [group.city.name]
    : stats.topCities.filter((c) => share(c.count) >= 0.2 && c.name !== group.city?.name).map((c) => c.name);
  const software = group.software?.running
    ? [group.software.name]
    : stats.topSoftware
        .filter((s) => share(s.count) >= 0.3 && s.name !== group.software?.name)
        .slice(0, 3)
        .map((s) => s.name);
  const topCategory = countBy(group.members.map((m) => m.category))[0];
  const keywords =
    !group.isIndustry && group.label !== UNCLASSIFIED
      ? [group.label]
      : topCategory && share(topCategory.count) >= 0.5 && topCategory.name !== group.label
        ? [topCategory.name]
        : [];
  const hiringShare = stats.hiringKnown ? stats.hiring / stats.hiringKnown : 0;
  return {
    industries: group.isIndustry ? [group.label] : [],
    locations,
    keywords,
    exclude_keywords: [],
    employee_min: stats.employees ? stats.employees.min : null,
    employee_max: stats.employees ? stats.employees.max : null,
    software_signals: software,
    hiring_signal: stats.hiringKnown > 0 && hiringShare >= 0.6 ? true : null,
  };
}

/** The built-in "why": the figures that make the members one segment (a segment of one reads as one business). */
export function describeSegment(name: string, stats: SegmentStats): string {
  const one = stats.size === 1;
  const pct = (n: number) => `${Math.round((100 * n) / Math.max(1, stats.size))}%`;
  const sentences = [
    one
      ? `1 business shares this profile (${name}).`
      : `${stats.size} businesses share this profile (${name}).`,
  ];
  if (stats.averageScore !== null) {
    const tiers = ['A', 'B', 'C', 'D']
      .filter((t) => stats.tiers[t])
      .map((t) => (one ? `tier ${t}` : `${stats.tiers[t]} in tier ${t}`))
      .join(', ');
    sentences.push(
      `${one ? 'Its ICP score is' : 'Their average ICP score is'} ${stats.averageScore}${tiers ? ` (${tiers})` : ''}.`,
    );
  }
  const city = stats.topCities[0];
  if (city) sentences.push(one ? `It is in ${city.name}.` : `${pct(city.count)} are in ${city.name}.`);
  const software = stats.topSoftware[0];
  if (software)
    sentences.push(one ? `It runs ${software.name}.` : `${pct(software.count)} run ${software.name}.`);
  if (stats.hiringKnown > 0) {
    sentences.push(
      one
        ? `Its careers check says it is ${stats.hiring ? '' : 'not '}hiring.`
        : `${stats.hiring} of ${stats.hiringKnown} with a careers check ${stats.hiring === 1 ? 'is' : 'are'} hiring.`,
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

/** Up to `count` segments of the businesses (fewer when they cannot be told apart any further). */
export function buildSegments(businesses: BusinessFacts[], count: number): Segment[] {
  const byLabel = new Map<string, Group>();
  for (const b of businesses) {
    const label = b.industry ?? b.category ?? UNCLASSIFIED;
    const group = byLabel.get(label);
    if (group) group.members.push(b);
    else
      byLabel.set(label, {
        label,
        isIndustry: b.industry !== null,
        tierBand: null,
        city: null,
        software: null,
        members: [b],
      });
  }
  let groups = [...byLabel.values()];
  const unsplittable = new Set<Group>();
  while (groups.length < count) {
    const candidates = groups
      .filter((g) => g.members.length >= 2 && !unsplittable.has(g))
      .sort((a, b) => b.members.length - a.members.length || nameOf(a).localeCompare(nameOf(b)));
    const largest = candidates[0];
    if (!largest) break;
    const halves = split(largest);
    if (!halves) {
      unsplittable.add(largest);
      continue;
    }
    // Keep splitting the same group along its next dimension only after the others had their turn.
    groups = [...groups.filter((g) => g !== largest), ...halves];
  }
  return groups
    .sort(rank)
    .slice(0, count)
    .map((group) => {
      const stats = statsOf(group.members);
      const examples = [...group.members]
        .sort((a, b) => (b.icp_score ?? -1) - (a.icp_score ?? -1) || a.name.localeCompare(b.name))
        .slice(0, 3);
      return {
        name: nameOf(group),
        criteria: criteriaOf(group, stats),
        members: group.members,
        size: group.members.length,
        averageScore: stats.averageScore,
        examples,
        stats,
      };
    });
}
