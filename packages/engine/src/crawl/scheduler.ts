/**
 * Politeness: one request at a time per host (a FIFO per host), a global limit on requests in flight, a minimum
 * gap between requests to one host, and a host-wide pause when a server asks us to slow down (429/503).
 * A request first waits for its host's turn (in this process, then at the HostGate across processes), then for a
 * global slot, so a busy host never holds slots idle.
 */
import { abortable } from '../http/clock';

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The operation was aborted', 'AbortError');
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A host held across processes: `acquire` resolves once no other holder (another worker, on any machine) is
 * sending to the host and its gap since the last request has passed, and holds it until `release`, which sets
 * the gap before the next request of anyone. A holder that dies loses its hold after a time limit.
 */
export interface HostGate {
  acquire(host: string, signal?: AbortSignal): Promise<HostHold>;
}

interface HostHold {
  /** Lets the next holder in, no earlier than `gapMs` from now. */
  release(gapMs: number): Promise<void>;
}

interface HostState {
  tail: Promise<void>;
  notBefore: number;
  pending: number;
}

export interface RunOptions {
  /** Gap after this request before the next one to the same host. */
  intervalMs?: number;
  signal?: AbortSignal;
}

export class RequestScheduler {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly hosts = new Map<string, HostState>();

  constructor(
    private readonly concurrency: number,
    private readonly now: () => number = Date.now,
    /** One request at a time per host across processes too; none: within this process only. */
    private readonly gate: HostGate | null = null,
  ) {
    if (!(concurrency >= 1)) throw new Error('concurrency must be at least 1');
  }

  /** Requests running right now (all hosts). */
  get inFlight(): number {
    return this.active;
  }

  /** Makes every later request to the host wait until `ms` from now (Retry-After, back-off). */
  pauseHost(host: string, ms: number): void {
    const state = this.state(host);
    state.notBefore = Math.max(state.notBefore, this.now() + ms);
  }

  async run<T>(host: string, task: () => Promise<T>, options: RunOptions = {}): Promise<T> {
    const { signal } = options;
    const state = this.state(host);
    state.pending++;
    const previous = state.tail;
    let release = () => {};
    state.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await abortable(previous, signal);
      await sleep(state.notBefore - this.now(), signal);
      const hold = this.gate ? await this.gate.acquire(host, signal) : null;
      try {
        await this.acquire(signal);
        try {
          return await task();
        } finally {
          this.releaseSlot();
          state.notBefore = Math.max(state.notBefore, this.now() + (options.intervalMs ?? 0));
        }
      } finally {
        await hold?.release(Math.max(0, state.notBefore - this.now()));
      }
    } finally {
      // Hand the host on only once the request before ours is done, even when we gave up waiting.
      void previous.then(() => {
        release();
        state.pending--;
        if (state.pending === 0 && state.notBefore <= this.now()) this.hosts.delete(host);
      });
    }
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      if (this.hosts.size > 10_000) this.sweep();
      state = { tail: Promise.resolve(), notBefore: 0, pending: 0 };
      this.hosts.set(host, state);
    }
    return state;
  }

  private sweep(): void {
    const now = this.now();
    for (const [host, state] of this.hosts)
      if (state.pending === 0 && state.notBefore <= now) this.hosts.delete(host);
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(grant);
        if (i !== -1) this.waiting.splice(i, 1);
        reject(abortError(signal as AbortSignal));
      };
      this.waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private releaseSlot(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}
