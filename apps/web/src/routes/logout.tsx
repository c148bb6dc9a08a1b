import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LogoutPage } from '../features/auth/components/LogoutPage';
import { signOutReasonParam } from '../lib/auth/sign-out-reason';
import { searchText } from '../lib/search-params';

export const Route = createFileRoute('/logout')({
  staticData: { title: 'Sign out' },
  // Set when the app signs the user out itself: /login says why and goes back to `redirect` afterwards.
  validateSearch: z.object({ reason: signOutReasonParam(), redirect: searchText().optional() }),
  component: LogoutRoute,
});

function LogoutRoute() {
  const { reason, redirect } = Route.useSearch();
  return <LogoutPage reason={reason} redirect={redirect} />;
}
