/**
 * The ICP overview of a session: businesses per tier, the score histogram, the leading industries, software and
 * places, the hiring share and decision-makers, and a short narrative (the model's, else the built-in one).
 */
import type { GeneratedBy, IcpOverview } from '@argo/contract';
import { z } from 'zod';
import type { ActorUser } from '../../http/auth';
import { type IcpDeps, readableSession, withModel } from './icp.deps';
import { type OverviewFigures, readOverviewFigures } from './icp.repository';

const HISTOGRAM_BUCKETS = 10;

const englishPlural = new Intl.PluralRules('en');
/** The word for a count in English plural rules: "1 is", "0 are", "2 are". */
const forCount = (count: number, one: string, other: string) =>
  englishPlural.select(count) === 'one' ? one : other;

export function builtinNarrative(f: OverviewFigures): string {
  if (f.total === 0)
    return 'This session has no businesses yet. Run a discovery or import a CSV, then enrich the results.';
  const scored = f.byTier.filter((t) => t.tier !== null).reduce((s, t) => s + t.count, 0);
  const sentences = [
    `The session holds ${f.total} ${f.total === 1 ? 'business' : 'businesses'}, ${scored} scored against the ICP.`,
  ];
  if (scored > 0) {
    const tier = (name: string) => f.byTier.find((t) => t.tier === name)?.count ?? 0;
    sentences.push(
      `${tier('A')} ${forCount(tier('A'), 'is', 'are')} tier A and ${tier('B')} tier B; ${tier('C') + tier('D')} ${forCount(tier('C') + tier('D'), 'fits', 'fit')} less well.`,
    );
  } else {
    sentences.push('None is scored yet: run the ICP analysis enrichment to rank them.');
  }
  const industry = leader(f.industries);
  if (industry) sentences.push(`The most common industry is ${industry.name} (${industry.count}).`);
  const software = leader(f.software);
  if (software) sentences.push(`The most used software is ${software.name} (${software.count}).`);
  if (f.hiring.known > 0) {
    sentences.push(
      f.hiring.known === 1
        ? `The one business with a careers check ${f.hiring.hiring ? 'is' : 'is not'} hiring.`
        : `${Math.round((100 * f.hiring.hiring) / f.hiring.known)}% of the ${f.hiring.known} businesses with a careers check are hiring.`,
    );
  }
  const people = f.decisionMakers;
  if (people.analysed > 0) {
    const of =
      people.analysed === 1
        ? 'the one business whose people were analysed'
        : `the ${people.analysed} businesses whose people were analysed`;
    sentences.push(
      `${people.found} of ${of} ${people.found === 1 ? 'names' : 'name'} a decision-maker on their site, ${people.reachable} with an email or phone.`,
    );
  }
  const place = leader(f.places);
  if (place) {
    sentences.push(
      place.count * 2 > f.total
        ? `Most are in ${place.name} (${place.count} of ${f.total}).`
        : `The most common place is ${place.name} (${place.count} of ${f.total}).`,
    );
  }
  return sentences.join(' ');
}

/**
 * The first of a list counted most first, when it is ahead of the next: "the most common" of a tie, or of
 * one business each, would name one of them at random.
 */
function leader<T extends { count: number }>(counted: readonly T[]): T | null {
  const [first, second] = counted;
  if (!first || (second && second.count >= first.count)) return null;
  return first;
}

export async function getOverview(deps: IcpDeps, actor: ActorUser, sessionId: string): Promise<IcpOverview> {
  const session = await readableSession(deps.db, actor, sessionId, 'view');
  const figures = await readOverviewFigures(deps.db, { sessionId, runId: session.runId });
  const byTier: IcpOverview['by_tier'] = { A: 0, B: 0, C: 0, D: 0, unscored: 0 };
  for (const { tier, count } of figures.byTier) {
    const key = tier === 'A' || tier === 'B' || tier === 'C' || tier === 'D' ? tier : 'unscored';
    byTier[key] += count;
  }
  const histogram = Array.from({ length: HISTOGRAM_BUCKETS }, (_, i) => ({
    from: i * 10,
    to: i * 10 + 10,
    count: figures.scoreBuckets.find((b) => b.bucket === i)?.count ?? 0,
  }));
  const modelText =
    figures.total > 0
      ? await withModel(deps, 'overview narrative', (model) =>
          model
            .complete({
              system:
                'You are a sales analyst. Write a short narrative (2–4 sentences, plain English) about a list of ' +
                'prospect businesses, using ONLY the figures given. Do not invent numbers.',
              user: JSON.stringify({ by_tier: byTier, figures }),
              schema: z.object({ narrative: z.string().min(1).max(1500) }),
              schemaName: 'icp_overview_narrative',
              maxTokens: 400,
            })
            .then((a) => a.narrative),
        )
      : null;
  const generatedBy: GeneratedBy = modelText ? 'model' : 'builtin';
  return {
    by_tier: byTier,
    score_histogram: histogram,
    top_industries: figures.industries,
    top_software: figures.software,
    // No careers page analysed: unknown, not 0% (the card says so instead of showing an empty ring).
    hiring_share: figures.hiring.known > 0 ? figures.hiring.hiring / figures.hiring.known : null,
    careers_analysed: figures.hiring.analysed ?? 0,
    places: figures.places,
    decision_makers: figures.decisionMakers,
    narrative: modelText?.value ?? builtinNarrative(figures),
    generated_by: generatedBy,
  };
}
