import { isApiError, readErrorDetail } from '../../../lib/api-error';

/** The API's own words for a failed call (they say what to fix), else a plain fallback. */
export const messageOf = (error: unknown) =>
  isApiError(error)
    ? (readErrorDetail(error.data).message ?? error.message)
    : 'Something went wrong. Try again.';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');
