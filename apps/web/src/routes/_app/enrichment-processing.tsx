import { createFileRoute } from '@tanstack/react-router';
import { EnrichmentProcessingPage } from '../../features/enrichment/components/EnrichmentProcessingPage';
import { sessionSearchSchema } from '../../lib/search-params';

export const Route = createFileRoute('/_app/enrichment-processing')({
  staticData: { title: 'Enrichment' },
  validateSearch: sessionSearchSchema,
  component: function EnrichmentProcessingPageRoute() {
    const { session_id } = Route.useSearch();
    return <EnrichmentProcessingPage sessionId={session_id} />;
  },
});
