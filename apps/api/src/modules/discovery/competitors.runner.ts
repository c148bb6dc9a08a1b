/**
 * The `session.competitors` job. The engine has no competitor-customer discovery yet (packages/engine/src/
 * discovery/competitors), so the run fails at once with a plain message; the session keeps its input, and a
 * restart runs it again once the engine has it.
 */
import type { JobRunContext } from '../../jobs/define-job';
import { openSessionRun, type SessionJobPayload } from '../sessions/session-run';
import { requireDeps } from './discover.runner';

export const COMPETITORS_UNAVAILABLE = 'Competitor discovery is not available yet.';

export async function runCompetitorsJob(payload: SessionJobPayload, ctx: JobRunContext): Promise<void> {
  const deps = requireDeps(ctx.discovery);
  const run = await openSessionRun(ctx.db, payload, {
    stage: 'discovering',
    jobId: ctx.jobId,
    log: ctx.log,
    queueSignal: ctx.signal,
    retryCount: ctx.retryCount,
    retryLimit: ctx.retryLimit,
    progressIntervalMs: deps.progressIntervalMs,
    cancelPollMs: deps.cancelPollMs,
    linkStored: false,
  });
  if (!run) return;
  try {
    await run.fail(COMPETITORS_UNAVAILABLE, { total: 0, done: 0, failed: 0 });
  } catch (error) {
    await run.settle(error);
  } finally {
    run.close();
  }
}
