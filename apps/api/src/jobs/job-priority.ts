import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { Logger } from 'pino';

/**
 * Lowers the priority of the calling thread (on Linux a thread has its own niceness: in `npm start` this is the
 * job thread, not the API's), or of every thread of a worker process. There, V8's garbage-collector and compiler
 * threads already run when jobs start, at the niceness they were made with, and in the load bench they took a
 * noticeable share of the CPU beside the API at full priority (docs/performance.md). Threads made later (libuv's pool) take the main thread's. Lowering
 * is always allowed; a platform that refuses it (or has no /proc) only costs the API some responsiveness, so it is
 * logged, not fatal.
 */
export function lowerJobPriority(nice: number, isWholeProcess: boolean, log: Pick<Logger, 'warn'>) {
  if (nice === 0) return;
  try {
    setPriority(nice);
    if (isWholeProcess && process.platform === 'linux') {
      // On Linux a thread id is a pid to setpriority(2).
      for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), nice);
    }
  } catch (error) {
    log.warn({ err: error }, 'could not lower the job threads priority (JOB_NICE)');
  }
}
