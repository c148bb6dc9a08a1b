import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type Dispatcher, request } from 'undici';
import { decodeHtml } from './charset';
import { classifyError } from './errors';
import { classifyContentType, looksLikeHtml, mimeType, sniffBinary } from './sniff';
import type { Cookie, FetchError, FetchResult } from './types';

export interface AttemptSettings {
  dispatcher: Dispatcher;
  userAgent: string;
  acceptLanguage: string;
  timeoutMs: number;
  maxBytes: number;
  truncate: boolean;
  /** Read the body whatever its type (robots.txt, JSON/XML APIs). */
  acceptAnyType?: boolean;
  /** Accept header; default asks for HTML. */
  accept?: string;
  /** Cookies set earlier in the same redirect chain (some sites redirect until a cookie comes back). */
  cookieHeader?: string;
  /** What an earlier fetch of the URL said (ETag, Last-Modified): the server may answer 304 Not Modified. */
  conditional?: PageValidators;
  signal?: AbortSignal;
}

/** What a server said of a page's version, sent back to ask "changed since?". */
export interface PageValidators {
  etag?: string | null;
  lastModified?: string | null;
}

export type Attempt =
  | { type: 'redirect'; status: number; headers: Record<string, string>; cookies: Cookie[]; location: string }
  | {
      type: 'response';
      status: number;
      headers: Record<string, string>;
      cookies: Cookie[];
      body?: Pick<FetchResult, 'html' | 'charset' | 'charsetSource' | 'bytes' | 'truncated'>;
      error?: FetchError;
      /** 304 to a conditional request: the page is as it was; no body. */
      notModified?: true;
    }
  | { type: 'failure'; status: number | null; error: FetchError };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DRAIN_LIMIT = 64 * 1024;

function normalizeHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    out[key] = Array.isArray(value) ? value.join(key === 'set-cookie' ? '\n' : ', ') : value;
  }
  return out;
}

/** Name and value of each Set-Cookie (attributes dropped). */
export function parseSetCookies(values: string | string[] | undefined): Cookie[] {
  const lines = (Array.isArray(values) ? values : values ? [values] : []).flatMap((v) => v.split('\n'));
  const cookies: Cookie[] = [];
  for (const line of lines) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    const name = (eq === -1 ? pair : pair.slice(0, eq)).trim();
    if (name) cookies.push({ name, value: eq === -1 ? '' : pair.slice(eq + 1).trim() });
  }
  return cookies;
}

/** Closes a stream we stop reading; the abort error it then emits is expected. */
function discard(stream: Readable): void {
  if (stream.destroyed) return;
  stream.on('error', () => {});
  stream.destroy();
}

function drain(body: Dispatcher.ResponseData['body']): Promise<void> {
  return body.dump({ limit: DRAIN_LIMIT }).catch(() => {});
}

/** One HTTP request, no redirects followed, no retries. Never throws. */
export async function attemptRequest(url: string, settings: AttemptSettings): Promise<Attempt> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = settings.signal ? AbortSignal.any([settings.signal, timeout]) : timeout;
  let status: number | null = null;
  try {
    const res = await request(url, {
      dispatcher: settings.dispatcher,
      method: 'GET',
      signal,
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      headers: {
        'user-agent': settings.userAgent,
        accept: settings.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        'accept-language': settings.acceptLanguage,
        'accept-encoding': 'gzip, deflate, br',
        ...(settings.cookieHeader ? { cookie: settings.cookieHeader } : {}),
        ...(settings.conditional?.etag ? { 'if-none-match': settings.conditional.etag } : {}),
        ...(settings.conditional?.lastModified
          ? { 'if-modified-since': settings.conditional.lastModified }
          : {}),
      },
    });
    status = res.statusCode;
    const headers = normalizeHeaders(res.headers);
    const location = headers.location;
    const cookies = parseSetCookies(res.headers['set-cookie']);
    if (REDIRECT_STATUSES.has(status) && location) {
      await drain(res.body);
      return { type: 'redirect', status, headers, cookies, location };
    }
    if (status === 304 && settings.conditional) {
      await drain(res.body);
      return { type: 'response', status, headers, cookies, notModified: true };
    }
    if (status >= 300) {
      await drain(res.body);
      return {
        type: 'response',
        status,
        headers,
        cookies,
        error: { kind: 'http', message: `HTTP ${status}` },
      };
    }
    const verdict = settings.acceptAnyType ? 'html' : classifyContentType(headers['content-type']);
    if (verdict === 'not_html') {
      discard(res.body);
      const message = `content type ${mimeType(headers['content-type'])} is not HTML`;
      return { type: 'response', status, headers, cookies, error: { kind: 'not_html', message } };
    }
    const read = await readBody(res.body, headers['content-encoding'], settings, verdict === 'sniff');
    if ('error' in read) return { type: 'response', status, headers, cookies, error: read.error };
    const decoded = decodeHtml(read.bytes, headers['content-type']);
    return {
      type: 'response',
      status,
      headers,
      cookies,
      body: {
        html: decoded.text,
        charset: decoded.charset,
        charsetSource: decoded.source,
        bytes: read.bytes.length,
        truncated: read.truncated,
      },
    };
  } catch (err) {
    const timedOut = timeout.aborted && !settings.signal?.aborted;
    return { type: 'failure', status, error: classifyError(err, timedOut) };
  }
}

function decompressor(encoding: string | undefined): zlib.Gunzip | zlib.BrotliDecompress | null {
  const enc = (encoding ?? '').trim().toLowerCase();
  if (enc === 'gzip' || enc === 'x-gzip' || enc === 'deflate') return zlib.createUnzip();
  if (enc === 'br') return zlib.createBrotliDecompress();
  return null;
}

type BodyRead = { bytes: Uint8Array; truncated: boolean } | { error: FetchError };

/**
 * Reads at most maxBytes (after decompression, so a compression bomb stops at the cap too) and closes the
 * connection past it: memory stays bounded whatever the server sends.
 */
async function readBody(
  body: Readable,
  encoding: string | undefined,
  settings: AttemptSettings,
  mustSniff: boolean,
): Promise<BodyRead> {
  const inflate = decompressor(encoding);
  const source: Readable = inflate ?? body;
  if (inflate) pipeline(body, inflate, () => {});
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  let sniffed = settings.acceptAnyType === true;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (!sniffed) {
        sniffed = true;
        const binary = sniffBinary(chunk);
        if (binary || (mustSniff && !looksLikeHtml(chunk))) {
          const message = binary ? `body is ${binary}` : 'body does not look like HTML';
          return { error: { kind: 'not_html', message } };
        }
      }
      const room = settings.maxBytes - total;
      if (chunk.length > room) {
        if (!settings.truncate) {
          return { error: { kind: 'too_large', message: `body larger than ${settings.maxBytes} bytes` } };
        }
        chunks.push(chunk.subarray(0, room));
        total += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      total += chunk.length;
    }
  } finally {
    if (truncated || !body.readableEnded) discard(body);
    if (inflate) discard(inflate);
  }
  return { bytes: Buffer.concat(chunks, total), truncated };
}
