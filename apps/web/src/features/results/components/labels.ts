import type { EnrichmentState } from '@argo/contract';

/** A business source's name as the page writes it: in the table, the filters and the drawer. */
export const SOURCE_LABELS: Record<string, string> = {
  osm: 'OpenStreetMap',
  google_places: 'Google Places',
  competitor: 'Competitor site',
  import: 'CSV',
};

/** An enrichment state's words: on its badge and in the filters. */
export const ENRICHMENT_STATE_LABELS: Record<EnrichmentState, string> = {
  pending: 'Not enriched',
  running: 'Enriching',
  done: 'Enriched',
  failed: 'Failed',
  skipped: 'Skipped',
};
