import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/password/components/ResetPasswordPage';

export const Route = createFileRoute('/password/reset')({
  staticData: { title: 'Reset password' },
  component: ResetPasswordPage,
});
