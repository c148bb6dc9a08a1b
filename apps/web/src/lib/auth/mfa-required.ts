import { ADMIN_MFA_REQUIRED_MESSAGE } from '@argo/contract';
import { isApiError, readErrorDetail } from '../api-error';
import { getIdToken } from './auth';
import { readTokenClaims } from './id-token';

/**
 * The API's 403 for an admin without two-factor sign-in in an organisation that requires it ("Your organisation
 * requires admins to use two-factor sign-in…"): the app sends the person to /mfa to set it up.
 */
export function isMfaRequiredError(error: unknown): boolean {
  if (!isApiError(error, 403)) return false;
  if (error.code === 'mfa_required') return true;
  return readErrorDetail(error.data).message === ADMIN_MFA_REQUIRED_MESSAGE;
}

/**
 * The API's own test, made before it refuses: an admin of an organisation that requires MFA whose ID token says
 * `mfa: false`. (A provider whose tokens do not say is never refused.)
 */
export async function mustSetUpMfa(profile: { role: string; require_admin_mfa: boolean }): Promise<boolean> {
  if (profile.role !== 'admin' || !profile.require_admin_mfa) return false;
  const token = await getIdToken();
  return token !== null && readTokenClaims(token)?.mfa === false;
}
