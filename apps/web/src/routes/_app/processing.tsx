import { createFileRoute } from '@tanstack/react-router';
import { SessionProgressPage } from '../../components/session-progress/SessionProgressPage';
import { sessionSearchSchema } from '../../lib/search-params';

// An import's progress: the same screen as a discovery's, with the rejected rows of the file.
export const Route = createFileRoute('/_app/processing')({
  staticData: { title: 'Processing' },
  validateSearch: sessionSearchSchema,
  component: function ImportProcessingRoute() {
    const { session_id } = Route.useSearch();
    return <SessionProgressPage sessionId={session_id} />;
  },
});
