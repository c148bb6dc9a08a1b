/**
 * The results map: the selection's points and the session's search area, and one business for
 * the drawer. The same view access as the results table (owner, admin, any share).
 */
import { type Business, type ResultsMap, type ResultsMapQuery, SearchArea } from '@argo/contract';
import { createNominatimGeocoder, type HttpClient, resolveSearchArea } from '@argo/engine';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ActorUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { readWithSessionAccess } from '../access/access.service';
import { createGeocodeCache } from '../discovery/geocode-cache.repository';
import { loadSuppressionRule, redactBusiness } from '../privacy/suppressed-addresses';
import { toBusiness } from './businesses.mapper';
import { findCorrections } from './corrections.repository';
import {
  findMapPoints,
  findSearchAreaFacts,
  findSessionBusiness,
  type SearchAreaFacts,
} from './results-map.repository';

/** Every business of the selection with coordinates, how many the selection holds, and the search area. */
export async function getResultsMap(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  query: ResultsMapQuery,
): Promise<ResultsMap> {
  const { value } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    Promise.all([findMapPoints(db, sessionId, query), findSearchAreaFacts(db, sessionId)]),
  );
  const [{ points, total }, facts] = value;
  return { total, points, area: facts ? await searchAreaOf(db, facts) : null };
}

/**
 * One business of the session's current run (404 when the session has none with this id), with the addresses the
 * account's suppression list covers withheld and the fields users corrected.
 */
export async function getSessionBusiness(
  db: Database,
  actor: ActorUser,
  sessionId: string,
  businessId: string,
): Promise<Business> {
  const { value } = await readWithSessionAccess(db, actor, sessionId, 'view', () =>
    Promise.all([
      findSessionBusiness(db, sessionId, businessId),
      loadSuppressionRule(db, actor),
      findCorrections(db, [businessId]),
    ]),
  );
  const [row, rule, corrections] = value;
  if (!row) throw notFound('Business');
  const scoped = rule.forBusiness(row.business.domain);
  const business = toBusiness(row.business, row.enrichments, scoped.isSuppressed);
  const corrected = corrections.get(businessId);
  return redactBusiness(corrected ? { ...business, corrections: corrected } : business, rule);
}

/** The resolved area a search run keeps in its state (discover.state.ts DiscoverPlan). */
const StoredPlan = z.object({
  bbox: SearchArea.shape.bbox,
  center: SearchArea.shape.center,
  radius_km: z.number().positive().nullable(),
  display_name: z.string().nullable().optional(),
});

/** A search session's input as far as its area goes (discover.runner.ts SearchInput). */
const StoredInput = z.object({
  location: z.string().optional(),
  bbox: SearchArea.shape.bbox.optional(),
  radius_km: z.number().positive().optional(),
});

/** Geocoding from the answers Nominatim already gave (the discovery cached them); a request never leaves Argo. */
const NOT_CACHED: HttpClient = {
  userAgent: 'argo-map',
  requestText: () => Promise.reject(new Error('not cached')),
  requestJson: () => Promise.reject(new Error('not cached')),
};

/**
 * Where a search session looked: the area its run resolved while the run row still holds it, else the same area
 * rebuilt from its input by the engine's own rule (a bbox as given; a location from the cached geocoding; a radius
 * as a circle). Null for imports, competitor searches, and a location no longer in the cache.
 */
async function searchAreaOf(db: Database, facts: SearchAreaFacts): Promise<SearchArea | null> {
  if (facts.type !== 'search') return null;
  const plan = StoredPlan.safeParse(facts.plan);
  if (plan.success) {
    const { bbox, center, radius_km, display_name } = plan.data;
    return { bbox, center, radius_km, label: display_name ?? null };
  }
  const input = StoredInput.safeParse(facts.input);
  if (!input.success || (!input.data.location && !input.data.bbox)) return null;
  try {
    const area = await resolveSearchArea(
      {
        query: '',
        ...(input.data.location ? { location: input.data.location } : {}),
        ...(input.data.bbox ? { bbox: input.data.bbox } : {}),
        ...(input.data.radius_km ? { radiusKm: input.data.radius_km } : {}),
      },
      createNominatimGeocoder({ http: NOT_CACHED, cache: createGeocodeCache(db) }),
      // The search ran on this area already; it is drawn, not searched again.
      { maxAreaKm2: Number.POSITIVE_INFINITY },
    );
    return {
      bbox: area.bbox,
      center: area.center,
      radius_km: area.radiusKm,
      label: area.displayName,
    };
  } catch {
    return null;
  }
}
