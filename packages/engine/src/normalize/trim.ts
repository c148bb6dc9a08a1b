/**
 * Trimming a set of characters from the ends of a string in linear time. Patterns such as `/[>)"',;]+$/` look
 * harmless but backtrack: on a run of n such characters not at the end, the engine retries from every position,
 * n²/2 steps — a long run of semicolons in one CSV cell held the API's thread (docs/performance.md).
 */

/** The characters `\s` matches in a JavaScript regex, for the `chars` below (`WHITESPACE + ',;'` is `[\s,;]`). */
export const WHITESPACE =
  ' \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** `text` without any of `chars` at its start. */
function trimStartChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text.charAt(start))) start++;
  return start === 0 ? text : text.slice(start);
}

/** `text` without any of `chars` at its end. */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text.charAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without `startChars` at its start and `endChars` at its end. */
export function trimChars(text: string, startChars: string, endChars: string = startChars): string {
  return trimEndChars(trimStartChars(text, startChars), endChars);
}

/** `text` without one of `chars` at its end and the spaces before it (`/\s*[,;]$/` in linear time). */
export function withoutLastOf(text: string, chars: string): string {
  return text !== '' && chars.includes(text.charAt(text.length - 1))
    ? trimEndChars(text.slice(0, -1), WHITESPACE)
    : text;
}
