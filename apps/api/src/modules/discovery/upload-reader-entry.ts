/**
 * Runs in an upload reader thread (upload-reader.ts): reads each file it is sent — the preview and the suggested
 * mapping — and answers with them, or with why the file cannot be read.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { CsvFormatError, previewCsv, suggestMapping } from '@argo/engine/import';
import type { ReaderAnswer, ReaderRequest, ReaderThreadData } from './upload-reader';

const port = parentPort;
if (!port) throw new Error('upload-reader-entry.ts runs only as a worker thread (see upload-reader.ts)');
const { nice, allowAddresses } = workerData as ReaderThreadData;
try {
  // On Linux this lowers this thread alone, not the API's.
  if (nice > 0) setPriority(nice);
} catch {
  // A platform that refuses it only costs the API some responsiveness.
}

port.on('message', async ({ id, data }: ReaderRequest) => {
  let answer: ReaderAnswer;
  try {
    const preview = await previewCsv(data);
    answer = {
      id,
      ok: true,
      preview,
      mapping: suggestMapping(preview.headers, preview.rows, { allowAddresses }),
    };
  } catch (error) {
    const unreadable = error instanceof CsvFormatError;
    answer = { id, ok: false, unreadable, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
