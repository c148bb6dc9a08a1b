import type { Clock } from '../src/http/clock';

/** A clock whose sleeps return at once and advance its time: waits are recorded, never waited for. */
export function createFakeClock(start = 1_700_000_000_000) {
  let now = start;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => now,
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += Math.max(0, ms);
    },
  };
  return {
    clock,
    sleeps,
    advance: (ms: number) => (now += ms),
    get now() {
      return now;
    },
  };
}
