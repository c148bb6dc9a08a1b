import { Agent } from 'undici';
import { createGuardedLookup, systemResolver } from './dns';
import { isRetryableKind } from './errors';
import { type Attempt, attemptRequest, type PageValidators } from './http-request';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from './retry';
import { RobotsCache } from './robots';
import { abortError, RequestScheduler, sleep } from './scheduler';
import { AddressAllowList, addressRefusal, ipLiteralOf } from './ssrf';
import type { FetchError, FetcherOptions, FetchResult } from './types';

const ARGO_BOT_USER_AGENT = 'ArgoBot/0.1 (+https://github.com/argo-discovery/argo)';
const ROBOTS_MAX_BYTES = 512 * 1024;

interface FetchPageOptions {
  signal?: AbortSignal;
  /**
   * Ask "changed since?" with what an earlier fetch said (If-None-Match, If-Modified-Since): a 304 comes back
   * as `notModified` without a body. Left out, the request is the plain one.
   */
  conditional?: PageValidators;
}

interface FetchTextOptions extends FetchPageOptions {
  /** Accept header. Default: JSON, then XML, then anything. */
  accept?: string;
  /** Body bytes read at most; a larger body fails with 'too_large' (a cut JSON document is useless). Default: the fetcher's maxBytes. */
  maxBytes?: number;
}

export interface Fetcher {
  /** Fetches one URL (redirects, retries, robots, SSRF guard, size cap, charset). Never throws. */
  fetchPage(url: string, options?: FetchPageOptions): Promise<FetchResult>;
  /**
   * Fetches a non-HTML resource (JSON or XML APIs) with the same politeness, robots.txt and SSRF guard; the
   * decoded body is in `html` whatever its content type. Never throws. Optional so stubs of fetchPage alone stay
   * valid; createFetcher always has it.
   */
  fetchText?(url: string, options?: FetchTextOptions): Promise<FetchResult>;
  /** Frees the connection pool. */
  close(): Promise<void>;
}

interface HopSettings {
  acceptAnyType: boolean;
  accept?: string;
  /** Fail with 'too_large' past maxBytes instead of keeping what was read. */
  noTruncate?: boolean;
  maxBytes: number;
  checkRobots: boolean;
  conditional?: PageValidators;
  signal?: AbortSignal;
}

/** Why a URL must not be fetched before any connection is made (scheme, credentials, IP literal), or null. */
function urlRefusal(url: URL, allow: AddressAllowList): FetchError | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'invalid_url', message: `unsupported scheme ${url.protocol}` };
  }
  if (url.username || url.password) return { kind: 'invalid_url', message: 'credentials in URL' };
  const literal = ipLiteralOf(url.hostname);
  if (literal) {
    const refusal = addressRefusal(literal, allow);
    if (refusal) return { kind: 'ssrf', message: `${url.hostname} is ${refusal}` };
  }
  return null;
}

/** Cookie scope, roughly: the host without a leading www. */
const siteOf = (url: URL) => url.hostname.replace(/^www\./, '');

export function createFetcher(options: FetcherOptions = {}): Fetcher {
  const userAgent = options.userAgent ?? ARGO_BOT_USER_AGENT;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const retries = options.retries ?? 2;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const hostIntervalMs = options.hostIntervalMs ?? 0;
  const random = options.random ?? Math.random;
  const allow = new AddressAllowList(options.allowAddresses ?? []);
  const agent = new Agent({
    connect: {
      lookup: createGuardedLookup(options.resolve ?? systemResolver, allow),
      timeout: options.connectTimeoutMs ?? 10_000,
      rejectUnauthorized: !options.allowInvalidCertificates,
    },
    keepAliveTimeout: 4_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const scheduler = new RequestScheduler(options.concurrency ?? 16, Date.now, options.hostGate ?? null);
  const robots = new RobotsCache(async (robotsUrl) => {
    const res = await fetchUrl(robotsUrl, {
      acceptAnyType: true,
      maxBytes: ROBOTS_MAX_BYTES,
      checkRobots: false,
    });
    return { status: res.status, ...(res.error ? {} : { body: res.html ?? '' }) };
  }, userAgent);
  const respectRobots = options.respectRobots ?? true;

  /** One hop with retries on 429, 5xx and flaky networks; waits are bounded by maxRetryDelayMs. */
  async function attemptWithRetries(
    url: URL,
    hop: HopSettings,
    intervalMs: number,
    cookieHeader: string,
  ): Promise<{ attempt: Attempt; attempts: number }> {
    const host = url.hostname;
    for (let n = 0; ; n++) {
      let attempt: Attempt;
      try {
        attempt = await scheduler.run(
          host,
          () =>
            attemptRequest(url.href, {
              dispatcher: agent,
              userAgent,
              acceptLanguage: options.acceptLanguage ?? 'en;q=0.9, de;q=0.8, fr;q=0.7, es;q=0.7, *;q=0.5',
              timeoutMs,
              maxBytes: hop.maxBytes,
              truncate: hop.noTruncate ? false : (options.truncate ?? true),
              acceptAnyType: hop.acceptAnyType,
              ...(hop.accept ? { accept: hop.accept } : {}),
              ...(cookieHeader ? { cookieHeader } : {}),
              ...(hop.conditional ? { conditional: hop.conditional } : {}),
              ...(hop.signal ? { signal: hop.signal } : {}),
            }),
          { intervalMs, ...(hop.signal ? { signal: hop.signal } : {}) },
        );
      } catch {
        return {
          attempt: { type: 'failure', status: null, error: { kind: 'aborted', message: 'cancelled' } },
          attempts: n,
        };
      }
      const status = attempt.type === 'failure' ? null : attempt.status;
      const retryable =
        attempt.type === 'failure'
          ? isRetryableKind(attempt.error.kind)
          : attempt.type === 'response' && status !== null && isRetryableStatus(status);
      // A server that timed out twice will time out again: one retry only for timeouts.
      const timedOutBefore = attempt.type === 'failure' && attempt.error.kind === 'timeout' && n >= 1;
      if (!retryable || n >= retries || timedOutBefore || hop.signal?.aborted)
        return { attempt, attempts: n + 1 };

      let delay = backoffDelay(n, retryBaseMs, maxRetryDelayMs, random);
      const retryAfter = attempt.type === 'response' ? parseRetryAfter(attempt.headers['retry-after']) : null;
      if (retryAfter !== null) {
        if (retryAfter > maxRetryDelayMs && attempt.type === 'response') {
          const message = `HTTP ${status}, Retry-After ${Math.round(retryAfter / 1000)} s is longer than we wait`;
          return { attempt: { ...attempt, error: { kind: 'http', message } }, attempts: n + 1 };
        }
        delay = retryAfter;
      }
      if (status === 429 || status === 503) {
        scheduler.pauseHost(host, delay); // the whole host slows down, not just this request
      } else {
        try {
          await sleep(delay, hop.signal);
        } catch {
          return { attempt, attempts: n + 1 };
        }
      }
    }
  }

  async function fetchUrl(url: string, hop: HopSettings): Promise<FetchResult> {
    const result: FetchResult = {
      url,
      finalUrl: url,
      status: null,
      headers: {},
      cookies: [],
      bytes: 0,
      truncated: false,
      redirects: [],
      attempts: 0,
      fetchedAt: new Date().toISOString(),
    };
    const fail = (error: FetchError): FetchResult => ({ ...result, error });
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      return fail({ kind: 'invalid_url', message: `not a URL: ${url}` });
    }
    // A URL seen again with the same cookies is a loop; with new cookies it is a consent/session redirect.
    const seen = new Set<string>();
    const jar = new Map<string, string>(); // cookies of this redirect chain, sent back within the site
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    for (let hopIndex = 0; ; hopIndex++) {
      current.hash = '';
      result.finalUrl = current.href;
      if (hop.signal?.aborted)
        return fail({ kind: 'aborted', message: String(abortError(hop.signal).message) });
      const refusal = urlRefusal(current, allow);
      if (refusal) return fail(refusal);
      seen.add(`${current.href} ${cookieHeader()}`);
      let intervalMs = hostIntervalMs;
      if (hop.checkRobots && respectRobots) {
        const verdict = await robots.check(current);
        if (!verdict.allowed)
          return fail({ kind: 'robots', message: verdict.reason ?? 'disallowed by robots.txt' });
        intervalMs = Math.max(intervalMs, verdict.crawlDelayMs ?? 0);
      }
      const { attempt, attempts } = await attemptWithRetries(current, hop, intervalMs, cookieHeader());
      result.attempts = attempts;
      if (attempt.type === 'failure') {
        result.status = attempt.status;
        return fail(attempt.error);
      }
      result.status = attempt.status;
      result.headers = attempt.headers;
      for (const cookie of attempt.cookies) jar.set(cookie.name, cookie.value);
      result.cookies = [...jar].map(([name, value]) => ({ name, value }));
      if (attempt.type === 'redirect') {
        let next: URL;
        try {
          next = new URL(attempt.location, current);
        } catch {
          return fail({ kind: 'invalid_url', message: `bad redirect target ${attempt.location}` });
        }
        next.hash = '';
        if (siteOf(next) !== siteOf(current)) jar.clear();
        result.redirects.push(current.href);
        if (seen.has(`${next.href} ${cookieHeader()}`)) {
          return fail({ kind: 'redirect_loop', message: `redirect loop: ${current.href} → ${next.href}` });
        }
        if (hopIndex >= maxRedirects) {
          return fail({ kind: 'too_many_redirects', message: `more than ${maxRedirects} redirects` });
        }
        current = next;
        continue;
      }
      result.contentType = attempt.headers['content-type'];
      if (attempt.notModified) return { ...result, notModified: true };
      if (attempt.error) return fail(attempt.error);
      return { ...result, ...attempt.body };
    }
  }

  return {
    fetchPage: (url, pageOptions = {}) =>
      fetchUrl(url, {
        acceptAnyType: false,
        maxBytes,
        checkRobots: true,
        ...(pageOptions.conditional ? { conditional: pageOptions.conditional } : {}),
        ...(pageOptions.signal ? { signal: pageOptions.signal } : {}),
      }),
    fetchText: (url, textOptions = {}) =>
      fetchUrl(url, {
        acceptAnyType: true,
        accept: textOptions.accept ?? 'application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
        noTruncate: true,
        maxBytes: textOptions.maxBytes ?? maxBytes,
        checkRobots: true,
        ...(textOptions.signal ? { signal: textOptions.signal } : {}),
      }),
    close: () => agent.close(),
  };
}
