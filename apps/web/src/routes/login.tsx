import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/components/LoginPage';
import { safeRedirectTarget } from '../features/auth/redirect';
import { isSignedIn } from '../lib/auth/auth';
import { signOutReasonParam } from '../lib/auth/sign-out-reason';
import { searchText } from '../lib/search-params';

export const Route = createFileRoute('/login')({
  staticData: { title: 'Login' },
  // `reason`: why the app signed the user out (user disabled, sign-in ended), shown above the form.
  validateSearch: z.object({ redirect: searchText().optional(), reason: signOutReasonParam() }),
  beforeLoad: async ({ search, preload }) => {
    if (preload) return;
    // SPEC §2: already signed in → home (or where the user was going).
    const signedIn = await isSignedIn().catch(() => false);
    if (signedIn) throw redirect({ href: safeRedirectTarget(search.redirect), replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect, reason } = Route.useSearch();
  return <LoginPage redirect={redirect} reason={reason} />;
}
