import type { SignOutReason } from './auth/sign-out-reason';

/*
 * Where the API client sends the user after a 401 or the "set up MFA first" 403. Kept apart from api-client.ts
 * so that the router can set them without loading the API client (and the contract's route table) on pages that
 * call no API, such as /login.
 */

let onUnauthorized: (reason: SignOutReason | undefined) => void = (reason) =>
  window.location.assign(reason ? `/logout?reason=${reason}` : '/logout');
let onMfaRequired: () => void = () => window.location.assign('/mfa?reason=required');

/**
 * Lets the app route a 401 (→ /logout, with the reason when the API gave a known one: "this sign-in was ended")
 * and the 403 "your organisation requires admins to use two-factor sign-in" (→ /mfa) through its router instead
 * of a full page load.
 */
export function configureApiClient(options: {
  onUnauthorized?: (reason: SignOutReason | undefined) => void;
  onMfaRequired?: () => void;
}): void {
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized;
  if (options.onMfaRequired) onMfaRequired = options.onMfaRequired;
}

/** The API ended the sign-in: to /logout (which says why on /login). */
export function leaveAfterUnauthorized(reason: SignOutReason | undefined): void {
  onUnauthorized(reason);
}

/** The API wants this admin to set up two-factor sign-in first: to /mfa. */
export function leaveForMfaSetup(): void {
  onMfaRequired();
}
