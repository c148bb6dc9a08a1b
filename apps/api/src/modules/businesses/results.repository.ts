/**
 * The results query (GET /user/session/:id/results): the businesses of the session's current run, searched
 * (ILIKE on name, domain, city, category, summary), filtered (equality, list, range, contains on the plain
 * columns) and sorted, one page and the total.
 */
import type { FilterField, Filters, FilterValue, SortField } from '@argo/contract';
import { and, asc, type Column, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { type BusinessRow, businesses } from '../../db/schema';
import { badRequest } from '../../http/errors';

type Kind = 'text' | 'number' | 'date' | 'boolean';

const COLUMNS: Record<Exclude<FilterField, 'software'>, { column: Column; kind: Kind }> = {
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

export interface ResultsPageQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  filters?: Filters | undefined;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter value as the column's type; 400 naming the filter when it is not one. */
function coerce(
  field: string,
  kind: Kind,
  value: string | number | boolean,
): string | number | boolean | Date {
  const fail = (what: string) => badRequest(`filters.${field}: must be ${what}`, `filters.${field}`);
  switch (kind) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || !Number.isFinite(n)) throw fail('a number');
      return n;
    }
    case 'date': {
      const date = new Date(String(value));
      if (typeof value === 'boolean' || Number.isNaN(date.getTime())) throw fail('an ISO date');
      return date;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw fail('true or false');
      return value;
    default:
      return String(value);
  }
}

function filterCondition(field: FilterField, value: FilterValue): SQL {
  if (field === 'software') {
    throw badRequest('filters.software: filtering by software arrives with enrichment.', 'filters.software');
  }
  const { column, kind } = COLUMNS[field];
  // Enum and text columns compare as text, so an unknown enum value matches nothing instead of failing.
  const target = kind === 'text' ? sql`${column}::text` : sql`${column}`;
  if (value === null) return isNull(column);
  if (Array.isArray(value)) {
    const values = value.filter((v) => v !== null).map((v) => coerce(field, kind, v));
    const hasNull = value.some((v) => v === null);
    const parts: SQL[] = [];
    if (values.length)
      parts.push(
        sql`${target} in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
    if (hasNull) parts.push(isNull(column));
    return parts.length ? (or(...parts) as SQL) : sql`false`;
  }
  if (typeof value === 'object') {
    if ('contains' in value) {
      if (kind !== 'text') {
        throw badRequest(`filters.${field}: {contains} works on text fields only`, `filters.${field}`);
      }
      return sql`${target} ilike ${`%${escapeLike(value.contains)}%`}`;
    }
    const parts: SQL[] = [];
    if (value.gte !== undefined) parts.push(sql`${target} >= ${coerce(field, kind, value.gte)}`);
    if (value.lte !== undefined) parts.push(sql`${target} <= ${coerce(field, kind, value.lte)}`);
    return and(...parts) as SQL;
  }
  return sql`${target} = ${coerce(field, kind, value)}`;
}

export async function findResultsPage(
  db: DatabaseExecutor,
  sessionId: string,
  runId: string | null,
  query: ResultsPageQuery,
): Promise<{ rows: BusinessRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(businesses.sessionId, sessionId),
    runId ? eq(businesses.runId, runId) : undefined,
  ];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(
        sql`${businesses.name} ilike ${pattern}`,
        sql`${businesses.domain} ilike ${pattern}`,
        sql`${businesses.city} ilike ${pattern}`,
        sql`${businesses.category} ilike ${pattern}`,
        sql`${businesses.summary} ilike ${pattern}`,
      ),
    );
  }
  for (const [field, value] of Object.entries(query.filters ?? {})) {
    if (value !== undefined) conditions.push(filterCondition(field as FilterField, value));
  }
  const where = and(...conditions);
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const sortColumn = SORT_COLUMNS[query.sortBy];
  const order =
    query.sortBy === 'id'
      ? [direction(businesses.id)]
      : [
          sql`${sortColumn} ${sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc')} nulls last`,
          direction(businesses.id),
        ];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(businesses)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(businesses).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
