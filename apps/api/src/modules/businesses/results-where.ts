/**
 * The WHERE and ORDER BY of the results (GET /user/session/:id/results), shared by the export
 * (export.repository.ts), the map (results-map.repository.ts) and "enrich what matches", so each reads exactly the
 * rows the table shows: the businesses of the session's current run, searched (one LIKE over the lower-cased search_text: name,
 * domain, city, category, summary, industry, software, people's names and roles and the imported file's text values,
 * served by a trigram index), filtered (equality, list, range, contains, present/absent on
 * the business columns; software by name; source over every merged source) and sorted. Builds SQL; reads nothing.
 */
import {
  type AttributeColumn,
  attributeKeyOf,
  EMAIL_KINDS,
  type FilterField,
  type Filters,
  type FilterValue,
  SENIORITIES,
  type SortField,
} from '@argo/contract';
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { businesses, sessions } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { attributeCondition } from './attribute-filters';

type Kind = 'text' | 'number' | 'date' | 'boolean';

/** The score 0–1 against the session's lookalike seeds (modules/lookalikes/), null when none were set. */
const similarity = sql`(select ls.score from lookalike_scores ls where ls.business_id = ${businesses.id})`;

/** Filters over a text[] column: any of the values, none ({present: false} or null), or some ({present: true}). */
type ArrayField = 'software' | 'technology' | 'seniority' | 'email_kind';

/**
 * The business's email and phone as the table shows them: the record's own, else the first its website gives
 * (migration 0021). "Has email" after an enrichment means an address to write to, wherever it was read.
 */
const shownEmail = sql`coalesce(${businesses.email}, ${businesses.websiteEmail})`;
const shownPhone = sql`coalesce(${businesses.phone}, ${businesses.websitePhone})`;

/**
 * "In my CRM": a connected CRM holds the business's domain or its shown email (crm_known, read by a sync from the
 * CRM and written by every push; modules/crm/).
 */
const inCrm = sql`exists (select 1 from crm_known k where k.account_id = ${businesses.accountId}
  and ((k.kind = 'domain' and k.value = ${businesses.domain})
    or (k.kind = 'email' and k.value = lower(${shownEmail}))))`;

/** When the business's last signal event was recorded (modules/signals/), null when none. */
const changedAt = sql`(select max(e.occurred_at) from signal_events e where e.business_id = ${businesses.id})`;

const COLUMNS: Record<Exclude<FilterField, ArrayField>, { column: Column | SQL; kind: Kind }> = {
  name: { column: businesses.name, kind: 'text' },
  website: { column: businesses.website, kind: 'text' },
  domain: { column: businesses.domain, kind: 'text' },
  email: { column: shownEmail, kind: 'text' },
  phone: { column: shownPhone, kind: 'text' },
  address: { column: businesses.address, kind: 'text' },
  city: { column: businesses.city, kind: 'text' },
  region: { column: businesses.region, kind: 'text' },
  postal_code: { column: businesses.postalCode, kind: 'text' },
  country: { column: businesses.country, kind: 'text' },
  category: { column: businesses.category, kind: 'text' },
  source: { column: businesses.source, kind: 'text' },
  rating: { column: businesses.rating, kind: 'number' },
  review_count: { column: businesses.reviewCount, kind: 'number' },
  enrichment_state: { column: businesses.enrichmentState, kind: 'text' },
  industry: { column: businesses.industry, kind: 'text' },
  hiring: { column: businesses.hiring, kind: 'boolean' },
  icp_score: { column: businesses.icpScore, kind: 'number' },
  icp_tier: { column: businesses.icpTier, kind: 'text' },
  lat: { column: businesses.lat, kind: 'number' },
  lng: { column: businesses.lng, kind: 'number' },
  similarity: { column: similarity, kind: 'number' },
  first_seen_at: { column: businesses.firstSeenAt, kind: 'date' },
  updated_at: { column: businesses.updatedAt, kind: 'date' },
  decision_maker: { column: businesses.decisionMaker, kind: 'boolean' },
  is_closed: { column: businesses.isClosed, kind: 'boolean' },
  in_crm: { column: inCrm, kind: 'boolean' },
  changed_at: { column: changedAt, kind: 'date' },
};

/**
 * Text that people read alphabetically (names and places, from sources in any case: "TYLER GREY", "Alice's")
 * sorts in ICU's root collation: case and accents second (Alice's, Ärzte, AVENUE), not the database's byte order
 * (AVENUE before Alice's, Ärzte after zeta). The name, city and category indexes are built in the same collation
 * (migration 0023), so a page is still picked from an index alone. Domains are lower case; industries are the
 * taxonomy's labels.
 */
const alphabetical = (column: Column): SQL => sql`${column} collate "und-x-icu"`;

const SORT_COLUMNS: Record<SortField, SQLWrapper> = {
  id: businesses.id,
  name: alphabetical(businesses.name),
  domain: businesses.domain,
  city: alphabetical(businesses.city),
  region: alphabetical(businesses.region),
  country: businesses.country,
  category: alphabetical(businesses.category),
  source: businesses.source,
  rating: businesses.rating,
  review_count: businesses.reviewCount,
  enrichment_state: businesses.enrichmentState,
  industry: businesses.industry,
  icp_score: businesses.icpScore,
  icp_tier: businesses.icpTier,
  first_seen_at: businesses.firstSeenAt,
  updated_at: businesses.updatedAt,
  similarity,
};

export interface ResultsSelection {
  search?: string | undefined;
  filters?: Filters | undefined;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
}

export interface ResultsPageQuery extends ResultsSelection {
  page: number;
  pageSize: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const filterError = (field: string, message: string) =>
  badRequest(`filters.${field}: ${message}`, `filters.${field}`);

/** A filter value as the column's type; 400 naming the filter when it is not one. */
function coerce(
  field: string,
  kind: Kind,
  value: string | number | boolean,
): string | number | boolean | Date {
  const fail = (what: string) => filterError(field, `must be ${what}`);
  switch (kind) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      if (!Number.isFinite(n) || (typeof value === 'string' && value.trim() === '')) throw fail('a number');
      return n;
    }
    case 'date': {
      const date = typeof value === 'boolean' ? new Date(Number.NaN) : new Date(value);
      if (Number.isNaN(date.getTime())) throw fail('an ISO date, e.g. 2026-01-31 or 2026-01-31T12:00:00Z');
      return date;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw fail('true or false (or null for unknown)');
      return value;
    default:
      if (typeof value === 'boolean') throw fail('text');
      return String(value);
  }
}

/**
 * The array filters. software and technology: a technology name (case-insensitive), a list of names (any),
 * {contains}, {present}, or null (none); software reads `business_software_names`, the lower-cased names of the
 * business software in the stored software_detection result (what the table shows), technology reads
 * `software_names`, every technology detected (infrastructure too). seniority and email_kind: one of their values
 * or a list (any), {present}, or null (none); they read `people_seniorities` and `email_kinds` of the stored people
 * result. All these columns are kept by triggers.
 */
const ARRAY_FILTERS: Record<
  ArrayField,
  { column: Column; allowed: readonly string[] | null; example: string }
> = {
  software: {
    column: businesses.businessSoftwareNames,
    allowed: null,
    example: 'a technology name, e.g. "WordPress"',
  },
  technology: {
    column: businesses.softwareNames,
    allowed: null,
    example: 'a technology name, e.g. "PHP"',
  },
  seniority: {
    column: businesses.peopleSeniorities,
    allowed: SENIORITIES,
    example: `one of ${SENIORITIES.join(', ')}`,
  },
  email_kind: {
    column: businesses.emailKinds,
    allowed: EMAIL_KINDS,
    example: `one of ${EMAIL_KINDS.join(', ')}`,
  },
};

function arrayCondition(field: ArrayField, value: FilterValue): SQL {
  const { column, allowed, example } = ARRAY_FILTERS[field];
  const none = sql`${column} = '{}'::text[]`;
  const anyOf = (values: unknown[]) => {
    const list = values.map((v) => {
      if (typeof v !== 'string') throw filterError(field, `must be ${example}`);
      const wanted = allowed ? v : v.toLowerCase();
      if (allowed && !allowed.includes(wanted)) throw filterError(field, `must be ${example}`);
      return wanted;
    });
    return sql`${column} && ${sql.param(list)}::text[]`;
  };
  if (value === null) return none;
  if (Array.isArray(value)) {
    const values = value.filter((v) => v !== null);
    const parts: SQL[] = [];
    if (values.length) parts.push(anyOf(values));
    if (values.length < value.length) parts.push(none);
    return parts.length ? (or(...parts) as SQL) : sql`false`;
  }
  if (typeof value === 'object') {
    if ('present' in value) return value.present ? sql`not (${none})` : none;
    if ('contains' in value && !allowed) {
      const pattern = `%${escapeLike(value.contains.toLowerCase())}%`;
      return sql`exists (select 1 from unnest(${column}) as item where item like ${pattern})`;
    }
    throw filterError(field, `{gte, lte} and {contains} do not apply here; give ${example}`);
  }
  return anyOf([value]);
}

/** source: the first source, or any source the business was merged from. */
function sourceEquals(values: string[]): SQL {
  return or(
    inArray(businesses.source, values),
    sql`${businesses.sources} @> any (array[${sql.join(
      values.map((v) => sql`${JSON.stringify([{ source: v }])}::jsonb`),
      sql`, `,
    )}])`,
  ) as SQL;
}

function filterCondition(field: FilterField, value: FilterValue): SQL {
  if (field in ARRAY_FILTERS) return arrayCondition(field as ArrayField, value);
  const { column, kind } = COLUMNS[field as Exclude<FilterField, ArrayField>];
  // Enum and text columns compare as text, so an unknown enum value matches nothing instead of failing.
  const target = kind === 'text' && field === 'enrichment_state' ? sql`${column}::text` : sql`${column}`;
  if (value === null) return isNull(column);
  if (Array.isArray(value)) {
    const values = value.filter((v) => v !== null).map((v) => coerce(field, kind, v));
    const hasNull = value.some((v) => v === null);
    const parts: SQL[] = [];
    if (values.length) {
      parts.push(
        field === 'source'
          ? sourceEquals(values as string[])
          : sql`${target} in (${sql.join(
              values.map((v) => sql`${v}`),
              sql`, `,
            )})`,
      );
    }
    if (hasNull) parts.push(isNull(column));
    return parts.length ? (or(...parts) as SQL) : sql`false`;
  }
  if (typeof value === 'object') {
    if ('present' in value) return value.present ? isNotNull(column) : isNull(column);
    if ('contains' in value) {
      if (kind !== 'text') throw filterError(field, '{contains} works on text fields only');
      return sql`${target} ilike ${`%${escapeLike(value.contains)}%`}`;
    }
    if (kind === 'boolean') throw filterError(field, 'must be true, false or null, not a range');
    const parts: SQL[] = [];
    if (value.gte !== undefined) parts.push(sql`${target} >= ${coerce(field, kind, value.gte)}`);
    if (value.lte !== undefined) parts.push(sql`${target} <= ${coerce(field, kind, value.lte)}`);
    return and(...parts) as SQL;
  }
  const coerced = coerce(field, kind, value);
  if (field === 'source') return sourceEquals([coerced as string]);
  return sql`${target} = ${coerced}`;
}

/**
 * WHERE of the results: the session's current run, the search and every filter. 400 for a bad filter. The run is
 * read in the same statement, so nothing needs to be read before it. `attr.<key>` filters (the imported file's
 * columns) need the session's `attributeColumns` (findAttributeColumnsFor); without them such a filter is a 400.
 * `sessionId` may be a placeholder, filled in when the rendered statement runs (results.repository.ts).
 */
export function resultsWhere(
  sessionId: string | Placeholder,
  selection: Pick<ResultsSelection, 'search' | 'filters'>,
  attributeColumns: readonly AttributeColumn[] = [],
): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(businesses.sessionId, sessionId),
    sql`${businesses.runId} = ${currentRunOf(sessionId)}`,
  ];
  if (selection.search) {
    // search_text is stored lower-cased (schema/businesses.ts): lower() on the words makes the LIKE ignore case.
    conditions.push(sql`${businesses.searchText} like lower(${`%${escapeLike(selection.search)}%`})`);
  }
  for (const [field, value] of Object.entries(selection.filters ?? {})) {
    if (value === undefined) continue;
    // `attr.<key>`: a column of the imported file, typed as the session declares it (attribute-filters.ts).
    conditions.push(
      attributeKeyOf(field) !== null
        ? attributeCondition(field, value, attributeColumns)
        : filterCondition(field as FilterField, value),
    );
  }
  return and(...conditions) as SQL;
}

/**
 * WHERE of an export: the results' search and filters, without the businesses that closed for good unless the
 * export asks for them (`include_closed`, or a filter on `is_closed`).
 */
export function exportWhere(
  sessionId: string,
  selection: ResultsSelection & { include_closed?: boolean | undefined },
  attributeColumns: readonly AttributeColumn[] = [],
): SQL {
  const where = resultsWhere(sessionId, selection, attributeColumns);
  if (selection.include_closed || selection.filters?.is_closed !== undefined) return where;
  return and(where, eq(businesses.isClosed, false)) as SQL;
}

/** What a sort field sorts by: its column, in the collation it sorts in. */
export const sortColumnOf = (sortBy: SortField): SQLWrapper => SORT_COLUMNS[sortBy];

/**
 * ORDER BY of the results: the sort field (nulls last either way), then id so pages never overlap. `over` names
 * the sort key and id of another relation carrying them (a searched page's matches), the businesses' columns else.
 */
export function resultsOrder(
  selection: Pick<ResultsSelection, 'sortBy' | 'sortOrder'>,
  over: { sortKey: SQLWrapper; id: SQLWrapper } = {
    sortKey: SORT_COLUMNS[selection.sortBy],
    id: businesses.id,
  },
): SQL[] {
  const direction = selection.sortOrder === 'asc' ? asc : desc;
  if (selection.sortBy === 'id') return [direction(over.id)];
  return [
    sql`${over.sortKey} ${sql.raw(selection.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`,
    direction(over.id),
  ];
}

/** The session's current run, as an init-plan subquery (a session that never ran has none, so no rows). */
const currentRunOf = (sessionId: string | Placeholder): SQL =>
  sql`(select ${sessions.runId} from ${sessions} where ${sessions.id} = ${sessionId})`;
