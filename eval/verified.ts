/**
 * Findings the labels lack that someone checked by reading the page (eval/verified/*.json): each with an exact quote of
 * the markup that proves it. The harness refuses an entry whose quote is not in the page, so the file can only
 * record what the page shows.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EvalPage, readPage } from './corpus';

interface VerifiedEntry {
  analyzer: 'software' | 'emails' | 'phones' | 'people';
  /** The technology name, email, phone (as the analyzer reports it) or person name. */
  value: string;
  /** Exact substring of the page's HTML. */
  evidence: string;
}

export interface Verified {
  has(pageId: string, analyzer: VerifiedEntry['analyzer'], value: string): boolean;
}

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'verified');
/** The real sites' verified findings (loadVerifiedSites); the other files are the page corpora's. */
const SITES_FILE = join(DIR, 'sites.json');

/** page id → entries, from every file of eval/verified/ (keys starting with "_" are comments). */
function readVerified(): Array<[string, VerifiedEntry[]]> {
  if (!existsSync(DIR)) return [];
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json') && join(DIR, f) !== SITES_FILE)
    .sort()
    .flatMap((f) =>
      Object.entries(
        JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Record<string, VerifiedEntry[]>,
      ).filter(([key]) => !key.startsWith('_')),
    );
}

export function loadVerified(pages: EvalPage[]): Verified {
  const byPage = new Map(pages.map((p) => [p.id, p]));
  const keys = new Set<string>();
  for (const [pageId, entries] of readVerified()) {
    const page = byPage.get(pageId);
    if (!page) throw new Error(`eval/verified: no page "${pageId}"`);
    const html = readPage(page);
    for (const entry of entries) {
      if (!html.includes(entry.evidence))
        throw new Error(`eval/verified: ${pageId} ${entry.value}: evidence is not in the page`);
      keys.add(`${pageId}\n${entry.analyzer}\n${entry.value.toLowerCase()}`);
    }
  }
  return {
    has: (pageId, analyzer, value) => keys.has(`${pageId}\n${analyzer}\n${value.toLowerCase()}`),
  };
}

/** A finding of one site's pages the site's labels lack, checked by reading the page it names. */
interface VerifiedSiteEntry {
  analyzer: 'software' | 'phones';
  value: string;
  /** The site's page file (site.json's `file`) and an exact substring of its HTML. */
  page: string;
  evidence: string;
}

/**
 * The findings of eval/verified/sites.json, for the real-sites corpus: site id → entries. An entry whose site or
 * page is unknown, or whose quote is not in that page, is refused with an error, as for the page corpora.
 */
export function loadVerifiedSites(
  sites: ReadonlyArray<{ id: string; pages: ReadonlyArray<{ file: string; html: string }> }>,
): (siteId: string, analyzer: VerifiedSiteEntry['analyzer'], value: string) => boolean {
  const keys = new Set<string>();
  if (existsSync(SITES_FILE)) {
    const byId = new Map(sites.map((site) => [site.id, site]));
    const file = JSON.parse(readFileSync(SITES_FILE, 'utf8')) as Record<string, VerifiedSiteEntry[]>;
    for (const [siteId, entries] of Object.entries(file).filter(([key]) => !key.startsWith('_'))) {
      const site = byId.get(siteId);
      // The file covers every split; a run of some sites only checks theirs.
      if (!site) continue;
      for (const entry of entries) {
        const page = site.pages.find((p) => p.file === entry.page);
        if (!page) throw new Error(`eval/verified/sites.json: ${siteId} has no page "${entry.page}"`);
        if (!page.html.includes(entry.evidence))
          throw new Error(
            `eval/verified/sites.json: ${siteId} ${entry.value}: evidence is not in ${entry.page}`,
          );
        keys.add(`${siteId}\n${entry.analyzer}\n${entry.value.toLowerCase()}`);
      }
    }
  }
  return (siteId, analyzer, value) => keys.has(`${siteId}\n${analyzer}\n${value.toLowerCase()}`);
}
