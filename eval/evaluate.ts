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
  type Finding,
  figuresOf,
} from './metrics';
import { scorePage } from './score';
import { scoreCompetitors } from './score-competitors';
import { type Answers, scoreSites } from './score-sites';
import { loadSites, type SiteSplit } from './sites';
import { loadVerified } from './verified';

/** One table of the report: the figures of a group of pages or sites. */
export interface GroupReport {
  pages: number;
  sites?: number;
  figures: Record<string, Figures>;
  /** Page corpora: right / total per analyzer. */
  accuracy: Record<string, Accuracy>;
  /** Real sites: right / wrong / missing per analyzer, with precision (right of answered) and coverage. */
  answers?: Record<string, Answers & { precision: number | null; coverage: number | null }>;
}

/** The page corpora by who wrote them: html/, careers/, eval/ are real pages; own/ and competitors/ are ours. */
const PAGE_GROUP: Record<string, 'older' | 'written'> = {
  html: 'older',
  careers: 'older',
  eval: 'older',
  own: 'written',
  competitors: 'written',
};

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
  /**
   * The tables: `dev` and `test` are the real-sites corpus split by site (sites.ts), `older` the real page corpora,
   * `written` our own pages (competitors' sites included); `written sites` the sites marked written_by_us.
   */
  groups: Partial<Record<'dev' | 'test' | 'older' | 'written' | 'written sites', GroupReport>>;
  /** Site labels refused (their quote is not in their page) and corpus problems: the floors test fails on any. */
  refusedLabels: string[];
  siteProblems: string[];
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
const answersOf = (a: Answers) => ({
  ...a,
  precision: ratio(a.right, a.right + a.wrong),
  coverage: ratio(a.right + a.wrong, a.right + a.wrong + a.missing),
});

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
  const groupCounts: Record<string, Record<string, Counts>> = { older: {}, written: {} };
  const groupRight: Record<string, Record<string, { right: number; total: number }>> = {
    older: {},
    written: {},
  };
  const groupPages: Record<string, number> = { older: 0, written: 0 };
  const findings: Finding[] = [];
  const corpora: Record<string, number> = {};
  for (const page of pages) {
    corpora[page.corpus] = (corpora[page.corpus] ?? 0) + 1;
    const group = PAGE_GROUP[page.corpus] ?? 'older';
    groupPages[group] = (groupPages[group] ?? 0) + 1;
    const score = scorePage(page, await analyzePage(page), verified);
    for (const [analyzer, c] of Object.entries(score.counts)) {
      if (!c) continue;
      for (const into of [counts, groupCounts[group] ?? {}]) {
        into[analyzer] ??= emptyCounts();
        addCounts(into[analyzer], c);
      }
    }
    for (const [analyzer, r] of Object.entries(score.right)) {
      for (const into of [right, groupRight[group] ?? {}]) {
        into[analyzer] ??= { right: 0, total: 0 };
        into[analyzer].right += r ?? 0;
        into[analyzer].total += 1;
      }
    }
    findings.push(...score.findings);
  }
  // Competitor websites are not business pages: their own corpus, crawled site by site (score-competitors.ts).
  const competitors = only?.length && !only.includes('competitors') ? null : await scoreCompetitors();
  if (competitors && competitors.sites > 0) {
    corpora.competitors = competitors.sites;
    counts.customers = competitors.counts;
    (groupCounts.written ?? {}).customers = competitors.counts;
    findings.push(...competitors.findings);
  }
  const groups: EvalReport['groups'] = {};
  for (const group of ['older', 'written'] as const) {
    if (!groupPages[group]) continue;
    groups[group] = {
      pages: groupPages[group],
      figures: Object.fromEntries(
        Object.entries(groupCounts[group] ?? {}).map(([a, c]) => [a, figuresOf(c)]),
      ),
      accuracy: Object.fromEntries(
        Object.entries(groupRight[group] ?? {}).map(([a, r]) => [a, accuracyOf(r.right, r.total)]),
      ),
    };
  }
  // The real-sites corpus, site by site (score-sites.ts), one table per split.
  const loaded = only?.length && !only.includes('sites') ? null : loadSites();
  const siteGroups: Array<[SiteSplit, 'dev' | 'test' | 'written sites']> = [
    ['dev', 'dev'],
    ['test', 'test'],
    ['written', 'written sites'],
  ];
  for (const [split, name] of siteGroups) {
    const sites = (loaded?.sites ?? []).filter((s) => s.split === split);
    if (!sites.length) continue;
    const scored = await scoreSites(sites);
    corpora[`sites ${split}`] = scored.sites;
    // The test split is only scored: its findings are never printed or stored, so no rule is written from them.
    if (split !== 'test') findings.push(...scored.findings);
    groups[name] = {
      pages: scored.pages,
      sites: scored.sites,
      figures: Object.fromEntries(Object.entries(scored.counts).map(([a, c]) => [a, figuresOf(c)])),
      accuracy: {},
      answers: Object.fromEntries(Object.entries(scored.answers).map(([a, x]) => [a, answersOf(x)])),
    };
  }
  return {
    pages: pages.length,
    corpora,
    figures: Object.fromEntries(Object.entries(counts).map(([a, c]) => [a, figuresOf(c)])),
    accuracy: Object.fromEntries(Object.entries(right).map(([a, r]) => [a, accuracyOf(r.right, r.total)])),
    findings,
    unlabelled: unlabelledOwnPages(),
    groups,
    refusedLabels: loaded?.refused ?? [],
    siteProblems: loaded?.problems ?? [],
  };
}
