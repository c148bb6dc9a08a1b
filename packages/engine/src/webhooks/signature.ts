/**
 * The webhook signature (docs/webhooks.md): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The
 * timestamp is signed with the body, so a receiver that refuses old timestamps also refuses a replayed delivery.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The `Argo-Signature` header value for a body sent at `timestamp` (unix seconds). */
export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Whether a header signs this body with this secret, at most `toleranceSeconds` from `now` (unix seconds). Any `v1`
 * of the header may match (a receiver rotating secrets sees one per secret); compared in constant time.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  options: { now: number; toleranceSeconds: number },
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(options.now - t) > options.toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
