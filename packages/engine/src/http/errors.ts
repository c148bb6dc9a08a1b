/** Errors of the outbound HTTP client. `retryable` says whether another attempt could succeed. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    message: string,
    readonly url: string,
    readonly status: number | null,
    readonly retryable: boolean,
    /** Milliseconds the server asked us to wait (Retry-After), when it did. */
    readonly retryAfterMs: number | null = null,
    /** The start of the response body, for the error message shown to the user. */
    readonly bodySnippet: string | null = null,
  ) {
    super(message);
  }
}

/** One attempt ran past the client's timeout (retried like a 5xx). */
export class HttpTimeoutError extends HttpError {
  override name = 'HttpTimeoutError';
  constructor(url: string, timeoutMs: number) {
    super(`No answer from ${new URL(url).host} within ${timeoutMs} ms`, url, null, true);
  }
}
