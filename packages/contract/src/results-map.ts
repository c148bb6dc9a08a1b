/**
 * The results map: every business of the session that matches the table's search and filters,
 * as light points for a clustered map, the area the discovery searched, and one business by id for the drawer a
 * marker opens (it may be on no page of the table).
 */
import { z } from 'zod';
import { Count, Id, IdParams } from './common';
import { CorrectBusinessBody } from './corrections';
import { defineRoute } from './define';
import { Tier } from './icp';
import { Business, ResultsQuery } from './results';

/** GET /user/session/:id/map — the results call's own search and filters (no paging, no sort). */
export const ResultsMapQuery = ResultsQuery.pick({ search: true, filters: true });
export type ResultsMapQuery = z.infer<typeof ResultsMapQuery>;

/**
 * One business on the map as `[id, name, lat, lng, icp_tier]`: an array rather than an object, so 100,000 of
 * them stay a few megabytes of JSON and parse quickly.
 */
export const MapPoint = z.tuple([z.string(), z.string(), z.number(), z.number(), Tier.nullable()]);
export type MapPoint = z.infer<typeof MapPoint>;

/** A map area: `[south, west, north, east]` in degrees (WGS 84). */
export const MapBBox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type MapBBox = z.infer<typeof MapBBox>;

/**
 * The area a search discovery looked in: its box, and the circle when a radius was given (the places outside it
 * were dropped). `label` is the place the location was found as (e.g. "Halle (Saale)"), when geocoded.
 */
export const SearchArea = z.object({
  bbox: MapBBox,
  center: z.object({ lat: z.number(), lng: z.number() }),
  radius_km: z.number().positive().nullable(),
  label: z.string().nullable(),
});
export type SearchArea = z.infer<typeof SearchArea>;

export const ResultsMap = z.object({
  /** Businesses matching the search and filters, with or without coordinates. */
  total: Count,
  /** Those of them with coordinates, all of them (no paging). */
  points: z.array(MapPoint),
  /** The discovery's search area; null for imports, competitor searches and areas no longer known. */
  area: SearchArea.nullable(),
});
export type ResultsMap = z.infer<typeof ResultsMap>;

const BusinessParams = IdParams.extend({ business_id: Id });

export const resultsMapRoutes = {
  sessionsResultsMap: defineRoute({
    id: 'sessions.resultsMap',
    method: 'GET',
    path: '/user/session/:id/map',
    access: 'member',
    summary:
      'Every business matching the search and filters that has coordinates (id, name, lat, lng, tier), and the search area',
    tag: 'sessions',
    params: IdParams,
    query: ResultsMapQuery,
    response: ResultsMap,
  }),
  sessionsBusiness: defineRoute({
    id: 'sessions.business',
    method: 'GET',
    path: '/user/session/:id/businesses/:business_id',
    access: 'member',
    summary: "One business of the session's current run, with its stored enrichment results",
    tag: 'sessions',
    params: BusinessParams,
    response: Business,
  }),
  sessionsCorrectBusiness: defineRoute({
    id: 'sessions.correctBusiness',
    method: 'PUT',
    path: '/user/session/:id/businesses/:business_id',
    access: 'member',
    summary:
      "Correct a business's name, website, phone, email or address; kept through re-enrichment and merges",
    tag: 'sessions',
    params: BusinessParams,
    body: CorrectBusinessBody,
    response: Business,
  }),
} as const;
