import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { MfaPage } from '../features/mfa/components/MfaPage';
import { isSignedIn } from '../lib/auth/auth';
import { searchText } from '../lib/search-params';

export const Route = createFileRoute('/mfa')({
  staticData: { title: 'MFA Setup' },
  validateSearch: z.object({
    redirect: searchText().optional(),
    reason: z.enum(['required']).optional().catch(undefined),
  }),
  beforeLoad: async ({ location, preload }) => {
    if (preload) return;
    // Setting up MFA changes the signed-in account: sign in first, then come back.
    const signedIn = await isSignedIn().catch(() => false);
    if (!signedIn) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: MfaRoute,
});

function MfaRoute() {
  const { redirect, reason } = Route.useSearch();
  return <MfaPage redirect={redirect} reason={reason} />;
}
