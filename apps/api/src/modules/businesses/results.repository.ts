/**
 * The results page (GET /user/session/:id/results): one page of the businesses the search and filters select
 * (results-where.ts), in their order, and the total; and the session facts an export reads.
 */
import type { AttributeColumn } from '@argo/contract';
import { count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { businesses, sessions } from '../../db/schema';
import { LISTED_BUSINESS_COLUMNS, type ListedBusinessRow } from './businesses.mapper';
import { listedBusinessJson } from './listed-business-json';
import { type ResultsPageQuery, resultsOrder, resultsWhere, sortColumnOf } from './results-where';
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

/** The columns toListedBusiness maps (the table's, with its software as listed_software keeps it). */
const listedBusinessColumns = (() => {
  const all = getTableColumns(businesses);
  return Object.fromEntries(LISTED_BUSINESS_COLUMNS.map((key) => [key, all[key]])) as {
    [K in (typeof LISTED_BUSINESS_COLUMNS)[number]]: (typeof all)[K];
  };
})();

/** The businesses of these ids, as toListedBusiness maps them (the rows a page could not write as JSON). */
export async function findListedBusinesses(
  db: DatabaseExecutor,
  ids: string[],
): Promise<ListedBusinessRow[]> {
  return db.select(listedBusinessColumns).from(businesses).where(inArray(businesses.id, ids));
}

/** A row of a results page: its id and its JSON (listed-business-json.ts), null for a row the API must map. */
export interface ResultsPageRow {
  id: string;
  json: string | null;
}

const pageRow = { id: businesses.id, json: listedBusinessJson };

/**
 * One page of the results and the total, in one statement: the page (each row as the JSON it is sent as)
 * carries the total as a column, counted once by an uncorrelated sub-query. Only a page past the end, which has no
 * row to carry it, needs a second statement for the total.
 */
export async function findResultsPage(
  db: DatabaseExecutor,
  sessionId: string,
  query: ResultsPageQuery,
  attributeColumns: readonly AttributeColumn[] = [],
): Promise<{ rows: ResultsPageRow[]; total: number }> {
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
      row: pageRow,
      // Each round trip costs the API's event loop more than PostgreSQL's count does (bench/load.mjs).
      total: sql<number>`(${counted})`.mapWith(Number),
    })
    .from(businesses)
    .where(inArray(businesses.id, pageIds))
    .orderBy(...order);
  const total = rows[0]?.total ?? (query.page === 0 ? 0 : ((await counted)[0]?.total ?? 0));
  return { rows: rows.map(({ row }) => row), total };
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
): Promise<{ rows: ResultsPageRow[]; total: number }> {
  const where = resultsWhere(sessionId, query, attributeColumns);
  const matches = db.$with('matches').as(
    db
      .select({ id: businesses.id, sortKey: sql`${sortColumnOf(query.sortBy)}`.as('sort_key') })
      .from(businesses)
      .where(where),
  );
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...resultsOrder(query, matches))
    .limit(query.pageSize)
    .offset(query.page * query.pageSize);
  const rows = await db
    .with(matches)
    .select({
      row: pageRow,
      total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
    })
    .from(businesses)
    .where(inArray(businesses.id, pageIds))
    .orderBy(...resultsOrder(query));
  if (rows[0] || query.page === 0) return { rows: rows.map(({ row }) => row), total: rows[0]?.total ?? 0 };
  // Past the end: no row carries the total.
  const [counted] = await db.select({ total: count() }).from(businesses).where(where);
  return { rows: [], total: counted?.total ?? 0 };
}
