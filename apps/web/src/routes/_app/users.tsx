import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { UsersPage } from '../../features/users/components/UsersPage';
import { USERS_SEARCH_DEFAULTS, type UsersSearch, usersSearchSchema } from '../../features/users/search';

export const Route = createFileRoute('/_app/users')({
  staticData: { title: 'Users' },
  validateSearch: usersSearchSchema,
  search: { middlewares: [stripSearchParams(USERS_SEARCH_DEFAULTS)] },
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<UsersSearch>, how?: { replace?: boolean }) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: how?.replace ?? false }),
    [navigate],
  );
  return <UsersPage search={search} onSearchChange={onSearchChange} />;
}
