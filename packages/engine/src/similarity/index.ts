/**
 * Lookalikes: more businesses like a set of seeds (the best customers), ranked 0–1 and explained, from Argo's own
 * facts alone. The method is in README.md.
 */

import { type Explanation, explain } from './explain';
import { type BusinessFeatures, featuresOf, populationStats, type SimilarityBusiness } from './features';
import {
  featureScores,
  type SeedProfile,
  type SimilarityFeature,
  scoreCandidate,
  seedProfile,
} from './profile';

export { type CustomerMatch, type MatchableBusiness, matchCustomers } from './customers';
export type { Explanation } from './explain';
export { explain } from './explain';
export type { BusinessFeatures, SimilarityBusiness, SoftwareFact } from './features';
export { featuresOf, LOW_SIGNAL_FACTOR, populationStats } from './features';
export type { SeedProfile, SimilarityFeature } from './profile';
export { FEATURE_WEIGHTS, SIMILARITY_FEATURES, scoreCandidate, seedProfile } from './profile';
export { stem, termsOf, wordLanguage } from './words';

export interface RankOptions {
  /** Let distance to the nearest seed count (off by default: a chain of wine shops is alike anywhere). */
  distance?: boolean;
  /** Explain the first `explain` of the ranking (default 50); the rest get a score only. */
  explain?: number;
  /** Locale of the explanations' lists. */
  locale?: string;
  /** Keep the seeds themselves in the ranking (default: left out). */
  includeSeeds?: boolean;
}

export interface RankedLookalike {
  id: string;
  score: number;
  contributions: Partial<Record<SimilarityFeature, number>>;
  explanation: Explanation | null;
}

/** A ranking and the profile it was measured against. */
export interface Ranking {
  profile: SeedProfile;
  ranked: RankedLookalike[];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Ranks candidates against seeds: best first, ties by id. Seeds and candidates may be given as facts or as
 * features already built (featuresOf, which a caller may cache); the population for the IDF weights is both.
 */
export function rankLookalikes(
  seeds: readonly (SimilarityBusiness | BusinessFeatures)[],
  candidates: readonly (SimilarityBusiness | BusinessFeatures)[],
  options: RankOptions = {},
): Ranking {
  const asFeatures = (b: SimilarityBusiness | BusinessFeatures): BusinessFeatures =>
    'terms' in b && b.terms instanceof Map ? (b as BusinessFeatures) : featuresOf(b as SimilarityBusiness);
  const seedFeatures = seeds.map(asFeatures);
  const candidateFeatures = candidates.map(asFeatures);
  const seedIds = new Set(seedFeatures.map((s) => s.id));
  const candidateIds = new Set(candidateFeatures.map((c) => c.id));
  const population = [...candidateFeatures, ...seedFeatures.filter((s) => !candidateIds.has(s.id))];
  const profile = seedProfile(seedFeatures, populationStats(population), {
    distance: options.distance ?? false,
  });
  const scored = candidateFeatures
    .filter((c) => options.includeSeeds || !seedIds.has(c.id))
    .map((candidate) => ({ candidate, ...scoreCandidate(profile, candidate) }));
  scored.sort((a, b) => b.score - a.score || (a.candidate.id < b.candidate.id ? -1 : 1));
  const explained = options.explain ?? 50;
  const ranked = scored.map(({ candidate, score, contributions, similarity }, i) => ({
    id: candidate.id,
    score: round(score),
    contributions: Object.fromEntries(Object.entries(contributions).map(([k, v]) => [k, round(v)])),
    explanation: i < explained ? explain(profile, candidate, similarity, options.locale) : null,
  }));
  return { profile, ranked };
}

/** The explanation of one candidate against a ranking's profile (for the page a caller shows). */
export function explainLookalike(
  profile: SeedProfile,
  candidate: BusinessFeatures,
  locale?: string,
): Explanation {
  return explain(profile, candidate, featureScores(profile, candidate), locale);
}
