/**
 * The seeds' profile (their centroid) and a candidate's score against it, 0–1, with what each feature gave.
 * The method is in README.md.
 */
import { distanceMeters } from '../geo/geo';
import { type BusinessFeatures, idf, type PopulationStats } from './features';

export type SimilarityFeature = 'category' | 'industry' | 'software' | 'words' | 'size' | 'distance';
/** The weight of each feature in the score, before features the seeds say nothing about are left out. */
const FEATURE_WEIGHTS: Readonly<Record<SimilarityFeature, number>> = {
  category: 0.25,
  industry: 0.15,
  software: 0.3,
  words: 0.2,
  size: 0.1,
  distance: 0.1,
};

/** Terms of the seeds' centroid kept: the rest weigh too little to change a ranking. */
const CENTROID_TERMS = 200;
/** Decades of employee count at which sizes stop being alike (10 against 200 staff scores about 0). */
const SIZE_DECADES = 2;
/** The distance at which proximity gives half its weight. */
const HALF_DISTANCE_KM = 50;

export interface SeedProfile {
  seeds: BusinessFeatures[];
  seedIds: ReadonlySet<string>;
  /** Share of the seeds in each category and industry, and with each tool. */
  categoryShare: Map<string, number>;
  categoryLabels: Map<string, string>;
  industryShare: Map<string, number>;
  softwareShare: Map<string, number>;
  softwareLabels: Map<string, string>;
  /** Each tool's weight: IDF over the population times its signal factor. */
  softwareWeight: (key: string, factor: number) => number;
  softwareNorm: number;
  /** Mean of the seeds' unit TF-IDF term vectors. */
  centroid: Map<string, number>;
  centroidNorm: number;
  termWeight: (stem: string) => number;
  /** Median log10 of the seeds' employee counts, null when none is known. */
  sizeLog: number | null;
  sizeMedian: number | null;
  points: { name: string; lat: number; lng: number }[];
  /** The features the score reads: those the seeds have evidence for (distance only when asked). */
  active: SimilarityFeature[];
}

function shares(values: Iterable<Iterable<string>>, seeds: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const set of values) for (const v of new Set(set)) counts.set(v, (counts.get(v) ?? 0) + 1);
  return new Map([...counts].map(([k, n]) => [k, n / seeds]));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A business's unit TF-IDF vector (log-scaled term counts). */
function termVector(business: BusinessFeatures, weight: (stem: string) => number): Map<string, number> {
  const vector = new Map<string, number>();
  let norm = 0;
  for (const [stem, count] of business.terms) {
    const value = (1 + Math.log(count)) * weight(stem);
    vector.set(stem, value);
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [stem, value] of vector) vector.set(stem, value / norm);
  return vector;
}

export function seedProfile(
  seeds: readonly BusinessFeatures[],
  stats: PopulationStats,
  options: { distance?: boolean } = {},
): SeedProfile {
  const n = Math.max(1, seeds.length);
  const categoryShare = shares(
    seeds.map((s) => s.categories),
    n,
  );
  const categoryLabels = new Map<string, string>();
  const softwareLabels = new Map<string, string>();
  const softwareFactors = new Map<string, number>();
  for (const seed of seeds) {
    for (const [i, k] of seed.categories.entries()) {
      if (!categoryLabels.has(k)) categoryLabels.set(k, seed.categoryLabels[i] ?? k);
    }
    for (const [k, tool] of seed.software) {
      if (!softwareLabels.has(k)) softwareLabels.set(k, tool.label);
      softwareFactors.set(k, Math.max(softwareFactors.get(k) ?? 0, tool.factor));
    }
  }
  const industryShare = shares(
    seeds.map((s) => (s.industry ? [s.industry] : [])),
    n,
  );
  const softwareShare = shares(
    seeds.map((s) => s.software.keys()),
    n,
  );
  const softwareIdf = new Map<string, number>();
  const softwareWeight = (k: string, factor: number) => {
    let value = softwareIdf.get(k);
    if (value === undefined) {
      value = idf(stats, stats.softwareCount.get(k));
      softwareIdf.set(k, value);
    }
    return value * factor;
  };
  let softwareNorm = 0;
  for (const [k, share] of softwareShare)
    softwareNorm += (softwareWeight(k, softwareFactors.get(k) ?? 1) * share) ** 2;
  softwareNorm = Math.sqrt(softwareNorm);

  const termIdf = new Map<string, number>();
  const termWeight = (stem: string) => {
    let value = termIdf.get(stem);
    if (value === undefined) {
      value = idf(stats, stats.termCount.get(stem));
      termIdf.set(stem, value);
    }
    return value;
  };
  const sum = new Map<string, number>();
  for (const seed of seeds) {
    for (const [stem, value] of termVector(seed, termWeight)) sum.set(stem, (sum.get(stem) ?? 0) + value / n);
  }
  const centroid = new Map([...sum].sort((a, b) => b[1] - a[1]).slice(0, CENTROID_TERMS));
  const centroidNorm = Math.sqrt([...centroid.values()].reduce((acc, v) => acc + v * v, 0));

  const sizes = seeds.flatMap((s) => (s.employees ? [s.employees] : []));
  const sizeMedian = median(sizes);
  const points = seeds.flatMap((s) => (s.point ? [{ name: s.name, ...s.point }] : []));

  const active: SimilarityFeature[] = [];
  if (categoryShare.size > 0) active.push('category');
  if (industryShare.size > 0) active.push('industry');
  if (softwareShare.size > 0) active.push('software');
  if (centroidNorm > 0) active.push('words');
  if (sizeMedian !== null) active.push('size');
  if (options.distance && points.length > 0) active.push('distance');

  return {
    seeds: [...seeds],
    seedIds: new Set(seeds.map((s) => s.id)),
    categoryShare,
    categoryLabels,
    industryShare,
    softwareShare,
    softwareLabels,
    softwareWeight,
    softwareNorm,
    centroid,
    centroidNorm,
    termWeight,
    sizeLog: sizeMedian === null ? null : Math.log10(sizeMedian),
    sizeMedian,
    points,
    active,
  };
}

/** The nearest seed with a place, and how far it is. */
export function nearestSeed(
  profile: SeedProfile,
  point: { lat: number; lng: number } | null,
): { name: string; km: number } | null {
  if (!point) return null;
  let best: { name: string; km: number } | null = null;
  for (const seed of profile.points) {
    const km = distanceMeters(seed, point) / 1000;
    if (!best || km < best.km) best = { name: seed.name, km };
  }
  return best;
}

/** Each feature's similarity, 0–1 (0 when the candidate says nothing of it). */
export function featureScores(
  profile: SeedProfile,
  candidate: BusinessFeatures,
): Record<SimilarityFeature, number> {
  let category = 0;
  for (const [i, k] of candidate.categories.entries()) {
    // The primary category counts fully, the others a little less: a hotel's restaurant is not a restaurant.
    category = Math.max(category, (profile.categoryShare.get(k) ?? 0) * (i === 0 ? 1 : 0.8));
  }
  const industry = candidate.industry ? (profile.industryShare.get(candidate.industry) ?? 0) : 0;

  let software = 0;
  if (candidate.software.size > 0 && profile.softwareNorm > 0) {
    let dot = 0;
    let norm = 0;
    for (const [k, tool] of candidate.software) {
      const w = profile.softwareWeight(k, tool.factor);
      norm += w * w;
      dot += w * w * (profile.softwareShare.get(k) ?? 0);
    }
    software = dot / (Math.sqrt(norm) * profile.softwareNorm);
  }

  // The cosine of the candidate's TF-IDF vector (termVector's, unnormalised here) and the centroid.
  let words = 0;
  if (candidate.terms.size > 0 && profile.centroidNorm > 0) {
    let dot = 0;
    let norm = 0;
    for (const [stem, count] of candidate.terms) {
      const value = (count === 1 ? 1 : 1 + Math.log(count)) * profile.termWeight(stem);
      norm += value * value;
      const c = profile.centroid.get(stem);
      if (c !== undefined) dot += value * c;
    }
    words = norm > 0 ? dot / (Math.sqrt(norm) * profile.centroidNorm) : 0;
  }

  const size =
    profile.sizeLog !== null && candidate.employees
      ? Math.max(0, 1 - Math.abs(Math.log10(candidate.employees) - profile.sizeLog) / SIZE_DECADES)
      : 0;
  const nearest = profile.active.includes('distance') ? nearestSeed(profile, candidate.point) : null;
  const distance = nearest ? HALF_DISTANCE_KM / (HALF_DISTANCE_KM + nearest.km) : 0;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return {
    category: clamp(category),
    industry: clamp(industry),
    software: clamp(software),
    words: clamp(words),
    size: clamp(size),
    distance: clamp(distance),
  };
}

/** The score 0–1 and each active feature's part of it (the parts add up to the score). */
export function scoreCandidate(
  profile: SeedProfile,
  candidate: BusinessFeatures,
): {
  score: number;
  contributions: Partial<Record<SimilarityFeature, number>>;
  similarity: Record<SimilarityFeature, number>;
} {
  const similarity = featureScores(profile, candidate);
  const total = profile.active.reduce((acc, f) => acc + FEATURE_WEIGHTS[f], 0);
  const contributions: Partial<Record<SimilarityFeature, number>> = {};
  let score = 0;
  if (total > 0) {
    for (const feature of profile.active) {
      const part = (FEATURE_WEIGHTS[feature] * similarity[feature]) / total;
      contributions[feature] = part;
      score += part;
    }
  }
  return { score: Math.min(1, score), contributions, similarity };
}
