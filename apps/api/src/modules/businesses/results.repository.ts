/**
 * The results query (GET /user/session/:id/results and the export): the businesses of the session's current run,
 * searched (one ILIKE over name, domain, city, category and summary, served by a trigram index), filtered
 * (equality, list, range, contains, present/absent on the business columns; software by name from the stored
 * software_detection results; source over every merged source) and sorted, one page and the total.
 *
 * The WHERE and ORDER BY built here are shared with the export (export.repository.ts), so a CSV holds exactly
 * the rows the table shows.
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
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { BUSINESS_SEARCH_DOCUMENT_SQL, businesses, sessions } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { attributeCondition } from './attribute-filters';
import { LISTED_BUSINESS_COLUMNS, type ListedBusinessRow } from './businesses.mapper';

type Kind = 'text' | 'number' | 'date' | 'boolean';

/** Filters over a text[] column: any of the values, none ({present: false} or null), or some ({present: true}). */
type ArrayField = 'software' | 'technology' | 'seniority' | 'email_kind';

const COLUMNS: Record<Exclude<FilterField, ArrayField>, { column: Column; kind: Kind }> = {
  name: { column: businesses.name, kind: 'text' },
  website: { column: businesses.website, kind: 'text' },
  domain: { column: businesses.domain, kind: 'text' },
  email: { column: businesses.email, kind: 'text' },
  phone: { column: businesses.phone, kind: 'text' },
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
  first_seen_at: { column: businesses.firstSeenAt, kind: 'date' },
  updated_at: { column: businesses.updatedAt, kind: 'date' },
  decision_maker: { column: businesses.decisionMaker, kind: 'boolean' },
  is_closed: { column: businesses.isClosed, kind: 'boolean' },
};

const SORT_COLUMNS: Record<SortField, Column> = {
  id: businesses.id,
  name: businesses.name,
  domain: businesses.domain,
  city: businesses.city,
  region: businesses.region,
  country: businesses.country,
  category: businesses.category,
  source: businesses.source,
  rating: businesses.rating,
  review_count: businesses.reviewCount,
  enrichment_state: businesses.enrichmentState,
  industry: businesses.industry,
  icp_score: businesses.icpScore,
  icp_tier: businesses.icpTier,
  first_seen_at: businesses.firstSeenAt,
  updated_at: businesses.updatedAt,
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
 */
export function resultsWhere(
  sessionId: string,
  selection: Pick<ResultsSelection, 'search' | 'filters'>,
  attributeColumns: readonly AttributeColumn[] = [],
): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(businesses.sessionId, sessionId),
    sql`${businesses.runId} = ${currentRunOf(sessionId)}`,
  ];
  if (selection.search) {
    conditions.push(sql`${BUSINESS_SEARCH_DOCUMENT_SQL} ilike ${`%${escapeLike(selection.search)}%`}`);
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

/** ORDER BY of the results: the sort field (nulls last either way), then id so pages never overlap. */
export function resultsOrder(selection: Pick<ResultsSelection, 'sortBy' | 'sortOrder'>): SQL[] {
  const direction = selection.sortOrder === 'asc' ? asc : desc;
  if (selection.sortBy === 'id') return [direction(businesses.id)];
  const column = SORT_COLUMNS[selection.sortBy];
  return [
    sql`${column} ${sql.raw(selection.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`,
    direction(businesses.id),
  ];
}

/** The session's current run, as an init-plan subquery (a session that never ran has none, so no rows). */
const currentRunOf = (sessionId: string): SQL =>
  sql`(select ${sessions.runId} from ${sessions} where ${sessions.id} = ${sessionId})`;

/** The session's name (the export's file name) and its imported attribute columns (its extra columns, filters). */
export async function findExportedSession(
  db: DatabaseExecutor,
  sessionId: string,
): Promise<{ name: string; attributeColumns: AttributeColumn[] } | null> {
  const [row] = await db
    .select({ name: sessions.name, attributeColumns: sessions.attributeColumns })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ? { name: row.name, attributeColumns: row.attributeColumns ?? [] } : null;
}

/** The columns a results page reads (the table's, with its software as listed_software keeps it). */
const listedBusinessColumns = (() => {
  const all = getTableColumns(businesses);
  return Object.fromEntries(LISTED_BUSINESS_COLUMNS.map((key) => [key, all[key]])) as {
    [K in (typeof LISTED_BUSINESS_COLUMNS)[number]]: (typeof all)[K];
  };
})();

/**
 * One page of the results and the total, in one statement: the page (the table's columns, the software too)
 * carries the total as a column, counted once by an uncorrelated sub-query. Only a page past the end, which has no
 * row to carry it, needs a second statement for the total.
 */
export async function findResultsPage(
  db: DatabaseExecutor,
  sessionId: string,
  query: ResultsPageQuery,
  attributeColumns: readonly AttributeColumn[] = [],
): Promise<{ rows: ListedBusinessRow[]; total: number }> {
  if (query.search) return findSearchedPage(db, sessionId, query, attributeColumns);
  const where = resultsWhere(sessionId, query, attributeColumns);
  const order = resultsOrder(query);
  // Late row lookup: pick the page's ids first — for a plain sort an index-only scan of a sort index, so the
  // rows an OFFSET skips are never read from the table — then read only those rows.
  const pageIds = db
    .select({ id: businesses.id })
    .from(businesses)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(query.page * query.pageSize);
  const counted = db.select({ total: count() }).from(businesses).where(where);
  const rows = await db
    .select({
      business: listedBusinessColumns,
      // Each round trip costs the API's event loop more than PostgreSQL's count does (bench/load.mjs).
      total: sql<number>`(${counted})`.mapWith(Number),
    })
    .from(businesses)
    .where(inArray(businesses.id, pageIds))
    .orderBy(...order);
  const total = rows[0]?.total ?? (query.page === 0 ? 0 : ((await counted)[0]?.total ?? 0));
  return { rows: rows.map((row) => row.business), total };
}

/**
 * A searched page: the matches (id and sort key) are found once, in a CTE that the total and the page's ids both
 * read (PostgreSQL materialises a CTE read twice). Each match is a row whose text the ILIKE must read; finding them
 * twice, once to count and once to page, cost twice the time at 100,000 businesses (bench/results-query.mjs: the
 * last page of a search with two filters, 30.2 → 15.8 ms of SQL; page 0 alike). A plain page keeps
 * findResultsPage's form, whose page an index walk finds without reading every match.
 */
async function findSearchedPage(
  db: DatabaseExecutor,
  sessionId: string,
  query: ResultsPageQuery,
  attributeColumns: readonly AttributeColumn[],
): Promise<{ rows: ListedBusinessRow[]; total: number }> {
  const matches = db.$with('matches').as(
    db
      .select({ id: businesses.id, sortKey: sql`${SORT_COLUMNS[query.sortBy]}`.as('sort_key') })
      .from(businesses)
      .where(resultsWhere(sessionId, query, attributeColumns)),
  );
  const direction = query.sortOrder === 'asc' ? 'asc' : 'desc';
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(
      sql`${matches.sortKey} ${sql.raw(direction)} nulls last`,
      sql`${matches.id} ${sql.raw(direction)}`,
    )
    .limit(query.pageSize)
    .offset(query.page * query.pageSize);
  const rows = await db
    .with(matches)
    .select({
      business: listedBusinessColumns,
      total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
    })
    .from(businesses)
    .where(inArray(businesses.id, pageIds))
    .orderBy(...resultsOrder(query));
  if (rows[0] || query.page === 0)
    return { rows: rows.map((row) => row.business), total: rows[0]?.total ?? 0 };
  // Past the end: no row carries the total.
  const [counted] = await db
    .select({ total: count() })
    .from(businesses)
    .where(resultsWhere(sessionId, query, attributeColumns));
  return { rows: [], total: counted?.total ?? 0 };
}
