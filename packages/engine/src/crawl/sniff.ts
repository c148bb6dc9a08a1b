/**
 * Is a response an HTML document? Decided from the Content-Type when it is specific, and from the first bytes
 * when it is missing or generic (text/plain, application/octet-stream), or to catch binary labelled as HTML.
 */

export type ContentTypeVerdict = 'html' | 'not_html' | 'sniff';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const GENERIC_TYPES = new Set([
  '',
  'text/plain',
  'application/octet-stream',
  'unknown/unknown',
  'application/unknown',
]);

export function mimeType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function classifyContentType(contentType: string | undefined): ContentTypeVerdict {
  const mime = mimeType(contentType);
  if (HTML_TYPES.has(mime)) return 'html';
  if (GENERIC_TYPES.has(mime) || mime === '*/*') return 'sniff';
  return 'not_html';
}

const BINARY_SIGNATURES: Array<[string, number[]]> = [
  ['PDF', [0x25, 0x50, 0x44, 0x46]],
  ['PNG', [0x89, 0x50, 0x4e, 0x47]],
  ['GIF', [0x47, 0x49, 0x46, 0x38]],
  ['JPEG', [0xff, 0xd8, 0xff]],
  ['ZIP', [0x50, 0x4b, 0x03, 0x04]],
  ['GZIP', [0x1f, 0x8b]],
  ['RIFF/WebP', [0x52, 0x49, 0x46, 0x46]],
  ['OLE (doc/xls)', [0xd0, 0xcf, 0x11, 0xe0]],
  ['ELF', [0x7f, 0x45, 0x4c, 0x46]],
  ['WOFF', [0x77, 0x4f, 0x46, 0x46]],
];

/** A name for the binary format the bytes start with, or null when they look like text. */
export function sniffBinary(head: Uint8Array): string | null {
  for (const [name, sig] of BINARY_SIGNATURES) {
    if (sig.every((b, i) => head[i] === b)) return name;
  }
  // Text never holds NUL or most C0 controls; UTF-16 is caught by its BOM before we get here.
  const sample = head.subarray(0, 1024);
  const startsWithBom =
    (sample[0] === 0xfe && sample[1] === 0xff) || (sample[0] === 0xff && sample[1] === 0xfe);
  if (startsWithBom) return null;
  let controls = 0;
  for (const b of sample) {
    if (b === 0) return 'binary (NUL bytes)';
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) controls++;
  }
  return controls > sample.length / 10 ? 'binary (control bytes)' : null;
}

/** For generic types: does the text start like an HTML document (after whitespace, BOM and comments)? */
export function looksLikeHtml(head: Uint8Array): boolean {
  let text = '';
  for (let i = 0; i < Math.min(head.length, 1024); i++) text += String.fromCharCode(head[i] ?? 0);
  text = text.replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  return /^<(?:!doctype\s+html|html|head|body|script|title|meta|!--|div|p[\s>]|a\s|table|iframe|h1|br|style|font|b[\s>])/i.test(
    text,
  );
}
