import { z } from 'zod';
import type { LanguageModel } from '../../llm/language-model';
import type { IcpAnalysis, IcpCriteria, IcpFacts, IcpReason } from './types';

const ModelNotes = z.object({
  notes: z.array(z.string().min(1).max(400)).max(5),
});

const SYSTEM = [
  "You review how well a business fits a company's ideal customer profile (ICP).",
  'A rule-based scorer has already scored it; you cannot change the score.',
  'Write at most 5 short notes (one sentence each, English) a salesperson would find useful: fit or misfit the',
  'rules may have missed, grounded ONLY in the facts given. Never invent facts. Answer as JSON {"notes": [...]}.',
].join(' ');

/**
 * Lets a language model add notes to a built-in score. It may only ADD reasons (criterion "model_note",
 * matched false, weight 0, points 0): score, tier and the rule reasons stay exactly as scoreIcp made them.
 * Throws what the model throws (LanguageModelError); the caller keeps the built-in analysis then.
 */
export async function explainIcp(
  analysis: IcpAnalysis,
  facts: IcpFacts,
  icp: IcpCriteria,
  model: LanguageModel,
  options: { signal?: AbortSignal } = {},
): Promise<IcpAnalysis> {
  const { evidence_urls: _urls, ...shownFacts } = facts;
  const user = JSON.stringify({
    icp,
    business: shownFacts,
    score: analysis.score,
    tier: analysis.tier,
    reasons: analysis.reasons,
  });
  const answer = await model.complete({
    system: SYSTEM,
    user,
    schema: ModelNotes,
    schemaName: 'icp_notes',
    maxTokens: 600,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const notes: IcpReason[] = answer.notes
    .map((note) => note.trim())
    .filter((note) => note !== '')
    .map((note) => ({
      criterion: 'model_note',
      matched: false,
      weight: 0,
      points: 0,
      evidence: `${note} (${model.name})`,
    }));
  if (notes.length === 0) return analysis;
  return { ...analysis, reasons: [...analysis.reasons, ...notes], produced_by: 'model' };
}
