/**
 * The API's refusals that end or redirect a sign-in, in its own words: the web app recognises them by these texts
 * (to say why on /login, or to send an admin to /mfa), so both sides take them from here. No zod here: the web's
 * sign-in screens import this module alone (`@argo/contract/messages`), without the schemas.
 */
export const USER_DISABLED_MESSAGE = 'Your user is disabled. Ask an admin of your account to enable it.';
export const SESSION_ENDED_MESSAGE = 'You were signed out (this sign-in was ended). Sign in again.';
export const ADMIN_MFA_REQUIRED_MESSAGE =
  'Your organisation requires admins to use two-factor sign-in. Set it up on /mfa.';
