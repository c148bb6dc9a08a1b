import { type BBox, bboxAreaKm2, bboxAround, bboxCenter, type LatLng } from '../geo/geo';
import type { Geocoder } from './osm/nominatim';
import { type DiscoverRequest, DiscoveryError } from './source';

export interface SearchArea {
  bbox: BBox;
  center: LatLng;
  /** Places farther than this from `center` are dropped (only when the request gave a radius). */
  radiusKm: number | null;
  /** From geocoding, else null. */
  countryCode: string | null;
  /** The geocoded place's name, when geocoded. */
  displayName: string | null;
}

export interface AreaOptions {
  /** A geocoded point or tiny area (a street, a building) without radius is searched this far around. Default 2 km. */
  pointRadiusKm?: number;
  /** Larger areas are refused (tiles × requests would be unreasonable). Default 25,000 km². */
  maxAreaKm2?: number;
}

/** The area a request covers: its bbox, or its geocoded location; a radius makes it a circle around the centre. */
export async function resolveSearchArea(
  request: DiscoverRequest,
  geocoder: Geocoder | null,
  options: AreaOptions = {},
): Promise<SearchArea> {
  let bbox = request.bbox;
  let center = bbox ? bboxCenter(bbox) : null;
  let countryCode: string | null = null;
  let displayName: string | null = null;
  if (!bbox) {
    const location = request.location?.trim();
    if (!location) throw new DiscoveryError('invalid_request', 'Give a location or a bbox.');
    if (!geocoder)
      throw new DiscoveryError('invalid_request', 'This source needs a bbox (no geocoder configured).');
    const place = await geocoder.geocode(location, { signal: request.signal });
    if (!place) {
      throw new DiscoveryError(
        'location_not_found',
        `No place called "${location}" was found. Check the spelling or add the country.`,
      );
    }
    bbox = place.bbox;
    center = place.center;
    countryCode = place.countryCode;
    displayName = place.displayName;
    if (!request.radiusKm && bboxAreaKm2(bbox) < 1) {
      return finish(bboxAround(place.center, options.pointRadiusKm ?? 2), place.center, null);
    }
  }
  const middle = center ?? bboxCenter(bbox);
  if (request.radiusKm) return finish(bboxAround(middle, request.radiusKm), middle, request.radiusKm);
  return finish(bbox, middle, null);

  function finish(area: BBox, point: LatLng, radiusKm: number | null): SearchArea {
    const maxArea = options.maxAreaKm2 ?? 25_000;
    const km2 = bboxAreaKm2(area);
    if (km2 > maxArea) {
      throw new DiscoveryError(
        'area_too_large',
        `The area is about ${Math.round(km2).toLocaleString('en')} km², more than the ${maxArea.toLocaleString('en')} km² one search covers. Choose a city or give a radius.`,
      );
    }
    return { bbox: area, center: point, radiusKm, countryCode, displayName };
  }
}
