import { createFileRoute } from '@tanstack/react-router';
import { ConfirmPasswordPage } from '../../features/password/components/ConfirmPasswordPage';
import { searchValidator, text } from '../../lib/search-params';

export const Route = createFileRoute('/confirmation/password')({
  staticData: { title: 'Choose a new password' },
  validateSearch: searchValidator((search) => ({ email: text(search.email) ?? '' })),
  component: ConfirmPasswordRoute,
});

function ConfirmPasswordRoute() {
  const { email } = Route.useSearch();
  return <ConfirmPasswordPage email={email} />;
}
