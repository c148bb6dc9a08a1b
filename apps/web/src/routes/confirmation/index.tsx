import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ConfirmationPage } from '../../features/auth/components/ConfirmationPage';
import { searchText } from '../../lib/search-params';

export const Route = createFileRoute('/confirmation/')({
  staticData: { title: 'Confirm your email' },
  // SPEC §5: email and code default to empty strings.
  validateSearch: z.object({ email: searchText().default(''), code: searchText().default('') }),
  component: ConfirmationRoute,
});

function ConfirmationRoute() {
  const { email, code } = Route.useSearch();
  return <ConfirmationPage email={email} code={code} />;
}
