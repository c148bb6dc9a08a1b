import { createFileRoute } from '@tanstack/react-router';
import { MfaPage, MfaSignInFirst } from '../features/mfa/components/MfaPage';
import { isSignedIn } from '../lib/auth/auth';
import { oneOf, searchValidator, text } from '../lib/search-params';

export const Route = createFileRoute('/mfa')({
  staticData: { title: 'MFA Setup' },
  validateSearch: searchValidator((search) => ({
    redirect: text(search.redirect),
    reason: oneOf(search.reason, ['required'] as const),
  })),
  // /mfa is a public route: signed out, it shows its own page saying to sign in first.
  beforeLoad: async () => ({ isSignedIn: await isSignedIn().catch(() => false) }),
  component: MfaRoute,
});

function MfaRoute() {
  const { redirect, reason } = Route.useSearch();
  const { isSignedIn: signedIn } = Route.useRouteContext();
  const here = Route.useMatch({ select: (match) => match.fullPath });
  if (!signedIn)
    return <MfaSignInFirst returnTo={redirect ? `${here}?redirect=${encodeURIComponent(redirect)}` : here} />;
  return <MfaPage redirect={redirect} reason={reason} />;
}
