/** Discovery: search by category and place, competitors' customers, CSV import. */
import { z } from 'zod';
import { Count, expected, HttpUrl, Id, IdParams, knownKeys, LIMITS, text } from './common';
import { defineRoute } from './define';
import { Session } from './sessions';

const DiscoverySource = z.enum(['osm', 'google_places'], expected("'osm' or 'google_places'"));

/**
 * Where the results go: an existing session (`session_id`, e.g. a draft) or a new one (`name`, optional
 * `venture_id`). One of session_id and name is required.
 */
const targetShape = {
  session_id: Id.optional(),
  name: text(LIMITS.name).optional(),
  venture_id: Id.nullable().optional(),
};
const hasTarget = (b: { session_id?: string | undefined; name?: string | undefined }) =>
  b.session_id !== undefined || b.name !== undefined;
const targetIssue = { message: 'is required when session_id is not given', path: ['name'] };

const Latitude = z
  .number(expected('a latitude'))
  .min(-90, 'must be a latitude')
  .max(90, 'must be a latitude');
const Longitude = z
  .number(expected('a longitude'))
  .min(-180, 'must be a longitude')
  .max(180, 'must be a longitude');

/** [south, west, north, east] in degrees (WGS 84). west > east crosses the antimeridian. */
const BBox = z
  .tuple([Latitude, Longitude, Latitude, Longitude], expected('[south, west, north, east]'))
  .refine(([south, , north]) => south < north, 'south must be below north');

export const DISCOVERY_LIMIT = { default: 500, max: 10_000 } as const;

/** POST /discovery/scrape — category + place; give `location` (free text, geocoded) or `bbox`. */
export const ScrapeBody = z
  .object({
    ...targetShape,
    /** The category, e.g. "dentist". */
    query: text(LIMITS.shortText),
    location: text(LIMITS.shortText).optional(),
    bbox: BBox.optional(),
    radius_km: z
      .number(expected('a number of kilometres'))
      .min(0.1, 'must be at least 0.1')
      .max(100, 'must be at most 100')
      .optional(),
    limit: z
      .int(expected('a whole number'))
      .min(1, 'must be at least 1')
      .max(DISCOVERY_LIMIT.max, `must be at most ${DISCOVERY_LIMIT.max}`)
      .default(DISCOVERY_LIMIT.default),
    /** Default: every configured source (OpenStreetMap always; Google Places when a key is set). */
    sources: z.array(DiscoverySource).min(1, 'must list at least one source').max(2).optional(),
  })
  .refine(hasTarget, targetIssue)
  .refine((b) => b.location !== undefined || b.bbox !== undefined, {
    message: 'give a location or a bbox',
    path: ['location'],
  });
export type ScrapeBody = z.infer<typeof ScrapeBody>;

/** POST /discovery/competitor-customers — competitor websites whose customers to find. */
export const CompetitorCustomersBody = z
  .object({
    ...targetShape,
    competitor_urls: z
      .array(HttpUrl, expected('a list of web addresses'))
      .min(1, 'must list at least one web address')
      .max(20, 'must list at most 20 web addresses'),
  })
  .refine(hasTarget, targetIssue);
export type CompetitorCustomersBody = z.infer<typeof CompetitorCustomersBody>;

/** A business's single-valued facts from a source: its contacts, its place, its category and rating. */
const SOURCE_FACTS = [
  'website',
  'email',
  'phone',
  'address',
  'city',
  'region',
  'postal_code',
  'country',
  'lat',
  'lng',
  'category',
  'rating',
  'review_count',
] as const;

/**
 * The fields of a stored business that a later record of the same business fills when the business has none
 * (a merge never overwrites a value; lists such as phones and websites are united instead).
 */
export const GAP_FILLED_FIELDS = [...SOURCE_FACTS, 'domain'] as const;

// ---------------------------------------------------------------- CSV import

/** Business fields a CSV column can be mapped to (`name` is required). */
export const IMPORT_FIELDS = [
  'name',
  ...SOURCE_FACTS,
  /**
   * Whether the business still trades: "closed", "permanently closed", "inactive", is_open = 0… make it a
   * closed business (imported, but left out of enrichment and exports unless asked for).
   */
  'status',
] as const;
export const ImportField = z.enum(IMPORT_FIELDS, 'is not a field a column can be mapped to');
export type ImportField = z.infer<typeof ImportField>;

/**
 * Multipart upload: the file part is named `file`; optional text parts `name` and `venture_id`. A file has at most
 * `maxColumns` columns (real lists have dozens; a wider file is refused before its header is read whole) and no
 * column name longer than `maxHeaderChars` characters (a longer "name" is a data row or a runaway quote).
 */
export const IMPORT_UPLOAD = {
  fileField: 'file',
  maxBytes: 20 * 1024 * 1024,
  previewRows: 20,
  maxColumns: 1000,
  maxHeaderChars: 1000,
} as const;
export const ImportUploadFields = z.object({
  name: text(LIMITS.name).optional(),
  venture_id: Id.optional(),
});
export type ImportUploadFields = z.infer<typeof ImportUploadFields>;

export const CsvPreview = z.object({
  headers: z.array(z.string()),
  /** The first rows (IMPORT_UPLOAD.previewRows), cells as strings. */
  rows: z.array(z.array(z.string())),
  delimiter: z.enum([',', ';', '\t', '|']),
  /** The detected encoding, e.g. `utf-8` or `latin1`. */
  encoding: z.string(),
  /** Data rows in the whole file (header excluded). */
  row_count: Count,
  /**
   * The first rows the file cannot be read at (an unclosed quote, a runaway row), each with its line and why, and
   * how many there are in all: the import will list them as not imported. Absent in older uploads.
   */
  unreadable_rows: z.array(z.object({ line: Count, reason: z.string() })).optional(),
  unreadable_count: Count.optional(),
});
export type CsvPreview = z.infer<typeof CsvPreview>;

/** Every import field → the header mapped to it, or null. */
export const ColumnMapping = z.record(ImportField, z.string().nullable());
export type ColumnMapping = z.infer<typeof ColumnMapping>;

export const ImportUploadResponse = z.object({
  /** The new `draft` session; `input` keeps the file name, preview and mapping. */
  session: Session,
  preview: CsvPreview,
  /** The automatic mapping (fuzzy header match). */
  mapping: ColumnMapping,
});
export type ImportUploadResponse = z.infer<typeof ImportUploadResponse>;

/** POST /discovery/import/:id/mapping — fields left out or null are not imported; `name` must be mapped. */
export const ImportMappingBody = z.object({
  mapping: z
    .partialRecord(
      ImportField,
      z.string().max(LIMITS.shortText).nullable(),
      knownKeys(IMPORT_FIELDS, 'field'),
    )
    .refine((m) => typeof m.name === 'string' && m.name !== '', 'must map a column to name'),
});
export type ImportMappingBody = z.infer<typeof ImportMappingBody>;

export const discoveryRoutes = {
  discoveryScrape: defineRoute({
    id: 'discovery.scrape',
    method: 'POST',
    path: '/discovery/scrape',
    access: 'member',
    summary: 'Find businesses by category and place (OpenStreetMap, Google Places)',
    tag: 'discovery',
    body: ScrapeBody,
    response: Session,
    status: 202,
  }),
  discoveryCompetitorCustomers: defineRoute({
    id: 'discovery.competitorCustomers',
    method: 'POST',
    path: '/discovery/competitor-customers',
    access: 'member',
    summary: "Find the customers of competitors from their websites' evidence",
    tag: 'discovery',
    body: CompetitorCustomersBody,
    response: Session,
    status: 202,
  }),
  discoveryImport: defineRoute({
    id: 'discovery.import',
    method: 'POST',
    path: '/discovery/import',
    access: 'member',
    summary: 'Upload a CSV (multipart): a draft session, a preview and an automatic column mapping',
    tag: 'discovery',
    bodyType: 'multipart',
    response: ImportUploadResponse,
    status: 201,
  }),
  discoveryImportMapping: defineRoute({
    id: 'discovery.importMapping',
    method: 'POST',
    path: '/discovery/import/:id/mapping',
    access: 'member',
    summary: 'Confirm the column mapping of a draft import session and start the import',
    tag: 'discovery',
    params: IdParams,
    body: ImportMappingBody,
    response: Session,
    status: 202,
  }),
} as const;
