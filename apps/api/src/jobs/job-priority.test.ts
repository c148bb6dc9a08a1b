/**
 * JOB_NICE in a child process (lowering a priority cannot be undone without privileges, so never in the test
 * runner): a worker process lowers every one of its threads, V8's helper threads included, and threads made
 * afterwards inherit it; `npm start`'s job thread lowers itself alone, the API's threads keep theirs.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const API_DIR = path.resolve(import.meta.dirname, '../..');

/** The niceness of each thread of a child that calls lowerJobPriority(10, isWholeProcess), then starts a thread. */
async function threadNiceness(isWholeProcess: boolean): Promise<{ before: number[]; after: number[] }> {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { Worker } from 'node:worker_threads';
    import { lowerJobPriority } from './src/jobs/job-priority.ts';
    const niceness = () => readdirSync('/proc/self/task').map((t) => {
      const stat = readFileSync('/proc/self/task/' + t + '/stat', 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
    const before = niceness();
    lowerJobPriority(10, ${isWholeProcess}, console);
    const worker = new Worker('setTimeout(() => {}, 200)', { eval: true });
    await new Promise((done) => worker.once('online', done));
    console.log(JSON.stringify({ before, after: niceness() }));
    await worker.terminate();
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: API_DIR,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

describe.runIf(process.platform === 'linux')('JOB_NICE', () => {
  it('lowers every thread of a worker process, and the threads it starts later', async () => {
    const { before, after } = await threadNiceness(true);
    expect(before.length).toBeGreaterThan(1); // V8's helper threads run from the start
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.every((nice) => nice === 10)).toBe(true);
  });

  it("lowers the calling thread alone for npm start's job thread", async () => {
    const { before, after } = await threadNiceness(false);
    expect(after[0]).toBe(10);
    // The threads that ran before keep their niceness (the test runner's: 10 only if it runs at 10 itself).
    expect(after.slice(1, before.length)).toEqual(before.slice(1));
  });
});
