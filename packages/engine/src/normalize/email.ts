const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}$/u;

/** A lower-cased email address ("mailto:Info@X.de?subject=…" → "info@x.de"), or null when it is not one. */
export function normalizeEmail(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  for (const part of raw.split(/[\s;,]+/)) {
    const candidate = part
      .replace(/^mailto:/i, '')
      .replace(/[?#].*$/, '')
      .replace(/^[<("']+|[>)"'.]+$/g, '')
      .toLowerCase();
    if (candidate.length <= 254 && EMAIL.test(candidate)) return candidate;
  }
  return null;
}
