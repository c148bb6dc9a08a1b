import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { safeRedirectTarget } from './redirect';
import type { AuthErrorStep, ChallengeStep, SignInStep } from './types';

/**
 * Follows a sign-in step to the page that handles it: done → where the user was going, confirm_sign_up →
 * /confirmation/, mfa_setup → /mfa, new_password → /password/set. Challenge and error steps are the caller's
 * to show: it gets them back (null when the page moved on).
 */
export function useFinishSignIn(redirect: string | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = redirect ? { redirect } : {};

  return async (step: SignInStep): Promise<AuthErrorStep | ChallengeStep | null> => {
    switch (step.step) {
      case 'done':
        // A different user may have been signed in before: forget everything read for them (their profile,
        // sessions, results…).
        queryClient.clear();
        await navigate({ href: safeRedirectTarget(redirect), replace: true });
        return null;
      case 'confirm_sign_up':
        await navigate({ to: '/confirmation', search: { email: step.email, code: '' } });
        return null;
      case 'mfa_setup':
        await navigate({ to: '/mfa', search });
        return null;
      case 'new_password':
        await navigate({ to: '/password/set', search });
        return null;
      default:
        return step;
    }
  };
}
