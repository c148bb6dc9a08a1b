/**
 * What both enrichment jobs share: the scope a run's state names, what every business is analysed against (the
 * venture's ICP, the suppression list, the ICP's areas, the file's columns), and the rows and columns one
 * business's enrichment becomes.
 */
import { type AnalyzerType, type AttributeColumn, Icp, suppressionRule } from '@argo/contract';
import type { IcpAreas, SiteCrawl } from '@argo/engine';
import type { BusinessRow, EnrichmentResultRow } from '../../db/schema';
import type { JobRunContext } from '../../jobs/define-job';
import { findAttributeColumns } from '../businesses/attribute-filters';
import { icpAreaResolverFor } from '../icp/icp.areas';
import type { EnrichContext, PreviousResults, SiteEnrichment } from './analyze';
import type { EnrichmentDeps } from './enrichment.deps';
import {
  type EnrichmentRunState,
  type EnrichmentScope,
  findSessionIcp,
  findSessionSuppressions,
} from './enrichment.repository';
import { hasIcpCriteria } from './enrichment.rules';
import type { BusinessOutcome, StoredResult } from './enrichment-results.repository';

export const EMPTY_CRAWL: SiteCrawl = {
  startUrl: '',
  homeUrl: null,
  pages: [],
  errors: [],
  robotsBlocked: [],
  plan: [],
};

export function requireEnrichmentDeps(deps: EnrichmentDeps | undefined): EnrichmentDeps {
  if (!deps) throw new Error('The enrichment jobs need ctx.enrichment (main.ts builds it from the config).');
  return deps;
}

/** The businesses a run's state covers. */
export function scopeOf(sessionId: string, runId: string, state: EnrichmentRunState): EnrichmentScope {
  return {
    sessionId,
    runId,
    businessIds: state.business_ids ?? null,
    isMatched: state.matched === true,
    includeClosed: state.include_closed === true,
  };
}

/** The run crawls websites (any analyzer but icp_analysis, which re-scores from stored results). */
export const crawlsSites = (state: EnrichmentRunState): boolean =>
  state.types?.some((t) => t !== 'icp_analysis') ?? false;

/** What every business of a run is analysed against: the venture's ICP and the account's suppression list. */
export interface Analysis {
  icp: EnrichContext['icp'];
  /** A suppressed address never makes a decision-maker "reachable" in ICP scoring. */
  isSuppressed: (email: string) => boolean;
  /** The geocoded areas of the ICP's locations (empty: places match by names). */
  icpAreas: IcpAreas;
  /** The imported file's own columns (their headers), for facts the file states, e.g. the employee count. */
  attributeColumns: readonly AttributeColumn[];
}

export async function loadAnalysis(
  ctx: JobRunContext,
  deps: EnrichmentDeps,
  sessionId: string,
  signal: AbortSignal,
): Promise<Analysis> {
  const icp = await loadIcp(ctx, sessionId);
  const rule = suppressionRule(await findSessionSuppressions(ctx.db, sessionId));
  const icpAreas = icp ? await loadIcpAreas(ctx, deps, icp.locations, signal) : {};
  const attributeColumns = icp ? await findAttributeColumns(ctx.db, sessionId) : [];
  return { icp, isSuppressed: rule.isSuppressed, icpAreas, attributeColumns };
}

async function loadIcp(ctx: JobRunContext, sessionId: string) {
  const stored = await findSessionIcp(ctx.db, sessionId);
  const parsed = Icp.safeParse(stored ?? {});
  return parsed.success && hasIcpCriteria(parsed.data) ? parsed.data : null;
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

export const businessOf = (
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

export function previousOf(rows: readonly EnrichmentResultRow[]): PreviousResults {
  const previous: Record<string, unknown> = {};
  for (const row of rows) previous[row.type] = row.data;
  return previous as PreviousResults;
}

/** The rows and columns a business gets from one enrichment. */
export function outcomeOf(
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
