/**
 * One evaluation run: every labelled page analysed and scored; figures per analyzer and every finding.
 * Used by run.ts (npm run eval) and by floors.test.ts (the figures may not fall below their floors).
 */
import { analyzePage } from './analyze';
import { type EvalPage, loadCorpus, unlabelledOwnPages } from './corpus';
import {
  type Accuracy,
  accuracyOf,
  addCounts,
  type Counts,
  emptyCounts,
  type Figures,
  figuresOf,
} from './metrics';
import { type Finding, scorePage } from './score';
import { scoreCompetitors } from './score-competitors';
import { loadVerified } from './verified';

export interface EvalReport {
  pages: number;
  corpora: Record<string, number>;
  /** Precision / recall analyzers (software per technology, roles, emails, phones). */
  figures: Record<string, Figures>;
  /** Right / wrong analyzers (hiring yes/no, industry, summary mentions, address). */
  accuracy: Record<string, Accuracy>;
  findings: Finding[];
  /** Pages in eval/pages that no truth file labels (not evaluated; the floors test fails on any). */
  unlabelled: string[];
}

/**
 * `only`: the corpora to evaluate (e.g. html, careers, eval — the pages the baseline was measured on), all when
 * left out.
 */
export async function evaluate(
  pages: EvalPage[] = loadCorpus(),
  only?: readonly string[],
): Promise<EvalReport> {
  // Verified findings are checked against every page they name, evaluated now or not.
  const verified = loadVerified(pages);
  if (only?.length) pages = pages.filter((page) => only.includes(page.corpus));
  const counts: Record<string, Counts> = {};
  const right: Record<string, { right: number; total: number }> = {};
  const findings: Finding[] = [];
  const corpora: Record<string, number> = {};
  for (const page of pages) {
    corpora[page.corpus] = (corpora[page.corpus] ?? 0) + 1;
    const score = scorePage(page, await analyzePage(page), verified);
    for (const [analyzer, c] of Object.entries(score.counts)) {
      if (!c) continue;
      counts[analyzer] ??= emptyCounts();
      addCounts(counts[analyzer], c);
    }
    for (const [analyzer, r] of Object.entries(score.right)) {
      right[analyzer] ??= { right: 0, total: 0 };
      right[analyzer].right += r ?? 0;
      right[analyzer].total += 1;
    }
    findings.push(...score.findings);
  }
  // Competitor websites are not business pages: their own corpus, crawled site by site (score-competitors.ts).
  const competitors = only?.length && !only.includes('competitors') ? null : await scoreCompetitors();
  if (competitors && competitors.sites > 0) {
    corpora.competitors = competitors.sites;
    counts.customers = competitors.counts;
    findings.push(...competitors.findings);
  }
  return {
    pages: pages.length,
    corpora,
    figures: Object.fromEntries(Object.entries(counts).map(([a, c]) => [a, figuresOf(c)])),
    accuracy: Object.fromEntries(Object.entries(right).map(([a, r]) => [a, accuracyOf(r.right, r.total)])),
    findings,
    unlabelled: unlabelledOwnPages(),
  };
}
