/**
 * SQL of enrichment results: one row per (business, type), each replacing the earlier one of its type, and the
 * columns of `businesses` an enrichment fills (summary, industry, hiring, ICP score and tier, its state).
 */
import type { AnalyzerType } from '@argo/contract';
import type { PageVersion } from '@argo/engine';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/client';
import {
  type BusinessRow,
  businesses,
  type EnrichmentResultRow,
  type EnrichmentState,
  enrichmentResults,
  type ProducedBy,
} from '../../db/schema';
import { type RunSignals, recordSignals } from '../signals/observations.repository';
import { storePageVersions } from '../signals/page-versions.repository';

/** The stored results of businesses (all types), for the results page and for ICP re-scoring. */
export async function findEnrichmentRows(
  db: DatabaseExecutor,
  businessIds: readonly string[],
): Promise<EnrichmentResultRow[]> {
  if (businessIds.length === 0) return [];
  return db
    .select()
    .from(enrichmentResults)
    .where(inArray(enrichmentResults.businessId, [...businessIds]));
}

export interface StoredResult {
  type: AnalyzerType;
  data: Record<string, unknown>;
  producedBy: ProducedBy;
  sourceUrl: string | null;
  observedAt: Date;
}

/** One business's outcome: its result rows (each replaces the earlier one of its type) and its columns. */
export interface BusinessOutcome {
  accountId: string;
  businessId: string;
  results: StoredResult[];
  state?: EnrichmentState;
  error?: string | null;
  columns: Partial<Pick<BusinessRow, 'summary' | 'industry' | 'hiring' | 'icpScore' | 'icpTier'>>;
  /** The run and what its crawl saw: the results become observations, and what changed events (signals). */
  signals?: RunSignals;
  /** The pages the crawl read, with their validators, for the next cheap re-crawl (absent: kept as they are). */
  pageVersions?: PageVersion[];
}

export async function storeOutcome(db: Database, outcome: BusinessOutcome): Promise<void> {
  await db.transaction(async (tx) => {
    if (outcome.results.length) {
      await tx
        .insert(enrichmentResults)
        .values(
          outcome.results.map((r) => ({
            accountId: outcome.accountId,
            businessId: outcome.businessId,
            type: r.type,
            data: r.data,
            producedBy: r.producedBy,
            sourceUrl: r.sourceUrl,
            observedAt: r.observedAt,
          })),
        )
        .onConflictDoUpdate({
          target: [enrichmentResults.businessId, enrichmentResults.type],
          set: {
            data: sql`excluded.data`,
            producedBy: sql`excluded.produced_by`,
            sourceUrl: sql`excluded.source_url`,
            observedAt: sql`excluded.observed_at`,
          },
        });
    }
    const set = {
      ...outcome.columns,
      ...(outcome.state ? { enrichmentState: outcome.state } : {}),
      ...(outcome.error !== undefined ? { enrichmentError: outcome.error } : {}),
    };
    if (Object.keys(set).length) {
      await tx.update(businesses).set(set).where(eq(businesses.id, outcome.businessId));
    }
    if (outcome.pageVersions?.length) {
      await storePageVersions(tx, outcome.businessId, outcome.pageVersions, new Date());
    }
    if (outcome.signals) {
      await recordSignals(tx, {
        accountId: outcome.accountId,
        businessId: outcome.businessId,
        results: Object.fromEntries(outcome.results.map((r) => [r.type, r.data])),
        signals: outcome.signals,
        at: outcome.results[0]?.observedAt ?? new Date(),
      });
    }
  });
}
