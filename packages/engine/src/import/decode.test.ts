import { describe, expect, it } from 'vitest';
import { ChunkDecoder, CsvFormatError, decodeText, detectEncoding } from './decode';
import { excelSepHint, sniffDelimiter } from './sniff';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 bytes for Latin-1 text (every char below U+0100 is its own byte there). */
const latin1 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const utf16le = (text: string) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) bytes[2 + 2 * i] = text.charCodeAt(i);
  return bytes;
};

async function readAll(bytes: Uint8Array | AsyncIterable<Uint8Array>, sniffBytes?: number) {
  const decoded = await decodeText(bytes, sniffBytes);
  let text = '';
  for await (const chunk of decoded.chunks) text += chunk;
  return { text, encoding: decoded.encoding };
}

async function* inPieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

describe('detectEncoding and decodeText', () => {
  it('reads UTF-8 with a BOM and drops the BOM', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('name\nMüller')]);
    expect(detectEncoding(bytes)).toBe('utf-8');
    expect(await readAll(bytes)).toEqual({ text: 'name\nMüller', encoding: 'utf-8' });
  });

  it('reads UTF-8 without a BOM', async () => {
    expect(await readAll(utf8('name\nCafé Größe'))).toEqual({ text: 'name\nCafé Größe', encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', async () => {
    const bytes = latin1('name;city\nMüller;Köln\n');
    expect(bytes).toContain(0xfc); // ü as one byte
    expect(await readAll(bytes)).toEqual({ text: 'name;city\nMüller;Köln\n', encoding: 'windows-1252' });
  });

  it('reads Windows-1252 characters outside Latin-1 (the euro sign 0x80)', async () => {
    expect((await readAll(new Uint8Array([0x80, 0x20, 0x35]))).text).toBe('€ 5');
  });

  it('reads UTF-16 with a BOM', async () => {
    const result = await readAll(utf16le('name\nMüller'));
    expect(result).toEqual({ text: 'name\nMüller', encoding: 'utf-16le' });
  });

  it('never splits a multi-byte character across chunks', async () => {
    const bytes = utf8('name\n'.concat('Müller ✓ 東京\n'.repeat(50)));
    const result = await readAll(inPieces(bytes, 3), 16);
    expect(result.text).toBe(new TextDecoder().decode(bytes));
    expect(result.encoding).toBe('utf-8');
  });

  it('switches to Windows-1252 when the first non-ASCII byte comes after the sniffed head', async () => {
    const bytes = latin1(`${'plain ascii line\n'.repeat(10)}Müller\n`);
    const result = await readAll(inPieces(bytes, 32), 32);
    expect(result.text.endsWith('Müller\n')).toBe(true);
    expect(result.encoding).toBe('windows-1252');
  });

  it('keeps a split two-byte tail when switching to Windows-1252', () => {
    const decoder = new ChunkDecoder('utf-8');
    // "é" then "!" in Windows-1252: 0xE9 looks like the start of a 3-byte UTF-8 sequence.
    expect(decoder.decode(latin1('abc\xe9'))).toBe('abc');
    expect(decoder.decode(latin1('!'))).toBe('é!');
    expect(decoder.encoding).toBe('windows-1252');
  });

  it('refuses an Excel workbook with a clear message', async () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    await expect(decodeText(xlsx)).rejects.toThrow(CsvFormatError);
    await expect(decodeText(xlsx)).rejects.toThrow(/Excel workbook/);
  });
});

describe('sniffDelimiter', () => {
  it.each([
    ['name,city,phone\nA,B,1\nC,D,2\n', ','],
    ['name;city;phone\nA;B;1\nC;D;2\n', ';'],
    ['name\tcity\tphone\nA\tB\t1\nC\tD\t2\n', '\t'],
    ['name|city|phone\nA|B|1\nC|D|2\n', '|'],
  ] as const)('finds %j → %j', (text, delimiter) => {
    expect(sniffDelimiter(text, true)).toBe(delimiter);
  });

  it('ignores delimiters inside quotes, also across quoted newlines', () => {
    const text = 'name;note\n"A, B, C";"x, y\nz, w, v"\n"D, E";f\n"G";h\n';
    expect(sniffDelimiter(text, true)).toBe(';');
  });

  it('prefers the consistent delimiter over decimal commas', () => {
    const text = 'name;rating;lat;lng\nA;4,5;52,1;13,4\nB;3;52,2;13,5\nC;5;52;13\n';
    expect(sniffDelimiter(text, true)).toBe(';');
  });

  it('does not trust a last line cut off in the middle', () => {
    const text = 'a;b;c\n1;2;3\n4;5;6\n7,8,9,10,11,12,13';
    expect(sniffDelimiter(text, false)).toBe(';');
  });

  it('falls back to a comma for a single column', () => {
    expect(sniffDelimiter('name\nA\nB\n', true)).toBe(',');
  });

  it('reads an Excel "sep=" line', () => {
    expect(excelSepHint('sep=;\r\nname;city\n')).toEqual({ delimiter: ';', length: 7 });
    expect(excelSepHint('name;city\n')).toBeNull();
  });
});
