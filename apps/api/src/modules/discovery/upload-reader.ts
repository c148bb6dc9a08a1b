/**
 * Reading an uploaded CSV — its preview (every row is read: the count, the column types) and the suggested mapping
 * — in worker threads, never on the API's event loop: a 20 MB file of 1,000 columns is seconds of synchronous
 * parsing, and on the API's thread every request of every tenant waited for it. The import itself parses in the
 * job thread for the same reason (jobs/job-thread.ts).
 *
 * A small pool: at most `threads` threads, started on the first upload and kept for the next ones; uploads beyond
 * that wait their turn. Each read has a time limit, and a thread has a memory limit: a thread past either is ended
 * (a new one is started for the next upload) and the upload gets a 4xx or 5xx that says so, never a hung request.
 */
import { Worker } from 'node:worker_threads';
import type { CsvPreviewResult, SuggestedMapping } from '@argo/engine';
import type { Logger } from 'pino';
import { AppError, badRequest } from '../../http/errors';

interface UploadReading {
  preview: CsvPreviewResult;
  mapping: SuggestedMapping;
}

export interface UploadReader {
  /**
   * Reads `data` in a thread; rejects with an AppError (the file's fault: 400; the thread's: 500). `timeoutMs`
   * replaces the reader's time limit for this read.
   */
  read(data: Uint8Array, options?: { timeoutMs?: number }): Promise<UploadReading>;
  /** Ends the threads; reads still waiting are refused. */
  close(): Promise<void>;
}

export interface UploadReaderOptions {
  /** Threads at most (default 1: the machine's other cores serve the API and the jobs). */
  threads?: number;
  /** Time limit of one read, from when a thread takes it (default 60 s). */
  timeoutMs?: number;
  /** Heap limit of a thread, MB (default 512: a 20 MB file needs a fraction of that). */
  maxMemoryMb?: number;
  /** Niceness of the threads (JOB_NICE): requests of other users get the CPU first. */
  nice?: number;
  /** Where a thread's failure is told (the upload's answer says only that reading stopped). */
  log?: Pick<Logger, 'error'>;
  /** CRAWL_ALLOW_HOSTS: a column of web addresses on these IP addresses is suggested as the website. */
  allowAddresses?: readonly string[];
}

export interface ReaderThreadData {
  nice: number;
  allowAddresses: readonly string[];
}
export type ReaderRequest = { id: number; data: Uint8Array };
export type ReaderAnswer =
  | ({ id: number; ok: true } & UploadReading)
  | { id: number; ok: false; unreadable: boolean; message: string };

interface Task {
  id: number;
  data: Uint8Array;
  timeoutMs: number;
  resolve: (reading: UploadReading) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The thread's entry: upload-reader-thread.js in the build (an entry point of scripts/build.mjs, beside the chunk
 * this module is bundled into), upload-reader-entry.ts when run from source with tsx, which a worker thread does
 * not inherit: there a bootstrap registers tsx first.
 */
function startWorker(data: ReaderThreadData, maxMemoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxMemoryMb };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./upload-reader-thread.js', import.meta.url), {
      workerData: data,
      resourceLimits,
    });
  }
  const entry = JSON.stringify(new URL('./upload-reader-entry.ts', import.meta.url).href);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); })`;
  return new Worker(bootstrap, { eval: true, workerData: data, resourceLimits });
}

function tookTooLong(timeoutMs: number): AppError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return badRequest(
    `file: reading the file took longer than ${seconds} second${seconds === 1 ? '' : 's'}, so Argo stopped. Split it into smaller files (or remove the columns you do not need) and upload each.`,
    'file',
  );
}

const threadFailed = () =>
  new AppError(
    'internal',
    'Reading the file stopped unexpectedly. Try again; if it keeps failing, split it into smaller files and upload each.',
  );

export function createUploadReader(options: UploadReaderOptions = {}): UploadReader {
  const maxThreads = Math.max(1, options.threads ?? 1);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxMemoryMb = options.maxMemoryMb ?? 512;
  const data: ReaderThreadData = { nice: options.nice ?? 0, allowAddresses: options.allowAddresses ?? [] };
  const threads = new Set<Thread>();
  const waiting: Task[] = [];
  let nextId = 1;
  let closed = false;

  /** Ends a thread that failed or ran out of time, refusing its read with `error`. */
  function discard(thread: Thread, error: AppError, cause?: unknown) {
    if (!threads.delete(thread)) return;
    if (cause !== undefined) options.log?.error({ err: cause }, 'an upload reader thread failed');
    if (thread.timer) clearTimeout(thread.timer);
    const task = thread.task;
    thread.task = null;
    void thread.worker.terminate();
    task?.reject(error);
    dispatch();
  }

  function spawn(): Thread {
    const thread: Thread = { worker: startWorker(data, maxMemoryMb), task: null, timer: null };
    // Idle threads do not keep the process alive.
    thread.worker.unref();
    thread.worker.on('message', (answer: ReaderAnswer) => {
      const task = thread.task;
      if (!task || answer.id !== task.id) return;
      if (thread.timer) clearTimeout(thread.timer);
      thread.task = null;
      thread.timer = null;
      thread.worker.unref();
      if (answer.ok) task.resolve({ preview: answer.preview, mapping: answer.mapping });
      else if (answer.unreadable) task.reject(badRequest(`file: ${answer.message}`, 'file'));
      else {
        options.log?.error({ err: answer.message }, 'reading an upload failed');
        task.reject(threadFailed());
      }
      dispatch();
    });
    // Out of memory, or a crash: the thread is gone; the read it had gets a 500.
    thread.worker.on('error', (error) => discard(thread, threadFailed(), error));
    thread.worker.on('exit', (code) =>
      discard(thread, threadFailed(), new Error(`the thread exited with code ${code}`)),
    );
    threads.add(thread);
    return thread;
  }

  function dispatch() {
    while (waiting.length > 0 && !closed) {
      let thread = [...threads].find((t) => t.task === null);
      if (!thread) {
        if (threads.size >= maxThreads) return;
        thread = spawn();
      }
      const task = waiting.shift() as Task;
      const busy = thread;
      busy.task = task;
      // A thread at work keeps the process alive until it answers.
      busy.worker.ref();
      // The limit counts from here: a thread's start is part of it, so nothing waits on a thread that never answers.
      busy.timer = setTimeout(() => discard(busy, tookTooLong(task.timeoutMs)), task.timeoutMs);
      busy.worker.postMessage({ id: task.id, data: task.data } satisfies ReaderRequest);
    }
  }

  return {
    read(bytes, readOptions = {}) {
      if (closed) return Promise.reject(threadFailed());
      return new Promise<UploadReading>((resolve, reject) => {
        const limit = readOptions.timeoutMs ?? timeoutMs;
        waiting.push({ id: nextId++, data: bytes, timeoutMs: limit, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.reject(threadFailed());
      await Promise.all(
        [...threads].map(async (thread) => {
          threads.delete(thread);
          if (thread.timer) clearTimeout(thread.timer);
          thread.task?.reject(threadFailed());
          await thread.worker.terminate();
        }),
      );
    },
  };
}
