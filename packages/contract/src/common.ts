/**
 * Building blocks shared by every feature file: ids, times, text limits, paging, the error body.
 *
 * Error messages are written to follow the field name: the API reports a zod issue as
 * `"<field>: <message>"` (see `formatIssue`), e.g. `"email: must be a valid email address"`.
 * So a message here never repeats the field name itself.
 */
import { z } from 'zod';
import { RESULTS_DEFAULTS, ROLES } from './values';

// ---------------------------------------------------------------- limits and constants

export const LIMITS = {
  name: 200,
  description: 5000,
  url: 2048,
  email: 254,
  search: 200,
  shortText: 200,
  maxPageSize: 200,
  maxResultsPageSize: 5000,
  maxBusinessIds: 10_000,
} as const;

/** Results paging and sort defaults. */
export { RESULTS_DEFAULTS, ROLES };

/** Paging defaults of every other paged list (`page`, `page_size`). */
const PAGE_DEFAULTS = { page: 0, page_size: 50 } as const;

// ---------------------------------------------------------------- error messages

type IssueLike = { readonly input?: unknown };
/** "is required" when the value is missing, otherwise "must be <what>". */
export const expected = (what: string) => ({
  error: (issue: IssueLike) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});
/** For records keyed by an enum: names the unknown keys and lists the known ones. */
export const knownKeys = (known: readonly string[], what: string) => ({
  error: (issue: IssueLike & { readonly code?: string; readonly keys?: readonly string[] }) => {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return `unknown ${what} ${issue.keys.map((k) => `"${k}"`).join(', ')}; known: ${known.join(', ')}`;
    }
    return issue.input === undefined ? 'is required' : 'must be an object';
  },
});
const tooLong = (max: number) => `must be at most ${max} characters`;

// ---------------------------------------------------------------- scalars

/** A UUID (RFC 9562; v4 from gen_random_uuid()/crypto.randomUUID()). */
export const Id = z.uuid(expected('a UUID'));
export type Id = z.infer<typeof Id>;

/**
 * A point in time: ISO-8601 string with `Z` or an offset. The API always sends `Date#toISOString()`
 * (UTC, `Z`). Used for every `*_at` field.
 */
export const IsoDateTime = z.iso.datetime({ offset: true, ...expected('an ISO-8601 date-time') });
export type IsoDateTime = z.infer<typeof IsoDateTime>;

/** Required trimmed text, 1..max characters. */
export const text = (max: number = LIMITS.name) =>
  z.string(expected('text')).trim().min(1, 'must not be empty').max(max, tooLong(max));

/** Optional, nullable trimmed text (request bodies): blank becomes null, null clears the field. */
export const optionalText = (max: number = LIMITS.name) =>
  z
    .string(expected('text'))
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Adds `https://` when the user typed a bare host such as `acme.com`. */
const normalizeUrl = (value: string): string =>
  value === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;

const httpUrlCheck = z.url({ protocol: /^https?$/, error: 'must be a web address such as https://acme.com' });

/** A web address (http/https), trimmed, max 2048; `acme.com` is accepted as `https://acme.com`. */
export const HttpUrl = z
  .string(expected('a web address'))
  .trim()
  .min(1, 'must not be empty')
  .max(LIMITS.url, tooLong(LIMITS.url))
  .transform(normalizeUrl)
  .pipe(httpUrlCheck);

/** Optional, nullable web address (request bodies): blank becomes null. */
export const OptionalHttpUrl = z
  .string(expected('a web address'))
  .trim()
  .max(LIMITS.url, tooLong(LIMITS.url))
  .transform((v) => (v === '' ? null : normalizeUrl(v)))
  .pipe(httpUrlCheck.nullable())
  .nullable()
  .optional();

/** An email address as input: trimmed and lower-cased, then checked. */
export const Email = z
  .string(expected('an email address'))
  .trim()
  .toLowerCase()
  .max(LIMITS.email, tooLong(LIMITS.email))
  .pipe(z.email('must be a valid email address'));

/** Free-text search box: trimmed, max 200; blank means no search (undefined). */
export const SearchText = z
  .string(expected('text'))
  .trim()
  .max(LIMITS.search, tooLong(LIMITS.search))
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A count: integer ≥ 0. */
export const Count = z.int().nonnegative();

/** Query-string integer (`"10"` → 10). Input type is `number | string` so a typed client may pass numbers. */
export const queryInt = (min: number, max: number) =>
  z.coerce
    .number<number | string>(expected('a whole number'))
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** Query-string boolean: only `true`/`false` (strings or booleans); anything else is an error, never truthy. */
export const QueryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])], expected('true or false'))
  .transform((v) => v === true || v === 'true');

// ---------------------------------------------------------------- shared enums

export const Role = z.enum(ROLES, expected("'admin' or 'member'"));
export type Role = z.infer<typeof Role>;

/** Which analyzer produced a text: a configured language model or the built-in rules. */
export const GeneratedBy = z.enum(['model', 'builtin']);
export type GeneratedBy = z.infer<typeof GeneratedBy>;

/** Path params of every `/:id` route. */
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** Body of the POST calls that act on one session. */
export const SessionIdBody = z.object({ session_id: Id });
export type SessionIdBody = z.infer<typeof SessionIdBody>;

// ---------------------------------------------------------------- paging

/** `page` (0-based) and `page_size` (1..200) from the query string. */
export const PageQuery = z.object({
  page: queryInt(0, 1_000_000).default(PAGE_DEFAULTS.page),
  page_size: queryInt(1, LIMITS.maxPageSize).default(PAGE_DEFAULTS.page_size),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** `{ items, total, page, page_size }` of any item schema. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: Count,
    page: Count,
    page_size: z.int().positive(),
  });

// ---------------------------------------------------------------- errors

/** @public The API's error codes (apps/api/src/http/errors.ts answers with them); documented, not imported. */
export const ErrorCode = z.enum([
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'not_implemented',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** @public The one error shape every failed call answers with, named in the OpenAPI registry. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      field: z.string().optional(),
      request_id: z.string().optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });

/** The minimum of a zod issue (or of a fastify-type-provider-zod validation entry, after splitting its path). */
export interface IssueInput {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * One issue → `{ field, message }` for ErrorBody: `field` is the dotted path (`people.0.email`), message is
 * `"<field>: <message>"`. An issue without path keeps its message as is.
 */
export function formatIssue(issue: IssueInput): { field?: string; message: string } {
  const field = issue.path.map((p) => String(p)).join('.');
  return field ? { field, message: `${field}: ${issue.message}` } : { message: issue.message };
}
