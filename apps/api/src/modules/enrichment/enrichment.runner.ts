/**
 * The `session.enrich` job (PRODUCT §6): every business of the scope with a website is crawled ONCE per run
 * through one shared fetcher (global request limit, one request at a time per host, robots.txt, SSRF guard), the
 * requested analyzers read the same pages, and each business's results are stored as they come. A site that
 * fails marks its business `failed` with the reason; it never fails the session. The per-business state is the
 * cursor: a resumed attempt (restart of the worker, expiry) does only the businesses still pending or running;
 * a retry first turns the failed ones back to pending. icp_analysis alone re-scores from stored results, no HTTP.
 */
import { type AnalyzerType, type AttributeColumn, Icp, isEmailSuppressed } from '@argo/contract';
import {
  crawlSite,
  createFetcher,
  type Fetcher,
  type IcpAreas,
  type SiteCrawl,
  warmUpSoftwareDetection,
} from '@argo/engine';
import type { BusinessRow, EnrichmentResultRow } from '../../db/schema';
import type { JobRunContext } from '../../jobs/define-job';
import { findAttributeColumns } from '../businesses/attribute-filters';
import { icpAreaResolverFor } from '../icp/icp.areas';
import {
  openSessionRun,
  RunFailure,
  type RunProgress,
  type SessionJobPayload,
  type SessionRun,
} from '../sessions/session-run';
import { type EnrichContext, enrichSite, type PreviousResults, type SiteEnrichment } from './analyze';
import type { EnrichmentDeps } from './enrichment.deps';
import {
  type BusinessOutcome,
  countScope,
  type EnrichmentRunState,
  type EnrichmentScope,
  findBusinessesToEnrich,
  findEnrichmentRows,
  findScopeBusinesses,
  findSessionIcp,
  findSessionSuppressions,
  isEnrichmentState,
  markRunning,
  resetFailed,
  resetRunning,
  type StoredResult,
  storeOutcome,
} from './enrichment.repository';
import { crawlFailureReason, hasIcpCriteria } from './enrichment.rules';

const BATCH = 100;
const EMPTY_CRAWL: SiteCrawl = {
  startUrl: '',
  homeUrl: null,
  pages: [],
  errors: [],
  robotsBlocked: [],
  plan: [],
};

export function requireEnrichmentDeps(deps: EnrichmentDeps | undefined): EnrichmentDeps {
  if (!deps) throw new Error('The enrichment job needs ctx.enrichment (main.ts builds it from the config).');
  return deps;
}

export async function runEnrichmentJob(payload: SessionJobPayload, ctx: JobRunContext): Promise<void> {
  const deps = requireEnrichmentDeps(ctx.enrichment);
  const run = await openSessionRun<EnrichmentRunState>(ctx, payload, {
    stage: 'enriching',
    progressIntervalMs: deps.progressIntervalMs,
    cancelPollMs: deps.cancelPollMs,
    linkStored: false,
  });
  if (!run) return;
  const scope: EnrichmentScope = {
    sessionId: run.sessionId,
    runId: run.runId,
    businessIds: run.state.business_ids ?? null,
    isMatched: run.state.matched === true,
    includeClosed: run.state.include_closed === true,
  };
  const crawls = run.state.types?.some((t) => t !== 'icp_analysis') ?? false;
  const fetcher = crawls ? createFetcher(deps.fetcher) : null;
  try {
    if (!isEnrichmentState(run.state))
      throw new RunFailure('This run is not an enrichment; restart the session.');
    const icp = await loadIcp(ctx, run.sessionId);
    const isSuppressed = await loadSuppressionCheck(ctx, run.sessionId);
    // Compiling the fingerprints takes a few seconds of CPU: before the first request, not while pages stream in.
    if (run.state.types.includes('software_detection')) warmUpSoftwareDetection();
    const icpAreas = icp ? await loadIcpAreas(ctx, deps, icp.locations, run.signal) : {};
    const attributeColumns = icp ? await findAttributeColumns(ctx.db, run.sessionId) : [];
    const analysis: Analysis = { icp, isSuppressed, icpAreas, attributeColumns };
    if (crawls) await enrichSites(run, ctx, deps, payload.token, scope, analysis, fetcher as Fetcher);
    else await rescoreIcp(run, ctx, scope, analysis);
  } catch (error) {
    if (crawls) await resetRunning(ctx.db, scope).catch(() => undefined);
    await run.settle(error);
  } finally {
    run.close();
    await fetcher?.close();
  }
}

/** What every business of a run is analysed against: the venture's ICP and the account's suppression list. */
interface Analysis {
  icp: EnrichContext['icp'];
  /** A suppressed address never makes a decision-maker "reachable" in ICP scoring. */
  isSuppressed: (email: string) => boolean;
  /** The geocoded areas of the ICP's locations (empty: places match by names). */
  icpAreas: IcpAreas;
  /** The imported file's own columns (their headers), for facts the file states, e.g. the employee count. */
  attributeColumns: readonly AttributeColumn[];
}

/** Geography for the locations criterion, through discovery's Nominatim; none when switched off (ICP_GEOCODE). */
async function loadIcpAreas(
  ctx: JobRunContext,
  deps: EnrichmentDeps,
  locations: readonly string[],
  signal: AbortSignal,
): Promise<IcpAreas> {
  if (!deps.geocodeIcpAreas || !ctx.discovery || locations.length === 0) return {};
  return icpAreaResolverFor(ctx.db, ctx.discovery.osm).resolve(locations, { signal, log: ctx.log });
}

async function loadSuppressionCheck(ctx: JobRunContext, sessionId: string) {
  const list = await findSessionSuppressions(ctx.db, sessionId);
  return (email: string) => isEmailSuppressed(email, list);
}

async function loadIcp(ctx: JobRunContext, sessionId: string) {
  const stored = await findSessionIcp(ctx.db, sessionId);
  const parsed = Icp.safeParse(stored ?? {});
  return parsed.success && hasIcpCriteria(parsed.data) ? parsed.data : null;
}

const businessOf = (
  row: BusinessRow,
  attributeColumns: readonly AttributeColumn[],
): EnrichContext['business'] => ({
  name: row.name,
  category: row.category,
  city: row.city,
  region: row.region,
  country: row.country,
  postal_code: row.postalCode,
  lat: row.lat,
  lng: row.lng,
  phones: row.phones.length > 0 ? row.phones : row.phone ? [row.phone] : [],
  // The file's values with their headers, in file order (ICP scoring reads an employee count among them).
  attributes: attributeColumns.flatMap((column) => {
    const value = row.attributes?.[column.key];
    return value === undefined ? [] : [{ label: column.label, value }];
  }),
});

function previousOf(rows: readonly EnrichmentResultRow[]): PreviousResults {
  const previous: Record<string, unknown> = {};
  for (const row of rows) previous[row.type] = row.data;
  return previous as PreviousResults;
}

async function enrichSites(
  run: SessionRun<EnrichmentRunState>,
  ctx: JobRunContext,
  deps: EnrichmentDeps,
  token: string,
  scope: EnrichmentScope,
  analysis: Analysis,
  fetcher: Fetcher,
): Promise<void> {
  let state: EnrichmentRunState = { ...run.state };
  if (run.mode === 'retry' && state.reset_for !== token) {
    await resetFailed(ctx.db, scope);
    state = { ...state, reset_for: token };
  }
  const counts = await countScope(ctx.db, scope);
  const progress: RunProgress = {
    total: counts.total,
    done: counts.total - counts.remaining,
    failed: counts.failed,
  };
  await run.commit({ state, progress: { ...progress } });
  const types = state.types.filter((t) => t !== 'icp_analysis' || analysis.icp);

  // Workers share one reader of the still-pending businesses (an async generator serves its callers in turn).
  async function* pending(): AsyncGenerator<BusinessRow> {
    let after: string | null = null;
    for (;;) {
      const rows = await findBusinessesToEnrich(ctx.db, scope, after, BATCH);
      if (rows.length === 0) return;
      for (const row of rows) yield row;
      after = rows[rows.length - 1]?.id ?? null;
    }
  }
  const source = pending();
  const stop = new AbortController();
  const onRunStop = () => stop.abort(run.signal.reason);
  run.signal.addEventListener('abort', onRunStop, { once: true });
  let firstError: unknown = null;

  const worker = async () => {
    while (!stop.signal.aborted) {
      const next = await source.next();
      if (next.done) return;
      const business = next.value;
      const outcome = await enrichBusiness(business, types, {
        ctx,
        deps,
        analysis,
        fetcher,
        signal: stop.signal,
      });
      await storeOutcome(ctx.db, outcome);
      progress.done += 1;
      if (outcome.state === 'failed') progress.failed += 1;
      await run.commit({ state, progress: { ...progress } });
    }
  };
  try {
    await Promise.all(
      Array.from({ length: deps.concurrency }, () =>
        worker().catch((error: unknown) => {
          firstError ??= error;
          if (!stop.signal.aborted) stop.abort(error);
        }),
      ),
    );
  } finally {
    run.signal.removeEventListener('abort', onRunStop);
  }
  if (firstError) throw firstError;
  run.signal.throwIfAborted();
  await run.complete(progress);
}

interface BusinessContext {
  ctx: JobRunContext;
  deps: EnrichmentDeps;
  analysis: Analysis;
  fetcher: Fetcher;
  signal: AbortSignal;
}

/** Crawls one business's website once and runs the analyzers on it; never throws for the site's failures. */
async function enrichBusiness(
  business: BusinessRow,
  types: readonly AnalyzerType[],
  { ctx, deps, analysis, fetcher, signal }: BusinessContext,
): Promise<BusinessOutcome> {
  await markRunning(ctx.db, business.id);
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
      state: 'skipped',
      error: 'no website to crawl',
    };
  }
  const crawl = await crawlSite(website, { fetcher, pageBudget: deps.pageBudget, signal });
  signal.throwIfAborted();
  const enrichment = await enrichSite(crawl, types, enrichContext);
  const outcome = outcomeOf(business, crawl, enrichment, types);
  if (crawl.pages.length === 0) return { ...outcome, state: 'failed', error: crawlFailureReason(crawl) };
  const problems = Object.entries(enrichment.analyzer_errors).map(([type, message]) => `${type}: ${message}`);
  return { ...outcome, state: 'done', error: problems.length ? problems.join('; ').slice(0, 1000) : null };
}

/** The rows and columns a business gets from one enrichment. */
function outcomeOf(
  business: BusinessRow,
  crawl: SiteCrawl | null,
  enrichment: SiteEnrichment | null,
  types: readonly AnalyzerType[],
): BusinessOutcome {
  const outcome: BusinessOutcome = {
    accountId: business.accountId,
    businessId: business.id,
    results: [],
    columns: {},
  };
  if (!enrichment) return outcome;
  const observedAt = new Date();
  const home = crawl?.homeUrl ?? null;
  const pages = enrichment.pages;
  const add = (
    type: AnalyzerType,
    data: object,
    producedBy: StoredResult['producedBy'],
    sourceUrl: string | null,
  ) =>
    outcome.results.push({ type, data: data as Record<string, unknown>, producedBy, sourceUrl, observedAt });
  const software = enrichment.software_detection;
  if (software && types.includes('software_detection'))
    add('software_detection', { ...software, pages }, 'builtin', home);
  const careers = enrichment.career_analysis;
  if (careers && types.includes('career_analysis')) {
    add(
      'career_analysis',
      { ...careers, pages },
      'builtin',
      careers.source_url ?? careers.careers_url ?? home,
    );
    outcome.columns.hiring = careers.hiring;
  }
  const summary = enrichment.ai_summary;
  if (summary && types.includes('ai_summary')) {
    add('ai_summary', { ...summary, pages }, summary.produced_by, summary.source_urls[0] ?? home);
    outcome.columns.summary = summary.summary;
    outcome.columns.industry = summary.industry;
  }
  const people = enrichment.people;
  if (people && types.includes('people')) {
    add('people', { ...people, pages }, 'builtin', people.source_urls[0] ?? home);
  }
  const icp = enrichment.icp_analysis;
  if (icp && types.includes('icp_analysis')) {
    add('icp_analysis', icp, icp.produced_by, null);
    outcome.columns.icpScore = Math.round(icp.score);
    outcome.columns.icpTier = icp.tier;
  }
  return outcome;
}

/** icp_analysis alone: every business of the scope re-scored from its stored results, in id order. */
async function rescoreIcp(
  run: SessionRun<EnrichmentRunState>,
  ctx: JobRunContext,
  scope: EnrichmentScope,
  { icp, isSuppressed, icpAreas, attributeColumns }: Analysis,
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
      await storeOutcome(ctx.db, outcomeOf(business, null, enrichment, ['icp_analysis']));
      scored += 1;
    }
    state = { ...state, after: rows[rows.length - 1]?.id as string, scored };
    await run.commit({ state, progress: { total, done: scored, failed: 0 } });
  }
  await run.complete({ total, done: scored, failed: 0 });
}
