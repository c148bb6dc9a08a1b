/**
 * The `session.enrich.batch` job: one id range of an enrichment run, taken by whichever worker is free. Every
 * business of the range still to do is claimed (pending → running, so no two jobs crawl it), crawled ONCE
 * through one fetcher (global request limit, one request at a time per host, robots.txt, SSRF guard), read by the
 * requested analyzers, and its results stored as they come. A site that fails marks its business `failed` with
 * the reason; it never fails the run. The run itself (progress, cancel, completion) is the coordinator's
 * (enrichment.runner.ts); a batch leaves as soon as the run is no longer running under its token.
 */
import type { AnalyzerType } from '@argo/contract';
import {
  crawlSite,
  createFetcher,
  type Fetcher,
  pageVersionsOf,
  recrawlSite,
  warmUpSoftwareDetection,
} from '@argo/engine';
import type { BusinessRow } from '../../db/schema';
import type { JobRunContext } from '../../jobs/define-job';
import { findPageVersions } from '../signals/page-versions.repository';
import { type EnrichContext, enrichSite } from './analyze';
import {
  type Analysis,
  businessOf,
  EMPTY_CRAWL,
  loadAnalysis,
  outcomeOf,
  previousOf,
  requireEnrichmentDeps,
  scopeOf,
} from './enrichment.analysis';
import type { EnrichmentDeps } from './enrichment.deps';
import {
  claimBusiness,
  type EnrichmentRunState,
  type EnrichmentScope,
  findBusinessesToEnrich,
  findOpenEnrichmentRun,
  isEnrichmentState,
  recountCancelledProgress,
  resetRunning,
} from './enrichment.repository';
import { crawlFailureReason } from './enrichment.rules';
import { type BusinessOutcome, findEnrichmentRows, storeOutcome } from './enrichment-results.repository';

export interface EnrichmentBatchPayload {
  session_id: string;
  token: string;
  /** The range: ids after `after` (null: from the first) up to and with `through`. */
  after: string | null;
  through: string;
}

/** The run is over for this job: cancelled, finished or replaced (not a failure; nothing to retry). */
class RunLeft extends Error {}

export async function runEnrichmentBatchJob(
  payload: EnrichmentBatchPayload,
  ctx: JobRunContext,
): Promise<void> {
  const deps = requireEnrichmentDeps(ctx.enrichment);
  const open = await findOpenEnrichmentRun(ctx.db, payload.session_id, payload.token);
  if (!open || !isEnrichmentState(open.state)) return;
  const state = open.state as EnrichmentRunState;
  const scope: EnrichmentScope = {
    ...scopeOf(payload.session_id, open.runId, state),
    range: { after: payload.after, through: payload.through },
  };
  const stop = new AbortController();
  const onQueueStop = () => stop.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onQueueStop, { once: true });
  const poll = setInterval(async () => {
    const still = await findOpenEnrichmentRun(ctx.db, payload.session_id, payload.token).catch(() => open);
    if (!still) stop.abort(new RunLeft('the run is no longer running'));
  }, deps.cancelPollMs);
  poll.unref?.();
  const fetcher = createFetcher(deps.fetcher);
  try {
    // An earlier attempt of this batch that died left its businesses running: they are this attempt's to do.
    if (ctx.retryCount > 0) await resetRunning(ctx.db, scope);
    if (state.types.includes('software_detection')) warmUpSoftwareDetection();
    const analysis = await loadAnalysis(ctx, deps, payload.session_id, stop.signal);
    const types = state.types.filter((t) => t !== 'icp_analysis' || analysis.icp);
    await enrichRange(ctx, deps, scope, types, {
      analysis,
      fetcher,
      signal: stop.signal,
      runKey: payload.token,
      recrawl: state.recrawl === true,
    });
  } catch (error) {
    await resetRunning(ctx.db, scope).catch(() => undefined);
    if (!(stop.signal.reason instanceof RunLeft)) throw error;
    await recountCancelledProgress(ctx.db, scope);
  } finally {
    clearInterval(poll);
    ctx.signal.removeEventListener('abort', onQueueStop);
    await fetcher.close();
  }
}

interface SiteWork {
  analysis: Analysis;
  fetcher: Fetcher;
  signal: AbortSignal;
  /** The run's job token: the observations and events this run records are keyed by it. */
  runKey: string;
  /** Re-crawl each site cheaply from its last pages (EnrichmentRunState.recrawl). */
  recrawl: boolean;
}

/** `deps.concurrency` businesses of the range in flight at once, each claimed before it is crawled. */
async function enrichRange(
  ctx: JobRunContext,
  deps: EnrichmentDeps,
  scope: EnrichmentScope,
  types: readonly AnalyzerType[],
  work: SiteWork,
): Promise<void> {
  const rows = await findBusinessesToEnrich(ctx.db, scope, deps.batchSize);
  let next = 0;
  let firstError: unknown = null;
  const failFast = new AbortController();
  const signal = AbortSignal.any([work.signal, failFast.signal]);
  const worker = async () => {
    while (!signal.aborted && next < rows.length) {
      const business = rows[next++] as BusinessRow;
      if (!(await claimBusiness(ctx.db, business.id))) continue;
      const outcome = await enrichBusiness(ctx, deps, business, types, { ...work, signal });
      await storeOutcome(ctx.db, outcome);
    }
  };
  await Promise.all(
    Array.from({ length: deps.concurrency }, () =>
      worker().catch((error: unknown) => {
        firstError ??= error;
        if (!failFast.signal.aborted) failFast.abort(error);
      }),
    ),
  );
  if (firstError) throw firstError;
  signal.throwIfAborted();
}

/** Crawls one business's website once and runs the analyzers on it; never throws for the site's failures. */
async function enrichBusiness(
  ctx: JobRunContext,
  deps: EnrichmentDeps,
  business: BusinessRow,
  types: readonly AnalyzerType[],
  { analysis, fetcher, signal, runKey, recrawl }: SiteWork,
): Promise<BusinessOutcome> {
  const previous = types.includes('icp_analysis')
    ? previousOf(await findEnrichmentRows(ctx.db, [business.id]))
    : null;
  const enrichContext: EnrichContext = {
    business: businessOf(business, analysis.attributeColumns),
    icp: analysis.icp,
    icpAreas: analysis.icpAreas,
    isSuppressed: analysis.isSuppressed,
    fetcher,
    mx: deps.mx,
    languageModel: ctx.languageModel ?? null,
    previous,
    signal,
  };
  const website = business.website?.trim();
  if (!website) {
    const icpOnly = types.filter((t) => t === 'icp_analysis');
    const enrichment = icpOnly.length ? await enrichSite(EMPTY_CRAWL, icpOnly, enrichContext) : null;
    return {
      ...outcomeOf(business, null, enrichment, icpOnly),
      signals: { sessionId: business.sessionId, runKey, site: null },
      state: 'skipped',
      error: 'no website to crawl',
    };
  }
  const crawlOptions = { fetcher, pageBudget: deps.pageBudget, signal };
  const versions = recrawl ? await findPageVersions(ctx.db, business.id) : [];
  const crawl = versions.length
    ? await recrawlSite(website, versions, crawlOptions)
    : await crawlSite(website, crawlOptions);
  signal.throwIfAborted();
  if ('unchanged' in crawl && crawl.unchanged) {
    const kept = await unchangedOutcome(ctx, business, types, crawl.homeUrl, runKey);
    if (kept && types.includes('icp_analysis')) {
      // The site is as it was, the venture's ICP may not be: scored again from the stored results.
      const previousResults = previousOf(await findEnrichmentRows(ctx.db, [business.id]));
      const scored = await enrichSite(EMPTY_CRAWL, ['icp_analysis'], {
        ...enrichContext,
        previous: previousResults,
      });
      const icp = outcomeOf(business, null, scored, ['icp_analysis']);
      return { ...kept, results: [...kept.results, ...icp.results], columns: icp.columns };
    }
    if (kept) return kept;
  }
  const enrichment = await enrichSite(crawl, types, enrichContext);
  const outcome: BusinessOutcome = {
    ...outcomeOf(business, crawl, enrichment, types),
    pageVersions: pageVersionsOf(crawl),
    signals: {
      sessionId: business.sessionId,
      runKey,
      site: { reachable: crawl.pages.length > 0, homeUrl: crawl.homeUrl },
    },
  };
  if (crawl.pages.length === 0) return { ...outcome, state: 'failed', error: crawlFailureReason(crawl) };
  const problems = Object.entries(enrichment.analyzer_errors).map(([type, message]) => `${type}: ${message}`);
  return { ...outcome, state: 'done', error: problems.length ? problems.join('; ').slice(0, 1000) : null };
}

/**
 * A site whose every page is as it was: its stored results stand, seen again now (their rows re-stored with this
 * run's time, so its observations are extended); null when a requested analyzer has no stored result (then the
 * site is analysed as usual).
 */
async function unchangedOutcome(
  ctx: JobRunContext,
  business: BusinessRow,
  types: readonly AnalyzerType[],
  homeUrl: string | null,
  runKey: string,
): Promise<BusinessOutcome | null> {
  const stored = await findEnrichmentRows(ctx.db, [business.id]);
  const crawled = types.filter((t) => t !== 'icp_analysis');
  if (!crawled.every((t) => stored.some((r) => r.type === t))) return null;
  const observedAt = new Date();
  return {
    accountId: business.accountId,
    businessId: business.id,
    results: stored
      .filter((r) => (crawled as readonly string[]).includes(r.type))
      .map((r) => ({
        type: r.type,
        data: r.data,
        producedBy: r.producedBy,
        sourceUrl: r.sourceUrl,
        observedAt,
      })),
    columns: {},
    state: 'done',
    error: null,
    signals: { sessionId: business.sessionId, runKey, site: { reachable: true, homeUrl } },
  };
}
