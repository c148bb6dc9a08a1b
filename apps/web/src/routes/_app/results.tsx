import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ResultsPage } from '../../features/results/components/ResultsPage';
import {
  RESULTS_SEARCH_DEFAULTS,
  type ResultsSearch,
  resultsSearchSchema,
} from '../../features/results/search';

export const Route = createFileRoute('/_app/results')({
  staticData: { title: 'Results' },
  validateSearch: resultsSearchSchema,
  search: { middlewares: [stripSearchParams(RESULTS_SEARCH_DEFAULTS)] },
  component: ResultsRoute,
});

function ResultsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<ResultsSearch>) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }),
    [navigate],
  );
  return <ResultsPage search={search} onSearchChange={onSearchChange} />;
}
