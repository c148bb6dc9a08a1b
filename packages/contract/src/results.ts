/**
 * Result rows (businesses) and the results/export calls.
 * NOTE: the results query and page use camelCase (`pageSize`, `sortBy`, `sortOrder`) because the specification names them so.
 */
import { z } from 'zod';
import { AttributesSchema } from './attributes';
import {
  Count,
  expected,
  Id,
  IdParams,
  IsoDateTime,
  knownKeys,
  LIMITS,
  queryInt,
  RESULTS_DEFAULTS,
  SearchText,
} from './common';
import { BusinessCorrection } from './corrections';
import { defineRoute } from './define';
import { Tier } from './icp';
import { BusinessEmail, BusinessPerson, CompanyFacts, PrimaryContact, RemovePersonBody } from './people';
import { ExportColumnsParam } from './result-columns';
import { SORT_FIELDS } from './values';

export const EnrichmentState = z.enum(['pending', 'running', 'done', 'failed', 'skipped']);
export type EnrichmentState = z.infer<typeof EnrichmentState>;

/** Where a business was found. `source` is e.g. `osm`, `google_places`, `competitor`, `import`. */
export const BusinessSource = z.object({
  source: z.string(),
  source_ref: z.string().nullable(),
  /** Evidence page (competitor customers) or the source's page of the place. */
  url: z.string().nullable().optional(),
  /** Evidence text, e.g. the testimonial naming the customer. */
  snippet: z.string().nullable().optional(),
  observed_at: IsoDateTime.optional(),
  /**
   * Where this source's record placed the business, in one line: a record merged into another (a second branch
   * sharing the website) keeps its own address here. Absent when the record had none, and on older rows.
   */
  address: z.string().optional(),
});
export type BusinessSource = z.infer<typeof BusinessSource>;

export const SoftwareGroup = z.enum(['business', 'infrastructure']);
export type SoftwareGroup = z.infer<typeof SoftwareGroup>;

export const DetectedSoftware = z.object({
  name: z.string(),
  category: z.string(),
  version: z.string().nullable(),
  /** 0..100 */
  confidence: z.number(),
  /**
   * `business`: software the business chose and pays for (shop, booking, CRM, marketing, analytics, chat, CMS …),
   * shown in the table and matched by the `software` filter; `infrastructure`: languages, servers, CDNs,
   * libraries, fonts, Open Graph, RSS … and inferences, kept for the detail drawer.
   */
  group: SoftwareGroup,
  /** What matched, e.g. `script src …/wp-content/…`. */
  evidence: z.string().nullable().optional(),
});
export type DetectedSoftware = z.infer<typeof DetectedSoftware>;

/**
 * Enrichment details for the detail drawer: on GET …/businesses/:business_id, never on a page of
 * results (the table needs none of it, and it is most of a fully enriched business's bytes).
 * Every fact carries the page it came from where there is one.
 */
export const BusinessDetails = z.object({
  services: z.array(z.string()).optional(),
  customer_type: z.string().nullable().optional(),
  size_hint: z.string().nullable().optional(),
  contacts: z
    .array(
      z.object({
        kind: z.string(),
        /** SUPPRESSED_MARK in place of an address on the account's suppression list (`suppressed`). */
        value: z.string(),
        source_url: z.string().nullable(),
        /** The value is an address on the account's suppression list: withheld, never exported. */
        suppressed: z.boolean().optional(),
      }),
    )
    .optional(),
  careers: z
    .object({
      url: z.string().nullable(),
      ats: z.string().nullable(),
      roles: z.array(
        z.object({
          title: z.string(),
          department: z.string().nullable(),
          location: z.string().nullable(),
          url: z.string().nullable(),
        }),
      ),
    })
    .nullable()
    .optional(),
  icp_reasons: z
    .array(z.object({ criterion: z.string(), matched: z.boolean(), evidence: z.string().nullable() }))
    .optional(),
  summary_generated_by: z.enum(['model', 'builtin']).nullable().optional(),
  /** People the site names (decision-makers first), its addresses classified, and the facts it states. */
  people: z.array(BusinessPerson).optional(),
  emails: z.array(BusinessEmail).optional(),
  company: CompanyFacts.nullable().optional(),
  /** Pages crawled for this business and when. */
  pages: z.array(z.object({ url: z.string(), fetched_at: IsoDateTime })).optional(),
});
export type BusinessDetails = z.infer<typeof BusinessDetails>;

export const Business = z
  .object({
    id: Id,
    session_id: Id,
    name: z.string(),
    website: z.string().nullable(),
    domain: z.string().nullable(),
    /** Null also when the account's suppression list covers it (`email_suppressed`). */
    email: z.string().nullable(),
    /**
     * The record's email is on the account's suppression list (the address, its domain, or the business's own
     * domain): withheld here and in the exports. Absent when it is not.
     */
    email_suppressed: z.boolean().optional(),
    /** E.164 */
    phone: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    postal_code: z.string().nullable(),
    /** ISO 3166-1 alpha-2 where known. */
    country: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    category: z.string().nullable(),
    /** Every category the sources gave it, `category` first (a hotel with a restaurant: hotel, restaurant). */
    categories: z.array(z.string()).optional(),
    /** Other names it goes by: the records merged into it (a hotel's restaurant "Kartoffelstube"), brands. */
    aliases: z.array(z.string()).optional(),
    /** Every phone (E.164) and every website of the merged records, `phone` and `website` first. */
    phones: z.array(z.string()).optional(),
    websites: z.array(z.string()).optional(),
    /**
     * The first email and phone the business's own website gives (its ai_summary contacts) once it is enriched: the
     * table and the export show them where `email` / `phone` are empty, and the email/phone filters count them.
     */
    website_email: z.string().nullable().optional(),
    /** The website's email is on the account's suppression list: withheld (null). Absent when it is not. */
    website_email_suppressed: z.boolean().optional(),
    website_phone: z.string().nullable().optional(),
    /**
     * Closed for good (an imported row said so: is_open = 0, "permanently closed"…): left out of enrichment and
     * exports unless asked for (`include_closed`). Absent means open.
     */
    is_closed: z.boolean().optional(),
    /** The first source that found it. */
    source: z.string(),
    /** Every source, after merging duplicates. */
    sources: z.array(BusinessSource),
    source_ref: z.string().nullable(),
    rating: z.number().nullable(),
    review_count: Count.nullable(),
    enrichment_state: EnrichmentState,
    enrichment_error: z.string().nullable(),
    summary: z.string().nullable(),
    industry: z.string().nullable(),
    /**
     * On a page of results, the business software alone (group `business`, what the table shows) and without its
     * `evidence`; the business read alone (GET …/businesses/:business_id, the drawer) lists every detection,
     * infrastructure and inferences too, each with its evidence.
     */
    software: z.array(DetectedSoftware),
    hiring: z.boolean().nullable(),
    /** 0..100 */
    icp_score: z.number().nullable(),
    icp_tier: Tier.nullable(),
    /** The site names an owner/founder or executive; null while people were not analysed. */
    decision_maker: z.boolean().nullable().optional(),
    primary_contact: PrimaryContact.nullable().optional(),
    /**
     * The imported file's own columns for this business, keyed by the session's
     * `attribute_columns` keys (SessionInfo); a column the row left empty is absent. Absent for businesses that
     * were not imported. An address on the account's suppression list stands as SUPPRESSED_MARK in its value.
     */
    attributes: AttributesSchema.optional(),
    details: BusinessDetails.optional(),
    /**
     * The fields a user corrected (PUT …/businesses/:business_id), each with who and when; on the business read
     * alone (the drawer) and the correction's answer. Absent on a page of results.
     */
    corrections: z.array(BusinessCorrection).optional(),
    first_seen_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .meta({ id: 'Business' });
export type Business = z.infer<typeof Business>;

// ---------------------------------------------------------------- filters and sort

/**
 * Fields accepted as filter keys (anything else is a 400). `software` matches the business software a business
 * uses (group `business`, what the table shows), `technology` any technology detected, infrastructure included;
 * `seniority`
 * (owner_founder, executive, manager, staff) and `email_kind` (personal, role, unknown) match any person or address
 * of the business; `decision_maker` is true when the site names an owner/founder or executive.
 */
// biome-ignore format: one compact list
const FILTER_FIELDS = [
  'name', 'website', 'domain', 'email', 'phone', 'address', 'city', 'region', 'postal_code', 'country',
  'category', 'source', 'rating', 'review_count', 'enrichment_state', 'industry', 'software', 'technology', 'hiring',
  'icp_score', 'icp_tier', 'lat', 'lng', 'first_seen_at', 'updated_at', 'decision_maker', 'seniority',
  'email_kind', 'is_closed', 'in_crm',
  // changed_at: when Argo last recorded a change at the business (signals); {gte: date} is "changed since".
  'changed_at',
  // The score 0–1 against the session's lookalike seeds (PUT …/lookalike-seeds).
  'similarity',
] as const;
export const FilterField = z.enum(FILTER_FIELDS, 'is not a known filter field');
export type FilterField = z.infer<typeof FilterField>;

export { SORT_FIELDS };
export const SortField = z.enum(SORT_FIELDS, expected(`one of ${SORT_FIELDS.join(', ')}`));
export type SortField = z.infer<typeof SortField>;

const Scalar = z.union([z.string().max(LIMITS.shortText), z.number(), z.boolean(), z.null()]);
const Bound = z.union([z.number(), z.string().max(LIMITS.shortText)]);

/**
 * equals value | one of [values] (null in the list matches "unknown") | {gte, lte} range (numbers or ISO dates) |
 * {contains} case-insensitive substring | {present: true|false} has a value or not (e.g. has a website).
 * `software` and `technology` match technology names case-insensitively; `source` matches any source a business
 * was merged from.
 */
export const FilterValue = z.union(
  [
    Scalar,
    z.array(Scalar).max(100, 'must list at most 100 values'),
    z
      .strictObject({ gte: Bound.optional(), lte: Bound.optional() })
      .refine((r) => r.gte !== undefined || r.lte !== undefined, 'range needs gte or lte'),
    z.strictObject({ contains: z.string().trim().min(1).max(LIMITS.shortText) }),
    z.strictObject({ present: z.boolean() }),
  ],
  'must be a value, a list of values, {gte, lte}, {contains} or {present}',
);
export type FilterValue = z.infer<typeof FilterValue>;

/**
 * A filter on a column of the imported file: `attr.<key>` with the key of one of the session's
 * `attribute_columns`, its value read as the column's type — number: a number, a list or {gte, lte}; date
 * ('YYYY-MM-DD'): the same with dates; boolean: true or false; text: a value, a list or {contains}; any of them
 * {present} or null (the row left it empty). A key the session's file does not have is a 400.
 */
const ATTRIBUTE_FILTER_PREFIX = 'attr.';
export type AttributeFilterKey = `attr.${string}`;
export const AttributeFilterKey = z.templateLiteral([ATTRIBUTE_FILTER_PREFIX, z.string().min(1).max(100)]);
/** The filter key (and the table's column id) of an attribute column. */
export const attributeFilterKey = (key: string): AttributeFilterKey => `${ATTRIBUTE_FILTER_PREFIX}${key}`;
/** The attribute column key of a filter key or column id, or null for a business field. */
export const attributeKeyOf = (key: string): string | null =>
  key.startsWith(ATTRIBUTE_FILTER_PREFIX) ? key.slice(ATTRIBUTE_FILTER_PREFIX.length) || null : null;

const filterKeys = knownKeys(FILTER_FIELDS, 'filter field');
export const Filters = z.partialRecord(z.union([FilterField, AttributeFilterKey]), FilterValue, {
  error: (issue) =>
    issue.code === 'invalid_key'
      ? `unknown filter field "${String(issue.input)}"; known: ${FILTER_FIELDS.join(', ')}, or attr.<key> for a column of the imported file`
      : filterKeys.error(issue),
});
export type Filters = z.infer<typeof Filters>;

/**
 * `filters` travels as a JSON string in the query; use this to build it. Takes any object (tests send wrong ones
 * on purpose); the server checks it against `Filters`.
 */
export const encodeFilters = (filters: Filters | Readonly<Record<string, unknown>>): string =>
  JSON.stringify(filters);

/** The `filters` query parameter: a JSON object string, parsed then checked. Blank means no filters. */
const FiltersParam = z
  .string(expected('a JSON object'))
  .max(10_000, 'must be at most 10000 characters')
  .transform((value, ctx): unknown => {
    if (value.trim() === '') return {};
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not valid JSON', input: value });
      return z.NEVER;
    }
  })
  .pipe(Filters);

const resultsFilterShape = {
  search: SearchText,
  filters: FiltersParam.optional(),
  sortBy: SortField.default(RESULTS_DEFAULTS.sortBy),
  sortOrder: z.enum(['asc', 'desc'], expected("'asc' or 'desc'")).default(RESULTS_DEFAULTS.sortOrder),
};

/** GET /user/session/:id/results — the specification's names (camelCase). Search covers name, domain, category, city, summary. */
export const ResultsQuery = z.object({
  page: queryInt(0, 1_000_000).default(RESULTS_DEFAULTS.page),
  pageSize: queryInt(1, LIMITS.maxResultsPageSize).default(RESULTS_DEFAULTS.pageSize),
  ...resultsFilterShape,
});
export type ResultsQuery = z.infer<typeof ResultsQuery>;

/** The files an export is written as: CSV (UTF-8 with BOM) or an Excel workbook with typed cells. */
const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS, expected("'csv' or 'xlsx'"));
export type ExportFormat = z.infer<typeof ExportFormat>;

/**
 * GET /user/session/:id/export — the table's search, filters and sort, no paging. Closed businesses are left out
 * unless `include_closed=true` (or an `is_closed` filter asks for them). Without `columns` the file holds every
 * fact Argo has for each business; `columns` narrows it to the table's visible columns, in their order. `format`
 * is `csv` (the default) or `xlsx`.
 */
export const ExportQuery = z.object({
  ...resultsFilterShape,
  include_closed: z
    .enum(['true', 'false'], expected("'true' or 'false'"))
    .transform((value) => value === 'true')
    .optional(),
  /** The table's visible columns in their order (`name,city,icp`): the file holds exactly what is shown. */
  columns: ExportColumnsParam.optional(),
  format: ExportFormat.optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

export const ResultsPage = z.object({
  items: z.array(Business),
  total: Count,
  page: Count,
  pageSize: z.int().positive(),
});
export type ResultsPage = z.infer<typeof ResultsPage>;

/** Default file name when Content-Disposition gives none. */
export const EXPORT_DEFAULT_FILENAME = 'session_export.csv';

export const resultsRoutes = {
  sessionsResults: defineRoute({
    id: 'sessions.results',
    method: 'GET',
    path: '/user/session/:id/results',
    access: 'member',
    summary: 'A page of the businesses of a session (search, filters, sort)',
    tag: 'sessions',
    params: IdParams,
    query: ResultsQuery,
    response: ResultsPage,
  }),
  sessionsExport: defineRoute({
    id: 'sessions.export',
    method: 'GET',
    path: '/user/session/:id/export',
    access: 'member',
    summary:
      'The businesses of a session as CSV (UTF-8 with BOM) or Excel (format=xlsx), same search and filters as results',
    tag: 'sessions',
    params: IdParams,
    query: ExportQuery,
    response: z.string(),
    responseType: 'csv',
  }),
  sessionsExportContacts: defineRoute({
    id: 'sessions.exportContacts',
    method: 'GET',
    path: '/user/session/:id/export/contacts',
    access: 'member',
    summary:
      'One row per person of the selected businesses, with the business beside (HubSpot / Pipedrive import columns), as CSV or Excel',
    tag: 'sessions',
    params: IdParams,
    query: ExportQuery,
    response: z.string(),
    responseType: 'csv',
  }),
  sessionsRemovePerson: defineRoute({
    id: 'sessions.removePerson',
    method: 'POST',
    path: '/user/session/:id/people/remove',
    access: 'member',
    summary: "Remove a person from the session's results; re-enrichment does not bring them back",
    tag: 'sessions',
    params: IdParams,
    body: RemovePersonBody,
    response: null,
    status: 204,
  }),
} as const;
