/**
 * Turns response bytes into text the way browsers mostly do: BOM, then the Content-Type charset, then a
 * <meta charset> / <meta http-equiv> in the first bytes, else UTF-8. Small-business sites often lie: bytes that
 * are not valid UTF-8 are read as Windows-1252, and a page labelled Latin-1 whose bytes are valid multi-byte
 * UTF-8 is read as UTF-8 (the usual CMS mistake).
 */

type CharsetSource = 'bom' | 'header' | 'meta' | 'default' | 'fallback' | 'utf8-detected';

export interface DecodedText {
  text: string;
  charset: string;
  source: CharsetSource;
}

const PRESCAN_BYTES = 4096;

// WHATWG windows-1252 for 0x80–0x9F. Node ≥ 20.18.3 decodes 'windows-1252' as plain Latin-1 (nodejs/node#60888:
// € would become U+0080), so this range is mapped here instead of trusting TextDecoder.
const WIN1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) =>
      String.fromCharCode(WIN1252_C1[c.charCodeAt(0) - 0x80] ?? c.charCodeAt(0)),
    );
}

function decodeAs(charset: string, bytes: Uint8Array): string {
  return charset === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(charset).decode(bytes);
}
const LATIN_FAMILY = new Set(['windows-1252', 'iso-8859-15', 'iso-8859-2']);

/** The WHATWG encoding name for a label ("latin1" → "windows-1252"), or null when unknown. */
export function normalizeCharset(label: string | undefined | null): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim().replace(/^["']|["']$/g, '')).encoding;
  } catch {
    return null;
  }
}

function charsetFromContentType(contentType: string | undefined): string | null {
  const match = contentType ? /charset\s*=\s*["']?([^;"'\s]+)/i.exec(contentType) : null;
  return normalizeCharset(match?.[1]);
}

const latin1 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** <meta charset="x"> or <meta http-equiv="Content-Type" content="text/html; charset=x"> near the top. */
export function charsetFromMeta(bytes: Uint8Array): string | null {
  const head = latin1(bytes.subarray(0, PRESCAN_BYTES));
  const re = /<meta\b[^<>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/gi;
  for (let m = re.exec(head); m; m = re.exec(head)) {
    const charset = normalizeCharset(m[1]);
    // A document cannot declare UTF-16 in-band (it would not be readable as ASCII); the spec says UTF-8.
    if (charset) return charset.startsWith('utf-16') ? 'utf-8' : charset;
  }
  return null;
}

function bomCharset(bytes: Uint8Array): { charset: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: 'utf-16le', length: 2 };
  return null;
}

/** UTF-8 decoding, or null when the bytes are not valid UTF-8 (an incomplete last sequence is tolerated). */
function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

function hasNonAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] ?? 0) >= 0x80) return true;
  return false;
}

export function decodeHtml(bytes: Uint8Array, contentType?: string): DecodedText {
  const bom = bomCharset(bytes);
  if (bom) {
    return {
      text: new TextDecoder(bom.charset, { ignoreBOM: true }).decode(bytes.subarray(bom.length)),
      charset: bom.charset,
      source: 'bom',
    };
  }
  const header = charsetFromContentType(contentType);
  const meta = header ? null : charsetFromMeta(bytes);
  const declared = header ?? meta;
  const source: CharsetSource = header ? 'header' : meta ? 'meta' : 'default';

  if (!declared || declared === 'utf-8') {
    const text = strictUtf8(bytes);
    if (text !== null) return { text, charset: 'utf-8', source };
    return {
      text: decodeWindows1252(bytes),
      charset: 'windows-1252',
      source: 'fallback',
    };
  }
  if (LATIN_FAMILY.has(declared) && hasNonAscii(bytes)) {
    const text = strictUtf8(bytes);
    if (text !== null) return { text, charset: 'utf-8', source: 'utf8-detected' };
  }
  return { text: decodeAs(declared, bytes), charset: declared, source };
}
