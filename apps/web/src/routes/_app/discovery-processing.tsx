import { createFileRoute } from '@tanstack/react-router';
import { SessionProgressPage } from '../../components/session-progress/SessionProgressPage';
import { sessionSearchSchema } from '../../lib/search-params';

export const Route = createFileRoute('/_app/discovery-processing')({
  staticData: { title: 'Discovery' },
  validateSearch: sessionSearchSchema,
  component: function DiscoveryProcessingRoute() {
    const { session_id } = Route.useSearch();
    return <SessionProgressPage sessionId={session_id} />;
  },
});
