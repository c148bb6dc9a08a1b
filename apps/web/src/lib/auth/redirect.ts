/** Paths a sign-in must never return to (they would sign the user out again or loop). */
const AUTH_PATHS = ['/login', '/logout', '/register'];

/**
 * The place to go after signing in: the `redirect` search param when it is a path of this app,
 * otherwise the home page. Refuses other origins ("//evil.com", "https://…") so it cannot be abused.
 */
export function safeRedirectTarget(redirect: string | undefined | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return '/';
  const path = redirect.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  if (AUTH_PATHS.includes(path)) return '/';
  return redirect;
}
