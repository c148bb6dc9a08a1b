/**
 * icp_analysis scoring: a pure, deterministic function of the business's facts and the venture's ICP.
 * The weights, partial-credit rules, exclusion cap and tier cut-offs are documented in analyze/README.md.
 */
import { containsTerm, industryTerms, type WordText, wordText } from './match';
import { matchPlace } from './places';
import type { IcpAnalysis, IcpAreas, IcpCriteria, IcpFacts, IcpReason, IcpTier } from './types';

/** Base weights of the criteria. Criteria the ICP leaves empty drop out and the rest are rescaled to 100. */
export const ICP_WEIGHTS = {
  industries: 25,
  locations: 20,
  keywords: 20,
  software_signals: 15,
  employee_size: 10,
  hiring_signal: 10,
  reachable_decision_maker: 10,
} as const;
type IcpCriterion = keyof typeof ICP_WEIGHTS;

/** Keywords matched for full keyword points (or all of them when the ICP lists fewer). */
const KEYWORDS_FOR_FULL_POINTS = 3;
/** The highest score a business can get when an exclusion keyword matches (tier D). */
export const EXCLUSION_SCORE_CAP = 10;
/** Lowest score of each tier; below C is D. */
const TIER_CUTOFFS = { A: 75, B: 50, C: 25 } as const;

export function tierFor(score: number): IcpTier {
  if (score >= TIER_CUTOFFS.A) return 'A';
  if (score >= TIER_CUTOFFS.B) return 'B';
  if (score >= TIER_CUTOFFS.C) return 'C';
  return 'D';
}

/** A text fact a term can be found in, with where it was read. */
interface TextFact {
  field: string;
  text: WordText;
  url: string | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const quote = (s: string) => `"${s.length > 80 ? `${s.slice(0, 77)}…` : s}"`;
const at = (url: string | null | undefined) => (url ? ` (${url})` : '');
const clean = (terms: readonly string[]) => {
  const seen = new Set<string>();
  return terms
    .map((t) => t.trim())
    .filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
};

function textFacts(facts: IcpFacts, fields: readonly string[]): TextFact[] {
  const url = (field: string) => facts.evidence_urls?.[field] ?? null;
  const out: TextFact[] = [];
  for (const field of fields) {
    const value = (facts as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') {
      out.push({ field, text: wordText(value), url: url(field) });
    } else if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string' && item.trim() !== '')
          out.push({ field, text: wordText(item), url: url(field) });
      }
    }
  }
  return out;
}

/** The first fact (in the given order) that contains one of `terms`. */
function findTerm(facts: TextFact[], terms: readonly string[]): { term: string; fact: TextFact } | null {
  for (const fact of facts) {
    for (const term of terms) if (containsTerm(fact.text, term)) return { term, fact };
  }
  return null;
}

const describeHit = (term: string, hit: { term: string; fact: TextFact }) =>
  `${quote(term)}${hit.term !== term ? ` (as ${quote(hit.term)})` : ''} in ${hit.fact.field} ${quote(hit.fact.text.original)}${at(hit.fact.url)}`;

/** Criteria the ICP names, with their base weights. */
function activeCriteria(icp: IcpCriteria): IcpCriterion[] {
  const active: IcpCriterion[] = [];
  if (clean(icp.industries ?? []).length) active.push('industries');
  if (clean(icp.locations ?? []).length) active.push('locations');
  if (clean(icp.keywords ?? []).length) active.push('keywords');
  if (clean(icp.software_signals ?? []).length) active.push('software_signals');
  if (icp.employee_min != null || icp.employee_max != null) active.push('employee_size');
  if (icp.hiring_signal != null) active.push('hiring_signal');
  if (icp.reachable_decision_maker === true) active.push('reachable_decision_maker');
  return active;
}

/** "uses QuickBooks" / "runs Shopify" → "QuickBooks" / "Shopify". */
function softwareName(signal: string): string {
  return signal.replace(/^\s*(?:uses|using|use|runs|running|on|with|has)\s+/i, '').trim();
}

type Judgement = { fraction: number; evidence: string };

function judgeIndustries(facts: IcpFacts, icp: IcpCriteria): Judgement {
  const wanted = clean(icp.industries);
  // Synonyms on the classified fields; the literal term only in free text (a synonym like "store" would
  // match too much prose).
  const classified = textFacts(facts, ['industry', 'category', 'services']);
  const prose = textFacts(facts, ['keywords', 'summary', 'name']);
  for (const term of wanted) {
    const hit = findTerm(classified, industryTerms(term)) ?? findTerm(prose, [term]);
    if (hit) return { fraction: 1, evidence: `industry ${describeHit(term, hit)}` };
  }
  const known = facts.industry ?? facts.category;
  return {
    fraction: 0,
    evidence: known
      ? `${facts.industry ? 'industry' : 'category'} ${quote(known)}${at(facts.evidence_urls?.[facts.industry ? 'industry' : 'category'])} is none of ${wanted.map(quote).join(', ')}`
      : `industry unknown; wanted ${wanted.map(quote).join(', ')}`,
  };
}

function judgeLocations(facts: IcpFacts, icp: IcpCriteria, areas: IcpAreas = {}): Judgement {
  const wanted = clean(icp.locations);
  // Own keys only: a location named "constructor" must not find Object.prototype's.
  const areaOf = (location: string) => (Object.hasOwn(areas, location) ? (areas[location] ?? null) : null);
  // A country read from the phone or the website, not the record: the reason says so wherever it names it.
  const countryRead = facts.country_source
    ? ` (country read from ${facts.country_source}${at(facts.evidence_urls?.country)})`
    : '';
  for (const location of wanted) {
    const evidence = matchPlace(location, facts, areaOf(location));
    if (evidence)
      return { fraction: 1, evidence: /\bcountry\b/.test(evidence) ? evidence + countryRead : evidence };
  }
  const where = [facts.city, facts.region, facts.country].filter(Boolean).join(', ');
  const hasPoint = facts.lat != null && facts.lng != null;
  const geocoded = wanted.filter((location) => areaOf(location) !== null);
  // Say what was tested: a business with coordinates was outside every geocoded area, not just differently spelled.
  const outside =
    hasPoint && geocoded.length
      ? `; its coordinates are outside the geocoded area of ${geocoded.map(quote).join(', ')}`
      : '';
  return {
    fraction: 0,
    evidence: where
      ? `${quote(where)} is not in ${wanted.map(quote).join(', ')}${facts.country ? countryRead : ''}${outside}`
      : hasPoint && geocoded.length
        ? `outside the geocoded area of ${geocoded.map(quote).join(', ')}`
        : `place unknown; wanted ${wanted.map(quote).join(', ')}`,
  };
}

function judgeKeywords(facts: IcpFacts, icp: IcpCriteria): Judgement {
  const wanted = clean(icp.keywords);
  const texts = textFacts(facts, ['name', 'category', 'industry', 'services', 'keywords', 'summary']);
  const hits = wanted.flatMap((term) => {
    const hit = findTerm(texts, [term]);
    return hit ? [describeHit(term, hit)] : [];
  });
  const needed = Math.min(KEYWORDS_FOR_FULL_POINTS, wanted.length);
  return {
    fraction: Math.min(1, hits.length / needed),
    evidence: hits.length
      ? `${hits.length} of ${wanted.length} keywords (${needed} for full points): ${hits.join('; ')}`
      : `none of ${wanted.map(quote).join(', ')} in its name, category, industry, services or summary`,
  };
}

function judgeSoftware(facts: IcpFacts, icp: IcpCriteria): Judgement {
  const wanted = clean(icp.software_signals);
  const detected = facts.software.map((name) => ({ name, text: wordText(name) }));
  for (const signal of wanted) {
    const name = softwareName(signal);
    const want = wordText(name);
    const hit = detected.find((d) => containsTerm(d.text, name) || containsTerm(want, d.name));
    if (hit) {
      return {
        fraction: 1,
        evidence: `${quote(signal)}: detected ${hit.name}${at(facts.evidence_urls?.[`software:${hit.name}`])}`,
      };
    }
  }
  return {
    fraction: 0,
    evidence: facts.software.length
      ? `none of ${wanted.map(quote).join(', ')} among detected ${facts.software.slice(0, 8).join(', ')}${facts.software.length > 8 ? ', …' : ''}`
      : `no software detected; wanted ${wanted.map(quote).join(', ')}`,
  };
}

function judgeSize(facts: IcpFacts, icp: IcpCriteria): Judgement {
  const min = icp.employee_min;
  const max = icp.employee_max;
  const range =
    min != null && max != null ? `${min}–${max}` : min != null ? `at least ${min}` : `at most ${max}`;
  const n = facts.employee_estimate;
  if (n == null) return { fraction: 0, evidence: `employee count unknown; wanted ${range}` };
  // A file states a count; a site's words are turned into an estimate ("about").
  const count = facts.employee_source
    ? `${n} employees (from ${facts.employee_source})`
    : `about ${n} employees${at(facts.evidence_urls?.employee_estimate)}`;
  if ((min == null || n >= min) && (max == null || n <= max)) {
    return { fraction: 1, evidence: `${count}, within ${range}` };
  }
  // Estimates are rough: within a factor of two of the range earns half.
  const near = (min == null || n >= min / 2) && (max == null || n <= max * 2);
  return {
    fraction: near ? 0.5 : 0,
    evidence: `${count}, ${near ? 'near' : 'outside'} ${range}`,
  };
}

function judgeHiring(facts: IcpFacts, icp: IcpCriteria): Judgement {
  const want = icp.hiring_signal;
  const source = at(facts.evidence_urls?.hiring);
  if (facts.hiring == null)
    return {
      fraction: 0,
      evidence: `hiring unknown (no careers page found); wanted ${want ? 'hiring' : 'not hiring'}`,
    };
  const state = facts.hiring ? 'hiring' : 'not hiring';
  return {
    fraction: facts.hiring === want ? 1 : 0,
    evidence: `${state}${source}; wanted ${want ? 'hiring' : 'not hiring'}`,
  };
}

/** Full for a named decision-maker with their own email or phone; half for one named without either. */
function judgeDecisionMaker(facts: IcpFacts): Judgement {
  const makers = facts.decision_makers;
  if (makers == null)
    return { fraction: 0, evidence: 'people not analysed yet; wanted a reachable decision-maker' };
  const best = makers[0];
  if (!best) return { fraction: 0, evidence: 'no owner, founder or managing director named on the site' };
  const who = `${best.name} (${best.role})`;
  const channel = [best.email, best.phone].filter(Boolean).join(', ');
  if (channel) return { fraction: 1, evidence: `${who}: ${channel}${at(best.source_url)}` };
  return {
    fraction: 0.5,
    evidence: `${who} named${at(best.source_url)}, but no email or phone of theirs found`,
  };
}

const JUDGES: Record<IcpCriterion, (facts: IcpFacts, icp: IcpCriteria, areas?: IcpAreas) => Judgement> = {
  industries: judgeIndustries,
  locations: judgeLocations,
  keywords: judgeKeywords,
  software_signals: judgeSoftware,
  employee_size: judgeSize,
  hiring_signal: judgeHiring,
  reachable_decision_maker: judgeDecisionMaker,
};

/**
 * Scores one business against the ICP: 0–100, tier A–D and one reason per criterion the ICP names (plus one for
 * the exclusions). Pure and deterministic: same facts, ICP and areas, same answer.
 */
export function scoreIcp(
  facts: IcpFacts,
  icp: IcpCriteria,
  options: {
    /** The geocoded areas of the ICP's locations (geography before names); omitted: names only. */
    areas?: IcpAreas;
  } = {},
): IcpAnalysis {
  const active = activeCriteria(icp);
  const totalBase = active.reduce((sum, c) => sum + ICP_WEIGHTS[c], 0);
  const reasons: IcpReason[] = [];
  let raw = 0;
  for (const criterion of active) {
    const weight = (ICP_WEIGHTS[criterion] * 100) / totalBase;
    const { fraction, evidence } = JUDGES[criterion](facts, icp, options.areas);
    const points = weight * fraction;
    raw += points;
    reasons.push({
      criterion,
      matched: fraction > 0,
      weight: round1(weight),
      points: round1(points),
      evidence,
    });
  }
  let score = Math.max(0, Math.min(100, Math.round(raw)));

  const excluded = clean(icp.exclude_keywords ?? []);
  if (excluded.length) {
    const texts = textFacts(facts, ['name', 'category', 'industry', 'services', 'keywords', 'summary']);
    const hits = excluded.flatMap((term) => {
      const hit = findTerm(texts, [term]);
      return hit ? [describeHit(term, hit)] : [];
    });
    if (hits.length) {
      const capped = score > EXCLUSION_SCORE_CAP;
      score = Math.min(score, EXCLUSION_SCORE_CAP);
      reasons.push({
        criterion: 'exclude_keywords',
        matched: false,
        weight: 0,
        points: 0,
        evidence: `excluded: ${hits.join('; ')}${capped ? ` — score capped at ${EXCLUSION_SCORE_CAP}` : ''}`,
      });
    } else {
      reasons.push({
        criterion: 'exclude_keywords',
        matched: true,
        weight: 0,
        points: 0,
        evidence: `none of ${excluded.map(quote).join(', ')} found`,
      });
    }
  }
  if (active.length === 0) {
    reasons.push({
      criterion: 'note',
      matched: false,
      weight: 0,
      points: 0,
      evidence:
        'the ICP names no criteria: set industries, places, keywords, software, size or hiring to score',
    });
  }
  return { score, tier: tierFor(score), reasons, produced_by: 'builtin' };
}
