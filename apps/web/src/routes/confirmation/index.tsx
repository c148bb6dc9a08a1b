import { createFileRoute } from '@tanstack/react-router';
import { ConfirmationPage } from '../../features/auth/components/ConfirmationPage';
import { searchValidator, text } from '../../lib/search-params';

export const Route = createFileRoute('/confirmation/')({
  staticData: { title: 'Confirm your email' },
  // Email and code default to empty strings.
  validateSearch: searchValidator((search) => ({
    email: text(search.email) ?? '',
    code: text(search.code) ?? '',
  })),
  component: ConfirmationRoute,
});

function ConfirmationRoute() {
  const { email, code } = Route.useSearch();
  return <ConfirmationPage email={email} code={code} />;
}
