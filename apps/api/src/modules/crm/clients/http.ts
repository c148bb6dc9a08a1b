/**
 * One request to a CRM's API: JSON in and out, a time limit, a 429 waited out for as long as its Retry-After
 * says (bounded), a 5xx or a dropped connection retried a few times with growing pauses. Any other answer is the
 * caller's to read; a refusal becomes a CrmError carrying the CRM's own words.
 */

export interface CrmHttpOptions {
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Retries of a 5xx or a network failure (default 3). */
  retries?: number;
  /** Pause before the first retry of a 5xx, doubled after each (default 500 ms). */
  retryDelayMs?: number;
  /** 429s waited out per request before giving up (default 8). */
  rateLimitWaits?: number;
  /** The longest Retry-After honoured (default 60 s): a longer one fails the request. */
  maxRetryAfterMs?: number;
  /** Test seam for the pauses. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

export interface CrmResponse {
  status: number;
  body: unknown;
}

/** A CRM's refusal or an unreachable CRM, in the CRM's words when it gave any. */
export class CrmError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'CrmError';
  }
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Retry-After as milliseconds: delta-seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 500);
  }
}

export async function crmRequest(
  options: CrmHttpOptions,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<CrmResponse> {
  const sleep = options.sleep ?? pause;
  const retries = options.retries ?? 3;
  const waits = options.rateLimitWaits ?? 8;
  const maxWait = options.maxRetryAfterMs ?? 60_000;
  let failures = 0;
  let limited = 0;
  for (;;) {
    let response: Response;
    try {
      const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
      response = await fetch(`${options.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (failures++ >= retries) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? 'did not answer in time'
            : 'could not be reached';
        throw new CrmError(`The CRM ${reason} (${method} ${path}).`, null);
      }
      await sleep((options.retryDelayMs ?? 500) * 2 ** (failures - 1), options.signal);
      continue;
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get('retry-after'));
      await response.body?.cancel();
      if (limited++ >= waits || wait > maxWait) {
        throw new CrmError('The CRM kept answering "too many requests"; try again later.', 429);
      }
      await sleep(wait, options.signal);
      continue;
    }
    if (response.status >= 500 && failures < retries) {
      failures++;
      await response.body?.cancel();
      await sleep((options.retryDelayMs ?? 500) * 2 ** (failures - 1), options.signal);
      continue;
    }
    return { status: response.status, body: await readBody(response) };
  }
}
