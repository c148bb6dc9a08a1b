import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SignalsPage } from '../../features/signals/components/SignalsPage';
import { type SignalsSearch, signalsSearchSchema } from '../../features/signals/search';

const DEFAULTS = { days: 30, page: 0 } satisfies Partial<SignalsSearch>;

export const Route = createFileRoute('/_app/signals')({
  staticData: { title: 'Signals' },
  validateSearch: signalsSearchSchema,
  search: { middlewares: [stripSearchParams(DEFAULTS)] },
  component: SignalsRoute,
});

function SignalsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<SignalsSearch>, how?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: how?.replace ?? false }),
    [navigate],
  );
  return <SignalsPage search={search} onSearchChange={onSearchChange} />;
}
