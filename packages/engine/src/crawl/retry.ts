/** Retry-After as milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Exponential back-off with jitter: base × 2^attempt + up to one base, capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  return Math.min(maxMs, baseMs * 2 ** attempt + Math.floor(random() * baseMs));
}

export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;
