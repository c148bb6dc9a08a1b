import { type Clock, systemClock } from './clock';

/**
 * Spaces requests to the same host at least `minIntervalMs` apart (Nominatim's policy: at most 1 request/s).
 * Slots are reserved in call order, so concurrent callers queue instead of bursting.
 */
export interface HostLimiter {
  /** Waits for the host's next slot. Rejects if `signal` aborts while waiting (the slot is then left unused). */
  acquire(host: string, signal?: AbortSignal): Promise<void>;
}

export function createHostLimiter(
  minIntervalMsByHost: Record<string, number>,
  clock: Clock = systemClock,
): HostLimiter {
  const nextSlot = new Map<string, number>();
  return {
    async acquire(host, signal) {
      const interval = minIntervalMsByHost[host] ?? 0;
      if (interval <= 0) return;
      const now = clock.now();
      const slot = Math.max(now, nextSlot.get(host) ?? now);
      nextSlot.set(host, slot + interval);
      if (slot > now) await clock.sleep(slot - now, signal);
    },
  };
}
