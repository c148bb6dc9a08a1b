/**
 * The upload reader's threads: a file is read off the API's thread, and whatever goes wrong in a thread — a file
 * that cannot be read, a read past the time limit, a thread that dies — ends as an AppError for the upload, never
 * as a request that waits for ever. A thread that was ended is replaced for the next upload.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { createUploadReader, type UploadReader } from './upload-reader';

let reader: UploadReader | null = null;
afterEach(async () => {
  await reader?.close();
  reader = null;
});

/** `columns` numeric columns after a "Company" one, `rows` rows: about 3 bytes a cell. */
function wideCsv(columns: number, rows: number): Buffer {
  const header = ['Company', ...Array.from({ length: columns - 1 }, (_, i) => `m${i}`)].join(',');
  const row = (r: number) => [
    `Business ${r}`,
    ...Array.from({ length: columns - 1 }, (_, c) => (r + c) % 100),
  ];
  return Buffer.from(`${[header, ...Array.from({ length: rows }, (_, r) => row(r).join(','))].join('\n')}\n`);
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('upload reader', () => {
  it('reads the preview and the suggested mapping in a thread, and says why a file cannot be read', async () => {
    reader = createUploadReader();
    const reading = await reader.read(Buffer.from('Company Name;Web site\nAcme;acme.com\nBeta;beta.de\n'));
    expect(reading.preview).toMatchObject({
      headers: ['Company Name', 'Web site'],
      delimiter: ';',
      row_count: 2,
    });
    expect(reading.mapping).toMatchObject({ name: 'Company Name', website: 'Web site' });

    const binary = await failure(reader.read(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0])));
    expect([binary.status, binary.field, binary.message]).toEqual([
      400,
      'file',
      'file: This looks like an Excel workbook (.xlsx) or another zip file, not a CSV. Save it as CSV and upload again.',
    ]);
  });

  it('stops a read past its time limit with a 400 that says what to do, and reads the next file', async () => {
    reader = createUploadReader();
    // Seconds of reading: far past a one-second limit.
    const slow = await failure(reader.read(wideCsv(1000, 4000), { timeoutMs: 1000 }));
    expect([slow.status, slow.field, slow.message]).toEqual([
      400,
      'file',
      'file: reading the file took longer than 1 second, so Argo stopped. Split it into smaller files (or remove the columns you do not need) and upload each.',
    ]);
    const next = await reader.read(Buffer.from('name\nAcme\n'));
    expect(next.preview.row_count).toBe(1);
  }, 60_000);

  it('answers a 500 when a thread dies (here: out of memory), not a hung upload', async () => {
    // 8 MB: too little for the reader and this file, enough for the thread to start. With a megabyte or two, Node 24
    // ends the whole process while it creates the thread ("GC during deserialization"), which no code can answer.
    reader = createUploadReader({ maxMemoryMb: 8 });
    const died = await failure(reader.read(wideCsv(1000, 20000)));
    expect([died.status, died.code, died.message]).toEqual([
      500,
      'internal',
      'Reading the file stopped unexpectedly. Try again; if it keeps failing, split it into smaller files and upload each.',
    ]);
  }, 60_000);

  it('reads uploads that arrive together one after another, each answered', async () => {
    reader = createUploadReader();
    const files = Array.from({ length: 4 }, (_, i) => Buffer.from(`name,n\n${'Acme,1\n'.repeat(i + 1)}`));
    const readings = await Promise.all(files.map((file) => (reader as UploadReader).read(file)));
    expect(readings.map((r) => r.preview.row_count)).toEqual([1, 2, 3, 4]);
  });

  it('refuses the reads still waiting when it is closed', async () => {
    reader = createUploadReader();
    const refused = failure(reader.read(Buffer.from('name\nAcme\n')));
    await reader.close();
    expect((await refused).status).toBe(500);
  });
});
