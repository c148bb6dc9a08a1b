import { isApiError, readErrorDetail } from './api-error';

export interface ProblemText {
  /** The request field the API names (`location`, `competitor_urls.2`), when it names one. */
  field?: string | undefined;
  /** What to show: the API's message without the "Server error (400):" wrapper or the field prefix. */
  message: string;
}

/** The words to show for a failed start: the API's own message where it gives one. */
export function describeStartError(error: unknown, fallback: string): ProblemText {
  if (!isApiError(error)) return { message: error instanceof Error ? error.message : fallback };
  const detail = readErrorDetail(error.data);
  const field = detail.field;
  let message = detail.message ?? error.message;
  if (field && message.startsWith(`${field}:`)) message = message.slice(field.length + 1).trim();
  message = message.charAt(0).toUpperCase() + message.slice(1);
  if (error.status === 403) message = `You may not start a discovery here: ${message}`;
  return { field, message: message || fallback };
}
