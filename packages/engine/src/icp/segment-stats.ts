/**
 * A segment's figures (its size, average ICP score and tiers, top cities, top business tools, hiring, typical
 * company size) and the built-in "why" said from them. segments.ts scores its candidates by the average score
 * here; the figures also go into the model's prompt.
 */
import { businessToolsOf } from './business-tools';
import type { BusinessFacts } from './facts';
import { valuesOf } from './wording';

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

function average(values: number[]): number | null {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

export const scoreOf = (members: BusinessFacts[]) =>
  average(members.flatMap((m) => (m.icp_score === null ? [] : [m.icp_score])));

function countBy(values: (string | null | undefined)[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export function statsOf(members: BusinessFacts[]): SegmentStats {
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
