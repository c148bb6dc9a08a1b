import { describe, expect, it } from 'vitest';
import { CsvFormatError } from './decode';
import { type CsvRow, parseCsv, previewCsv } from './parse';

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

async function readCsv(bytes: Uint8Array | AsyncIterable<Uint8Array>) {
  const csv = await parseCsv(bytes);
  const rows: CsvRow[] = [];
  for await (const row of csv.rows) rows.push(row);
  return { headers: csv.headers, delimiter: csv.delimiter, encoding: csv.encoding, rows };
}

async function* inPieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

describe('parseCsv', () => {
  it('reads headers and rows with the line each row starts on', async () => {
    const csv = await readCsv(utf8('Name,City\nAcme,Berlin\nBeta,Paris\n'));
    expect(csv.headers).toEqual(['Name', 'City']);
    expect(csv.rows).toEqual([
      { line: 2, cells: ['Acme', 'Berlin'] },
      { line: 3, cells: ['Beta', 'Paris'] },
    ]);
    expect(csv.delimiter).toBe(',');
    expect(csv.encoding).toBe('utf-8');
  });

  it('strips a UTF-8 BOM from the first header', async () => {
    const csv = await readCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Name;Ort\nMüller;Köln\n')]));
    expect(csv.headers).toEqual(['Name', 'Ort']);
    expect(csv.rows[0]?.cells).toEqual(['Müller', 'Köln']);
    expect(csv.delimiter).toBe(';');
  });

  it('reads a Windows-1252 file with semicolons', async () => {
    const csv = await readCsv(latin1('Firma;Straße;Ort\nMüller GmbH;Hauptstraße 5;Köln\n'));
    expect(csv.encoding).toBe('windows-1252');
    expect(csv.headers).toEqual(['Firma', 'Straße', 'Ort']);
    expect(csv.rows[0]?.cells).toEqual(['Müller GmbH', 'Hauptstraße 5', 'Köln']);
  });

  it('reads tab-separated values', async () => {
    const csv = await readCsv(utf8('name\tphone\nA\t+49 30 1234567\n'));
    expect(csv.delimiter).toBe('\t');
    expect(csv.rows[0]?.cells).toEqual(['A', '+49 30 1234567']);
  });

  it('keeps quoted newlines and counts lines physically', async () => {
    const text = 'name,note\r\n"Acme","first\r\nsecond"\r\nBeta,"x"\r\n\r\n"Gamma","a\nb\nc"\r\nDelta,y\r\n';
    const csv = await readCsv(utf8(text));
    expect(csv.rows).toEqual([
      { line: 2, cells: ['Acme', 'first\r\nsecond'] },
      { line: 4, cells: ['Beta', 'x'] },
      { line: 6, cells: ['Gamma', 'a\nb\nc'] },
      { line: 9, cells: ['Delta', 'y'] },
    ]);
  });

  it('skips blank lines and rows of empty cells without losing the line count', async () => {
    const text = '\n\nname,city\n\nA,B\n   \n,,\n\nC,D';
    const csv = await readCsv(utf8(text));
    expect(csv.headers).toEqual(['name', 'city']);
    expect(csv.rows).toEqual([
      { line: 5, cells: ['A', 'B'] },
      { line: 9, cells: ['C', 'D'] },
    ]);
  });

  it('keeps ragged rows as they are', async () => {
    const csv = await readCsv(utf8('a,b,c\n1,2\n3,4,5,6\n7\n'));
    expect(csv.rows.map((r) => r.cells)).toEqual([['1', '2'], ['3', '4', '5', '6'], ['7']]);
  });

  it('trims cells, including no-break spaces, and tolerates stray quotes', async () => {
    const csv = await readCsv(
      utf8('name,phone\n  Acme\u202f , "\u00a0(469) 287-2159 "\nThe "Best" Shop,1\n'),
    );
    expect(csv.rows.map((r) => r.cells)).toEqual([
      ['Acme', '(469) 287-2159'],
      ['The "Best" Shop', '1'],
    ]);
  });

  it('gives every header a unique, non-empty name', async () => {
    const csv = await readCsv(utf8('Phone,,phone, Name \n1,2,3,4\n'));
    expect(csv.headers).toEqual(['Phone', 'Column 2', 'phone (2)', 'Name']);
  });

  it('counts lines the same when chunks split a CRLF or a multi-byte character', async () => {
    const text = 'name,city\r\nMüller,"Köln\r\nNord"\r\n\r\nÖzil,Bonn\r\n';
    for (const size of [1, 2, 3, 5]) {
      const csv = await readCsv(inPieces(utf8(text), size));
      expect(csv.rows).toEqual([
        { line: 2, cells: ['Müller', 'Köln\r\nNord'] },
        { line: 5, cells: ['Özil', 'Bonn'] },
      ]);
    }
  });

  it('reports a quote that is never closed with its line, keeping the rows before it', async () => {
    const csv = await readCsv(utf8('name,city\nA,B\nC,"oops\nD,E\nF,G\n'));
    expect(csv.rows[0]).toEqual({ line: 2, cells: ['A', 'B'] });
    expect(csv.rows[1]).toMatchObject({ line: 3, cells: [] });
    expect(csv.rows[1]?.error).toMatch(/quote .* never closed/);
    expect(csv.rows).toHaveLength(2);
  });

  it('counts the lines an unclosed quote swallows, a final line break starting none', async () => {
    const error = async (text: string) => (await readCsv(utf8(text))).rows.find((row) => row.error)?.error;
    expect(await error('name,city\n"Oops,A\nB,C\n')).toMatch(/so this line and the one after it could not/);
    expect(await error('name,city\n"Oops,A\nB,C')).toMatch(/so this line and the one after it could not/);
    expect(await error('name,city\n"Oops,A\n')).toMatch(/so this line could not be read/);
    expect(await error('name,city\r\n"Oops,A\r\nB,C\r\nD,E\r\n')).toMatch(/this line and the 2 after it/);
  });

  it('lists in the preview the rows it cannot read, before anything is imported', async () => {
    const preview = await previewCsv(utf8('name,city\nA,B\nC,"oops\nD,E\n'));
    expect(preview.row_count).toBe(2);
    expect(preview.rows).toEqual([['A', 'B']]);
    expect(preview.unreadable_count).toBe(1);
    expect(preview.unreadable_rows).toEqual([{ line: 3, reason: expect.stringMatching(/never closed/) }]);
    const clean = await previewCsv(utf8('name,city\nA,B\n'));
    expect(clean).toMatchObject({ unreadable_rows: [], unreadable_count: 0 });
  });

  it('joins text after a closing quote to its cell, and reads "" in a quoted cell as one quote', async () => {
    const csv = await readCsv(utf8('name,note\n"Acme" Inc,"say ""hi"""\n'));
    expect(csv.rows).toEqual([{ line: 2, cells: ['Acme Inc', 'say "hi"'] }]);
  });

  it('reports a runaway record past the size limit, and reads on at the next line', async () => {
    const text = `name,note\nA,"${'x'.repeat(300)}\nB,b\nC,c\n`;
    const csv = await parseCsv(utf8(text), { maxRecordChars: 100 });
    const rows: CsvRow[] = [];
    for await (const row of csv.rows) rows.push(row);
    expect(rows[0]).toMatchObject({ line: 2, cells: [] });
    expect(rows[0]?.error).toMatch(/longer than 100 characters/);
    expect(rows.slice(1)).toEqual([
      { line: 3, cells: ['B', 'b'] },
      { line: 4, cells: ['C', 'c'] },
    ]);
  });

  it('honours an Excel "sep=" line', async () => {
    const csv = await readCsv(utf8('sep=|\nname|city\nA, Inc.|B\n'));
    expect(csv.delimiter).toBe('|');
    expect(csv.rows).toEqual([{ line: 3, cells: ['A, Inc.', 'B'] }]);
  });

  it('refuses an empty file', async () => {
    await expect(parseCsv(utf8('\n\n'))).rejects.toThrow(CsvFormatError);
  });
});

describe('previewCsv', () => {
  it('returns the first rows, the delimiter, the encoding and the exact row count', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => `Shop ${i};${i}`);
    const preview = await previewCsv(utf8(`name;n\n${lines.join('\n')}\n`), 20);
    expect(preview.headers).toEqual(['name', 'n']);
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[19]).toEqual(['Shop 19', '19']);
    expect(preview).toMatchObject({ delimiter: ';', encoding: 'utf-8', row_count: 45 });
  });
});
