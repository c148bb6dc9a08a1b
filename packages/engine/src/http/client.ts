import { type Dispatcher, request } from 'undici';
import { abortReason, type Clock, systemClock } from './clock';
import { HttpError, HttpTimeoutError } from './errors';
import { createHostLimiter, type HostLimiter } from './rate-limit';

/** Identifies Argo to the services it calls (Nominatim and Overpass require it). Pass your contact URL. */
export const buildUserAgent = (contactUrl: string): string => `Argo/0.1 (+${contactUrl})`;
/** A placeholder (.invalid): deployments pass their own contact URL through `userAgent`. */
const DEFAULT_USER_AGENT = buildUserAgent('https://argo.invalid/contact');

export interface HttpClientOptions {
  /** Sent with every request. Default DEFAULT_USER_AGENT. */
  userAgent?: string;
  /** Per attempt, from sending to the last byte of the body. Default 30 s. */
  timeoutMs?: number;
  /** Attempts after the first on 429, 5xx, timeouts and network errors. Default 3. */
  retries?: number;
  /** Exponential back-off: base × 2^attempt, capped, with jitter. Defaults 1 s and 30 s. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A Retry-After longer than this is not waited for: the request fails at once. Default 120 s. */
  maxRetryAfterMs?: number;
  /** Minimum spacing between requests per host, e.g. `{ 'nominatim.openstreetmap.org': 1000 }`. */
  minIntervalMsByHost?: Record<string, number>;
  /** Or a limiter shared with other clients (takes precedence over minIntervalMsByHost). */
  limiter?: HostLimiter;
  /** Larger bodies are refused. Default 64 MiB. */
  maxResponseBytes?: number;
  clock?: Clock;
  /** For the back-off jitter; default Math.random. */
  random?: () => number;
  /** undici dispatcher (an Agent with a custom connector, a MockAgent…); default the global one. */
  dispatcher?: Dispatcher;
  /** Told about every retry (for job logs). */
  onRetry?: (event: { url: string; attempt: number; delayMs: number; error: HttpError }) => void;
}

interface HttpRequestInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Overrides the client's timeout for this request. */
  timeoutMs?: number;
}

interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface HttpClient {
  readonly userAgent: string;
  /** The response of the first successful attempt; throws HttpError when attempts are exhausted. */
  requestText(url: string, init?: HttpRequestInit): Promise<HttpResponse>;
  requestJson<T = unknown>(url: string, init?: HttpRequestInit): Promise<T>;
}

const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(raw)) return Math.round(Number(raw) * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const retries = options.retries ?? 3;
  const baseMs = options.backoffBaseMs ?? 1000;
  const maxMs = options.backoffMaxMs ?? 30_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const maxBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
  const limiter = options.limiter ?? createHostLimiter(options.minIntervalMsByHost ?? {}, clock);

  async function attempt(url: string, init: HttpRequestInit): Promise<HttpResponse> {
    const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? 30_000;
    const controller = new AbortController();
    const onAbort = () => controller.abort(init.signal?.reason);
    init.signal?.addEventListener('abort', onAbort, { once: true });
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort(new HttpTimeoutError(url, timeoutMs));
    }, timeoutMs);
    try {
      const response = await request(url, {
        method: init.method ?? 'GET',
        headers: { 'user-agent': userAgent, accept: 'application/json', ...init.headers },
        body: init.body,
        signal: controller.signal,
        dispatcher: options.dispatcher,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.length;
        if (size > maxBytes) {
          response.body.destroy();
          throw new HttpError(`Response from ${url} is larger than ${maxBytes} bytes`, url, null, false);
        }
        chunks.push(chunk as Buffer);
      }
      return {
        status: response.statusCode,
        headers: response.headers,
        text: Buffer.concat(chunks).toString('utf8'),
      };
    } catch (error) {
      if (init.signal?.aborted) throw abortReason(init.signal);
      if (isTimedOut) throw new HttpTimeoutError(url, timeoutMs);
      if (error instanceof HttpError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(`Could not reach ${url}: ${reason}`, url, null, true);
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
    }
  }

  function backoff(attemptIndex: number): number {
    const ceiling = Math.min(maxMs, baseMs * 2 ** attemptIndex);
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  }

  async function requestText(url: string, init: HttpRequestInit = {}): Promise<HttpResponse> {
    const host = new URL(url).host;
    for (let attemptIndex = 0; ; attemptIndex++) {
      if (init.signal?.aborted) throw abortReason(init.signal);
      await limiter.acquire(host, init.signal);
      let error: HttpError;
      try {
        const response = await attempt(url, init);
        if (response.status >= 200 && response.status < 300) return response;
        const retryAfterMs = parseRetryAfter(response.headers['retry-after'], clock.now());
        const snippet = response.text.slice(0, 300);
        error = new HttpError(
          `${host} answered ${response.status}${snippet ? `: ${snippet.replace(/\s+/g, ' ').trim()}` : ''}`,
          url,
          response.status,
          RETRYABLE_STATUS.has(response.status),
          retryAfterMs,
          snippet,
        );
      } catch (caught) {
        if (!(caught instanceof HttpError)) throw caught;
        error = caught;
      }
      if (!error.retryable || attemptIndex >= retries) throw error;
      if (error.retryAfterMs !== null && error.retryAfterMs > maxRetryAfterMs) throw error;
      const delayMs = error.retryAfterMs ?? backoff(attemptIndex);
      options.onRetry?.({ url, attempt: attemptIndex + 1, delayMs, error });
      await clock.sleep(delayMs, init.signal);
    }
  }

  return {
    userAgent,
    requestText,
    async requestJson<T>(url: string, init: HttpRequestInit = {}): Promise<T> {
      const response = await requestText(url, init);
      try {
        return JSON.parse(response.text) as T;
      } catch {
        const snippet = response.text.slice(0, 300);
        throw new HttpError(
          `${new URL(url).host} did not answer JSON`,
          url,
          response.status,
          false,
          null,
          snippet,
        );
      }
    },
  };
}
