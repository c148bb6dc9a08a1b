/**
 * The `session.discover` job: resolve the area once, cut it into tiles per source, and ask each source tile by
 * tile; every batch is merged, stored and checkpointed, so a cancel keeps what was found and a resumed job goes on
 * with the tiles not yet done.
 */
import {
  type BBox,
  createGooglePlacesSource,
  createOsmSource,
  type DiscoveryBatch,
  DiscoveryError,
  type DiscoveryService,
  type DiscoverySource,
  describeSourceFailure,
  distanceMeters,
  isConfigurationFault,
  mergeBusinesses,
  type RawBusiness,
  resolveSearchArea,
  splitBbox,
} from '@argo/engine';
import type { JobLogger, JobRunContext } from '../../jobs/define-job';
import { openSessionRun, RunFailure, type SessionJobPayload, type SessionRun } from '../sessions/session-run';
import {
  type DiscoverPlan,
  type DiscoverState,
  type DiscoverTile,
  describeFailedTiles,
  failureAdvice,
  foundOf,
  newTile,
  progressOf,
  SETTING_OF,
  type SourceId,
} from './discover.state';
import type { DiscoveryDeps } from './discovery.deps';

/** What a search session's `input` holds (POST /discovery/scrape). */
export interface SearchInput {
  query: string;
  location?: string;
  bbox?: BBox;
  radius_km?: number;
  limit: number;
  sources: SourceId[];
}

const SERVICE_OF: Record<SourceId, DiscoveryService> = { osm: 'overpass', google_places: 'google_places' };

/**
 * A failed area's reason in plain words for the session (status, no response body), kept as the tile's error
 * unless it has one (`keep`), with the setting to check when it is a configuration fault; the error itself, with
 * the start of the body the HTTP client kept, goes to the job log.
 */
function recordTileFailure(
  error: unknown,
  tile: DiscoverTile,
  part: BBox,
  log: JobLogger,
  keep: 'first' | 'last',
): void {
  const service = SERVICE_OF[tile.source];
  const reason = describeSourceFailure(error, service);
  if (keep === 'last' || tile.error === undefined) {
    tile.error = reason;
    if (isConfigurationFault(error)) tile.check_setting = SETTING_OF[service];
    else delete tile.check_setting;
  }
  log.warn(
    { err: error, source: tile.source, bbox: part, reason },
    'discovery: a map area could not be searched',
  );
}

export async function runDiscoverJob(payload: SessionJobPayload, ctx: JobRunContext): Promise<void> {
  const deps = requireDeps(ctx.discovery);
  const run = await openSessionRun<DiscoverState>(ctx, payload, {
    stage: 'discovering',
    progressIntervalMs: deps.progressIntervalMs,
    cancelPollMs: deps.cancelPollMs,
    linkStored: true,
    isUserError: (error) => error instanceof DiscoveryError,
  });
  if (!run) return;
  try {
    await discover(run, deps, ctx.log);
  } catch (error) {
    await run.settle(error);
  } finally {
    run.close();
  }
}

async function discover(run: SessionRun<DiscoverState>, deps: DiscoveryDeps, log: JobLogger): Promise<void> {
  const input = run.input as unknown as SearchInput;
  const state: DiscoverState = structuredClone(run.state);
  if (!state.plan || !state.tiles) {
    state.plan = await planArea(input, deps, run.signal, log);
    state.tiles = input.sources.flatMap((source) =>
      splitBbox(state.plan?.bbox as BBox, deps.tileKm2[source]).map((bbox) => newTile(source, bbox)),
    );
    await run.commit({ state, progress: progressOf(state) });
  }
  const plan = state.plan;
  const sources = createSources(input.sources, plan, deps);
  const limit = input.limit;

  for (const tile of state.tiles) {
    if (tile.state !== 'pending') continue;
    if (foundOf(state) >= limit) {
      tile.state = 'skipped';
      continue;
    }
    await searchTile(run, state, tile, sources[tile.source] as DiscoverySource, plan, limit, log);
  }
  const failure = describeFailedTiles(state);
  if (failure) await run.fail(failure, progressOf(state));
  else await run.complete(progressOf(state));
}

async function searchTile(
  run: SessionRun<DiscoverState>,
  state: DiscoverState,
  tile: DiscoverTile,
  source: DiscoverySource,
  plan: DiscoverPlan,
  limit: number,
  log: JobLogger,
): Promise<void> {
  // A tile is searched from its start again (a resumed job replays it; the stored rows make that harmless).
  Object.assign(tile, { total: 1, done: 0, failed: 0, found: 0 });
  delete tile.failed_parts;
  delete tile.error;
  const left = () => limit - foundOf(state);
  // With a radius the places outside are dropped here, so the source must not stop at the limit itself.
  const batches = source
    .discover({
      query: (run.input as unknown as SearchInput).query,
      bbox: tile.bbox,
      ...(plan.radius_km === null ? { limit: left() } : {}),
      signal: run.signal,
    })
    [Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<DiscoveryBatch>;
    try {
      next = await batches.next();
    } catch (error) {
      if (run.signal.aborted || error instanceof DiscoveryError) throw error;
      // Every query of the tile failed (after the HTTP client's retries): go on, report it at the end; a retry
      // searches the whole tile again.
      Object.assign(tile, { done: tile.total, failed: tile.total, failed_parts: [tile.bbox] });
      recordTileFailure(error, tile, tile.bbox, log, 'last');
      break;
    }
    if (next.done) break;
    const batch = next.value;
    const inside = plan.radius_km === null ? batch.businesses : batch.businesses.filter(withinRadius(plan));
    const kept = inside.slice(0, Math.max(0, left()));
    if (batch.progress.failed > tile.failed) {
      if (batch.tile) tile.failed_parts = [...(tile.failed_parts ?? []), batch.tile];
      if (batch.error !== undefined)
        recordTileFailure(batch.error, tile, batch.tile ?? tile.bbox, log, 'first');
      tile.error ??= 'the map service did not answer';
    }
    Object.assign(tile, {
      total: batch.progress.total,
      done: batch.progress.done,
      failed: batch.progress.failed,
      found: (tile.found ?? 0) + kept.length,
    });
    state.truncated ||= batch.progress.isTruncated;
    await run.commit({ records: mergeBusinesses(kept), state, progress: progressOf(state) });
    if (left() <= 0) {
      await batches.return?.(undefined);
      break;
    }
  }
  tile.state = 'done';
  await run.commit({ state, progress: progressOf(state) });
}

/** Geocodes the location (or takes the bbox), applies the radius, and finds the country for phone numbers. */
async function planArea(
  input: SearchInput,
  deps: DiscoveryDeps,
  signal: AbortSignal,
  log: JobLogger,
): Promise<DiscoverPlan> {
  try {
    const area = await resolveSearchArea(
      {
        query: input.query,
        ...(input.location ? { location: input.location } : {}),
        ...(input.bbox ? { bbox: input.bbox } : {}),
        ...(input.radius_km ? { radiusKm: input.radius_km } : {}),
        signal,
      },
      deps.geocoder,
      { maxAreaKm2: deps.maxAreaKm2 },
    );
    let country = area.countryCode;
    if (!country) country = (await deps.geocoder.reverse(area.center, { signal }))?.countryCode ?? null;
    return {
      bbox: area.bbox,
      center: area.center,
      radius_km: area.radiusKm,
      country,
      display_name: area.displayName,
    };
  } catch (error) {
    if (signal.aborted || error instanceof DiscoveryError) throw error;
    const reason = describeSourceFailure(error, 'nominatim');
    log.warn(
      { err: error, location: input.location ?? null, reason },
      'discovery: the place could not be looked up',
    );
    const setting = isConfigurationFault(error) ? SETTING_OF.nominatim : undefined;
    throw new RunFailure(`The place could not be looked up (${reason}). ${failureAdvice(setting)}`);
  }
}

function createSources(ids: SourceId[], plan: DiscoverPlan, deps: DiscoveryDeps) {
  const sources: Partial<Record<SourceId, DiscoverySource>> = {};
  for (const id of ids) {
    if (id === 'osm') {
      sources.osm = createOsmSource({
        ...deps.osm,
        geocoder: deps.geocoder,
        defaultCountry: plan.country,
        shouldReverseGeocodeCountry: false,
        maxTileKm2: deps.tileKm2.osm,
      });
    } else {
      if (!deps.google) throw new RunFailure('Google Places is not configured on this server any more.');
      sources.google_places = createGooglePlacesSource({
        ...deps.google,
        geocoder: deps.geocoder,
        defaultCountry: plan.country,
        maxTileKm2: deps.tileKm2.google_places,
      });
    }
  }
  return sources;
}

function withinRadius(plan: DiscoverPlan) {
  const limitMeters = (plan.radius_km ?? 0) * 1000;
  return (business: RawBusiness) =>
    business.lat === null ||
    business.lng === null ||
    distanceMeters(plan.center, { lat: business.lat, lng: business.lng }) <= limitMeters;
}

export function requireDeps(deps: DiscoveryDeps | undefined): DiscoveryDeps {
  if (!deps) throw new Error('The session jobs need `discovery` in the job context (see main.ts).');
  return deps;
}
