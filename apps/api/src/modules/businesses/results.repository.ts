/**
 * The results page (GET /user/session/:id/results): one page of the businesses the search and filters select
 * (results-where.ts), in their order, and the total; and the session facts an export reads.
 */
import type { AttributeColumn } from '@argo/contract';
import { createLruCache } from '@argo/engine';
import {
  count,
  eq,
  fillPlaceholders,
  getTableColumns,
  inArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DatabaseExecutor } from '../../db/client';
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

/**
 * A page of results as PostgreSQL writes it (listed-business-json.ts): its rows' JSON joined by commas in the page's
 * order, and the total. A row it could not write stands as `{"unwritten":"<id>"}`, its id in `unwritten`, for the
 * API to map and put in its place (withRowsWritten).
 */
export interface ResultsPageJson {
  items: string;
  unwritten: string[];
  total: number;
}

/** A stand-in is the row's id between these (pageStatement writes it, withRowsWritten finds it). */
const STAND_IN = ['{"unwritten":"', '"}'] as const;

/**
 * `page.items` with each stand-in replaced by the row's JSON from `written` (id → JSON), or left out when the row
 * is gone (deleted between the two reads). A stand-in begins the items or follows a row's closing `},`; nothing else
 * in a page can read so (the keys inside a row are the contract's, and its attributes' values are scalars).
 */
export function withRowsWritten(page: ResultsPageJson, written: ReadonlyMap<string, string>): string {
  let items = page.items;
  for (const id of page.unwritten) {
    const stand = `${STAND_IN[0]}${id}${STAND_IN[1]}`;
    const after = items.indexOf(`},${stand}`);
    const start = items.startsWith(stand) ? 0 : after < 0 ? -1 : after + 2;
    if (start < 0) continue;
    const end = start + stand.length;
    const json = written.get(id);
    items =
      json !== undefined
        ? items.slice(0, start) + json + items.slice(end)
        : start === 0
          ? items.slice(end + (items[end] === ',' ? 1 : 0))
          : items.slice(0, start - 1) + items.slice(end);
  }
  return items;
}

/** The columns of a page's rows that pageStatement reads (each row also carries the total). */
const pageRow = (order: SQL[]) => ({
  id: businesses.id,
  json: listedBusinessJson.as('json'),
  position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position'),
});

/**
 * The page's rows (a select of pageRow's columns and `total`) read as one row: one message for the API to read
 * instead of one per business, and no row objects for it to build and drop.
 */
const pageStatement = (rows: SQLWrapper): SQL => sql`
    select string_agg(coalesce(page.json, ${STAND_IN[0]} || page.id || ${STAND_IN[1]}), ',' order by page.position)
        as items,
      array_agg(page.id) filter (where page.json is null) as unwritten,
      max(page.total) as total
    from ${rows} as page`;

/** What a rendered page statement leaves open, filled in for each page (fillPlaceholders). */
const SESSION = sql.placeholder('sessionId');
const OFFSET = sql.placeholder('offset');

/**
 * The page size, written into the statement: with it a placeholder, PostgreSQL's generic plan of a named statement
 * (below) guesses a tenth of the session's rows per page, costs that above a plan for the actual size, and so plans
 * every page afresh. The contract bounds it (1–5,000); it is part of the shape, so each size is its own statement.
 */
function pageLimit(pageSize: number): number {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1)
    throw new Error(`page size ${pageSize} is not a count`);
  // drizzle types limit() as a number or a placeholder, and writes any SQL object given it as it is.
  return sql.raw(String(pageSize)) as unknown as number;
}

interface RenderedStatement {
  text: string;
  params: unknown[];
  /** The name it is prepared under on each connection, when it is one of the few kept prepared (preparedName). */
  name: string | undefined;
}

/**
 * Page statements as drizzle renders them (text and parameters), kept by everything that shapes one but the session
 * and the offset, which stay placeholders: each is built once and then run with the session and the offset filled in.
 * Rendering the few hundred parts of a page's statement showed in the API's CPU profile (docs/performance.md). The key holds the search's and the filters' values, which the rendered parameters carry. The least
 * recently used go past RENDERED_MAX.
 */
const RENDERED_MAX = 500;
const rendered = createLruCache<RenderedStatement>({ max: RENDERED_MAX });
const dialect = new PgDialect();

/**
 * A page without filters runs as a statement prepared under a name, whose plan PostgreSQL keeps for the connection:
 * planning a page's statement (its fifty rows' JSON) cost more than a third of running it (docs/performance.md). Its text is the same
 * for every session and search (their values are parameters), so only the sort and the page size make a new one:
 * at most PREPARED_MAX are named in a process, ~270 KB each on every pooled connection; the rest run unnamed,
 * planned each time. Not named:
 * - a filtered page: its text holds the filters' structure, which users vary without end;
 * - a search without three letters or digits in a row: the trigram index finds nothing in it, and the kept plan,
 *   made for any search, walks the whole index, slower than a plan made for the search.
 */
export const PREPARED_MAX = 16;
const preparedNames = new Map<string, string>();
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

function preparedName(text: string, query: ResultsPageQuery): string | undefined {
  const filtered = Object.values(query.filters ?? {}).some((value) => value !== undefined);
  if (filtered || (query.search && !TRIGRAM.test(query.search))) return undefined;
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < PREPARED_MAX) {
    name = `argo_results_page_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}

function renderedStatement(key: string, query: ResultsPageQuery, build: () => SQL): RenderedStatement {
  let statement = rendered.get(key);
  if (!statement) {
    const { sql: text, params } = dialect.sqlToQuery(build());
    statement = { text, params, name: preparedName(text, query) };
    rendered.set(key, statement);
  }
  return statement;
}

/** How many page statements are kept rendered, and how many of them are prepared under a name (tests). */
export const renderedPageStatements = () => rendered.size;
export const preparedPageStatements = () => preparedNames.size;

async function runPage(
  db: Database,
  statement: RenderedStatement,
  sessionId: string,
  query: ResultsPageQuery,
): Promise<ResultsPageJson | null> {
  const result = await db.$client.query<{
    items: string | null;
    unwritten: string[] | null;
    total: string | null;
  }>({
    name: statement.name,
    text: statement.text,
    values: fillPlaceholders(statement.params, { sessionId, offset: query.page * query.pageSize }),
  });
  const row = result.rows[0];
  if (!row?.items) return null;
  return { items: row.items, unwritten: row.unwritten ?? [], total: Number(row.total) };
}

/** Everything that shapes a page's statement but the session and the offset. */
const shapeOf = (kind: string, query: ResultsPageQuery, attributeColumns: readonly AttributeColumn[]) =>
  JSON.stringify([
    kind,
    query.search,
    query.filters,
    query.sortBy,
    query.sortOrder,
    query.pageSize,
    attributeColumns,
  ]);

/**
 * One page of the results and the total, in one statement: the page's rows (each as the JSON it is sent as) carry
 * the total, counted once by an uncorrelated sub-query, and are read as one row (pageStatement). Only a page past the
 * end, which has no row to carry it, needs a second statement for the total.
 */
export async function findResultsPage(
  db: Database,
  sessionId: string,
  query: ResultsPageQuery,
  attributeColumns: readonly AttributeColumn[] = [],
): Promise<ResultsPageJson> {
  if (query.search) return findSearchedPage(db, sessionId, query, attributeColumns);
  const statement = renderedStatement(shapeOf('plain', query, attributeColumns), query, () => {
    const where = resultsWhere(SESSION, query, attributeColumns);
    const order = resultsOrder(query);
    // Late row lookup: pick the page's ids first — for a plain sort an index-only scan of a sort index, so the
    // rows an OFFSET skips are never read from the table — then read only those rows.
    const pageIds = db
      .select({ id: businesses.id })
      .from(businesses)
      .where(where)
      .orderBy(...order)
      .limit(pageLimit(query.pageSize))
      .offset(OFFSET);
    const counted = db.select({ total: count() }).from(businesses).where(where);
    return pageStatement(
      db
        .select({
          ...pageRow(order),
          // Each round trip costs the API's event loop more than PostgreSQL's count does (bench/load.mjs).
          total: sql<number>`(${counted})`.as('total'),
        })
        .from(businesses)
        .where(inArray(businesses.id, pageIds)),
    );
  });
  const page = await runPage(db, statement, sessionId, query);
  if (page) return page;
  return {
    items: '',
    unwritten: [],
    total: query.page === 0 ? 0 : await countMatches(db, sessionId, query, attributeColumns),
  };
}

/**
 * A searched page: the matches (id and sort key) are found once, in a CTE that the total and the page's ids both
 * read (PostgreSQL materialises a CTE read twice). Each match is a row whose text the ILIKE must read; finding them
 * twice, once to count and once to page, cost twice the time at 100,000 businesses (bench/results-query.mjs;
 * figures in docs/performance.md). A plain page keeps
 * findResultsPage's form, whose page an index walk finds without reading every match.
 */
async function findSearchedPage(
  db: Database,
  sessionId: string,
  query: ResultsPageQuery,
  attributeColumns: readonly AttributeColumn[],
): Promise<ResultsPageJson> {
  const statement = renderedStatement(shapeOf('searched', query, attributeColumns), query, () => {
    const matches = db.$with('matches').as(
      db
        .select({ id: businesses.id, sortKey: sql`${sortColumnOf(query.sortBy)}`.as('sort_key') })
        .from(businesses)
        .where(resultsWhere(SESSION, query, attributeColumns)),
    );
    const pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(...resultsOrder(query, matches))
      .limit(pageLimit(query.pageSize))
      .offset(OFFSET);
    return pageStatement(
      db
        .with(matches)
        .select({
          ...pageRow(resultsOrder(query)),
          total: sql<number>`(select count(*) from ${matches})`.as('total'),
        })
        .from(businesses)
        .where(inArray(businesses.id, pageIds)),
    );
  });
  const page = await runPage(db, statement, sessionId, query);
  if (page) return page;
  if (query.page === 0) return { items: '', unwritten: [], total: 0 };
  // Past the end: no row carries the total.
  return { items: '', unwritten: [], total: await countMatches(db, sessionId, query, attributeColumns) };
}

/** The businesses a page's search and filters select, counted (a page past the end has no row to carry it). */
async function countMatches(
  db: Database,
  sessionId: string,
  query: ResultsPageQuery,
  attributeColumns: readonly AttributeColumn[],
): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(businesses)
    .where(resultsWhere(sessionId, query, attributeColumns));
  return counted?.total ?? 0;
}
