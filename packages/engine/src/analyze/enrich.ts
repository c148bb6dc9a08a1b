/**
 * The enrichment orchestrator: runs the requested analyzers over ONE crawl of a site (every analyzer reads the
 * same parsed pages) and gathers their results. One analyzer failing never loses the others' results.
 */
import type { AnalyzerType } from '@argo/contract';
import type { CrawlError, SiteCrawl } from '../crawl/crawl-site';
import type { Fetcher } from '../crawl/fetcher';
import { type ParsedPage, pageReadError } from '../crawl/page';
import type { LanguageModel } from '../llm/language-model';
import { yieldToIo } from '../yield-to-io';
import { analyzeCareers, type CareerAnalysis } from './careers';
import { explainIcp } from './icp/explain';
import { type IcpBusiness, icpFactsFrom } from './icp/facts';
import { scoreIcp } from './icp/score';
import type { IcpAnalysis, IcpAreas, IcpCriteria } from './icp/types';
import { analyzePeople, type MxChecker, type PeopleAnalysis } from './people';
import { detectSoftwareInTurns } from './software/detect';
import type { Detection } from './software/types';
import { type AiSummary, summarizeSite } from './summary';

// One list of analyzers, the contract's: the API validates requests by it, the engine runs by it.
export { ANALYZER_TYPES, type AnalyzerType } from '@argo/contract';

interface EnrichedPage {
  url: string;
  role: string;
  fetched_at: string;
}

export interface SiteEnrichment {
  software_detection?: { technologies: Detection[] };
  career_analysis?: CareerAnalysis;
  ai_summary?: AiSummary;
  people?: PeopleAnalysis;
  icp_analysis?: IcpAnalysis;
  /** The pages every analyzer read, home first, with when each was fetched. */
  pages: EnrichedPage[];
  /**
   * Pages of the crawl that failed, with the reason (robots.txt refusals included, kind "robots"; pages too complex
   * to read, kind "too_complex", are not analysed and not among `pages`).
   */
  errors: CrawlError[];
  /**
   * Analyzers that failed, type → message. A failed type has no result above, except icp_analysis when only the
   * model's notes failed: the built-in score is kept and the message says the notes are missing.
   */
  analyzer_errors: Partial<Record<AnalyzerType, string>>;
}

/** Results of earlier runs ICP scoring may read when this run does not produce them (icp_analysis alone). */
export interface PreviousResults {
  software_detection?: { technologies: Detection[] } | null;
  career_analysis?: CareerAnalysis | null;
  ai_summary?: AiSummary | null;
  people?: PeopleAnalysis | null;
}

export interface EnrichContext {
  business: IcpBusiness;
  /** Required for icp_analysis. */
  icp?: IcpCriteria | null;
  /** The geocoded areas of the ICP's locations (analyze/icp/places.ts); absent: locations match by names only. */
  icpAreas?: IcpAreas;
  /** For the careers analyzer's ATS API calls (share the crawl's fetcher: same politeness, same SSRF guard). */
  fetcher?: Fetcher;
  languageModel?: LanguageModel | null;
  /** MX lookups for the people analyzer's email domains (a resolver the deployment configures); none without. */
  mx?: MxChecker | null;
  /** Addresses that must not make a decision-maker reachable in ICP scoring (the account's suppression list). */
  isSuppressed?: (email: string) => boolean;
  previous?: PreviousResults | null;
  signal?: AbortSignal;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs `types` over the crawl's pages: software detection, then careers, summary and people together, then ICP scoring
 * on what they found (plus `ctx.previous` for types not run now) and, with a model, its notes. Never throws for
 * an analyzer's failure (recorded in `analyzer_errors`); throws only when `ctx.signal` aborts. A page the HTML
 * reader refuses (crawl/html-tree.ts: "page too complex to read") is left out and listed in `errors`; the event
 * loop handles I/O between pages and between analyzers, so other work of the process goes on meanwhile.
 */
export async function enrichSite(
  crawl: SiteCrawl,
  types: readonly AnalyzerType[],
  ctx: EnrichContext,
): Promise<SiteEnrichment> {
  const wanted = new Set(types);
  const planRole = new Map(crawl.plan.map((p) => [p.url, p.role]));
  const result: SiteEnrichment = {
    pages: [],
    errors: [
      ...crawl.errors,
      ...crawl.robotsBlocked.map(
        (url): CrawlError => ({
          url,
          role: planRole.get(url) ?? 'other',
          status: null,
          error: { kind: 'robots', message: 'robots.txt disallows this page' },
        }),
      ),
    ],
    analyzer_errors: {},
  };
  const fail = (type: AnalyzerType, error: unknown) => {
    ctx.signal?.throwIfAborted();
    result.analyzer_errors[type] = messageOf(error);
  };
  const refused = new Map<ParsedPage, CrawlError>();
  const refuse = (page: ParsedPage, message: string) => {
    const error: CrawlError = {
      url: page.url,
      role: page.role,
      status: page.status,
      error: { kind: 'too_complex', message },
    };
    refused.set(page, error);
    result.errors.push(error);
  };
  const noPagesIn = (list: readonly ParsedPage[]) =>
    list.length === 0
      ? `no pages to analyse: ${describeCrawlFailure(crawl, [...crawl.errors, ...refused.values()])}`
      : null;
  ctx.signal?.throwIfAborted();

  // Careers, summary and people read each page's cheerio DOM: built now, one page at a time, and the detector reads
  // that same tree instead of building its own (one parse per page; alone, the detector's lighter reader is used).
  let pages = crawl.pages;
  if (wanted.has('career_analysis') || wanted.has('ai_summary') || wanted.has('people')) {
    for (const page of crawl.pages) {
      await yieldToIo();
      ctx.signal?.throwIfAborted();
      const problem = pageReadError(page);
      if (problem) refuse(page, problem);
    }
    pages = crawl.pages.filter((page) => !refused.has(page));
  }

  if (wanted.has('software_detection')) {
    const noPages = noPagesIn(pages);
    if (noPages) result.analyzer_errors.software_detection = noPages;
    else {
      await yieldToIo();
      try {
        const technologies = await detectSoftwareInTurns(pages, (page, error) => refuse(page, error.message));
        pages = pages.filter((page) => !refused.has(page));
        if (pages.length > 0) result.software_detection = { technologies };
        else result.analyzer_errors.software_detection = noPagesIn(pages) as string;
      } catch (error) {
        fail('software_detection', error);
      }
    }
  }
  ctx.signal?.throwIfAborted();
  result.pages = pages.map((p) => ({ url: p.url, role: p.role, fetched_at: p.fetchedAt }));
  const noPages = noPagesIn(pages);

  const signalOption = ctx.signal ? { signal: ctx.signal } : {};
  const running: Promise<void>[] = [];
  await yieldToIo();
  if (wanted.has('career_analysis')) {
    if (noPages) result.analyzer_errors.career_analysis = noPages;
    else {
      const options = { ...signalOption, ...(ctx.fetcher ? { fetcher: ctx.fetcher } : {}) };
      running.push(
        analyzeCareers(pages, options).then(
          (value) => {
            result.career_analysis = value;
          },
          (error: unknown) => fail('career_analysis', error),
        ),
      );
    }
  }
  if (wanted.has('ai_summary')) {
    if (noPages) result.analyzer_errors.ai_summary = noPages;
    else {
      await yieldToIo();
      const options = {
        ...signalOption,
        languageModel: ctx.languageModel ?? null,
        business: {
          name: ctx.business.name,
          category: ctx.business.category ?? null,
          country: ctx.business.country ?? null,
        },
      };
      running.push(
        summarizeSite(pages, options).then(
          (value) => {
            result.ai_summary = value;
          },
          (error: unknown) => fail('ai_summary', error),
        ),
      );
    }
  }
  if (wanted.has('people')) {
    if (noPages) result.analyzer_errors.people = noPages;
    else {
      await yieldToIo();
      const options = {
        ...signalOption,
        mx: ctx.mx ?? null,
        country: ctx.business.country ?? null,
      };
      running.push(
        analyzePeople(pages, options).then(
          (value) => {
            result.people = value;
          },
          (error: unknown) => fail('people', error),
        ),
      );
    }
  }
  await Promise.all(running);
  ctx.signal?.throwIfAborted();

  if (wanted.has('icp_analysis')) {
    if (!ctx.icp) {
      result.analyzer_errors.icp_analysis = 'no ICP to score against: set the venture’s ICP first';
    } else {
      try {
        const facts = icpFactsFrom({
          business: ctx.business,
          software: result.software_detection ?? ctx.previous?.software_detection ?? null,
          careers: result.career_analysis ?? ctx.previous?.career_analysis ?? null,
          summary: result.ai_summary ?? ctx.previous?.ai_summary ?? null,
          people: result.people ?? ctx.previous?.people ?? null,
          ...(ctx.isSuppressed ? { isSuppressed: ctx.isSuppressed } : {}),
        });
        const analysis = scoreIcp(facts, ctx.icp, ctx.icpAreas ? { areas: ctx.icpAreas } : {});
        result.icp_analysis = analysis;
        if (ctx.languageModel) {
          try {
            result.icp_analysis = await explainIcp(analysis, facts, ctx.icp, ctx.languageModel, signalOption);
          } catch (error) {
            fail('icp_analysis', `built-in score kept; the model's notes failed: ${messageOf(error)}`);
          }
        }
      } catch (error) {
        fail('icp_analysis', error);
      }
    }
  }
  return result;
}

function describeCrawlFailure(crawl: SiteCrawl, errors: readonly CrawlError[]): string {
  const home = errors.find((e) => e.role === 'home') ?? errors[0];
  if (home) return `${home.url}: ${home.error.message}`;
  if (crawl.robotsBlocked.length) return `robots.txt disallows ${crawl.robotsBlocked[0]}`;
  return `${crawl.startUrl} gave no HTML page`;
}
