import type { FetchError, FetchErrorKind } from './types';

const CODE_KINDS: Record<string, FetchErrorKind> = {
  ERR_SSRF_BLOCKED: 'ssrf',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ETIMEDOUT: 'timeout',
  UND_ERR_SOCKET: 'reset',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
  ERR_STREAM_PREMATURE_CLOSE: 'reset',
  Z_DATA_ERROR: 'network',
  ECONNREFUSED: 'connect',
  EHOSTUNREACH: 'connect',
  ENETUNREACH: 'connect',
  EADDRNOTAVAIL: 'connect',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  ENODATA: 'dns',
  ESERVFAIL: 'dns',
  UND_ERR_INVALID_ARG: 'invalid_url',
  ERR_INVALID_URL: 'invalid_url',
};

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function isTlsCode(code: string): boolean {
  return /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/.test(
    code,
  );
}

/**
 * Names what went wrong with a request. `timedOut` says our own time limit fired (an abort is then a timeout,
 * not the caller cancelling).
 */
export function classifyError(err: unknown, timedOut = false): FetchError {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = codeOf(current);
    if (code && CODE_KINDS[code]) return { kind: CODE_KINDS[code], message: messageOf(current) };
    if (code && isTlsCode(code)) return { kind: 'tls', message: messageOf(current) };
    const name = (current as { name?: unknown }).name;
    if (name === 'TimeoutError') return { kind: 'timeout', message: 'total time limit reached' };
    if (name === 'AbortError' || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR') {
      return timedOut
        ? { kind: 'timeout', message: 'total time limit reached' }
        : { kind: 'aborted', message: 'cancelled' };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return { kind: timedOut ? 'timeout' : 'network', message: messageOf(err) };
}

function messageOf(err: unknown): string {
  if (err instanceof Error) {
    const code = codeOf(err);
    return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
}

/** Errors worth another attempt: the server or the wire may do better a moment later. */
export const isRetryableKind = (kind: FetchErrorKind): boolean =>
  kind === 'timeout' || kind === 'reset' || kind === 'network' || kind === 'connect';
