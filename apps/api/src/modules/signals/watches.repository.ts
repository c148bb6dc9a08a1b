/** SQL of watches: one per session, listed by the sessions the actor may see; the due ones claimed by the tick. */
import type { AnalyzerType } from '@argo/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import {
  businesses,
  enrichmentResults,
  type SignalWatchRow,
  sessionRuns,
  sessions,
  signalWatches,
  users,
} from '../../db/schema';
import type { ActorUser } from '../../http/auth';
import { sessionListRule } from '../access/access.repository';

export interface WatchWithNames extends SignalWatchRow {
  sessionName: string;
  createdByName: string | null;
}

function selectWatches(db: DatabaseExecutor) {
  return db
    .select({ watch: signalWatches, sessionName: sessions.name, createdByName: users.name })
    .from(signalWatches)
    .innerJoin(sessions, eq(sessions.id, signalWatches.sessionId))
    .leftJoin(users, eq(users.id, signalWatches.createdBy));
}

const flatten = (rows: { watch: SignalWatchRow; sessionName: string; createdByName: string | null }[]) =>
  rows.map(
    (r): WatchWithNames => ({ ...r.watch, sessionName: r.sessionName, createdByName: r.createdByName }),
  );

/** The watches of the sessions the actor may see, newest first; of one session when `sessionId` is given. */
export async function listWatches(
  db: DatabaseExecutor,
  actor: ActorUser,
  sessionId?: string,
): Promise<WatchWithNames[]> {
  const rows = await selectWatches(db)
    .where(
      and(
        eq(signalWatches.accountId, actor.accountId),
        sessionListRule(actor).visible,
        sessionId ? eq(signalWatches.sessionId, sessionId) : undefined,
      ),
    )
    .orderBy(desc(signalWatches.createdAt));
  return flatten(rows);
}

export async function findWatch(
  db: DatabaseExecutor,
  accountId: string,
  watchId: string,
): Promise<WatchWithNames | null> {
  const rows = await selectWatches(db)
    .where(and(eq(signalWatches.id, watchId), eq(signalWatches.accountId, accountId)))
    .limit(1);
  return flatten(rows)[0] ?? null;
}

/** Inserts the session's watch; null when the session already has one. */
export async function insertWatch(
  db: DatabaseExecutor,
  values: typeof signalWatches.$inferInsert,
): Promise<string | null> {
  const [row] = await db
    .insert(signalWatches)
    .values(values)
    .onConflictDoNothing({ target: signalWatches.sessionId })
    .returning({ id: signalWatches.id });
  return row?.id ?? null;
}

export async function updateWatch(
  db: DatabaseExecutor,
  watchId: string,
  values: Partial<Pick<SignalWatchRow, 'frequency' | 'status' | 'nextRunAt' | 'lastRunAt' | 'lastError'>>,
): Promise<void> {
  await db.update(signalWatches).set(values).where(eq(signalWatches.id, watchId));
}

export async function deleteWatch(db: DatabaseExecutor, watchId: string): Promise<void> {
  await db.delete(signalWatches).where(eq(signalWatches.id, watchId));
}

/**
 * The analyzers of the session's enrichment: its run's when the session's last run was an enrichment, else
 * those whose results its current businesses hold.
 */
export async function findLastEnrichmentTypes(
  db: DatabaseExecutor,
  sessionId: string,
): Promise<AnalyzerType[]> {
  const [run] = await db
    .select({ state: sessionRuns.state })
    .from(sessionRuns)
    .where(eq(sessionRuns.sessionId, sessionId))
    .limit(1);
  const state = run?.state as { kind?: string; types?: AnalyzerType[] } | null | undefined;
  if (state?.kind === 'enrichment' && state.types?.length) return state.types;
  const rows = await db
    .selectDistinct({ type: enrichmentResults.type })
    .from(enrichmentResults)
    .innerJoin(businesses, eq(businesses.id, enrichmentResults.businessId))
    .innerJoin(sessions, and(eq(sessions.id, businesses.sessionId), eq(sessions.runId, businesses.runId)))
    .where(eq(businesses.sessionId, sessionId));
  return rows.map((r) => r.type);
}

/**
 * Claims up to `limit` due watches (active, next run passed) for this tick: their next run moves an hour on
 * now, so a tick in another process never takes them too; the runner sets the real next run.
 */
export async function claimDueWatches(
  db: DatabaseExecutor,
  now: Date,
  limit: number,
): Promise<SignalWatchRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: signalWatches.id })
      .from(signalWatches)
      .where(and(eq(signalWatches.status, 'active'), sql`${signalWatches.nextRunAt} <= ${now}`))
      .orderBy(signalWatches.nextRunAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(signalWatches)
      .set({ nextRunAt: new Date(now.getTime() + 60 * 60 * 1000) })
      .where(
        inArray(
          signalWatches.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}
