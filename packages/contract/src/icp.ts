/** The ideal customer profile and the `icp/*` calls of the specification. */
import { z } from 'zod';
import {
  Count,
  expected,
  GeneratedBy,
  Id,
  IdParams,
  IsoDateTime,
  LIMITS,
  SessionIdBody,
  text,
} from './common';
import { defineRoute } from './define';

const Terms = z.array(text(LIMITS.shortText)).max(100, 'must list at most 100 entries').default([]);
const Employees = z
  .int(expected('a whole number or null'))
  .min(0, 'must be at least 0')
  .max(10_000_000, 'must be at most 10000000')
  .nullable()
  .default(null);

/**
 * The ICP of a venture. Every field has a default, so `{}` is a valid (empty) ICP.
 * Used for input (defaults filled) and output alike.
 */
export const Icp = z
  .object({
    industries: Terms,
    locations: Terms,
    keywords: Terms,
    exclude_keywords: Terms,
    employee_min: Employees,
    employee_max: Employees,
    /** Software the ideal customer runs, e.g. "QuickBooks". */
    software_signals: Terms,
    /** true: must be hiring; false: must not; null: does not matter. */
    hiring_signal: z.boolean(expected('true, false or null')).nullable().default(null),
    /**
     * true: the ideal customer names a decision-maker (owner, founder, managing director) on its own site whom
     * Argo can reach (their own email or phone). Absent or false: does not matter.
     */
    reachable_decision_maker: z.boolean(expected('true or false')).optional(),
  })
  .refine(
    (icp) => icp.employee_min == null || icp.employee_max == null || icp.employee_min <= icp.employee_max,
    {
      message: 'must be at least employee_min',
      path: ['employee_max'],
    },
  )
  .meta({ id: 'Icp' });
export type Icp = z.output<typeof Icp>;
export type IcpInput = z.input<typeof Icp>;

/**
 * An ICP's company size in words, for every screen and text that shows it: "10–50 employees", "17 employees"
 * (a range of one number), "10+ employees", "up to 50 employees"; null when the ICP sets no size.
 */
export function employeeRangeText(
  min: number | null | undefined,
  max: number | null | undefined,
): string | null {
  if (min != null && max != null) return min === max ? `${min} employees` : `${min}–${max} employees`;
  if (min != null) return `${min}+ employees`;
  if (max != null) return `up to ${max} employees`;
  return null;
}

export const Tier = z.enum(['A', 'B', 'C', 'D']);
export type Tier = z.infer<typeof Tier>;

// ---------------------------------------------------------------- icp/overview

export const NameCount = z.object({ name: z.string(), count: Count });
export type NameCount = z.infer<typeof NameCount>;

export const IcpOverview = z.object({
  by_tier: z.record(z.enum(['A', 'B', 'C', 'D', 'unscored']), Count),
  /** Score buckets over 0..100, `from` inclusive, `to` exclusive (the last bucket includes 100). */
  score_histogram: z.array(z.object({ from: z.number(), to: z.number(), count: Count })),
  top_industries: z.array(NameCount),
  top_software: z.array(NameCount),
  /**
   * Share (0..1) of the businesses whose careers pages say whether they are hiring that are; null when none says
   * (no careers analysis yet, or the sites analysed have no careers page that tells).
   */
  hiring_share: z.number().min(0).max(1).nullable(),
  /**
   * Businesses whose careers were analysed (a careers analysis or a unified enrichment stored a result), whether or
   * not their site has a careers page.
   */
  careers_analysed: Count.optional(),
  /** Businesses per city/region. */
  places: z.array(NameCount),
  /**
   * Businesses whose people were analysed, those whose site names a decision-maker (owner/founder, executive), and
   * those with one Argo can reach (their own email or phone).
   */
  decision_makers: z.object({ analysed: Count, found: Count, reachable: Count }).optional(),
  narrative: z.string(),
  generated_by: GeneratedBy,
});
export type IcpOverview = z.infer<typeof IcpOverview>;

// ---------------------------------------------------------------- icp/create_profiles

export const CreateProfilesBody = z.object({
  session_id: Id,
  count: z
    .int(expected('a whole number from 2 to 5'))
    .min(2, 'must be at least 2')
    .max(5, 'must be at most 5')
    .default(3),
});
export type CreateProfilesBody = z.infer<typeof CreateProfilesBody>;

/** One ICP segment derived from enriched results, saved to the session's venture. */
export const IcpProfile = z
  .object({
    id: Id,
    venture_id: Id,
    /** The session it was derived from (null once that session is deleted). */
    session_id: Id.nullable(),
    name: z.string(),
    criteria: Icp,
    /** How many businesses of the session fall in this segment. */
    size: Count,
    examples: z.array(z.object({ business_id: Id, name: z.string() })),
    why: z.string(),
    generated_by: GeneratedBy,
    created_at: IsoDateTime,
  })
  .meta({ id: 'IcpProfile' });
export type IcpProfile = z.infer<typeof IcpProfile>;

/** GET /icp/profiles — the saved profiles of one venture (shown and edited in /ventures). */
const ListProfilesQuery = z.object({ venture_id: Id });

/** PUT /icp/profiles/:id — the fields a user may change; at least one. */
export const UpdateProfileBody = z
  .object({
    name: text(LIMITS.shortText).optional(),
    criteria: Icp.optional(),
    why: text(2000).optional(),
  })
  .refine((b) => b.name !== undefined || b.criteria !== undefined || b.why !== undefined, {
    message: 'give at least one of name, criteria and why',
  });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

// ---------------------------------------------------------------- icp/generate_content

const CONTENT_KINDS = ['cold_email', 'linkedin_note', 'call_opener'] as const;
export const ContentKind = z.enum(CONTENT_KINDS, expected("'cold_email', 'linkedin_note' or 'call_opener'"));
export type ContentKind = z.infer<typeof ContentKind>;

/** Exactly one of `profile_id` and `business_id`. */
export const GenerateContentBody = z
  .object({
    profile_id: Id.optional(),
    business_id: Id.optional(),
    kinds: z
      .array(ContentKind)
      .min(1, 'must list at least one kind')
      .max(CONTENT_KINDS.length, 'must not repeat a kind')
      .refine((kinds) => new Set(kinds).size === kinds.length, 'must not repeat a kind')
      .default([...CONTENT_KINDS]),
  })
  .refine((b) => (b.profile_id === undefined) !== (b.business_id === undefined), {
    message: 'give exactly one of profile_id and business_id',
    path: ['profile_id'],
  });
export type GenerateContentBody = z.infer<typeof GenerateContentBody>;

/** A statement of the generated text and the stored fact it rests on. */
export const Claim = z.object({
  text: z.string(),
  /** The business field (or profile criterion) the claim comes from, e.g. `software`, `city`. */
  field: z.string(),
  business_id: Id.nullable(),
  /** The page the fact was read from, where there is one. */
  source_url: z.string().nullable(),
});
export type Claim = z.infer<typeof Claim>;

export const ContentItem = z.object({
  kind: ContentKind,
  /** Cold email only; null for the other kinds. */
  subject: z.string().nullable(),
  body: z.string(),
  claims: z.array(Claim),
});
export type ContentItem = z.infer<typeof ContentItem>;

export const GeneratedContent = z.object({ items: z.array(ContentItem), generated_by: GeneratedBy });
export type GeneratedContent = z.infer<typeof GeneratedContent>;

export const icpRoutes = {
  icpOverview: defineRoute({
    id: 'icp.overview',
    method: 'POST',
    path: '/icp/overview',
    access: 'member',
    summary: 'ICP overview of a session: tiers, scores, industries, software, hiring, places, narrative',
    tag: 'icp',
    body: SessionIdBody,
    response: IcpOverview,
  }),
  icpCreateProfiles: defineRoute({
    id: 'icp.createProfiles',
    method: 'POST',
    path: '/icp/create_profiles',
    access: 'member',
    summary: "Derive 2–5 ICP profiles from a session's results and save them to its venture",
    tag: 'icp',
    body: CreateProfilesBody,
    response: z.array(IcpProfile),
  }),
  icpGenerateContent: defineRoute({
    id: 'icp.generateContent',
    method: 'POST',
    path: '/icp/generate_content',
    access: 'member',
    summary: 'Outreach content for a profile or one business, grounded in stored facts',
    tag: 'icp',
    body: GenerateContentBody,
    response: GeneratedContent,
  }),
  icpListProfiles: defineRoute({
    id: 'icp.listProfiles',
    method: 'GET',
    path: '/icp/profiles',
    access: 'member',
    summary: 'The saved ICP profiles of a venture, newest first',
    tag: 'icp',
    query: ListProfilesQuery,
    response: z.array(IcpProfile),
  }),
  icpUpdateProfile: defineRoute({
    id: 'icp.updateProfile',
    method: 'PUT',
    path: '/icp/profiles/:id',
    access: 'member',
    summary: 'Rename an ICP profile or change its criteria or why',
    tag: 'icp',
    params: IdParams,
    body: UpdateProfileBody,
    response: IcpProfile,
  }),
  icpDeleteProfile: defineRoute({
    id: 'icp.deleteProfile',
    method: 'DELETE',
    path: '/icp/profiles/:id',
    access: 'member',
    summary: 'Delete an ICP profile (and the content generated for it)',
    tag: 'icp',
    params: IdParams,
    response: null,
  }),
} as const;
