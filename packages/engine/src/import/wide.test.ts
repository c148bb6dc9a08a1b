/**
 * Hostile shapes of a CSV: a header wider than any real list, column names of a megabyte, rows of millions of
 * characters. Each is refused in words that say what to do, or read in time linear in the file.
 */
import { IMPORT_UPLOAD } from '@argo/contract';
import { describe, expect, it } from 'vitest';
import { CsvFormatError } from './decode';
import { parseCsv, previewCsv } from './parse';
import { readRecords } from './records';

const utf8 = (text: string) => new TextEncoder().encode(text);
const MAX: number = IMPORT_UPLOAD.maxColumns;

async function refusal(source: Parameters<typeof parseCsv>[0], options?: Parameters<typeof parseCsv>[1]) {
  try {
    await parseCsv(source, options);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvFormatError);
    return (error as Error).message;
  }
  return null;
}

const tooWide = (columns: number, max: number = MAX) =>
  `The file has ${columns.toLocaleString('en')} columns; Argo reads at most ${max.toLocaleString('en')}. Remove the columns you do not need and upload again.`;

describe('the width of a CSV', () => {
  it('refuses a header of 180,000 columns with its width, reading no further than the header', async () => {
    const header = Array.from({ length: 180_000 }, (_, i) => `c${i}`).join(',');
    const row = `${Array.from({ length: 180_000 }, () => '1').join(',')}\n`;
    const bytes = utf8(`${header}\n${row.repeat(20)}`);
    let pulled = 0;
    async function* stream() {
      for (let at = 0; at < bytes.length; at += 16 * 1024) {
        const piece = bytes.subarray(at, at + 16 * 1024);
        pulled += piece.length;
        yield piece;
      }
    }
    expect(await refusal(stream())).toBe(tooWide(180_000));
    expect(pulled).toBeLessThan(header.length + 128 * 1024);
  });

  it('takes exactly the most columns, and refuses one more', async () => {
    const header = (columns: number) => Array.from({ length: columns }, (_, i) => `Column ${i}`).join(';');
    const csv = await parseCsv(utf8(`${header(MAX)}\n${'x;'.repeat(MAX - 1)}x\n`));
    expect(csv.headers).toHaveLength(MAX);
    expect(await refusal(utf8(`${header(MAX + 1)}\nx\n`))).toBe(tooWide(MAX + 1));
  });

  it('counts the header as the reader reads it: quoted delimiters and line breaks, blank rows before it', async () => {
    const shapes: [string, number][] = [
      ['"a,b",c,"d\ne"\nx\n', 3],
      ['"say ""hi"", then",b\nx\n', 2],
      ['"Acme" Inc,b,c\nx\n', 3],
      ['The "Best" Shop,b\nx\n', 2],
      [`${','.repeat(50)}\n\n  ,  \na,b,c,d\nx\n`, 4],
      ['"",""\r\na,b,c\r\nx\r\n', 3],
      ['a,b,c', 3],
      ['a\tb\tc\nx\ty\tz\n', 3],
    ];
    for (const [text, columns] of shapes) {
      const csv = await parseCsv(utf8(text), { maxColumns: columns });
      expect([text, csv.headers.length]).toEqual([text, columns]);
      expect([text, await refusal(utf8(text), { maxColumns: columns - 1 })]).toEqual([
        text,
        tooWide(columns, columns - 1),
      ]);
    }
  });

  it('refuses a column name of a megabyte, saying which column', async () => {
    const message = await refusal(utf8(`name,${'x'.repeat(1024 * 1024)}\nAcme,1\n`));
    expect(message).toBe(
      `The name of column 2 in the header row (line 1) is 1,048,576 characters long; Argo reads names of at most ${IMPORT_UPLOAD.maxHeaderChars.toLocaleString('en')}. Check that the file starts with its header row, shorten that name and upload again.`,
    );
    const longest = 'y'.repeat(IMPORT_UPLOAD.maxHeaderChars);
    expect((await parseCsv(utf8(`name,${longest}\nAcme,1\n`))).headers).toEqual(['name', longest]);
  });

  it('previews rows wider than the header with only the header’s columns', async () => {
    const preview = await previewCsv(utf8(`name,city\nAcme,Berlin,${'1,'.repeat(100_000)}1\nBeta,Paris\n`));
    expect(preview.rows).toEqual([
      ['Acme', 'Berlin'],
      ['Beta', 'Paris'],
    ]);
    expect(preview.column_types).toEqual(['text', 'text']);
  });

  it('reads rows of 1.9 million characters in time linear in their length', async () => {
    // Each row is longer than many chunks; reading it again on every chunk made the time grow with its square.
    const cells = Array.from({ length: 380_000 }, (_, i) => String(i % 10_000)).join(',');
    const long = `name\n${cells}\n${cells}\n${cells}\n`;
    const short = long.replace(/((?:[^,]*,){99}[^,]*),/g, '$1\n');
    const read = async (text: string) => {
      async function* chunks() {
        for (let at = 0; at < text.length; at += 64 * 1024) yield text.slice(at, at + 64 * 1024);
      }
      const started = performance.now();
      let cellsRead = 0;
      for await (const row of readRecords(chunks(), ',', 0, 2_000_000)) cellsRead += row.cells.length;
      return { took: performance.now() - started, cellsRead };
    };
    const short1 = await read(short);
    const long1 = await read(long);
    expect(long1.cellsRead).toBe(short1.cellsRead);
    // Bounded, not stalled: the same cells in rows of 100 cells take about as long (it was over 10 times longer).
    expect(long1.took).toBeLessThan(5 * short1.took + 200);
  });

  it('skips a million empty rows at once', async () => {
    const preview = await previewCsv(utf8(`name,city\n${'\n,\n'.repeat(500_000)}Acme,Berlin\n`));
    expect(preview.row_count).toBe(1);
    expect(preview.rows).toEqual([['Acme', 'Berlin']]);
  });
});
