/**
 * Why a discovery request failed, in words a user can read: which service, what it answered (the HTTP status
 * where there is one) and what that usually means. Never the response body: a proxy's HTML error page or a
 * half-sent JSON says nothing to a user (log the error itself for that; HttpError keeps the body's start).
 */
import { HttpError, HttpTimeoutError } from '../http/errors';
import { DiscoveryError } from './source';

/** The outside services discovery calls. */
export type DiscoveryService = 'overpass' | 'nominatim' | 'google_places';

const SERVICE_NAMES: Record<DiscoveryService, string> = {
  overpass: "OpenStreetMap's Overpass server",
  nominatim: "OpenStreetMap's Nominatim geocoder",
  google_places: 'Google Places',
};

/** What a status usually means, for a reader who does not know HTTP. */
function statusMeaning(status: number): string {
  if (status === 429) return 'too many requests, it asks us to slow down';
  if (status === 502 || status === 503 || status === 504) return 'it is busy or down for a moment';
  if (status >= 500) return 'an error on its side';
  if (status === 401 || status === 403) return 'it refused access';
  if (status === 404) return 'nothing at that address, check the configured URL';
  if (status === 408) return 'it gave up waiting';
  if (status === 413 || status === 414) return 'the request was too large for it';
  if (status >= 400) return 'it refused the request';
  return 'an unexpected answer';
}

const looksLikeHtml = (body: string | null) => body !== null && /^\s*</.test(body);

const UNRESOLVED = /ENOTFOUND|EAI_AGAIN|getaddrinfo/i;
const REFUSED = /ECONNREFUSED/i;

/**
 * Whether a failure is the server's configuration, not the service's moment: the configured address does not
 * resolve (ENOTFOUND, EAI_AGAIN) or nothing listens there (ECONNREFUSED). Retrying cannot help; the setting that
 * names the service's URL (or the server's DNS and network) must be checked. A 429, a 5xx, a timeout or a dropped
 * connection are passing: a retry a few minutes later usually works.
 */
export function isConfigurationFault(error: unknown): boolean {
  if (!(error instanceof HttpError) || error instanceof HttpTimeoutError || error.status !== null)
    return false;
  return UNRESOLVED.test(error.message) || REFUSED.test(error.message);
}

/** A network failure in plain words (Node's own message is not shown). */
function connectionProblem(message: string): string {
  if (UNRESOLVED.test(message)) return 'could not be found: its address does not resolve';
  if (REFUSED.test(message)) return 'refused the connection';
  if (/ECONNRESET|other side closed|socket hang up|terminated/i.test(message)) return 'closed the connection';
  if (/certificate|TLS|SSL/i.test(message)) return 'could not be reached securely: a certificate problem';
  return 'could not be reached';
}

function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}

/**
 * E.g. "OpenStreetMap's Overpass server answered 503: it is busy or down for a moment", "OpenStreetMap's Nominatim
 * geocoder answered with something that is not JSON", "Google Places did not answer within 30 s". A
 * DiscoveryError's message is already meant for the user and comes back as it is.
 */
export function describeSourceFailure(error: unknown, service: DiscoveryService): string {
  const name = SERVICE_NAMES[service];
  if (error instanceof DiscoveryError) return error.message;
  if (error instanceof HttpTimeoutError) {
    const ms = /within (\d+) ms/.exec(error.message)?.[1];
    return ms ? `${name} did not answer within ${seconds(Number(ms))}` : `${name} did not answer in time`;
  }
  if (error instanceof HttpError) {
    const status = error.status;
    if (status !== null && (status < 200 || status >= 300)) {
      const page = looksLikeHtml(error.bodySnippet) ? ' with a web page' : '';
      return `${name} answered ${status}${page}: ${statusMeaning(status)}`;
    }
    if (status !== null) {
      return looksLikeHtml(error.bodySnippet)
        ? `${name} answered with a web page instead of data`
        : `${name} answered with something that is not JSON`;
    }
    if (/larger than/i.test(error.message)) return `${name} sent an answer too large to read`;
    return `${name} ${connectionProblem(error.message)}`;
  }
  return `${name} could not be used: an unexpected error, see the server log`;
}
