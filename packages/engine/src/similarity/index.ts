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

export { matchCustomers } from './customers';
export type { Explanation } from './explain';
export type { BusinessFeatures, SimilarityBusiness } from './features';
export { decodeFeatures, encodeFeatures, featuresOf } from './features';
export type { SeedProfile } from './profile';
export { scoreCandidate } from './profile';
export { stem, termsOf } from './words';

export interface RankOptions {
  /** Let distance to the nearest seed count (off by default: a chain of wine shops is alike anywhere). */
  distance?: boolean;
  /** Detail `explain` places of the ranking (default 50) from place `from` (default 0): parts and reasons. */
  explain?: number;
  from?: number;
  /** Locale of the explanations' lists. */
  locale?: string;
  /** Keep the seeds themselves in the ranking (default: left out). */
  includeSeeds?: boolean;
}

interface RankedLookalike {
  id: string;
  score: number;
  /** Each feature's part of the score, for the detailed places; null for the others. */
  contributions: Partial<Record<SimilarityFeature, number>> | null;
  explanation: Explanation | null;
}

/** A ranking and the profile it was measured against. */
export interface Ranking {
  profile: SeedProfile;
  ranked: RankedLookalike[];
}

const round = (value: number) => Math.round(value * 1000) / 1000;
function roundAll(
  parts: Partial<Record<SimilarityFeature, number>>,
): Partial<Record<SimilarityFeature, number>> {
  const out: Partial<Record<SimilarityFeature, number>> = {};
  for (const key in parts) {
    const feature = key as SimilarityFeature;
    out[feature] = round(parts[feature] as number);
  }
  return out;
}

const isFeatures = (b: SimilarityBusiness | BusinessFeatures): b is BusinessFeatures =>
  'terms' in b && b.terms instanceof Map;

/**
 * Ranks candidates against seeds: best first, ties by id. Seeds and candidates may be given as facts or as
 * features already built (featuresOf); the population for the IDF weights is both. Every candidate gets a score;
 * only the detailed places (RankOptions explain/from) get their parts and reasons, which cost more.
 */
export function rankLookalikes(
  seeds: readonly (SimilarityBusiness | BusinessFeatures)[],
  candidates: readonly (SimilarityBusiness | BusinessFeatures)[],
  options: RankOptions = {},
): Ranking {
  const asFeatures = (b: SimilarityBusiness | BusinessFeatures) => (isFeatures(b) ? b : featuresOf(b));
  const seedFeatures = seeds.map(asFeatures);
  const candidateFeatures = candidates.map(asFeatures);
  const seedIds = new Set(seedFeatures.map((s) => s.id));
  const candidateIds = new Set(candidateFeatures.map((c) => c.id));
  const population = [...candidateFeatures, ...seedFeatures.filter((s) => !candidateIds.has(s.id))];
  const profile = seedProfile(seedFeatures, populationStats(population), {
    distance: options.distance ?? false,
  });
  const ranked = options.includeSeeds
    ? candidateFeatures
    : candidateFeatures.filter((c) => !seedIds.has(c.id));
  const scores = new Float64Array(ranked.length);
  for (let i = 0; i < ranked.length; i++)
    scores[i] = scoreCandidate(profile, ranked[i] as BusinessFeatures).score;
  const order = Array.from(ranked.keys());
  order.sort((a, b) => {
    const byScore = (scores[b] as number) - (scores[a] as number);
    if (byScore !== 0) return byScore;
    return (ranked[a] as BusinessFeatures).id < (ranked[b] as BusinessFeatures).id ? -1 : 1;
  });
  const from = options.from ?? 0;
  const to = from + (options.explain ?? 50);
  return {
    profile,
    ranked: order.map((index, place) => {
      const candidate = ranked[index] as BusinessFeatures;
      if (place < from || place >= to) {
        return {
          id: candidate.id,
          score: round(scores[index] as number),
          contributions: null,
          explanation: null,
        };
      }
      const { score, contributions, similarity } = scoreCandidate(profile, candidate);
      return {
        id: candidate.id,
        score: round(score),
        contributions: roundAll(contributions),
        explanation: explain(profile, candidate, similarity, options.locale),
      };
    }),
  };
}

/** The explanation of one candidate against a ranking's profile (for the page a caller shows). */
export function explainLookalike(
  profile: SeedProfile,
  candidate: BusinessFeatures,
  locale?: string,
): Explanation {
  return explain(profile, candidate, featureScores(profile, candidate), locale);
}
