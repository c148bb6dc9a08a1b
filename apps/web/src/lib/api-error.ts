/** A non-OK API answer: the message is the user-facing text, status and data are attached. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** `error.code` of the API's error shape (ARCHITECTURE.md), e.g. 'not_found'. */
  readonly code: string | undefined;
  /** `error.field` of the API's error shape: the input field the message is about. */
  readonly field: string | undefined;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    const detail = readErrorDetail(data);
    this.code = detail.code;
    this.field = detail.field;
  }
}

interface ErrorDetail {
  code?: string;
  message?: string;
  field?: string;
}

function pickString(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/** Reads our error shape `{ error: { code, message, field } }`, or a bare `{ message }`. */
export function readErrorDetail(data: unknown): ErrorDetail {
  if (!data || typeof data !== 'object') return {};
  const record = data as Record<string, unknown>;
  const inner = record.error;
  if (inner && typeof inner === 'object') {
    const error = inner as Record<string, unknown>;
    const detail: ErrorDetail = {};
    const code = pickString(error.code);
    const message = pickString(error.message);
    const field = pickString(error.field);
    if (code) detail.code = code;
    if (message) detail.message = message;
    if (field) detail.field = field;
    return detail;
  }
  const message = pickString(record.message) ?? pickString(record.error);
  return message ? { message } : {};
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
