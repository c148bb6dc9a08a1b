/**
 * The real-sites corpus: whole websites (several pages each) copied byte for byte from public repositories into
 * eval/sites/<site-id>/ (pages + site.json with their provenance and roles), labelled by us in
 * eval/sites/<site-id>.truth.json. The corpus lives in the repository, beside its labels: ../shared is provided
 * read-only and fresh to every machine, so pages added there would be gone on the next one, and the labels with
 * them would score nothing. Every label carries an exact quote of the page it names; a label whose quote
 * is not in that page is refused (not scored, and listed, so the floors test fails on it).
 *
 * Split: a site is `test` when the first hex digit of sha256(site-id) is 0–4, else `dev`; a site with
 * written_by_us is `written`, whatever its hash. Rules are tuned on `dev` only; `test` is only scored.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeHtml, INDUSTRIES, type PageRole } from '@argo/engine';

const SITE_TRUTH_DIR = join(dirname(fileURLToPath(import.meta.url)), 'sites');
const SITES_DIR = SITE_TRUTH_DIR;

export type SiteSplit = 'dev' | 'test' | 'written';
type FormatRole = PageRole | 'job' | 'product' | 'service';

interface SitePageEntry {
  file: string;
  path: string;
  url: string;
  role: FormatRole;
}
interface SiteJson {
  id: string;
  business: string;
  country: string;
  languages: string[];
  source: { repository: string; commit: string; license?: string };
  written_by_us: boolean;
  pages: SitePageEntry[];
}

interface Quoted {
  evidence: string;
  page: string;
}
export type CompanyField = 'legal_name' | 'legal_form' | 'register' | 'vat_id' | 'founded';
interface SiteTruth {
  site: string;
  industry?: { accept: string[] | null } & Partial<Quoted>;
  summary?: { mentions: string[] } & Quoted;
  people?: Array<{ name: string; role: string } & Quoted>;
  company?: Partial<Record<CompanyField, { value: string | number } & Quoted>>;
  software?: Array<{ name: string } & Quoted>;
  hiring?: { value: boolean | null; roles?: string[] } & Partial<Quoted>;
  emails?: Array<{ value: string; page: string }>;
  phones?: Array<{ value: string; page: string }>;
  address?: { value: string } & Quoted;
}

interface SitePage {
  file: string;
  url: string;
  /** The format's roles, as the engine knows them: a job posting is a careers page, product/service pages other. */
  role: PageRole;
  html: string;
}
export interface SiteCase {
  id: string;
  split: SiteSplit;
  site: SiteJson;
  pages: SitePage[];
  truth: SiteTruth;
}
export interface LoadedSites {
  sites: SiteCase[];
  /** Labels not scored: their quote (or value) is not in the page they name, or their page is not the site's. */
  refused: string[];
  /** Truth files without a site folder, site folders without a truth file, unreadable site.json. */
  problems: string[];
}

const splitOf = (siteId: string): 'dev' | 'test' =>
  Number.parseInt(createHash('sha256').update(siteId).digest('hex')[0] as string, 16) <= 4 ? 'test' : 'dev';

const ENGINE_ROLE: Record<FormatRole, PageRole> = {
  home: 'home',
  imprint: 'imprint',
  about: 'about',
  team: 'team',
  careers: 'careers',
  job: 'careers',
  contact: 'contact',
  pricing: 'pricing',
  product: 'other',
  service: 'other',
  other: 'other',
};

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The quote occurs in the page (white space runs count as one space: a label is copied from wrapped markup). */
const quoted = (html: string, quote: string) =>
  html.includes(quote) || squeeze(html).includes(squeeze(quote));

/** Drops labels whose quote is not in their page; says which. */
function checkQuotes(truth: SiteTruth, pages: Map<string, string>, refused: string[]): SiteTruth {
  const id = truth.site;
  const ok = (
    what: string,
    label: { page?: string; evidence?: string },
    test?: (html: string) => boolean,
  ) => {
    const html = label.page === undefined ? undefined : pages.get(label.page);
    if (html === undefined) {
      refused.push(`${id}: ${what}: page ${label.page ?? '(none)'} is not one of the site's pages`);
      return false;
    }
    const found = test ? test(html) : label.evidence !== undefined && quoted(html, label.evidence);
    if (!found) refused.push(`${id}: ${what}: not in ${label.page}: ${label.evidence ?? ''}`.slice(0, 300));
    return found;
  };
  const digits = (s: string) => s.replace(/\D/g, '');
  const out: SiteTruth = { ...truth };
  if (truth.industry) {
    const unknown = (truth.industry.accept ?? []).filter(
      (i) => !(INDUSTRIES as readonly string[]).includes(i),
    );
    if (unknown.length) {
      refused.push(`${id}: industry: not in the taxonomy: ${unknown.join(', ')}`);
      delete out.industry;
    } else if (truth.industry.accept !== null && !ok('industry', truth.industry)) delete out.industry;
  }
  if (truth.summary && !ok('summary', truth.summary)) delete out.summary;
  if (truth.address && !ok('address', truth.address)) delete out.address;
  if (truth.hiring && truth.hiring.evidence !== undefined && !ok('hiring', truth.hiring)) delete out.hiring;
  if (truth.people) out.people = truth.people.filter((p) => ok(`person ${p.name}`, p));
  if (truth.software) out.software = truth.software.filter((s) => ok(`software ${s.name}`, s));
  if (truth.company) {
    out.company = Object.fromEntries(
      Object.entries(truth.company).filter(([field, label]) => label && ok(`company ${field}`, label)),
    );
  }
  if (truth.emails)
    out.emails = truth.emails.filter((e) =>
      ok(`email ${e.value}`, e, (html) => html.toLowerCase().includes(e.value.toLowerCase())),
    );
  // A number is written many ways ("+49 (0)30 12 34", "030/1234"): its last seven digits must be on the page.
  if (truth.phones)
    out.phones = truth.phones.filter((p) =>
      ok(`phone ${p.value}`, p, (html) => digits(html).includes(digits(p.value).slice(-7))),
    );
  return out;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Every labelled site. */
export function loadSites(): LoadedSites {
  const result: LoadedSites = { sites: [], refused: [], problems: [] };
  const truthFiles = readdirSync(SITE_TRUTH_DIR).filter((f) => f.endsWith('.truth.json'));
  const labelled = new Set(truthFiles.map((f) => f.replace(/\.truth\.json$/, '')));
  for (const dir of readdirSync(SITES_DIR).sort()) {
    if (existsSync(join(SITES_DIR, dir, 'site.json')) && !labelled.has(dir))
      result.problems.push(`${dir}: no eval/sites/${dir}.truth.json`);
  }
  for (const file of truthFiles.sort()) {
    const id = file.replace(/\.truth\.json$/, '');
    const siteFile = join(SITES_DIR, id, 'site.json');
    if (!existsSync(siteFile)) {
      result.problems.push(`${id}: labelled, but ${siteFile} is missing`);
      continue;
    }
    try {
      const site = readJson<SiteJson>(siteFile);
      const truth = readJson<SiteTruth>(join(SITE_TRUTH_DIR, file));
      if (site.id !== id || truth.site !== id)
        throw new Error(`site.json id ${site.id}, truth site ${truth.site}`);
      // Phones are scored as E.164 in the site's country, and addresses named by it.
      if (!/^[A-Z]{2}$/.test(site.country))
        throw new Error(`site.json: country '${site.country}' is not ISO 3166 alpha-2`);
      const pages = site.pages.map((p) => ({
        file: p.file,
        url: p.url,
        role: ENGINE_ROLE[p.role] ?? 'other',
        // As a crawl reads them (a copied page keeps its own bytes and charset), not Node's TextDecoder: Node 20
        // decodes a whole Windows-1252 buffer as Latin-1 („ and € come out as C1 controls), Node 24 does not.
        html: decodeHtml(readFileSync(join(SITES_DIR, id, p.file))).text,
      }));
      const byFile = new Map(pages.map((p) => [p.file, p.html]));
      result.sites.push({
        id,
        split: site.written_by_us ? 'written' : splitOf(id),
        site,
        pages,
        truth: checkQuotes(truth, byFile, result.refused),
      });
    } catch (error) {
      result.problems.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return result;
}
