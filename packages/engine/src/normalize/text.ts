/** Text helpers shared by the normalisers. */

/** Every Unicode space (no-break, narrow no-break, thin, ideographic…) and zero-width marks → a plain space. */
const ODD_SPACES = /[\s\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;

/** NFC, odd spaces to plain ones, collapsed and trimmed. */
export function collapseSpaces(value: string): string {
  return value.normalize('NFC').replace(ODD_SPACES, ' ').trim();
}

const FOLD_EXTRA: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower case with diacritics removed ("Café Größe" → "cafe grosse"); other scripts are kept. */
export function foldText(value: string): string {
  // Most names are plain ASCII: skip the (costly) Unicode decomposition for them.
  if (/^[\x20-\x7e]*$/.test(value)) return value.toLowerCase();
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæøœłđðþı]/g, (ch) => FOLD_EXTRA[ch] ?? ch);
}

/** A non-empty trimmed string, or null. */
export function textOrNull(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = collapseSpaces(String(value));
  return text === '' ? null : text;
}
