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

/** page id → entries, from every file of eval/verified/ (keys starting with "_" are comments). */
function readVerified(): Array<[string, VerifiedEntry[]]> {
  if (!existsSync(DIR)) return [];
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
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
