import { type PageInput, type ParsedPage, pageFromHtml } from '../../crawl/page';
import { type Fingerprints, getFingerprints } from './fingerprints';
import { matchPage } from './match-page';
import { resolveDetections } from './resolve';
import type { Detection } from './types';

/**
 * software_detection: the technologies a site's pages reveal (HTML, script URLs, inline scripts, meta, headers,
 * cookies, URL, DOM selectors and attributes), merged over all pages of the site.
 */
export function detectSoftware(
  pages: readonly ParsedPage[],
  fingerprints: Fingerprints = getFingerprints(),
): Detection[] {
  return resolveDetections(
    pages.flatMap((page) => matchPage(page, fingerprints)),
    fingerprints,
  );
}

/** One page from saved HTML (and its response headers when known): the CLI's and the benchmark's entry point. */
export function detectSoftwareFromHtml(input: PageInput, fingerprints?: Fingerprints): Detection[] {
  return detectSoftware([pageFromHtml(input)], fingerprints);
}

/** Loads and compiles the fingerprint data now rather than on the first page (benchmarks, worker start-up). */
export function warmUpSoftwareDetection(): { technologies: number; patterns: number } {
  const { stats } = getFingerprints();
  return { technologies: stats.technologies, patterns: stats.patterns };
}
