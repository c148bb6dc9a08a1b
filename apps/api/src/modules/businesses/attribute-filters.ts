/**
 * Filters on the imported file's own columns: `filters["attr.<key>"]`, applied in SQL to
 * `businesses.attributes` (jsonb, key → value) as the type the session declares for that column
 * (`sessions.attribute_columns`). The filter's value is checked against that type first, so a wrong one is a 400
 * naming the filter and what to send, never an SQL error.
 *
 * Each comparison reads the value only when its JSON type is the column's (a number column compares numbers, a
 * date column 'YYYY-MM-DD' strings), so an odd stored value is "no match", never a failed cast. No index: these
 * conditions run on the rows of one session's run, which the (session_id, run_id) index has already narrowed
 * (100,000 rows filter in tens of milliseconds).
 */
import { type AttributeColumn, attributeKeyOf, type Filters, type FilterValue } from '@argo/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { businesses, sessions } from '../../db/schema';
import { badRequest } from '../../http/errors';

type Scalar = string | number | boolean;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether any filter names an attribute column (only then the session's columns need reading). */
const hasAttributeFilters = (filters: Filters | undefined): boolean =>
  Object.keys(filters ?? {}).some((key) => attributeKeyOf(key) !== null);

/** The session's attribute columns, read only when the filters use one (one primary-key lookup). */
export async function findAttributeColumnsFor(
  db: DatabaseExecutor,
  sessionId: string,
  filters: Filters | undefined,
): Promise<AttributeColumn[]> {
  return hasAttributeFilters(filters) ? findAttributeColumns(db, sessionId) : [];
}

/** The session's attribute columns in file order (empty for sessions that imported none). */
export async function findAttributeColumns(
  db: DatabaseExecutor,
  sessionId: string,
): Promise<AttributeColumn[]> {
  const [row] = await db
    .select({ columns: sessions.attributeColumns })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.columns ?? [];
}

/** A filter value as the column's type; 400 naming the filter and what it takes when it is not one. */
function coerce(filter: string, column: AttributeColumn, value: Scalar): Scalar {
  const fail = (what: string) =>
    badRequest(
      `filters.${filter}: must be ${what} (“${column.label}” is a ${column.type} column)`,
      `filters.${filter}`,
    );
  switch (column.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      if (!Number.isFinite(n) || (typeof value === 'string' && value.trim() === '')) throw fail('a number');
      return n;
    }
    case 'date': {
      // A date-time is cut to its day: the file's dates have no time.
      const day = typeof value === 'string' ? value.trim().slice(0, 10) : '';
      const parts = DATE.exec(day);
      const date = parts ? new Date(`${day}T00:00:00Z`) : null;
      if (!parts || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
        throw fail('a date as YYYY-MM-DD, e.g. 2020-01-31');
      }
      return day;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw fail('true or false (or null for empty)');
      return value;
    default:
      if (typeof value === 'boolean') throw fail('text');
      return String(value);
  }
}

/**
 * The stored value as SQL of the column's type: numeric for numbers, text for dates ('YYYY-MM-DD' compares in
 * order as text) and text columns, jsonb for booleans; null when the stored JSON type is another.
 */
function typedValue(column: AttributeColumn): SQL {
  const json = sql`(${businesses.attributes} -> ${column.key}::text)`;
  switch (column.type) {
    case 'number':
      return sql`(case when jsonb_typeof(${json}) = 'number' then (${json})::numeric end)`;
    case 'date':
      return sql`(case when jsonb_typeof(${json}) = 'string' then ${businesses.attributes} ->> ${column.key}::text end)`;
    case 'boolean':
      return sql`(case when jsonb_typeof(${json}) = 'boolean' then (${json})::boolean end)`;
    default:
      // Text columns: whatever is stored, as text.
      return sql`(${businesses.attributes} ->> ${column.key}::text)`;
  }
}

const asParam = (column: AttributeColumn, value: Scalar): SQL =>
  column.type === 'number'
    ? sql`${value}::numeric`
    : column.type === 'boolean'
      ? sql`${value}::boolean`
      : sql`${value}::text`;

/** The condition of one `attr.<key>` filter. 400 for a key the session's file does not have or a wrong value. */
export function attributeCondition(
  filter: string,
  value: FilterValue,
  columns: readonly AttributeColumn[],
): SQL {
  const key = attributeKeyOf(filter);
  const column = columns.find((c) => c.key === key);
  if (!column) {
    const known = columns.map((c) => `attr.${c.key} (${c.label})`).join(', ');
    throw badRequest(
      `filters.${filter}: the session's imported file has no column "${key}"; ${
        known ? `its columns: ${known}` : 'it kept no columns of its own'
      }`,
      `filters.${filter}`,
    );
  }
  const target = typedValue(column);
  const empty = sql`${target} is null`;
  if (value === null) return empty;
  if (Array.isArray(value)) {
    const values = value.filter((v): v is Scalar => v !== null).map((v) => coerce(filter, column, v));
    const parts: SQL[] = [];
    if (values.length) {
      parts.push(
        sql`${target} in (${sql.join(
          values.map((v) => asParam(column, v)),
          sql`, `,
        )})`,
      );
    }
    if (values.length < value.length) parts.push(empty);
    return parts.length ? (or(...parts) as SQL) : sql`false`;
  }
  if (typeof value === 'object') {
    if ('present' in value) return value.present ? sql`${target} is not null` : empty;
    if ('contains' in value) {
      if (column.type !== 'text') {
        throw badRequest(
          `filters.${filter}: {contains} works on text columns only; “${column.label}” is a ${column.type} column`,
          `filters.${filter}`,
        );
      }
      return sql`${target} ilike ${`%${escapeLike(value.contains)}%`}`;
    }
    if (column.type === 'boolean' || column.type === 'text') {
      throw badRequest(
        `filters.${filter}: {gte, lte} works on number and date columns only; give ${
          column.type === 'boolean' ? 'true or false' : 'a value, a list or {contains}'
        }`,
        `filters.${filter}`,
      );
    }
    const parts: SQL[] = [];
    if (value.gte !== undefined)
      parts.push(sql`${target} >= ${asParam(column, coerce(filter, column, value.gte))}`);
    if (value.lte !== undefined)
      parts.push(sql`${target} <= ${asParam(column, coerce(filter, column, value.lte))}`);
    return and(...parts) as SQL;
  }
  return sql`${target} = ${asParam(column, coerce(filter, column, value))}`;
}
