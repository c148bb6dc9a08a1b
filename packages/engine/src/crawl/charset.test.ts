import { describe, expect, it } from 'vitest';
import { charsetFromMeta, decodeHtml, decodeWindows1252, normalizeCharset } from './charset';
import { classifyContentType, looksLikeHtml, sniffBinary } from './sniff';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('decodeHtml', () => {
  it('maps the whole Windows-1252 C1 range, whatever Node does', () => {
    expect(decodeWindows1252(bytes(0x80, 0x84, 0x93, 0x96, 0x99, 0x9f, 0xfc))).toBe('€„“–™Ÿü');
  });

  it('prefers a BOM over everything', () => {
    const utf8 = Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('Grüße', 'utf8')]);
    expect(decodeHtml(utf8, 'text/html; charset=iso-8859-1')).toEqual({
      text: 'Grüße',
      charset: 'utf-8',
      source: 'bom',
    });
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from('Müller', 'utf16le')]);
    expect(decodeHtml(utf16).text).toBe('Müller');
  });

  it('reads the charset of the Content-Type, then of <meta>', () => {
    expect(decodeHtml(ascii('M\xfcller'), 'text/html; charset="ISO-8859-1"')).toMatchObject({
      text: 'Müller',
      source: 'header',
    });
    const page = ascii(
      '<html><head><meta charset="windows-1252"></head><body>\x84Stra\xdfe\x93</body></html>',
    );
    expect(decodeHtml(page, 'text/html')).toMatchObject({ charset: 'windows-1252', source: 'meta' });
    expect(decodeHtml(page, 'text/html').text).toContain('„Straße“');
  });

  it('falls back to Windows-1252 when bytes are not UTF-8, and keeps valid UTF-8 as is', () => {
    expect(decodeHtml(ascii('<p>M\xfcller</p>'))).toMatchObject({
      text: '<p>Müller</p>',
      source: 'fallback',
    });
    expect(decodeHtml(Uint8Array.from(Buffer.from('<p>Müller</p>', 'utf8')))).toMatchObject({
      text: '<p>Müller</p>',
      source: 'default',
    });
  });

  it('tolerates a UTF-8 sequence cut by the size cap', () => {
    const cut = Buffer.from('Grüße €', 'utf8').subarray(0, -1);
    expect(decodeHtml(Uint8Array.from(cut)).charset).toBe('utf-8');
  });

  it('normalises labels and ignores unknown ones', () => {
    expect(normalizeCharset('latin1')).toBe('windows-1252');
    expect(normalizeCharset('UTF8')).toBe('utf-8');
    expect(normalizeCharset('x-unknown')).toBeNull();
    expect(
      charsetFromMeta(ascii('<meta http-equiv="content-type" content="text/html; charset=utf-16">')),
    ).toBe('utf-8');
  });
});

describe('HTML or not', () => {
  it('classifies content types', () => {
    expect(classifyContentType('text/html; charset=utf-8')).toBe('html');
    expect(classifyContentType('application/xhtml+xml')).toBe('html');
    expect(classifyContentType(undefined)).toBe('sniff');
    expect(classifyContentType('application/octet-stream')).toBe('sniff');
    expect(classifyContentType('application/pdf')).toBe('not_html');
    expect(classifyContentType('image/jpeg')).toBe('not_html');
  });

  it('sniffs binary signatures and HTML starts', () => {
    expect(sniffBinary(ascii('%PDF-1.7'))).toBe('PDF');
    expect(sniffBinary(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('JPEG');
    expect(sniffBinary(bytes(0x3c, 0x68, 0x00, 0x01))).toMatch(/NUL/);
    expect(sniffBinary(ascii('<!doctype html><html>'))).toBeNull();
    expect(looksLikeHtml(ascii('  \n<!DOCTYPE html>'))).toBe(true);
    expect(looksLikeHtml(ascii('{"json": true}'))).toBe(false);
  });
});
