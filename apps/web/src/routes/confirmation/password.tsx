import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ConfirmPasswordPage } from '../../features/password/components/ConfirmPasswordPage';
import { searchText } from '../../lib/search-params';

export const Route = createFileRoute('/confirmation/password')({
  staticData: { title: 'Choose a new password' },
  validateSearch: z.object({ email: searchText().default('') }),
  component: ConfirmPasswordRoute,
});

function ConfirmPasswordRoute() {
  const { email } = Route.useSearch();
  return <ConfirmPasswordPage email={email} />;
}
