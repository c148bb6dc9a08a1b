import type { EnrichmentType } from '@argo/contract';

/** The analyzers; `unified` is all of them in one pass. */
export const ANALYZERS = [
  'ai_summary',
  'software_detection',
  'career_analysis',
  'people',
  'icp_analysis',
] as const;
export type Analyzer = (typeof ANALYZERS)[number];

/** One line per type: what it adds to each business. */
export const ENRICHMENT_TYPE_TEXT: Record<EnrichmentType, { label: string; description: string }> = {
  unified: {
    label: 'Everything (unified)',
    description:
      'All of the below in one pass: each website is read once and every analyzer uses the same pages.',
  },
  ai_summary: {
    label: 'Summary and contacts',
    description:
      'What the business does, its services, industry, B2B/B2C, size hints, emails, phones and social links.',
  },
  software_detection: {
    label: 'Software',
    description: 'The technologies its website runs (CMS, shop, booking, analytics …), with the evidence.',
  },
  career_analysis: {
    label: 'Hiring',
    description: 'Its careers page, applicant-tracking system and open roles: is it hiring, and for what.',
  },
  people: {
    label: 'People and company facts',
    description:
      'Whom to contact: the owner, managing directors and team its own pages name, their addresses (personal or role), and its legal name, register entry, VAT ID and opening hours.',
  },
  icp_analysis: {
    label: 'ICP fit',
    description:
      "A score 0–100 and tier A–D against the venture's ICP, with reasons; scores what is known, no new crawl.",
  },
};

/** The analyzers that read the website (ICP analysis alone scores stored facts and needs no crawl). */
export const needsCrawl = (analyzers: readonly Analyzer[]) =>
  analyzers.some((type) => type !== 'icp_analysis');

/**
 * What to ask the API for: every analyzer is `unified`, one is its single-type call, several go to
 * enrichment/run. Kept in the order of ANALYZERS so that the same choice always sends the same request.
 */
export function requestedTypes(chosen: readonly Analyzer[]): EnrichmentType[] {
  const ordered = ANALYZERS.filter((type) => chosen.includes(type));
  return ordered.length === ANALYZERS.length ? ['unified'] : ordered;
}
