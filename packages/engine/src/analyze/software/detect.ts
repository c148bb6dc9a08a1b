import { isPageTooComplex, type PageTooComplexError } from '../../crawl/html-tree';
import { type PageInput, type ParsedPage, pageFromHtml } from '../../crawl/page';
import { yieldToIo } from '../../yield-to-io';
import { type Fingerprints, getFingerprints } from './fingerprints';
import { matchPage, type PatternHit } from './match-page';
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

/**
 * detectSoftware as a job runs it: one page at a time, letting the event loop handle I/O before each (yield-to-io.ts).
 * A page the HTML reader refuses (PageTooComplexError) is left out and handed to `refused`.
 */
export async function detectSoftwareInTurns(
  pages: readonly ParsedPage[],
  refused: (page: ParsedPage, error: PageTooComplexError) => void,
  fingerprints: Fingerprints = getFingerprints(),
): Promise<Detection[]> {
  const hits: PatternHit[] = [];
  for (const page of pages) {
    await yieldToIo();
    try {
      hits.push(...matchPage(page, fingerprints));
    } catch (error) {
      if (!isPageTooComplex(error)) throw error;
      refused(page, error);
    }
  }
  return resolveDetections(hits, fingerprints);
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
