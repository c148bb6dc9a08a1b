/**
 * The results map's reads: every business of the results selection that has coordinates (the table's own WHERE
 * from results-where.ts, so map and table always agree), the facts a search area is rebuilt from, and one
 * business with its enrichment results for the drawer a marker opens.
 */
import type { MapPoint } from '@argo/contract';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DatabaseExecutor } from '../../db/client';
import {
  type BusinessRow,
  businesses,
  type EnrichmentResultRow,
  enrichmentResults,
  sessionRuns,
  sessions,
} from '../../db/schema';
import { findAttributeColumnsFor } from './attribute-filters';
import { type ResultsSelection, resultsWhere } from './results-where';

const dialect = new PgDialect();

/**
 * The selection's businesses with coordinates as `[id, name, lat, lng, tier]` rows, and how many businesses the
 * selection holds in all; two statements at once. The points are read as arrays straight from the driver
 * (rowMode 'array'): for 100,000 rows no object per row is built on the way.
 */
export async function findMapPoints(
  db: Database,
  sessionId: string,
  selection: Pick<ResultsSelection, 'search' | 'filters'>,
): Promise<{ points: MapPoint[]; total: number }> {
  // `attr.<key>` filters (the imported file's columns) are typed by the session's columns.
  const where = resultsWhere(
    sessionId,
    selection,
    await findAttributeColumnsFor(db, sessionId, selection.filters),
  );
  const located = and(where, isNotNull(businesses.lat), isNotNull(businesses.lng));
  const query = dialect.sqlToQuery(sql`
    select ${businesses.id}, ${businesses.name}, ${businesses.lat}, ${businesses.lng}, ${businesses.icpTier}
    from ${businesses} where ${located}`);
  const [points, totals] = await Promise.all([
    db.$client.query<MapPoint>({ text: query.sql, values: query.params, rowMode: 'array' }),
    db.select({ total: count() }).from(businesses).where(where),
  ]);
  return { points: points.rows, total: totals[0]?.total ?? 0 };
}

/** What a session's search area is rebuilt from: its type and input, and the area its last search resolved. */
export interface SearchAreaFacts {
  type: 'search' | 'competitors' | 'import';
  input: Record<string, unknown>;
  /** `session_runs.state.plan`, while the last run of the session is its search (an enrichment replaces it). */
  plan: unknown;
}

export async function findSearchAreaFacts(
  db: DatabaseExecutor,
  sessionId: string,
): Promise<SearchAreaFacts | null> {
  const [row] = await db
    .select({
      type: sessions.type,
      input: sessions.input,
      plan: sql<unknown>`${sessionRuns.state} -> 'plan'`,
    })
    .from(sessions)
    .leftJoin(sessionRuns, eq(sessionRuns.sessionId, sessions.id))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

/** One business of the session's current run with its stored enrichment results; null when there is none. */
export async function findSessionBusiness(
  db: DatabaseExecutor,
  sessionId: string,
  businessId: string,
): Promise<{ business: BusinessRow; enrichments: EnrichmentResultRow[] } | null> {
  const [rows, enrichments] = await Promise.all([
    db
      .select()
      .from(businesses)
      .where(and(resultsWhere(sessionId, {}), eq(businesses.id, businessId)))
      .limit(1),
    db.select().from(enrichmentResults).where(eq(enrichmentResults.businessId, businessId)),
  ]);
  const business = rows[0];
  return business ? { business, enrichments } : null;
}
