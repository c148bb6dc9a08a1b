/**
 * Why a lookalike is like the seeds, and what differs, in words a salesperson reads: the shared category, the
 * shared industry, the shared tools (rarest first), the shared words, the size and the distance to the nearest
 * seed. Lists are joined with Intl.ListFormat in the caller's locale.
 */
import { type BusinessFeatures, categoryLabel } from './features';
import { nearestSeed, type SeedProfile, type SimilarityFeature } from './profile';
import { termsOf } from './words';

const MAX_TOOLS = 3;
const MAX_WORDS = 3;
/** A seed trait that most seeds share and the candidate lacks is named as a difference. */
const MOSTLY = 0.5;
/** About the IDF of a word in two thirds of the population: a shared word more common than that is not named. */
const TELLING_WORD_WEIGHT = Math.log(1.5) + 1;

export interface Explanation {
  reasons: string[];
  differences: string[];
  /** The reasons in one sentence ("both are wine shops, use Shopware and Klarna and 10–50 staff"). */
  text: string;
  distance_km: number | null;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function sizeBand(employees: number): string {
  if (employees <= 1) return '1 person';
  if (employees < 10) return '2–9 staff';
  if (employees <= 50) return '10–50 staff';
  if (employees <= 250) return '51–250 staff';
  return 'over 250 staff';
}

export function explain(
  profile: SeedProfile,
  candidate: BusinessFeatures,
  similarity: Record<SimilarityFeature, number>,
  locale = 'en',
): Explanation {
  const list = (items: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  const reasons: string[] = [];
  const differences: string[] = [];
  const active = new Set(profile.active);

  if (active.has('category')) {
    const shared = candidate.categories.find((k) => profile.categoryShare.has(k));
    if (shared) {
      reasons.push(
        `${categoryLabel(candidate, shared)}, as ${percent(profile.categoryShare.get(shared) ?? 0)} of the seeds are`,
      );
    } else {
      const top = [...profile.categoryShare].sort((a, b) => b[1] - a[1])[0];
      const own = candidate.categories[0];
      if (top) {
        differences.push(
          own
            ? `${categoryLabel(candidate, own)}, not ${profile.categoryLabels.get(top[0]) ?? top[0]}`
            : `no category known (the seeds are mostly ${profile.categoryLabels.get(top[0]) ?? top[0]})`,
        );
      }
    }
  }

  if (active.has('industry')) {
    if (candidate.industry && profile.industryShare.has(candidate.industry)) {
      reasons.push(`in ${candidate.industry}`);
    } else {
      const top = [...profile.industryShare].sort((a, b) => b[1] - a[1])[0];
      if (top && top[1] >= MOSTLY) {
        differences.push(
          candidate.industry ? `in ${candidate.industry}, not ${top[0]}` : 'industry not known',
        );
      }
    }
  }

  if (active.has('software')) {
    const weightOf = (k: string, factor: number) =>
      (profile.softwareShare.get(k) ?? 0) * profile.softwareWeight(k, factor);
    const shared = [...candidate.software]
      // Tools that say what the business is, the seeds' most common first; an analytics tag says nothing.
      .filter(([k, tool]) => profile.softwareShare.has(k) && tool.factor === 1)
      .sort((a, b) => weightOf(b[0], b[1].factor) - weightOf(a[0], a[1].factor))
      .slice(0, MAX_TOOLS)
      .map(([, tool]) => tool.label);
    if (shared.length > 0) reasons.push(`uses ${list(shared)}`);
    const missing = [...profile.softwareShare]
      .filter(([k, share]) => share >= MOSTLY && !candidate.software.has(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_TOOLS);
    if (candidate.software.size === 0)
      differences.push('no business software known (not enriched, or none found)');
    else {
      for (const [k, share] of missing) {
        differences.push(
          `does not use ${profile.softwareLabels.get(k) ?? k} (${percent(share)} of the seeds do)`,
        );
      }
    }
  }

  if (active.has('words') && similarity.words > 0) {
    // The word each stem was first written as ("wines" rather than the stem "win").
    const wordOf = new Map<string, string>();
    for (const term of termsOf(candidate.text, candidate.language)) {
      if (!wordOf.has(term.stem)) wordOf.set(term.stem, term.word);
    }
    const shared = [...candidate.terms.keys()]
      // A word most businesses use ("business", "services") says nothing of this one.
      .filter((stem) => profile.centroid.has(stem) && profile.termWeight(stem) >= TELLING_WORD_WEIGHT)
      .sort((a, b) => (profile.centroid.get(b) ?? 0) - (profile.centroid.get(a) ?? 0))
      .slice(0, MAX_WORDS)
      .map((stem) => `“${wordOf.get(stem) ?? stem}”`);
    if (shared.length > 0) reasons.push(`its site says ${list(shared)}`);
  }

  if (active.has('size') && profile.sizeMedian !== null) {
    if (candidate.employees === null) differences.push('size not known');
    else if (similarity.size >= 0.6) reasons.push(sizeBand(candidate.employees));
    else {
      const bigger = candidate.employees > profile.sizeMedian;
      differences.push(
        `${bigger ? 'larger' : 'smaller'}: about ${Math.round(candidate.employees)} staff against ${Math.round(profile.sizeMedian)}`,
      );
    }
  }

  const nearest = active.has('distance') ? nearestSeed(profile, candidate.point) : null;
  if (nearest) {
    const km = nearest.km < 10 ? nearest.km.toFixed(1) : String(Math.round(nearest.km));
    (similarity.distance >= 0.5 ? reasons : differences).push(`${km} km from ${nearest.name}`);
  } else if (active.has('distance')) differences.push('place not known');

  const text = reasons.length > 0 ? `Like the seeds: ${list(reasons)}.` : 'Little in common with the seeds.';
  return { reasons, differences, text, distance_km: nearest ? Math.round(nearest.km * 10) / 10 : null };
}
