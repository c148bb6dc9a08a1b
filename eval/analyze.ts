/**
 * Runs the engine's analyzers on one saved page, the way enrichment runs them on a crawled one: the page is
 * parsed once (with its captured headers and its role) and every analyzer reads the same ParsedPage.
 * No fetcher: nothing leaves the machine, so an ATS embed is judged on what the page itself shows.
 */
import {
  type AiSummary,
  analyzeCareers,
  analyzePeople,
  type CareerAnalysis,
  type Detection,
  detectSoftware,
  type PeopleAnalysis,
  pageFromHtml,
  summarizeSite,
} from '@argo/engine';
import { type EvalPage, readPage } from './corpus';

export interface PageOutput {
  software: Detection[];
  careers: CareerAnalysis | null;
  summary: AiSummary;
  /** No MX checker: nothing leaves the machine. */
  people: PeopleAnalysis;
}

const CAREERS_KINDS = new Set(['careers_index', 'job_posting', 'careers_none']);

export async function analyzePage(page: EvalPage): Promise<PageOutput> {
  const parsed = pageFromHtml({
    url: page.url,
    html: readPage(page),
    headers: page.headers,
    role: page.role,
  });
  const [careers, summary, people] = await Promise.all([
    CAREERS_KINDS.has(page.truth.kind) ? analyzeCareers([parsed]) : Promise.resolve(null),
    summarizeSite([parsed]),
    analyzePeople([parsed]),
  ]);
  return { software: detectSoftware([parsed]), careers, summary, people };
}
