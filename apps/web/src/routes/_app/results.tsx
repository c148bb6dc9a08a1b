import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { CrmResultsActions } from '../../features/crm/components/CrmResultsActions';
import { BusinessOutreach, IcpTab } from '../../features/icp/components/IcpTab';
import { withSimilarity } from '../../features/lookalikes/api';
import { FindSimilar } from '../../features/lookalikes/components/FindSimilar';
import { ResultsPage, type ResultsSlots } from '../../features/results/components/ResultsPage';
import { validFilters } from '../../features/results/filters';
import {
  RESULTS_SEARCH_DEFAULTS,
  type ResultsSearch,
  resultsSearchSchema,
} from '../../features/results/search';
import { ShareSessionModal } from '../../features/sessions/components/ShareSessionModal';
import { BusinessSignals } from '../../features/signals/components/BusinessSignals';

export const Route = createFileRoute('/_app/results')({
  staticData: { title: 'Results' },
  validateSearch: resultsSearchSchema,
  search: { middlewares: [stripSearchParams(RESULTS_SEARCH_DEFAULTS)] },
  component: ResultsRoute,
});

// The route composes what other features add to /results (features do not import each other).
const slots: ResultsSlots = {
  renderIcp: ({ sessionId, info }) => <IcpTab sessionId={sessionId} info={info} />,
  renderShare: ({ session, opened, onClose }) => (
    <ShareSessionModal session={session} opened={opened} onClose={onClose} />
  ),
  renderBusinessExtra: (business) => (
    <>
      <BusinessSignals businessId={business.id} />
      <BusinessOutreach businessId={business.id} businessName={business.name} />
    </>
  ),
  renderSelectionActions: (props) => <CrmResultsActions {...props} />,
};

function ResultsRoute() {
  const address = Route.useSearch();
  const search = useMemo(() => ({ ...address, filters: validFilters(address.filters) }), [address]);
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<ResultsSearch>, how?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: how?.replace ?? false }),
    [navigate],
  );
  // "Find similar" sorts and filters these results by similarity to the ticked businesses.
  const withLookalikes = useMemo<ResultsSlots>(
    () => ({
      ...slots,
      renderSelectionActions: (props) => (
        <>
          {slots.renderSelectionActions?.(props)}
          <FindSimilar
            {...props}
            onShowSimilar={(min) =>
              onSearchChange({
                sortBy: 'similarity',
                sortOrder: 'desc',
                page: 0,
                filters: withSimilarity(props.filters, min),
              })
            }
          />
        </>
      ),
    }),
    [onSearchChange],
  );
  return <ResultsPage search={search} onSearchChange={onSearchChange} {...withLookalikes} />;
}
