/**
 * What the enrichment job needs from the outside world, built once per worker process from the config (tests
 * pass overrides: DNS answers for local servers, no HTTP retries, fast progress).
 */
import { createMxChecker, type FetcherOptions, type MxChecker } from '@argo/engine';
import type { Config } from '../../config/env';
import type { DatabaseExecutor } from '../../db/client';
import { createHostLeases } from './host-leases.repository';

export interface EnrichmentDeps {
  /** Options of the one fetcher a run shares over all its sites (global limit, per-host politeness, SSRF). */
  fetcher: FetcherOptions;
  /** Pages per site besides the home page. */
  pageBudget: number;
  /** Businesses in flight at once in one batch job. */
  concurrency: number;
  /** Businesses per batch job. */
  batchSize: number;
  /** Batch jobs one account has queued or running at once. */
  accountBatches: number;
  /** Progress is written at most this often. */
  progressIntervalMs: number;
  /** How often a running job looks for a cancel (and a takeover). */
  cancelPollMs: number;
  /** MX lookups of the people analyzer's email domains; null: not checked (MX_CHECK=false). */
  mx: MxChecker | null;
  /** Geocode the ICP's locations (discovery's Nominatim) when scoring; false: places match by names (ICP_GEOCODE). */
  geocodeIcpAreas: boolean;
}

export type EnrichmentOverrides = Partial<Omit<EnrichmentDeps, 'fetcher'>> & {
  fetcher?: Partial<FetcherOptions>;
};

/** Hosts are held a request's time limit and this much more before a dead holder loses them. */
const HOLD_MARGIN_MS = 10_000;

/**
 * `db`: the database whose `host_leases` every worker shares, so that one request at a time per host holds
 * across processes; without it, within each batch job's fetcher only.
 */
export function createEnrichmentDeps(
  config: Config,
  overrides: EnrichmentOverrides = {},
  db?: DatabaseExecutor,
): EnrichmentDeps {
  const timeoutMs = overrides.fetcher?.timeoutMs ?? config.CRAWL_TIMEOUT_MS;
  return {
    fetcher: {
      ...(db ? { hostGate: createHostLeases(db, timeoutMs + HOLD_MARGIN_MS) } : {}),
      concurrency: config.CRAWL_CONCURRENCY,
      timeoutMs: config.CRAWL_TIMEOUT_MS,
      maxBytes: config.CRAWL_MAX_BYTES,
      allowAddresses: config.CRAWL_ALLOW_HOSTS,
      ...overrides.fetcher,
    },
    pageBudget: overrides.pageBudget ?? config.CRAWL_PAGE_BUDGET,
    concurrency: overrides.concurrency ?? config.ENRICH_CONCURRENCY,
    batchSize: overrides.batchSize ?? config.ENRICH_BATCH_SIZE,
    accountBatches: overrides.accountBatches ?? config.ENRICH_ACCOUNT_BATCHES,
    progressIntervalMs: overrides.progressIntervalMs ?? 500,
    cancelPollMs: overrides.cancelPollMs ?? 1000,
    mx:
      overrides.mx !== undefined
        ? overrides.mx
        : config.MX_CHECK
          ? createMxChecker({
              servers: config.MX_DNS_SERVERS,
              referenceDomain: config.MX_REFERENCE_DOMAIN,
            })
          : null,
    geocodeIcpAreas: overrides.geocodeIcpAreas ?? config.ICP_GEOCODE,
  };
}
