import { createFileRoute } from '@tanstack/react-router';
import { CsvMappingPage } from '../../features/csv-import/components/CsvMappingPage';
import { sessionSearchSchema } from '../../lib/search-params';

export const Route = createFileRoute('/_app/csv-mapping')({
  staticData: { title: 'Import CSV mapping' },
  validateSearch: sessionSearchSchema,
  component: function CsvMappingPageRoute() {
    const { session_id } = Route.useSearch();
    return <CsvMappingPage sessionId={session_id} />;
  },
});
