import { abortable, type Clock, systemClock } from './clock';

/**
 * Spaces requests to the same host at least `minIntervalMs` apart (Nominatim's policy: at most 1 request/s).
 * Callers queue in call order, so concurrent callers wait their turn instead of bursting.
 */
export interface HostLimiter {
  /** Waits for the host's next turn. Rejects if `signal` aborts while waiting (the turn is then left unused). */
  acquire(host: string, signal?: AbortSignal): Promise<void>;
}

export function createHostLimiter(
  minIntervalMsByHost: Record<string, number>,
  clock: Clock = systemClock,
): HostLimiter {
  // Per host, when the last caller in the queue is let through (undefined: none yet). Each caller waits
  // from the moment the one before it was actually let through, not from a time planned in advance: a
  // timer that fires late, or a busy event loop, must not shorten the gap to the next request.
  const lastLetThrough = new Map<string, Promise<number | undefined>>();
  return {
    async acquire(host, signal) {
      const interval = minIntervalMsByHost[host] ?? 0;
      if (interval <= 0) return;
      const before = lastLetThrough.get(host) ?? Promise.resolve(undefined);
      let letThrough!: (at: number | undefined) => void;
      lastLetThrough.set(host, new Promise((resolve) => (letThrough = resolve)));
      try {
        const previousAt = await abortable(before, signal);
        const wait = previousAt === undefined ? 0 : previousAt + interval - clock.now();
        if (wait > 0) await clock.sleep(wait, signal);
      } catch (error) {
        // An aborted caller leaves its turn unused: the next one is spaced from the caller before.
        void before.then(letThrough);
        throw error;
      }
      letThrough(clock.now());
    },
  };
}
