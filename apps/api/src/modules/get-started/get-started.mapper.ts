import type { Preview } from '@argo/contract';
import type { AnonymousPreviewRow } from '../../db/schema/get-started';

const DISCOVERY_PENDING_MESSAGE =
  "Finding matching businesses arrives with discovery — create your account and you'll be able to run it in a minute.";

export const NO_LOCATION_MESSAGE =
  'Add a location (a city or region) who you sell to, to see matching businesses there.';
export const NO_BUSINESSES_MESSAGE =
  'No matching businesses found: try broader industries or another location.';

/** What the preview step says above (or instead of) the businesses. */
function previewMessage(row: AnonymousPreviewRow, discoveryAvailable: boolean): string {
  if (!discoveryAvailable) return DISCOVERY_PENDING_MESSAGE;
  const found = row.businesses.length;
  if (found === 0 && (row.venture.locations ?? []).length === 0) return NO_LOCATION_MESSAGE;
  if (found === 0) return NO_BUSINESSES_MESSAGE;
  return `${found} matching ${found === 1 ? 'business' : 'businesses'}: create your account to find and enrich more.`;
}

/** A stored preview as the API shows it (never the token hash or the IP). */
export function toPreview(row: AnonymousPreviewRow, discoveryAvailable: boolean): Preview {
  return {
    preview_id: row.id,
    venture: {
      name: row.venture.name,
      website: row.venture.website ?? null,
      description: row.venture.description,
      industries: row.venture.industries ?? [],
      locations: row.venture.locations ?? [],
    },
    businesses: row.businesses,
    discovery_available: discoveryAvailable,
    message: previewMessage(row, discoveryAvailable),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
