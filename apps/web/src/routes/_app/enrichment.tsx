import { createFileRoute } from '@tanstack/react-router';
import { EnrichmentPage } from '../../features/enrichment/components/EnrichmentPage';
import { sessionSearchSchema } from '../../lib/search-params';

export const Route = createFileRoute('/_app/enrichment')({
  staticData: { title: 'Enrichment' },
  validateSearch: sessionSearchSchema,
  component: function EnrichmentPageRoute() {
    const { session_id } = Route.useSearch();
    return <EnrichmentPage sessionId={session_id} />;
  },
});
