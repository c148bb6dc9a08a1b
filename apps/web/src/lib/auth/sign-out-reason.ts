import { SESSION_ENDED_MESSAGE, USER_DISABLED_MESSAGE } from '@argo/contract';
import { isApiError, readErrorDetail } from '../api-error';
import { oneOf } from '../search-params';

/**
 * Why the app signed someone out, carried to /login as `?reason=` so the sign-in form can say it. Only these
 * known reasons travel in the address (never the words themselves), so a link cannot put its own text there.
 */
const SIGN_OUT_REASONS = ['disabled', 'session-ended', 'two-factor'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];

/**
 * The words for each reason: the API's own, and for `two-factor` the app's (the sign-in at hand did not use the
 * second factor the account has on, or turning codes by email on just ended it).
 */
export const SIGN_OUT_REASON_MESSAGES: Record<SignOutReason, string> = {
  disabled: USER_DISABLED_MESSAGE,
  'session-ended': SESSION_ENDED_MESSAGE,
  'two-factor': 'Two-factor sign-in is on for your account: sign in with your password and a code.',
};

/** `?reason=` of /login and /logout: a known reason, anything else is ignored. */
export const signOutReasonParam = (value: unknown): SignOutReason | undefined =>
  oneOf(value, SIGN_OUT_REASONS);

/**
 * The reason behind an API refusal that ends the sign-in: 403 "Your user is disabled…", or 401 "You were
 * signed out (this sign-in was ended)…". Undefined for any other error.
 */
export function signOutReasonOf(error: unknown): SignOutReason | undefined {
  if (!isApiError(error)) return undefined;
  const message = readErrorDetail(error.data).message ?? '';
  if (error.status === 403 && message === USER_DISABLED_MESSAGE) return 'disabled';
  if (error.status === 401 && message === SESSION_ENDED_MESSAGE) return 'session-ended';
  return undefined;
}
