/**
 * The signals tick (`signals.tick`, on pg-boss's cron): starts the due watches' re-enrichments through the
 * enrichment run machinery (enrichment.repository's queueEnrichmentRun and the `session.enrich` job), so their
 * progress, cancel and crash safety are an enrichment's. A session busy at its time (running, or never finished)
 * is tried again on the hour; a watch whose businesses are gone says so and waits for its next time.
 */
import { canEnrichSession, ENRICHABLE_STATUSES, Icp } from '@argo/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SignalWatchRow, sessions } from '../../db/schema';
import type { JobContext, JobDispatch } from '../../jobs/define-job';
import { enrichmentJob } from '../../jobs/definitions/enrichment-jobs';
import {
  type EnrichmentRunState,
  findIdsOutsideSession,
  findSessionIcp,
  queueEnrichmentRun,
} from '../enrichment/enrichment.repository';
import { hasIcpCriteria } from '../enrichment/enrichment.rules';
import { failQueuedSession, setRunJobId } from '../sessions/lifecycle.repository';
import { nextRunAfter } from './watch-schedule';
import { claimDueWatches, updateWatch } from './watches.repository';

/** Watches one tick starts at most (the rest wait for the next tick). */
const PER_TICK = 50;

export async function runSignalsTick(ctx: JobContext & { clock?: () => Date }): Promise<void> {
  if (!ctx.jobs) throw new Error('The signals tick needs ctx.jobs to queue enrichments.');
  const now = ctx.clock?.() ?? new Date();
  const due = await claimDueWatches(ctx.db, now, PER_TICK);
  for (const watch of due) {
    try {
      await startWatchRun(ctx.db, ctx.jobs, watch, now);
    } catch (error) {
      ctx.log.error({ err: error, watch: watch.id }, 'could not start a watched re-enrichment');
    }
  }
}

/** Queues one watch's re-enrichment; records why not when it cannot start now. */
async function startWatchRun(
  db: Database,
  jobs: JobDispatch,
  watch: SignalWatchRow,
  now: Date,
): Promise<'queued' | 'busy' | 'skipped'> {
  const [session] = await db
    .select({ id: sessions.id, status: sessions.status, runId: sessions.runId })
    .from(sessions)
    .where(eq(sessions.id, watch.sessionId))
    .limit(1);
  if (!session) return 'skipped';
  const later = nextRunAfter(now, watch.frequency);
  if (!canEnrichSession(session.status) || !session.runId) {
    await updateWatch(db, watch.id, {
      lastError: `The session was ${session.status} at the watch's time; it runs once the session is free.`,
    });
    return 'busy';
  }
  let businessIds = watch.businessIds;
  if (businessIds) {
    const outside = new Set(await findIdsOutsideSession(db, session.id, session.runId, businessIds));
    businessIds = businessIds.filter((id) => !outside.has(id));
    if (businessIds.length === 0) {
      await updateWatch(db, watch.id, {
        nextRunAt: later,
        lastError:
          'The watched businesses are no longer in this session (it was restarted); stop this watch and watch the session again.',
      });
      return 'skipped';
    }
  }
  let types = watch.types;
  if (types.includes('icp_analysis')) {
    const icp = Icp.safeParse((await findSessionIcp(db, session.id)) ?? {});
    if (!icp.success || !hasIcpCriteria(icp.data)) types = types.filter((t) => t !== 'icp_analysis');
  }
  if (types.length === 0) {
    await updateWatch(db, watch.id, {
      nextRunAt: later,
      lastError: "The session's venture has no ICP any more to score against; set it on /ventures.",
    });
    return 'skipped';
  }
  const state: EnrichmentRunState = { kind: 'enrichment', types, business_ids: businessIds, recrawl: true };
  const queued = await db.transaction((tx) =>
    queueEnrichmentRun(tx, {
      sessionId: session.id,
      from: ENRICHABLE_STATUSES,
      state,
      crawls: types.some((t) => t !== 'icp_analysis'),
    }),
  );
  if (!queued) {
    await updateWatch(db, watch.id, {
      lastError: 'The session became busy; the watch runs once it is free.',
    });
    return 'busy';
  }
  try {
    const jobId = await jobs.enqueue(enrichmentJob, { session_id: session.id, token: queued.token });
    if (jobId) await setRunJobId(db, session.id, queued.token, jobId);
  } catch (error) {
    await failQueuedSession(db, session.id, 'The enrichment could not be queued. Retry in a moment.');
    throw error;
  }
  await updateWatch(db, watch.id, { lastRunAt: now, nextRunAt: later, lastError: null });
  return 'queued';
}
