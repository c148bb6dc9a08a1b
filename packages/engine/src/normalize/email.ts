import { trimChars } from './trim';

const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}$/u;

/** Longest piece of text read as one address: 254 characters of address, a mailto: and a query around it. */
const MAX_PART_CHARS = 2048;

/** A lower-cased email address ("mailto:Info@X.de?subject=…" → "info@x.de"), or null when it is not one. */
export function normalizeEmail(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  for (const part of raw.split(/[\s;,]+/)) {
    if (part.length > MAX_PART_CHARS) continue;
    let candidate = part.replace(/^mailto:/i, '');
    // Cut at the query or fragment, and trim wrapping punctuation, in linear time (trim.ts).
    const query = candidate.search(/[?#]/);
    if (query >= 0) candidate = candidate.slice(0, query);
    candidate = trimChars(candidate, '<("\'', '>)"\'.').toLowerCase();
    if (candidate.length <= 254 && EMAIL.test(candidate)) return candidate;
  }
  return null;
}
