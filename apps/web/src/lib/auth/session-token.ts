import { SESSION_TOKEN_KEY } from '../../config/constants';

/**
 * The anonymous session token: a random id kept in sessionStorage under `argo-token`,
 * sent as bearer when there is no login token (the /get-started preview uses it).
 */
export function getSessionToken(): string {
  const stored = sessionStorage.getItem(SESSION_TOKEN_KEY);
  if (stored) return stored;
  const token = crypto.randomUUID();
  sessionStorage.setItem(SESSION_TOKEN_KEY, token);
  return token;
}

/** The session token if this tab already has one (an anonymous /get-started preview to claim), else null. */
export function peekSessionToken(): string | null {
  return sessionStorage.getItem(SESSION_TOKEN_KEY);
}
