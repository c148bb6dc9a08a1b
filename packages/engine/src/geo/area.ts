/**
 * A geocoded area (a city, suburb, postcode, region or country) and whether a point lies in it. ICP scoring
 * geocodes each of the ICP's locations once and tests businesses against the area, not against its spelling.
 */
import { type BBox, isInBbox, type LatLng } from './geo';

/** What kind of place an area is, as a reason names it ("inside the city's area"). */
export type AreaKind = 'country' | 'region' | 'city' | 'suburb' | 'postcode' | 'place';

/** Rings of [lng, lat] positions (GeoJSON order): the outer ring first, then holes. */
export type PolygonRings = [lng: number, lat: number][][];

export interface PlaceArea {
  /** The text that was geocoded (the ICP location as written). */
  query: string;
  /** The place's own name in its local language ("Скопје"), else the first of `names`. */
  name: string;
  /**
   * Every name OSM has for it, keyed as in OSM's namedetails: `name`, `name:en`, `name:de`, `int_name`,
   * `alt_name`, `official_name` … ("München", "Munich", "Monaco di Baviera").
   */
  names: Record<string, string>;
  kind: AreaKind;
  /** ISO 3166-1 alpha-2, upper case, when known. */
  countryCode: string | null;
  /** The postcode when the area is one (or the geocoder gave the place's postcode). */
  postcode: string | null;
  bbox: BBox;
  /** Polygons of the area (a MultiPolygon's parts; one part for a Polygon); null when only the bbox is known. */
  polygons: PolygonRings[] | null;
}

// Nominatim's `addresstype` (jsonv2) / `type` → our kinds. Anything else is a plain "place".
const KIND_BY_TYPE: Record<string, AreaKind> = {
  country: 'country',
  state: 'region',
  region: 'region',
  province: 'region',
  county: 'region',
  state_district: 'region',
  district: 'region',
  city: 'city',
  town: 'city',
  village: 'city',
  municipality: 'city',
  hamlet: 'city',
  suburb: 'suburb',
  quarter: 'suburb',
  neighbourhood: 'suburb',
  city_district: 'suburb',
  borough: 'suburb',
  postcode: 'postcode',
};

export function areaKindOf(...types: (string | null | undefined)[]): AreaKind {
  for (const type of types) {
    const kind = type ? KIND_BY_TYPE[type] : undefined;
    if (kind) return kind;
  }
  return 'place';
}

/** Even-odd ray casting over all rings: a point in a hole is outside. Points on an edge may fall either way. */
function isInRings(point: LatLng, rings: PolygonRings): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > point.lat !== yj > point.lat && point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi) {
        inside = !inside;
      }
    }
  }
  return inside;
}

/**
 * How a point lies in the area: `polygon` when inside its outline, `bbox` when only a bbox is known and the point
 * is inside it, null when outside. The bbox is tested first (cheap, and every polygon lies within it).
 */
export function locateInArea(point: LatLng, area: PlaceArea): 'polygon' | 'bbox' | null {
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  if (!isInBbox(point, area.bbox)) return null;
  if (!area.polygons || area.polygons.length === 0) return 'bbox';
  return area.polygons.some((rings) => isInRings(point, rings)) ? 'polygon' : null;
}
