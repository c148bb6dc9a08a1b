/** Enrichment: background jobs that crawl each business website once and run analyzers. */
import { z } from 'zod';
import { expected, Id, LIMITS } from './common';
import { defineRoute } from './define';
import { ResultsMatching } from './saved-views';
import { Session } from './sessions';

const ENRICHMENT_TYPES = [
  'ai_summary',
  'unified',
  'icp_analysis',
  'career_analysis',
  'software_detection',
  /**
   * People the site names and the company's own facts (imprint, team, about, contact pages). Part of `unified`
   * and of `enrichment/run`; it has no single-type call of its own (the specification lists none).
   */
  'people',
] as const;
export const EnrichmentType = z.enum(ENRICHMENT_TYPES, expected(`one of ${ENRICHMENT_TYPES.join(', ')}`));
export type EnrichmentType = z.infer<typeof EnrichmentType>;

const BusinessIds = z
  .array(Id)
  .min(1, 'must list at least one business, or be left out for the whole session')
  .max(LIMITS.maxBusinessIds, `must list at most ${LIMITS.maxBusinessIds} businesses`);

/** true: only the businesses whose last enrichment failed (of `business_ids`, or of the whole session). */
const OnlyFailed = z.boolean(expected('true or false')).optional();

/** true: closed businesses (an imported row said so) are enriched too; they are left out otherwise. */
const IncludeClosed = z.boolean(expected('true or false')).optional();

/** Body of the single-type calls: the whole session, or only `business_ids`. */
const EnrichmentBody = z.object({
  session_id: Id,
  business_ids: BusinessIds.optional(),
  only_failed: OnlyFailed,
  include_closed: IncludeClosed,
});

/** POST /enrichment/run — a chosen set of types. */
export const EnrichmentRunBody = z
  .object({
    session_id: Id,
    types: z
      .array(EnrichmentType, expected('a list of enrichment types'))
      .min(1, 'must list at least one enrichment type')
      .max(ENRICHMENT_TYPES.length, 'must not repeat a type')
      .refine((types) => new Set(types).size === types.length, 'must not repeat a type'),
    business_ids: BusinessIds.optional(),
    /**
     * Instead of business_ids: every business the table's search and filters select ("all 100,000 matching"),
     * chosen by the server with the results call's own WHERE when the run is queued.
     */
    matching: ResultsMatching.optional(),
    only_failed: OnlyFailed,
    include_closed: IncludeClosed,
  })
  .refine((body) => !(body.business_ids && body.matching), {
    message: 'give business_ids or matching, not both',
    path: ['matching'],
  });
export type EnrichmentRunBody = z.infer<typeof EnrichmentRunBody>;

/** The analyzers a type runs: `unified` is all of them. */
export const ANALYZER_TYPES = [
  'software_detection',
  'career_analysis',
  'ai_summary',
  'people',
  'icp_analysis',
] as const;
export type AnalyzerType = (typeof ANALYZER_TYPES)[number];
export function analyzersOf(types: readonly EnrichmentType[]): AnalyzerType[] {
  const wanted = new Set(types.flatMap((t) => (t === 'unified' ? ANALYZER_TYPES : [t])));
  return ANALYZER_TYPES.filter((t) => wanted.has(t));
}

/** The queued job and the session (now `queued` or `running`, stage `enriching`). */
export const EnrichmentJob = z.object({ job_id: Id, session: Session });
export type EnrichmentJob = z.infer<typeof EnrichmentJob>;

const single = <K extends EnrichmentType, N extends string>(type: K, name: N, summary: string) =>
  ({
    id: `enrichment.${name}`,
    method: 'POST',
    path: `/enrichment/${type}`,
    access: 'member',
    summary,
    tag: 'enrichment',
    body: EnrichmentBody,
    response: EnrichmentJob,
    status: 202,
  }) as const;

export const enrichmentRoutes = {
  enrichmentAiSummary: defineRoute(
    single('ai_summary', 'aiSummary', 'Summarise what each business does (model or built-in)'),
  ),
  enrichmentUnified: defineRoute(single('unified', 'unified', 'Run every analyzer in one pass')),
  enrichmentIcpAnalysis: defineRoute(
    single('icp_analysis', 'icpAnalysis', "Score each business against the venture's ICP"),
  ),
  enrichmentCareerAnalysis: defineRoute(
    single('career_analysis', 'careerAnalysis', 'Find careers pages, ATS and open roles'),
  ),
  enrichmentSoftwareDetection: defineRoute(
    single('software_detection', 'softwareDetection', 'Detect the software each website runs'),
  ),
  enrichmentRun: defineRoute({
    id: 'enrichment.run',
    method: 'POST',
    path: '/enrichment/run',
    access: 'member',
    summary: 'Run a chosen set of enrichment types over a session or a list of businesses',
    tag: 'enrichment',
    body: EnrichmentRunBody,
    response: EnrichmentJob,
    status: 202,
  }),
} as const;
