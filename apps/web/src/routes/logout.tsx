import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../features/auth/components/LogoutPage';

export const Route = createFileRoute('/logout')({
  staticData: { title: 'Sign out' },
  component: LogoutPage,
});
