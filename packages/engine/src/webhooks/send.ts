/**
 * One webhook POST, as a hostile or slow receiver cannot abuse it: the crawler's SSRF guard on every address the
 * name resolves to (and on IP literals), a connect and an answer time limit, at most `maxResponseBytes` of the
 * answer read, no redirect followed. Never throws: the outcome says what happened in plain words.
 */
import { Agent, request } from 'undici';
import { createGuardedLookup, type Resolver, systemResolver } from '../crawl/dns';
import { classifyError } from '../crawl/errors';
import { AddressAllowList, addressRefusal, ipLiteralOf } from '../crawl/ssrf';

export interface WebhookSenderOptions {
  /** IP addresses or CIDR ranges that may be reached although private (CRAWL_ALLOW_HOSTS). */
  allowAddresses?: readonly string[];
  resolve?: Resolver;
  /** Time to connect (default 3 s). */
  connectTimeoutMs?: number;
  /** Time for the whole answer after connecting, headers and the part of the body read (default 5 s). */
  responseTimeoutMs?: number;
  /** Bytes of the answer's body read at most; the rest is dropped (default 4 KB). */
  maxResponseBytes?: number;
  userAgent?: string;
}

type WebhookOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

export interface WebhookSender {
  send(url: string, body: string, headers: Record<string, string>): Promise<WebhookOutcome>;
  close(): Promise<void>;
}

/** Why a URL is refused before any connection (scheme, credentials, a private IP literal), or null. */
export function webhookUrlRefusal(raw: string, allowAddresses: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a web address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with https:// or http://';
  if (url.username || url.password) return 'must not contain a user name or password';
  const literal = ipLiteralOf(url.hostname);
  if (literal) {
    const refusal = addressRefusal(literal, new AddressAllowList(allowAddresses));
    if (refusal) return `points to ${refusal}, which Argo may not reach`;
  }
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) {
    const refusal = addressRefusal('127.0.0.1', new AddressAllowList(allowAddresses));
    if (refusal) return `points to ${refusal}, which Argo may not reach`;
  }
  return null;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const allow = options.allowAddresses ?? [];
  const connectTimeoutMs = options.connectTimeoutMs ?? 3_000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 5_000;
  const maxResponseBytes = options.maxResponseBytes ?? 4 * 1024;
  const agent = new Agent({
    connect: {
      lookup: createGuardedLookup(options.resolve ?? systemResolver, new AddressAllowList(allow)),
      timeout: connectTimeoutMs,
    },
    headersTimeout: responseTimeoutMs,
    bodyTimeout: responseTimeoutMs,
    keepAliveTimeout: 1_000,
  });

  async function send(url: string, body: string, headers: Record<string, string>): Promise<WebhookOutcome> {
    const refusal = webhookUrlRefusal(url, allow);
    if (refusal) return { ok: false, status: null, error: `The URL ${refusal}.` };
    const limit = AbortSignal.timeout(connectTimeoutMs + responseTimeoutMs);
    let status: number | null = null;
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher: agent,
        signal: limit,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': options.userAgent ?? 'Argo-Webhooks/1.0',
          ...headers,
        },
      });
      status = res.statusCode;
      await readSome(res.body, maxResponseBytes);
      if (status >= 200 && status < 300) return { ok: true, status };
      if (status >= 300 && status < 400) {
        return {
          ok: false,
          status,
          error: `Answered ${status}: redirects are not followed; give the final URL.`,
        };
      }
      return { ok: false, status, error: `Answered ${status}, not 2xx.` };
    } catch (error) {
      const failure = classifyError(error, limit.aborted);
      if (failure.kind === 'timeout') {
        return {
          ok: false,
          status,
          error: `No answer within ${seconds(connectTimeoutMs + responseTimeoutMs)}.`,
        };
      }
      if (failure.kind === 'ssrf') return { ok: false, status, error: `Refused: ${failure.message}.` };
      if (failure.kind === 'dns') return { ok: false, status, error: 'The host name does not resolve.' };
      if (failure.kind === 'connect') return { ok: false, status, error: 'The connection was refused.' };
      if (failure.kind === 'tls') return { ok: false, status, error: `TLS failed: ${failure.message}` };
      return { ok: false, status, error: `The connection failed: ${failure.message}` };
    }
  }

  return { send, close: () => agent.close() };
}

/** Reads up to `max` bytes of an answer and drops the rest (the connection closes with it). */
async function readSome(body: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<void> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (read >= max) {
      body.destroy();
      return;
    }
  }
}
