/**
 * The job workers of `npm start` (ARGO_ROLE=all) run in a worker thread of their own. Jobs read
 * untrusted input — uploaded CSV files, crawled pages, outside APIs' answers — and some of that work is CPU-bound
 * and synchronous (parsing, regular expressions, HTML analysis). On the API's event loop, one hostile file or page
 * held every request of every tenant; in their own thread they can only slow down jobs. A worker process
 * (`npm run worker`, ARGO_ROLE=worker) has no API to protect and runs them in-process.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

export interface JobThread {
  /** Asks the thread to stop its workers (they checkpoint) and close its connections; resolves when it has ended. */
  stop(): Promise<void>;
}

export interface JobThreadData {
  databaseUrl: string;
}

export type JobThreadMessage = { type: 'ready' } | { type: 'stop' };

/**
 * The thread's entry: dist/jobs-thread.js in the build (an entry point of scripts/build.mjs, beside the chunk
 * this module is bundled into), job-thread-entry.ts when run from source with tsx, which a worker thread does not
 * inherit: there a bootstrap registers tsx first.
 */
function createWorker(data: JobThreadData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./jobs-thread.js', import.meta.url), { workerData: data });
  }
  const entry = JSON.stringify(new URL('./job-thread-entry.ts', import.meta.url).href);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); })`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

/**
 * Starts the thread and resolves once its workers run. `onExit` is told when the thread ends without being asked
 * (it crashed): the process should stop, as it would have with the workers in-process.
 */
export async function startJobThread(
  data: JobThreadData,
  { log, onExit }: { log: Logger; onExit: (error: unknown) => void },
): Promise<JobThread> {
  const worker = createWorker(data);
  let stopping = false;
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: JobThreadMessage) => {
      if (message.type === 'ready') resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the job thread exited with code ${code} while starting`)),
    );
  });
  worker.on('error', (error) => log.error({ err: error }, 'the job thread failed'));
  worker.on('exit', (code) => {
    if (!stopping) onExit(new Error(`the job thread exited with code ${code}`));
  });
  return {
    async stop() {
      stopping = true;
      worker.postMessage({ type: 'stop' } satisfies JobThreadMessage);
      await ended;
    },
  };
}
