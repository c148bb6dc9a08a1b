import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../features/register/components/RegisterPage';
import { isSignedIn, signOut } from '../lib/auth/auth';
import { oneOf, searchValidator } from '../lib/search-params';

const registerSearch = searchValidator((search): { step?: 'organisation' } => ({
  step: oneOf(search.step, ['organisation'] as const),
}));

export const Route = createFileRoute('/register')({
  staticData: { title: 'Register' },
  validateSearch: registerSearch,
  beforeLoad: async ({ search, preload, context }) => {
    if (preload) return;
    const signedIn = await isSignedIn().catch(() => false);
    if (search.step === 'organisation') {
      // Naming the organisation needs a signed-in identity without an Argo account.
      if (!signedIn) throw redirect({ to: '/register', search: {}, replace: true });
      // Imported here: the API client and the contract's schemas are not part of every page's first load.
      const { profileQueryOptions } = await import('../lib/profile');
      const hasAccount = await context.queryClient
        .fetchQuery(profileQueryOptions())
        .then(() => true)
        .catch(() => false);
      if (hasAccount) throw redirect({ to: '/landing', replace: true });
      return;
    }
    if (signedIn) {
      // A session exists → sign out and reload, so the form starts clean.
      await signOut();
      context.queryClient.clear();
      window.location.reload();
      await new Promise(() => {});
    }
  },
  component: RegisterRoute,
});

function RegisterRoute() {
  const { step } = Route.useSearch();
  return <RegisterPage step={step} />;
}
