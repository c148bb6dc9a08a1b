import { Alert } from '@mantine/core';
import { isApiError } from '../lib/api-error';
import { ErrorState } from './ErrorState';
import { AnchorLink } from './links';

/**
 * The session in the address cannot be read and trying again cannot help: the id is no session id (400), or the
 * session was deleted or is not shared with the caller (404).
 */
export function isSessionGone(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400);
}

/**
 * What a screen of one session (results, enrichment, progress) says when its session is gone (isSessionGone):
 * in words, with the ways on, instead of the server's "id: must be a UUID".
 */
export function SessionGoneAlert({ error }: { error: unknown }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      title={
        isApiError(error, 400)
          ? 'This link does not point to a session'
          : 'This session was deleted, or is not shared with you'
      }
    >
      Open a session from the <AnchorLink to="/sessions">Sessions</AnchorLink> page, or{' '}
      <AnchorLink to="/">start a discovery</AnchorLink>.
    </Alert>
  );
}

/**
 * A session screen whose session could not be read: in words when it is gone (retrying cannot help), else the
 * error with "Try again". `title` says what could not be loaded.
 */
export function SessionLoadError({
  title,
  error,
  onRetry,
  isRetrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return isSessionGone(error) ? (
    <SessionGoneAlert error={error} />
  ) : (
    <ErrorState title={title} error={error} onRetry={onRetry} isRetrying={isRetrying} />
  );
}
