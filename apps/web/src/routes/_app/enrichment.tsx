import { createFileRoute } from '@tanstack/react-router';
import { EnrichmentPage } from '../../features/enrichment/components/EnrichmentPage';
import { readSessionSearch, type SearchInput, searchValidator, textList } from '../../lib/search-params';

/**
 * `business_ids`: the rows selected on /results, as a list or one comma-separated text; the API checks them.
 * Anything unreadable is dropped rather than failing the page (the whole session is then offered).
 */
const enrichmentSearchSchema = searchValidator((search: SearchInput) => ({
  ...readSessionSearch(search),
  business_ids: textList(search.business_ids),
}));

export const Route = createFileRoute('/_app/enrichment')({
  staticData: { title: 'Enrichment' },
  validateSearch: enrichmentSearchSchema,
  component: function EnrichmentPageRoute() {
    const { session_id, business_ids } = Route.useSearch();
    return <EnrichmentPage sessionId={session_id} businessIds={business_ids} />;
  },
});
