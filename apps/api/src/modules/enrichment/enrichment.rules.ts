/** Small rules of enrichment shared by the service and the job: failure wording, "has an ICP". */
import type { Icp } from '@argo/contract';
import type { FetchErrorKind, SiteCrawl } from '@argo/engine';

const KIND_WORDS: Record<FetchErrorKind, string> = {
  timeout: 'timeout',
  reset: 'connection reset',
  dns: 'DNS lookup failed',
  connect: 'connection refused',
  tls: 'TLS error',
  http: 'HTTP error',
  too_large: 'page too large',
  redirect_loop: 'redirect loop',
  too_many_redirects: 'too many redirects',
  not_html: 'not an HTML page',
  too_complex: 'page too complex to read',
  robots: 'robots.txt disallows',
  ssrf: 'refused address',
  invalid_url: 'invalid URL',
  aborted: 'cancelled',
  network: 'network error',
};

const TERSE_KINDS: ReadonlySet<FetchErrorKind> = new Set(['timeout', 'reset', 'dns', 'connect']);

/**
 * Why a site gave no page, in words a user can act on: "timeout fetching https://…", "HTTP 503 fetching …",
 * "robots.txt disallows https://…".
 */
export function crawlFailureReason(crawl: SiteCrawl): string {
  const home = crawl.errors.find((e) => e.role === 'home') ?? crawl.errors[0];
  if (!home) {
    if (crawl.robotsBlocked[0]) return `robots.txt disallows ${crawl.robotsBlocked[0]}`;
    return `no HTML page at ${crawl.startUrl}`;
  }
  const { kind, message } = home.error;
  if (kind === 'robots') return `robots.txt disallows ${home.url}`;
  if (kind === 'http' && home.status) return `HTTP ${home.status} fetching ${home.url}`;
  // Fetched, but holding more markup than the reader reads: "https://…: page too complex to read (more than …)".
  if (kind === 'too_complex') return `${home.url}: ${message}`.slice(0, 1000);
  // The system's own words ("connect ECONNREFUSED 1.2.3.4:443") add nothing a user can act on to these.
  const detail = message && message !== KIND_WORDS[kind] && !TERSE_KINDS.has(kind) ? ` (${message})` : '';
  return `${KIND_WORDS[kind]} fetching ${home.url}${detail}`.slice(0, 1000);
}

/** Does the ICP name any criterion (an empty one cannot score anything)? */
export function hasIcpCriteria(icp: Icp): boolean {
  return (
    icp.industries.length > 0 ||
    icp.locations.length > 0 ||
    icp.keywords.length > 0 ||
    icp.exclude_keywords.length > 0 ||
    icp.software_signals.length > 0 ||
    icp.employee_min != null ||
    icp.employee_max != null ||
    icp.hiring_signal != null ||
    icp.reachable_decision_maker === true
  );
}
