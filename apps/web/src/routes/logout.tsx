import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../features/auth/components/LogoutPage';
import { signOutReasonParam } from '../lib/auth/sign-out-reason';
import { searchValidator, text } from '../lib/search-params';

export const Route = createFileRoute('/logout')({
  staticData: { title: 'Sign out' },
  // Set when the app signs the user out itself: /login says why and goes back to `redirect` afterwards.
  validateSearch: searchValidator((search) => ({
    reason: signOutReasonParam(search.reason),
    redirect: text(search.redirect),
  })),
  component: LogoutRoute,
});

function LogoutRoute() {
  const { reason, redirect } = Route.useSearch();
  return <LogoutPage reason={reason} redirect={redirect} />;
}
