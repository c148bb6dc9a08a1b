import { createFileRoute } from '@tanstack/react-router';
import { SetPasswordPage } from '../../features/password/components/SetPasswordPage';
import { searchValidator, text } from '../../lib/search-params';

export const Route = createFileRoute('/password/set')({
  staticData: { title: 'Set password' },
  validateSearch: searchValidator((search) => ({ redirect: text(search.redirect) })),
  component: SetPasswordRoute,
});

function SetPasswordRoute() {
  const { redirect } = Route.useSearch();
  return <SetPasswordPage redirect={redirect} />;
}
