/**
 * The charset sniffing of charset.ts stays hand-written beside html-encoding-sniffer: the library's <meta> prescan
 * reads only the first 1024 bytes, as the HTML standard says, and real pages declare their charset later, behind long
 * head comments and scripts (the repository's eval sites hold dozens). These tests run both on the same bytes: they
 * agree on a BOM, the HTTP header, <meta charset> and http-equiv, and on the pages they differ only where the
 * declaration ends past the library's 1024 bytes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { charsetFromMeta, decodeHtml, normalizeCharset } from './charset';

// CommonJS without types: required, and typed here as its README describes it.
const require = createRequire(import.meta.url);
const sniffer: unknown = require('html-encoding-sniffer');
const sniffHtmlEncoding = sniffer as (
  bytes: Uint8Array,
  options?: { transportLayerEncodingLabel?: string; defaultEncoding?: string | null },
) => string | null;

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../../..');
/** The repository's own site pages always; the shared fixtures' pages too when they are there. */
const PAGE_DIRS = [
  join(ROOT, 'eval/sites'),
  join(ROOT, 'eval/competitors/sites'),
  join(ROOT, '../shared/fixtures/html/pages'),
  join(ROOT, '../shared/fixtures/eval/pages'),
];
const PRESCAN_BYTES_OF_THE_LIBRARY = 1024;

const latin1 = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
const charsetOf = (label: string | null) => (label === null ? null : normalizeCharset(label));
const contentTypeLabel = (contentType: string | undefined) =>
  contentType ? /charset\s*=\s*["']?([^;"'\s]+)/i.exec(contentType)?.[1] : undefined;

function pages(): { path: string; bytes: Uint8Array }[] {
  return PAGE_DIRS.filter((dir) => existsSync(dir)).flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.html?$/i.test(name))
      .map((name) => ({ path: join(dir, name), bytes: new Uint8Array(readFileSync(join(dir, name))) })),
  );
}

describe('charset sniffing beside html-encoding-sniffer', () => {
  const cases: { name: string; bytes: Uint8Array; contentType?: string; charset: string }[] = [
    {
      name: 'a UTF-8 BOM over the header',
      bytes: Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('<p>Grüße</p>', 'utf8')]),
      contentType: 'text/html; charset=iso-8859-1',
      charset: 'utf-8',
    },
    {
      name: 'a UTF-16LE BOM',
      bytes: Uint8Array.from([0xff, 0xfe, ...Buffer.from('<p>Müller</p>', 'utf16le')]),
      charset: 'utf-16le',
    },
    {
      name: 'the HTTP header over <meta>',
      bytes: latin1('<meta charset="iso-8859-2"><p>plain</p>'),
      contentType: 'text/html; charset="ISO-8859-15"',
      charset: 'iso-8859-15',
    },
    {
      name: '<meta charset>',
      bytes: latin1('<html><head><meta charset="windows-1250"></head><body>plain</body></html>'),
      contentType: 'text/html',
      charset: 'windows-1250',
    },
    {
      name: 'http-equiv Content-Type',
      bytes: latin1(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2"></head></html>',
      ),
      charset: 'iso-8859-2',
    },
    {
      name: 'a <meta> that says UTF-16, read as UTF-8',
      bytes: latin1('<meta charset="utf-16"><p>plain</p>'),
      charset: 'utf-8',
    },
    {
      name: 'an unknown label, then a known one',
      bytes: latin1('<meta charset="no-such-charset"><meta charset="koi8-r"><p>plain</p>'),
      charset: 'koi8-r',
    },
  ];

  it.each(cases)('both read $name', ({ bytes, contentType, charset }) => {
    const label = contentTypeLabel(contentType);
    const library = sniffHtmlEncoding(bytes, {
      ...(label !== undefined && { transportLayerEncodingLabel: label }),
      defaultEncoding: null,
    });
    expect(charsetOf(library)).toBe(charset);
    expect(decodeHtml(bytes, contentType).charset).toBe(charset);
  });

  it('both find no charset in a page that declares none', () => {
    const page = latin1('<html><head><title>none</title></head><body>plain</body></html>');
    expect(sniffHtmlEncoding(page, { defaultEncoding: null })).toBeNull();
    expect(charsetFromMeta(page)).toBeNull();
  });

  it('read the same <meta> charset on the pages, but where it ends past the 1024 bytes the library reads', () => {
    const all = pages();
    let agreed = 0;
    const later: string[] = [];
    for (const { path, bytes } of all) {
      const handWritten = charsetFromMeta(bytes);
      const library = charsetOf(sniffHtmlEncoding(bytes, { defaultEncoding: null }));
      if (handWritten === library) {
        agreed += 1;
        continue;
      }
      const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
      const declaration = /<meta\b[^<>]*?\bcharset\s*=\s*["']?\s*[\w.:-]+/i.exec(head);
      expect({ path, library }).toEqual({ path, library: null });
      expect(declaration, path).not.toBeNull();
      expect((declaration?.index ?? 0) + (declaration?.[0].length ?? 0), path).toBeGreaterThan(
        PRESCAN_BYTES_OF_THE_LIBRARY,
      );
      later.push(path);
    }
    expect(all.length).toBeGreaterThan(300);
    expect(agreed).toBeGreaterThan(all.length * 0.9);
    // The pages the library alone would read without their declared charset: why the hand-written prescan stays.
    expect(later.length).toBeGreaterThan(0);
  });
});
