import { formatStreetLine } from '../../normalize/address';
import { classifyWebsite } from '../../normalize/domain';
import { cleanName } from '../../normalize/name';
import { normalizePhone } from '../../normalize/phone';
import type { RawBusiness } from '../source';

/** The subset of a Places API (New) `Place` that Argo asks for (see PLACES_FIELD_MASK). */
export interface GooglePlace {
  id?: string;
  displayName?: { text?: string; languageCode?: string };
  formattedAddress?: string;
  addressComponents?: { longText?: string; shortText?: string; types?: string[] }[];
  location?: { latitude?: number; longitude?: number };
  websiteUri?: string;
  internationalPhoneNumber?: string;
  nationalPhoneNumber?: string;
  rating?: number;
  userRatingCount?: number;
  primaryType?: string;
  primaryTypeDisplayName?: { text?: string };
  googleMapsUri?: string;
  businessStatus?: string;
}

// biome-ignore format: compact
const FIELDS = [
  'id', 'displayName', 'formattedAddress', 'addressComponents', 'location', 'websiteUri',
  'internationalPhoneNumber', 'nationalPhoneNumber', 'rating', 'userRatingCount', 'primaryType',
  'primaryTypeDisplayName', 'googleMapsUri', 'businessStatus',
];
/** X-Goog-FieldMask for places:searchText: only what the Business needs (and the next page). */
export const PLACES_FIELD_MASK = [...FIELDS.map((field) => `places.${field}`), 'nextPageToken'].join(',');

function component(place: GooglePlace, type: string, form: 'longText' | 'shortText' = 'longText') {
  return place.addressComponents?.find((c) => c.types?.includes(type))?.[form] ?? null;
}

export interface PlaceMappingOptions {
  /** The resolved category (so OSM and Google agree); else the place's primary type. */
  category?: string | null;
  defaultCountry?: string | null;
  observedAt?: string;
}

/** A Places API (New) place → a normalised record, or null without a name or id. */
export function googlePlaceToBusiness(
  place: GooglePlace,
  options: PlaceMappingOptions = {},
): RawBusiness | null {
  const name = cleanName(place.displayName?.text);
  if (!name || !place.id) return null;
  const country = component(place, 'country', 'shortText') ?? options.defaultCountry ?? null;
  const street = component(place, 'route');
  const website = classifyWebsite(place.websiteUri);
  const record: RawBusiness = {
    name,
    website: website.website,
    domain: website.domain,
    email: null,
    phone:
      normalizePhone(place.internationalPhoneNumber, country) ??
      normalizePhone(place.nationalPhoneNumber, country),
    address:
      formatStreetLine(street, component(place, 'street_number'), country) ?? place.formattedAddress ?? null,
    city: component(place, 'locality') ?? component(place, 'postal_town'),
    region: component(place, 'administrative_area_level_1', 'shortText'),
    postal_code: component(place, 'postal_code'),
    country,
    lat: place.location?.latitude ?? null,
    lng: place.location?.longitude ?? null,
    category: options.category ?? place.primaryTypeDisplayName?.text ?? place.primaryType ?? null,
    source: 'google_places',
    source_ref: place.id,
    rating: typeof place.rating === 'number' ? place.rating : null,
    review_count: typeof place.userRatingCount === 'number' ? place.userRatingCount : null,
    url: place.googleMapsUri ?? null,
  };
  if (website.social) record.socials = [website.social];
  if (options.observedAt) record.observed_at = options.observedAt;
  return record;
}
