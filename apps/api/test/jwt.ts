/** The payload of a JWT, unverified (tests only look at the claims the API was given). */
// biome-ignore lint/suspicious/noExplicitAny: test helper
export function jwtPayload(token: string): Record<string, any> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}
