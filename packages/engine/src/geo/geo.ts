/** Small WGS 84 helpers shared by discovery (tiles, radius) and dedupe (nearby places). */

/** [south, west, north, east] in degrees, the same order as the contract's BBox. */
export type BBox = [south: number, west: number, north: number, east: number];

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Width of a bbox in degrees of longitude (handles west > east, which crosses the antimeridian). */
export function bboxLngSpan([, west, , east]: BBox): number {
  return east >= west ? east - west : east + 360 - west;
}

/** Approximate area in km² (equirectangular at the mid latitude; plenty for choosing tile sizes). */
export function bboxAreaKm2(bbox: BBox): number {
  const [south, , north] = bbox;
  const heightKm = ((north - south) * Math.PI * EARTH_RADIUS_M) / 180 / 1000;
  const midLat = toRad((south + north) / 2);
  const widthKm = ((bboxLngSpan(bbox) * Math.PI * EARTH_RADIUS_M) / 180 / 1000) * Math.cos(midLat);
  return Math.abs(heightKm * widthKm);
}

export function bboxCenter(bbox: BBox): LatLng {
  const [south, west, north] = bbox;
  let lng = west + bboxLngSpan(bbox) / 2;
  if (lng > 180) lng -= 360;
  return { lat: (south + north) / 2, lng };
}

/** The bbox enclosing a circle of `radiusKm` around `center` (clamped to the poles). */
export function bboxAround(center: LatLng, radiusKm: number): BBox {
  const dLat = (radiusKm * 1000 * 180) / (Math.PI * EARTH_RADIUS_M);
  const cos = Math.max(Math.cos(toRad(center.lat)), 0.01);
  const dLng = Math.min(dLat / cos, 179.999);
  const wrap = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
  return [
    Math.max(-90, center.lat - dLat),
    wrap(center.lng - dLng),
    Math.min(90, center.lat + dLat),
    wrap(center.lng + dLng),
  ];
}

export function isInBbox(point: LatLng, [south, west, north, east]: BBox): boolean {
  if (point.lat < south || point.lat > north) return false;
  return west <= east ? point.lng >= west && point.lng <= east : point.lng >= west || point.lng <= east;
}

/** Rounds to 7 decimals (~1 cm), the precision OSM stores, so split edges print cleanly. */
export const roundCoord = (value: number): number => Math.round(value * 1e7) / 1e7;
