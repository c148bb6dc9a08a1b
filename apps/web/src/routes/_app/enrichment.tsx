import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { EnrichmentPage } from '../../features/enrichment/components/EnrichmentPage';
import { searchText, sessionSearchSchema } from '../../lib/search-params';

/**
 * `business_ids`: the rows selected on /results, as a list or one comma-separated text; the API checks them.
 * Anything unreadable is dropped rather than failing the page (the whole session is then offered).
 */
const enrichmentSearchSchema = sessionSearchSchema.extend({
  business_ids: z
    .union([z.array(searchText()), searchText()])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter((id) => id !== ''),
    )
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/_app/enrichment')({
  staticData: { title: 'Enrichment' },
  validateSearch: enrichmentSearchSchema,
  component: function EnrichmentPageRoute() {
    const { session_id, business_ids } = Route.useSearch();
    return <EnrichmentPage sessionId={session_id} businessIds={business_ids} />;
  },
});
