/**
 * People and company facts as the results show them: whom to contact at a business and the facts its
 * own pages state, each with the page it was read from. The stored result is the engine's `PeopleAnalysis`
 * (analyze/people); these are the shapes of the results API, the detail drawer and the exports.
 */
import { z } from 'zod';
import { Id, IsoDateTime, LIMITS, text } from './common';

/** Normalised role: owner/founder, managing director or other executive, manager, everyone else. */
export const SENIORITIES = ['owner_founder', 'executive', 'manager', 'staff'] as const;
export const Seniority = z.enum(SENIORITIES);
export type Seniority = z.infer<typeof Seniority>;

/** The seniorities that decide on a purchase at a small business: "decision-maker found" means one of these. */
export const DECISION_MAKER_SENIORITIES: readonly Seniority[] = ['owner_founder', 'executive'];

export const SENIORITY_LABELS: Record<Seniority, string> = {
  owner_founder: 'Owner / founder',
  executive: 'Executive',
  manager: 'Manager',
  staff: 'Staff',
};

/** `personal`: a person's mailbox; `role`: a function's (info@, office@ …); `unknown`: cannot tell. */
export const EMAIL_KINDS = ['personal', 'role', 'unknown'] as const;
export const EmailKind = z.enum(EMAIL_KINDS);
export type EmailKind = z.infer<typeof EmailKind>;

/** `found`: the domain has MX records; `none`: it has none (mail bounces); `failed`: the lookup failed. */
export const MxStatus = z.enum(['found', 'none', 'failed']);
export type MxStatus = z.infer<typeof MxStatus>;

/** A person the business's own site names with a role. */
export const BusinessPerson = z
  .object({
    name: z.string(),
    /** As the page writes it ("Geschäftsführerin", "Co-founder / CTO"). */
    role: z.string(),
    seniority: Seniority,
    /** An address the page ties to this person (or a classified address that is theirs); null when suppressed. */
    email: z.string().nullable(),
    email_kind: EmailKind.nullable(),
    /** The domain's MX check for that address; null when none was made. */
    email_mx: MxStatus.nullable(),
    /**
     * Their address is on the account's suppression list: withheld (`email` is null), never exported, never used in
     * content.
     */
    email_suppressed: z.boolean(),
    /** An address guessed from the domain's pattern: never found on a page, never verified. */
    suggested_email: z.object({ email: z.string(), pattern: z.string() }).nullable(),
    phone: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    /** The page that names the person, and the words they were read from. */
    source_url: z.string(),
    evidence: z.string(),
    observed_at: IsoDateTime,
  })
  .meta({ id: 'BusinessPerson' });
export type BusinessPerson = z.infer<typeof BusinessPerson>;

/** One fact the company states about itself, with the page and the words. */
const fact = <T extends z.ZodType>(value: T) =>
  z.object({ value, source_url: z.string(), evidence: z.string() }).nullable();

export const CompanyFacts = z
  .object({
    legal_name: fact(z.string()),
    /** "GmbH", "UG (haftungsbeschränkt)", "Ltd", "SARL" … */
    legal_form: fact(z.string()),
    register: fact(z.object({ court: z.string().nullable(), number: z.string().nullable() })),
    vat_id: fact(z.object({ id: z.string(), country: z.string(), checksum_valid: z.boolean() })),
    founded: fact(z.number()),
    employees: fact(z.number()),
    opening_hours: fact(z.array(z.string())),
  })
  .meta({ id: 'CompanyFacts' });
export type CompanyFacts = z.infer<typeof CompanyFacts>;

/** An address found on the site, classified. */
export const BusinessEmail = z.object({
  /** SUPPRESSED_MARK when the address is on the account's suppression list (`suppressed`). */
  email: z.string(),
  kind: EmailKind,
  /** The named person it belongs to, if any. */
  person: z.string().nullable(),
  mx: MxStatus.nullable(),
  source_url: z.string(),
  suppressed: z.boolean(),
});
export type BusinessEmail = z.infer<typeof BusinessEmail>;

/** The contact a business row leads with: a decision-maker with a way to reach them first, else the first named. */
export const PrimaryContact = z
  .object({
    name: z.string(),
    role: z.string().nullable(),
    seniority: Seniority.nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    source_url: z.string().nullable(),
  })
  .meta({ id: 'PrimaryContact' });
export type PrimaryContact = z.infer<typeof PrimaryContact>;

/** POST /user/session/:id/people/remove — take a person out of this session's results, for good. */
export const RemovePersonBody = z.object({
  business_id: Id,
  /** The name as the results show it. */
  name: text(LIMITS.name),
});
export type RemovePersonBody = z.infer<typeof RemovePersonBody>;
