import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/LoginPage';
import { isSignedIn } from '../lib/auth/auth';
import { safeRedirectTarget } from '../lib/auth/redirect';
import { type SignOutReason, signOutReasonParam } from '../lib/auth/sign-out-reason';
import { searchValidator, text } from '../lib/search-params';

// `reason`: why the app signed the user out (user disabled, sign-in ended), shown above the form.
const loginSearch = searchValidator((search): { redirect?: string; reason?: SignOutReason } => ({
  redirect: text(search.redirect),
  reason: signOutReasonParam(search.reason),
}));

export const Route = createFileRoute('/login')({
  staticData: { title: 'Login' },
  validateSearch: loginSearch,
  beforeLoad: async ({ search, preload }) => {
    if (preload) return;
    // Already signed in → home (or where the user was going).
    const signedIn = await isSignedIn().catch(() => false);
    if (signedIn) throw redirect({ href: safeRedirectTarget(search.redirect), replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect, reason } = Route.useSearch();
  return <LoginPage redirect={redirect} reason={reason} />;
}
