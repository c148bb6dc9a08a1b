/**
 * Infer nothing from a third party's hosting. Some technologies describe the site's own server: where it is
 * hosted or served from (CDN, cloud, hosting), what it runs (programming language, web server, database,
 * operating system, proxy, cache). A URL on a cloud or CDN belongs to whichever of its customers put it there,
 * and a .php URL of another site says nothing about this one: a form script on S3 (Mailchimp's mc-validate.js),
 * a library in someone's bucket, a widget's image on a cloud CDN, a share link to facebook.com/sharer.php. So
 * for these technologies only evidence about the site itself counts: its response headers, cookies and meta,
 * its own URL, and references to URLs on its own host (relative, or the same registrable domain).
 *
 * Public CDNs are the exception: serving anyone's choice of open-source files is what they are, and "loads its
 * libraries from cdnjs" is the fact they detect. A technology with any other category (image management,
 * analytics, a WordPress plugin) is a product rather than the server, and is not restricted either.
 */
import { getDomain } from 'tldts';
import type { EvidenceType } from './types';

/**
 * Web servers, Caching, Programming languages, Operating systems, CDN, Databases, PaaS, IaaS, Reverse proxies,
 * Load balancers, Hosting.
 */
const HOSTING_CATEGORIES = new Set([22, 23, 27, 28, 31, 34, 62, 63, 64, 65, 88]);

/** Public CDNs (all in category 31): a reference to them is the detection. */
const PUBLIC_CDNS = new Set([
  'cdnjs',
  'jsDelivr',
  'Unpkg',
  'Google Hosted Libraries',
  'jQuery CDN',
  'BootstrapCDN',
  'Microsoft Ajax Content Delivery Network',
  'RawGit',
  'Statically',
  'CreateJS',
  'KRT CDN',
  'KuronekoServer CDN',
]);

/** Does this technology describe the site's own server (so a third party's URL proves nothing)? */
export function isSiteHosting(name: string, categories: readonly number[]): boolean {
  return (
    categories.length > 0 && categories.every((id) => HOSTING_CATEGORIES.has(id)) && !PUBLIC_CDNS.has(name)
  );
}

/** Evidence read from the site's own responses rather than from references in its markup. */
const OWN_RESPONSE: ReadonlySet<EvidenceType> = new Set(['headers', 'cookies', 'meta', 'url']);
const URL_HOSTS = /(?:https?:)?\/\/([a-z0-9][a-z0-9.-]*[a-z0-9])/gi;
const RELATIVE_PATH = /(?:^|=\s*["']?)\/(?!\/)/;
/** A piece of a URL without its host: ".amazonaws.com", ".php?", "/wp-admin/". */
const URL_PIECE = /\/|\.[a-z]{2,5}(?:[/?#]|$)/i;

/**
 * Is this piece of evidence about the page's own site (see above)? Markup the site's software wrote about
 * itself (a generator comment) is; a URL is when it is relative or on the site's registrable domain; a piece of
 * a URL whose host cannot be seen (".php?" in an inline script) is not.
 */
export function isAboutOwnSite(type: EvidenceType, shown: string, pageUrl: string): boolean {
  if (OWN_RESPONSE.has(type)) return true;
  const hosts = [...shown.matchAll(URL_HOSTS)].map((m) => (m[1] as string).toLowerCase());
  if (hosts.length === 0) return RELATIVE_PATH.test(shown) || !URL_PIECE.test(shown);
  const site = siteOf(pageUrl);
  return site !== null && hosts.every((host) => getDomain(host) === site);
}

function siteOf(url: string): string | null {
  try {
    return getDomain(new URL(url).hostname);
  } catch {
    return null;
  }
}
