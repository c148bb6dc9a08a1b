/**
 * SQL of enrichment: the businesses a run covers (its scope), their per-business state — which is also the
 * run's resumable cursor (pending/running = still to do) — and the stored results, one row per (business, type).
 */
import { randomUUID } from 'node:crypto';
import type { AnalyzerType } from '@argo/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  type BusinessRow,
  businesses,
  type SessionStatus,
  sessionRuns,
  sessions,
  suppressions,
  type VentureIcp,
  ventures,
} from '../../db/schema';

/** The businesses of one enrichment run: the session's current run, all of it or the listed ids. */
export interface EnrichmentScope {
  sessionId: string;
  runId: string;
  businessIds: string[] | null;
  /** The run covers the businesses chosen when it was queued (`session_runs.scope_ids`, "all matching"). */
  isMatched?: boolean;
  /** Closed businesses (an imported row said so) are in the scope only when the run asked for them. */
  includeClosed?: boolean;
  /** One batch job's share of the scope: the ids after `after` (null: from the first) up to `through`. */
  range?: { after: string | null; through: string };
}

/** What an enrichment run's `session_runs.state` holds. */
export interface EnrichmentRunState extends Record<string, unknown> {
  kind: 'enrichment';
  types: AnalyzerType[];
  business_ids: string[] | null;
  /** The run covers the businesses that matched the table's search and filters when queued (scope_ids). */
  matched?: boolean;
  /** The run asked to enrich closed businesses too (`include_closed`). */
  include_closed?: boolean;
  /** The job token whose retry already turned failed businesses back to pending (a resumed attempt skips it). */
  reset_for?: string;
  /** icp_analysis alone walks the scope in id order: the last id scored, and how many so far. */
  after?: string;
  scored?: number;
  /** The crawl is fanned out in id ranges: the last id handed to a batch job (absent: none yet). */
  sent_through?: string;
  /** Every business after sent_through has been handed out. */
  exhausted?: boolean;
  /** The batch jobs sent and not yet seen to finish. */
  batches?: string[];
  /** Times the scope was swept again for businesses whose batch job gave up. */
  sweeps?: number;
  /**
   * Re-crawl cheaply (a watched run): each site's last pages asked for conditionally, and a site whose pages are
   * all as they were keeps its results without being analysed again.
   */
  recrawl?: boolean;
}

export const isEnrichmentState = (state: Record<string, unknown> | null | undefined): boolean =>
  state?.kind === 'enrichment';

function scopeWhere(scope: EnrichmentScope): SQL {
  return and(
    eq(businesses.sessionId, scope.sessionId),
    eq(businesses.runId, scope.runId),
    scope.businessIds ? inArray(businesses.id, scope.businessIds) : undefined,
    // Kept a hashed subplan (IS TRUE stops it being pulled up into a join): one hash of the ids per statement,
    // whatever the table's statistics say. As a join, or as `= any(array)`, fresh rows (no ANALYZE yet) made it
    // compare every business of the session with every id: minutes for 100,000 rows.
    scope.isMatched
      ? sql`(${businesses.id} in (select unnest(${sessionRuns.scopeIds}) from ${sessionRuns}
          where ${sessionRuns.sessionId} = ${scope.sessionId})) is true`
      : undefined,
    scope.includeClosed ? undefined : eq(businesses.isClosed, false),
    scope.range?.after ? sql`${businesses.id} > ${scope.range.after}` : undefined,
    scope.range ? sql`${businesses.id} <= ${scope.range.through}` : undefined,
  ) as SQL;
}

/** The ids of `ids` that are not businesses of the session's current run. */
export async function findIdsOutsideSession(
  db: DatabaseExecutor,
  sessionId: string,
  runId: string,
  ids: readonly string[],
): Promise<string[]> {
  const found = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(scopeWhere({ sessionId, runId, businessIds: [...ids], includeClosed: true }));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** Businesses of the scope whose last enrichment failed. */
export async function findFailedIds(db: DatabaseExecutor, scope: EnrichmentScope): Promise<string[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(scopeWhere(scope), eq(businesses.enrichmentState, 'failed')));
  return rows.map((r) => r.id);
}

/** How many businesses of the session's current run a results WHERE selects. */
export async function countMatching(db: DatabaseExecutor, where: SQL): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(businesses).where(where);
  return row?.total ?? 0;
}

export async function countScope(db: DatabaseExecutor, scope: EnrichmentScope) {
  const result = await db
    .select({
      total: sql<number>`count(*)::int`,
      remaining: sql<number>`count(*) filter (where ${businesses.enrichmentState} in ('pending', 'running'))::int`,
      failed: sql<number>`count(*) filter (where ${businesses.enrichmentState} = 'failed')::int`,
    })
    .from(businesses)
    .where(scopeWhere(scope));
  return result[0] ?? { total: 0, remaining: 0, failed: 0 };
}

/** The venture ICP of the session, or null when it has no venture. */
/** The suppression list of the session's account (kind + value), for ICP scoring's "reachable" check. */
export async function findSessionSuppressions(
  db: DatabaseExecutor,
  sessionId: string,
): Promise<{ kind: 'email' | 'domain'; value: string }[]> {
  return db
    .select({ kind: suppressions.kind, value: suppressions.value })
    .from(suppressions)
    .innerJoin(sessions, eq(sessions.accountId, suppressions.accountId))
    .where(eq(sessions.id, sessionId));
}

export async function findSessionIcp(db: DatabaseExecutor, sessionId: string): Promise<VentureIcp | null> {
  const [row] = await db
    .select({ icp: ventures.icp })
    .from(sessions)
    .innerJoin(ventures, eq(ventures.id, sessions.ventureId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.icp ?? null;
}

/**
 * Puts a finished session in `queued` for an enrichment of its current run (the businesses stay as they are;
 * nothing is replaced until each business's results arrive). The scope's businesses become `pending` unless
 * only ICP is re-scored (no crawl). Returns the job token, or null when the session is not in `from` any more.
 */
export async function queueEnrichmentRun(
  db: DatabaseExecutor,
  values: {
    sessionId: string;
    from: readonly SessionStatus[];
    state: EnrichmentRunState;
    crawls: boolean;
    /** "All matching": the results WHERE whose businesses the run covers, chosen now (state.matched). */
    matchingWhere?: SQL;
  },
): Promise<{ token: string; runId: string } | null> {
  const [session] = await db
    .select({ status: sessions.status, runId: sessions.runId })
    .from(sessions)
    .where(eq(sessions.id, values.sessionId))
    .for('update');
  if (!session?.runId || !values.from.includes(session.status)) return null;
  const scope = {
    sessionId: values.sessionId,
    runId: session.runId,
    businessIds: values.state.business_ids,
    isMatched: values.state.matched === true,
    includeClosed: values.state.include_closed === true,
  };
  const now = new Date();
  const token = randomUUID();
  const run = {
    runId: session.runId,
    mode: 'run' as const,
    token,
    jobId: null,
    claim: null,
    state: values.state,
    // Chosen by PostgreSQL from the results WHERE: the ids never travel through the API.
    scopeIds: values.matchingWhere
      ? sql`(select coalesce(array_agg(${businesses.id}), '{}') from ${businesses} where ${values.matchingWhere})`
      : null,
    latest: [],
    attemptStartedAt: null,
    doneAtAttemptStart: 0,
    updatedAt: now,
  };
  // The run row first: a matched scope reads its ids from it.
  await db
    .insert(sessionRuns)
    .values({ sessionId: values.sessionId, ...run })
    .onConflictDoUpdate({ target: sessionRuns.sessionId, set: run });
  if (values.crawls) {
    await db
      .update(businesses)
      .set({ enrichmentState: 'pending', enrichmentError: null })
      .where(scopeWhere(scope));
  }
  const { total } = await countScope(db, scope);
  await db
    .update(sessions)
    .set({
      status: 'queued',
      stage: 'enriching',
      error: null,
      finishedAt: null,
      updatedAt: now,
      progressTotal: total,
      progressDone: 0,
      progressFailed: 0,
    })
    .where(eq(sessions.id, values.sessionId));
  return { token, runId: session.runId };
}

/** failed → pending in the scope (a retry of the failed items). */
export async function resetFailed(db: DatabaseExecutor, scope: EnrichmentScope): Promise<void> {
  await db
    .update(businesses)
    .set({ enrichmentState: 'pending' })
    .where(and(scopeWhere(scope), eq(businesses.enrichmentState, 'failed')));
}

/** running → pending in the scope: what a stopped attempt had in flight is done again by the next one. */
export async function resetRunning(db: DatabaseExecutor, scope: EnrichmentScope): Promise<void> {
  await db
    .update(businesses)
    .set({ enrichmentState: 'pending' })
    .where(and(scopeWhere(scope), eq(businesses.enrichmentState, 'running')));
}

/** The scope's businesses still to do (pending, or running when a stopped attempt left them) after `afterId`. */
const toDoAfter = (scope: EnrichmentScope, afterId: string | null) =>
  and(
    scopeWhere(scope),
    inArray(businesses.enrichmentState, ['pending', 'running']),
    afterId ? sql`${businesses.id} > ${afterId}` : undefined,
  );

/** The businesses still to do in the scope (a batch's range), in id order. */
export async function findBusinessesToEnrich(
  db: DatabaseExecutor,
  scope: EnrichmentScope,
  limit: number,
): Promise<BusinessRow[]> {
  return db.select().from(businesses).where(toDoAfter(scope, null)).orderBy(businesses.id).limit(limit);
}

/** The ids of the next businesses still to do after `afterId`, in id order: the next batch's range. */
export async function findIdsToEnrich(
  db: DatabaseExecutor,
  scope: EnrichmentScope,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(toDoAfter(scope, afterId))
    .orderBy(businesses.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** pending/running → failed with the reason, in the scope: what no attempt could do. */
export async function failRemaining(db: DatabaseExecutor, scope: EnrichmentScope, reason: string) {
  await db
    .update(businesses)
    .set({ enrichmentState: 'failed', enrichmentError: reason })
    .where(and(scopeWhere(scope), inArray(businesses.enrichmentState, ['pending', 'running'])));
}

/**
 * The open enrichment run a batch job was sent for: the session still running it with the job's token, the
 * run's id and state; null when the run ended, was cancelled or replaced.
 */
export async function findOpenEnrichmentRun(
  db: DatabaseExecutor,
  sessionId: string,
  token: string,
): Promise<{ accountId: string; runId: string; state: Record<string, unknown> } | null> {
  const [row] = await db
    .select({ accountId: sessions.accountId, runId: sessionRuns.runId, state: sessionRuns.state })
    .from(sessions)
    .innerJoin(sessionRuns, eq(sessionRuns.sessionId, sessions.id))
    .where(and(eq(sessions.id, sessionId), eq(sessions.status, 'running'), eq(sessionRuns.token, token)))
    .limit(1);
  return row ? { accountId: row.accountId, runId: row.runId, state: row.state ?? {} } : null;
}

/**
 * A cancelled run's progress recounted from the businesses' states: a batch job stores what it had in flight
 * until it sees the cancel, after the coordinator wrote the run's last progress.
 */
export async function recountCancelledProgress(db: DatabaseExecutor, scope: EnrichmentScope): Promise<void> {
  const { range: _, ...wholeScope } = scope;
  const counts = await countScope(db, wholeScope);
  await db
    .update(sessions)
    .set({
      progressTotal: counts.total,
      progressDone: counts.total - counts.remaining,
      progressFailed: counts.failed,
    })
    .where(and(eq(sessions.id, scope.sessionId), eq(sessions.status, 'cancelled')));
}

/** Batch jobs the account's other running enrichments have sent and not yet seen finish. */
export async function countAccountBatches(
  db: DatabaseExecutor,
  accountId: string,
  exceptSessionId: string,
): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select coalesce(sum(jsonb_array_length(r.state -> 'batches')), 0)::int as n
    from ${sessionRuns} r join ${sessions} s on s.id = r.session_id
    where s.account_id = ${accountId} and s.status = 'running' and s.id <> ${exceptSessionId}
      and jsonb_typeof(r.state -> 'batches') = 'array'`);
  return result.rows[0]?.n ?? 0;
}

/** Every business of the scope after `afterId`, in id order (ICP re-scoring walks them all). */
export async function findScopeBusinesses(
  db: DatabaseExecutor,
  scope: EnrichmentScope,
  afterId: string | null,
  limit: number,
): Promise<BusinessRow[]> {
  return db
    .select()
    .from(businesses)
    .where(and(scopeWhere(scope), afterId ? sql`${businesses.id} > ${afterId}` : undefined))
    .orderBy(businesses.id)
    .limit(limit);
}

/**
 * pending → running; false when the business is not pending (another job took it): two jobs never crawl one
 * business at once.
 */
export async function claimBusiness(db: DatabaseExecutor, businessId: string): Promise<boolean> {
  const rows = await db
    .update(businesses)
    .set({ enrichmentState: 'running' })
    .where(and(eq(businesses.id, businessId), eq(businesses.enrichmentState, 'pending')))
    .returning({ id: businesses.id });
  return rows.length > 0;
}
