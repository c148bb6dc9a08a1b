import type { Detection } from '../software/types';
import type { IcpFacts } from './types';

export interface IcpBusiness {
  name: string;
  category?: string | null;
  city?: string | null;
  region?: string | null;
  country?: string | null;
}

/** The parts of a CareerAnalysis (analyze/careers) scoring reads; any CareerAnalysis fits. */
export interface IcpCareerFacts {
  hiring: boolean | null;
  careers_url: string | null;
  source_url: string | null;
}

/** The parts of an AiSummary (analyze/summary) scoring reads; any AiSummary fits. */
export interface IcpSummaryFacts {
  summary: string | null;
  services: string[];
  industry: string | null;
  employee_estimate: number | null;
  keywords: string[];
  source_urls: string[];
}

export interface IcpFactsInput {
  business: IcpBusiness;
  software?: { technologies: Detection[] } | null;
  careers?: IcpCareerFacts | null;
  summary?: IcpSummaryFacts | null;
}

/**
 * The facts ICP scoring reads, from the stored business and whatever analyzer results exist (any may be
 * missing: scoring then treats the fact as unknown). Each fact keeps the page it came from.
 */
export function icpFactsFrom({ business, software, careers, summary }: IcpFactsInput): IcpFacts {
  const evidence: Record<string, string | null> = {};
  const summaryUrl = summary?.source_urls?.[0] ?? null;
  if (summary) {
    for (const field of ['industry', 'summary', 'services', 'keywords', 'employee_estimate']) {
      evidence[field] = summaryUrl;
    }
  }
  const technologies = software?.technologies ?? [];
  const names: string[] = [];
  for (const tech of technologies) {
    if (!names.includes(tech.name)) names.push(tech.name);
    evidence[`software:${tech.name}`] = tech.evidence[0]?.url ?? null;
  }
  // Category names after the technologies, so "uses a CMS" / "E-commerce" can match too.
  for (const tech of technologies) {
    for (const category of tech.categories) {
      if (!names.includes(category.name)) {
        names.push(category.name);
        evidence[`software:${category.name}`] = tech.evidence[0]?.url ?? null;
      }
    }
  }
  if (careers) evidence.hiring = careers.source_url ?? careers.careers_url ?? null;
  return {
    name: business.name,
    category: business.category ?? null,
    city: business.city ?? null,
    region: business.region ?? null,
    country: business.country ?? null,
    industry: summary?.industry ?? null,
    summary: summary?.summary ?? null,
    services: summary?.services ?? [],
    keywords: summary?.keywords ?? [],
    software: names,
    hiring: careers?.hiring ?? null,
    employee_estimate: summary?.employee_estimate ?? null,
    evidence_urls: evidence,
  };
}
