import type { Resolver } from './dns';
import type { HostGate } from './scheduler';

export type FetchErrorKind =
  | 'timeout' // connect or total time limit
  | 'reset' // connection reset / closed early
  | 'dns' // name does not resolve
  | 'connect' // refused / unreachable
  | 'tls' // certificate or handshake failure
  | 'http' // status ≥ 400 (after retries)
  | 'too_large' // body over the size cap (only when truncation is turned off)
  | 'redirect_loop'
  | 'too_many_redirects'
  | 'not_html'
  | 'too_complex' // more markup than the HTML reader reads (crawl/html-tree.ts)
  | 'robots' // robots.txt disallows the URL
  | 'ssrf' // points at an address the SSRF guard refuses
  | 'invalid_url'
  | 'aborted' // the caller's signal
  | 'network'; // anything else on the wire

export interface FetchError {
  kind: FetchErrorKind;
  message: string;
}

export interface Cookie {
  name: string;
  value: string;
}

/** One fetch: the outcome of a URL after redirects, retries and checks. */
export interface FetchResult {
  url: string;
  finalUrl: string;
  /** Last HTTP status seen, null when no response arrived. */
  status: number | null;
  /** Lower-case names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Record<string, string>;
  cookies: Cookie[];
  /** Decoded document, present when the response was HTML (also when truncated). */
  html?: string;
  contentType?: string;
  /** Encoding used to decode, and where it came from. */
  charset?: string;
  charsetSource?: 'bom' | 'header' | 'meta' | 'default' | 'fallback' | 'utf8-detected';
  /** Bytes of body read (after decompression). */
  bytes: number;
  /** The body was cut at the size cap. */
  truncated: boolean;
  /** URLs passed through, in order, before finalUrl. */
  redirects: string[];
  /** Requests made for the last hop (1 + retries). */
  attempts: number;
  fetchedAt: string;
  error?: FetchError;
  /** The server answered 304 to a conditional request: the page is as it was (no html). */
  notModified?: true;
}

export interface FetcherOptions {
  /** Default ARGO_BOT_USER_AGENT. Its first token is the name robots.txt rules are matched against. */
  userAgent?: string;
  /** Requests in flight over all hosts. Default 16. */
  concurrency?: number;
  /** One request at a time per host and each host's gap across processes (a lease in PostgreSQL); none: per fetcher. */
  hostGate?: HostGate;
  /** Minimum gap between two requests to one host (robots Crawl-delay raises it, up to 10 s). Default 0. */
  hostIntervalMs?: number;
  /** TCP/TLS connect limit. Default 10 s. */
  connectTimeoutMs?: number;
  /** Whole request incl. body, per attempt. Default 20 s. */
  timeoutMs?: number;
  /** Body bytes read at most (after decompression). Default 2 MB. */
  maxBytes?: number;
  /** Keep what was read when the cap is hit (true, default) or fail with 'too_large'. */
  truncate?: boolean;
  /** Redirect hops followed. Default 5. */
  maxRedirects?: number;
  /** Retries after the first attempt on 429, 5xx, resets and refused connections (timeouts: one). Default 2. */
  retries?: number;
  /** Back-off base: base × 2^attempt plus up to one base of jitter. Default 500 ms. */
  retryBaseMs?: number;
  /** Longest wait before a retry (also for Retry-After); a server asking for more is not retried. Default 10 s. */
  maxRetryDelayMs?: number;
  /** Honour robots.txt. Default true. */
  respectRobots?: boolean;
  /** IPs / CIDRs the SSRF guard lets through (tests: ["127.0.0.1"]). Default none. */
  allowAddresses?: string[];
  /** DNS override (tests map host names to 127.0.0.1). Default: the system resolver. */
  resolve?: Resolver;
  /** Accept invalid TLS certificates (expired, self-signed). Default false. */
  allowInvalidCertificates?: boolean;
  acceptLanguage?: string;
  /** Jitter source, for deterministic tests. Default Math.random. */
  random?: () => number;
}

export type PageRole = 'home' | 'about' | 'contact' | 'imprint' | 'careers' | 'pricing' | 'team' | 'other';
