import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SetPasswordPage } from '../../features/password/components/SetPasswordPage';
import { searchText } from '../../lib/search-params';

export const Route = createFileRoute('/password/set')({
  staticData: { title: 'Set password' },
  validateSearch: z.object({ redirect: searchText().optional() }),
  component: SetPasswordRoute,
});

function SetPasswordRoute() {
  const { redirect } = Route.useSearch();
  return <SetPasswordPage redirect={redirect} />;
}
