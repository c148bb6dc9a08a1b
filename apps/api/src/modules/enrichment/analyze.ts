/**
 * The engine's analyzers over one crawl, as the job calls them. Bridge until the engine's `enrichSite` lands:
 * software detection and ICP scoring run; careers and summary answer "not available yet".
 */

import type { AnalyzerType } from '@argo/contract';
import { type CrawlError, type Detection, detectSoftware, type Fetcher, type SiteCrawl } from '@argo/engine';
import { icpFactsFrom } from '@argo/engine/analyze/icp/facts';
import { scoreIcp } from '@argo/engine/analyze/icp/score';
import type { IcpAnalysis, IcpCriteria } from '@argo/engine/analyze/icp/types';

export interface CareerResult {
  hiring: boolean | null;
  careers_url: string | null;
  ats: string | null;
  roles: { title: string; department: string | null; location: string | null; url: string | null }[];
  source_url: string | null;
  method: string;
}

export interface SummaryResult {
  summary: string | null;
  services: string[];
  industry: string | null;
  customer_type: 'B2B' | 'B2C' | 'both' | null;
  size_hint: string | null;
  employee_estimate: number | null;
  contacts: { kind: string; value: string; source_url: string | null }[];
  keywords: string[];
  produced_by: 'model' | 'builtin';
  source_urls: string[];
}

export interface SiteEnrichment {
  software_detection?: { technologies: Detection[] };
  career_analysis?: CareerResult;
  ai_summary?: SummaryResult;
  icp_analysis?: IcpAnalysis;
  pages: { url: string; role: string; fetched_at: string }[];
  errors: CrawlError[];
  analyzer_errors: Partial<Record<AnalyzerType, string>>;
}

export interface PreviousResults {
  software_detection?: { technologies: Detection[] } | null;
  career_analysis?: CareerResult | null;
  ai_summary?: SummaryResult | null;
}

export interface EnrichContext {
  business: {
    name: string;
    category?: string | null;
    city?: string | null;
    region?: string | null;
    country?: string | null;
  };
  icp?: IcpCriteria | null;
  fetcher?: Fetcher;
  languageModel?: unknown;
  previous?: PreviousResults | null;
  signal?: AbortSignal;
}

export async function enrichSite(
  crawl: SiteCrawl,
  types: readonly AnalyzerType[],
  ctx: EnrichContext,
): Promise<SiteEnrichment> {
  const wanted = new Set(types);
  const result: SiteEnrichment = {
    pages: crawl.pages.map((p) => ({ url: p.url, role: p.role, fetched_at: p.fetchedAt })),
    errors: crawl.errors,
    analyzer_errors: {},
  };
  ctx.signal?.throwIfAborted();
  if (wanted.has('software_detection') && crawl.pages.length) {
    result.software_detection = { technologies: detectSoftware(crawl.pages) };
  }
  if (wanted.has('career_analysis')) result.analyzer_errors.career_analysis = 'not available yet';
  if (wanted.has('ai_summary')) result.analyzer_errors.ai_summary = 'not available yet';
  if (wanted.has('icp_analysis')) {
    if (!ctx.icp) result.analyzer_errors.icp_analysis = 'no ICP to score against';
    else {
      const facts = icpFactsFrom({
        business: ctx.business,
        software: result.software_detection ?? ctx.previous?.software_detection ?? null,
        careers: ctx.previous?.career_analysis ?? null,
        summary: ctx.previous?.ai_summary ?? null,
      });
      result.icp_analysis = scoreIcp(facts, ctx.icp);
    }
  }
  return result;
}
