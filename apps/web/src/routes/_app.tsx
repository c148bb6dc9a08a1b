import { createFileRoute, isRedirect, Outlet, redirect } from '@tanstack/react-router';
import { AppLayout } from '../components/layout/AppLayout';
import { PageLoader } from '../components/PageLoader';
import { isSignedIn } from '../lib/auth/auth';
import { isMfaRequiredError, mustSetUpMfa } from '../lib/auth/mfa-required';
import { signOutReasonOf } from '../lib/auth/sign-out-reason';
import { useProfile } from '../lib/profile';

export const Route = createFileRoute('/_app')({
  // Signed out → /login?redirect=…; no Argo account → name the organisation;
  // the API ended the sign-in (user disabled, sign-in ended) → /logout, and /login says why and keeps the
  // address; any other failure while checking the sign-in or loading the profile → /logout.
  beforeLoad: async ({ context, location }) => {
    // Imported here, not above: beforeLoad is part of every page's first load (/login's too), the profile's API
    // module (the API client, the contract's schemas) only of the signed-in pages. useProfile, above, is used by
    // the component, which is split off.
    const { isMissingAccountError, profileQueryOptions } = await import('../lib/profile');
    try {
      if (!(await isSignedIn())) {
        throw redirect({ to: '/login', search: { redirect: location.href } });
      }
      const profile = await context.queryClient.ensureQueryData(profileQueryOptions());
      // Invited, still on the emailed temporary password: choose one's own first.
      if (profile.must_change_password === true) {
        throw redirect({ to: '/password/set', search: { redirect: location.href } });
      }
      // The organisation requires admins to use MFA and this one has none: every call would be refused.
      if (await mustSetUpMfa(profile)) {
        throw redirect({ to: '/mfa', search: { reason: 'required', redirect: location.href } });
      }
      return { profile };
    } catch (error) {
      if (isRedirect(error)) throw error;
      if (isMissingAccountError(error)) throw redirect({ to: '/register', search: { step: 'organisation' } });
      if (isMfaRequiredError(error)) {
        throw redirect({ to: '/mfa', search: { reason: 'required', redirect: location.href } });
      }
      const reason = signOutReasonOf(error);
      if (reason) throw redirect({ to: '/logout', search: { reason, redirect: location.href } });
      console.error('Could not check the sign-in or load the profile', error);
      throw redirect({ to: '/logout' });
    }
  },
  pendingComponent: PageLoader,
  component: AppRoute,
});

function AppRoute() {
  const profile = useProfile();
  return (
    <AppLayout
      user={{
        name: profile.name ?? '',
        email: profile.email,
        isAdmin: profile.role === 'admin',
        accountName: profile.account.name,
      }}
    >
      <Outlet />
    </AppLayout>
  );
}
