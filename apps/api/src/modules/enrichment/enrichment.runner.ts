/**
 * The `session.enrich` job: the coordinator of one enrichment run. It splits the run's businesses
 * into id ranges of `batchSize` and sends each as a `session.enrich.batch` job that any worker process takes
 * (enrichment-batch.runner.ts), keeping at most `accountBatches` of the account's batches queued or running, and
 * sending an account's batches ahead of those of accounts with more in flight; it writes the run's one progress
 * from the businesses' states, and completes the run when every batch is over. The per-business state is the
 * cursor: a resumed coordinator (restart of the worker, expiry) goes on with the batches it sent; a retry first
 * turns the failed businesses back to pending. A batch whose retries ran out leaves its businesses pending: the
 * coordinator sweeps the scope again for them (MAX_SWEEPS times, then they fail with a reason).
 * icp_analysis alone re-scores from stored results, no HTTP, in this job.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { JobDispatch, JobRunContext } from '../../jobs/define-job';
import { enrichmentBatchJob } from '../../jobs/definitions/enrichment-batch-job';
import { openSessionRun, RunFailure, type SessionJobPayload, type SessionRun } from '../sessions/session-run';
import { enrichSite } from './analyze';
import {
  type Analysis,
  businessOf,
  crawlsSites,
  EMPTY_CRAWL,
  loadAnalysis,
  outcomeOf,
  previousOf,
  requireEnrichmentDeps,
  scopeOf,
} from './enrichment.analysis';
import type { EnrichmentDeps } from './enrichment.deps';
import {
  countAccountBatches,
  countScope,
  type EnrichmentRunState,
  type EnrichmentScope,
  failRemaining,
  findIdsToEnrich,
  findScopeBusinesses,
  isEnrichmentState,
  resetFailed,
  resetRunning,
} from './enrichment.repository';
import { findEnrichmentRows, storeOutcome } from './enrichment-results.repository';

const BATCH = 100;
/** Sweeps of the scope for businesses whose batch job gave up, before they are failed with GAVE_UP. */
const MAX_SWEEPS = 3;
const GAVE_UP = 'Enrichment stopped on this business in several tries (the worker failed on it each time).';
/** pg-boss states of a job that may still run. */
const GOING = new Set(['created', 'retry', 'active']);

export async function runEnrichmentJob(payload: SessionJobPayload, ctx: JobRunContext): Promise<void> {
  const deps = requireEnrichmentDeps(ctx.enrichment);
  const run = await openSessionRun<EnrichmentRunState>(ctx, payload, {
    stage: 'enriching',
    progressIntervalMs: deps.progressIntervalMs,
    cancelPollMs: deps.cancelPollMs,
    linkStored: false,
  });
  if (!run) return;
  const scope = scopeOf(run.sessionId, run.runId, run.state);
  const crawls = crawlsSites(run.state);
  try {
    if (!isEnrichmentState(run.state))
      throw new RunFailure('This run is not an enrichment; restart the session.');
    if (crawls) {
      if (!ctx.jobs) throw new Error('The enrichment job needs ctx.jobs to send its batch jobs.');
      await fanOut(run, ctx, ctx.jobs, deps, payload.token, scope);
    } else {
      const analysis = await loadAnalysis(ctx, deps, run.sessionId, run.signal);
      await rescoreIcp(run, ctx, scope, analysis, payload.token);
    }
  } catch (error) {
    if (crawls) await resetRunning(ctx.db, scope).catch(() => undefined);
    await run.settle(error);
  } finally {
    run.close();
  }
}

/** Sends the run's batches as the account's budget allows and follows them until every one is over. */
async function fanOut(
  run: SessionRun<EnrichmentRunState>,
  ctx: JobRunContext,
  jobs: JobDispatch,
  deps: EnrichmentDeps,
  token: string,
  scope: EnrichmentScope,
): Promise<void> {
  let state: EnrichmentRunState = { ...run.state };
  if (run.mode === 'retry' && state.reset_for !== token) {
    await resetFailed(ctx.db, scope);
    state = { ...state, reset_for: token, sent_through: undefined, exhausted: false, sweeps: 0 };
  }
  let batches = state.batches ?? [];
  let progress = run.progress;
  for (;;) {
    const states = batches.length ? await jobs.findStates(enrichmentBatchJob, batches) : new Map();
    batches = batches.filter((id) => GOING.has(states.get(id) ?? ''));
    const others = await countAccountBatches(ctx.db, run.accountId, run.sessionId);
    while (!state.exhausted && others + batches.length < deps.accountBatches) {
      const ids = await findIdsToEnrich(ctx.db, scope, state.sent_through ?? null, deps.batchSize);
      const through = ids.at(-1);
      if (!through) {
        state = { ...state, exhausted: true };
        break;
      }
      const id = await jobs.enqueue(
        enrichmentBatchJob,
        { session_id: run.sessionId, token, after: state.sent_through ?? null, through },
        { priority: -(others + batches.length) },
      );
      if (id) batches = [...batches, id];
      state = { ...state, sent_through: through, batches };
      // The range is handed out once the state says so: a coordinator resumed after this sends the next one.
      await run.commit({ state, progress });
    }
    state = { ...state, batches };
    const counts = await countScope(ctx.db, scope);
    progress = { total: counts.total, done: counts.total - counts.remaining, failed: counts.failed };
    if (state.exhausted && batches.length === 0) {
      if (counts.remaining === 0) {
        await run.complete(progress);
        return;
      }
      // Every batch is over and some businesses are still to do: their batch's retries ran out.
      await resetRunning(ctx.db, scope);
      if ((state.sweeps ?? 0) >= MAX_SWEEPS) await failRemaining(ctx.db, scope, GAVE_UP);
      else state = { ...state, sweeps: (state.sweeps ?? 0) + 1, sent_through: undefined, exhausted: false };
      continue;
    }
    await run.commit({ state, progress });
    await delay(deps.cancelPollMs, undefined, { signal: run.signal });
  }
}

async function rescoreIcp(
  run: SessionRun<EnrichmentRunState>,
  ctx: JobRunContext,
  scope: EnrichmentScope,
  { icp, isSuppressed, icpAreas, attributeColumns }: Analysis,
  token: string,
): Promise<void> {
  if (!icp) {
    throw new RunFailure("The session's venture has no ICP to score against; set the venture's ICP first.");
  }
  const { total } = await countScope(ctx.db, scope);
  let state = { ...run.state };
  let scored = state.scored ?? 0;
  for (;;) {
    const rows = await findScopeBusinesses(ctx.db, scope, state.after ?? null, BATCH);
    if (rows.length === 0) break;
    const stored = await findEnrichmentRows(
      ctx.db,
      rows.map((r) => r.id),
    );
    for (const business of rows) {
      const previous = previousOf(stored.filter((r) => r.businessId === business.id));
      const enrichment = await enrichSite(EMPTY_CRAWL, ['icp_analysis'], {
        business: businessOf(business, attributeColumns),
        icp,
        icpAreas,
        isSuppressed,
        languageModel: ctx.languageModel ?? null,
        previous,
        signal: run.signal,
      });
      await storeOutcome(ctx.db, {
        ...outcomeOf(business, null, enrichment, ['icp_analysis']),
        signals: { sessionId: run.sessionId, runKey: token, site: null },
      });
      scored += 1;
    }
    state = { ...state, after: rows[rows.length - 1]?.id as string, scored };
    await run.commit({ state, progress: { total, done: scored, failed: 0 } });
  }
  await run.complete({ total, done: scored, failed: 0 });
}
