import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SessionsPage } from '../../features/sessions/components/SessionsPage';
import {
  SESSIONS_SEARCH_DEFAULTS,
  type SessionsSearch,
  sessionsSearchSchema,
} from '../../features/sessions/search';

export const Route = createFileRoute('/_app/sessions')({
  staticData: { title: 'Sessions' },
  validateSearch: sessionsSearchSchema,
  search: { middlewares: [stripSearchParams(SESSIONS_SEARCH_DEFAULTS)] },
  component: SessionsRoute,
});

function SessionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<SessionsSearch>, how?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: how?.replace ?? false }),
    [navigate],
  );
  return <SessionsPage search={search} onSearchChange={onSearchChange} />;
}
