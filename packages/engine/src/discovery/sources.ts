import { createGooglePlacesSource, type GooglePlacesOptions } from './google/places-source';
import { createNominatimGeocoder } from './osm/nominatim';
import { createOsmHttpClient } from './osm/osm-http';
import { createOsmSource, type OsmSourceOptions } from './osm/osm-source';
import type { DiscoverySource } from './source';

export interface DiscoverySourcesConfig {
  osm?: OsmSourceOptions;
  /** Google Places is added only when `apiKey` is a non-empty string. */
  googlePlaces?: Partial<GooglePlacesOptions>;
}

/**
 * Every configured source: OpenStreetMap always, Google Places when a key is set. Google shares the OSM
 * geocoder (Nominatim, cached and spaced), so both search the same area.
 */
export function createDiscoverySources(config: DiscoverySourcesConfig = {}): DiscoverySource[] {
  const osmOptions = config.osm ?? {};
  const geocoder =
    osmOptions.geocoder ??
    createNominatimGeocoder({
      ...osmOptions,
      http: createOsmHttpClient(osmOptions),
      cache: osmOptions.geocodeCache,
    });
  const sources: DiscoverySource[] = [createOsmSource({ ...osmOptions, geocoder })];
  const apiKey = config.googlePlaces?.apiKey?.trim();
  if (apiKey) sources.push(createGooglePlacesSource({ geocoder, ...config.googlePlaces, apiKey }));
  return sources;
}
