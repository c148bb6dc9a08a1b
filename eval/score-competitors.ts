/**
 * The competitors corpus: competitor websites (several pages each, as a crawl finds them) with the customers
 * they show, labelled in eval/competitors/truth.json. A competitor's site is not a business page, so it is not
 * scored page by page: findCompetitorCustomers crawls each site the way a session does — start page, the
 * customers pages it links, the case studies those link — from files on disk (nothing leaves the machine), and
 * every customer it answers is compared with the labels.
 *
 * A found customer is right when its name (folded, "&"/"and" ignored) is the label's name or one of its aliases,
 * or its website is the label's domain. Each labelled customer counts once: a second record for it ("The Tasting
 * Room" and "The Tasting Room Wine Bar" apart) is a false positive, as is anything unlabelled (integrations,
 * press, badges, investors, resellers, job titles).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Fetcher, type FetchResult, findCompetitorCustomers } from '@argo/engine';
import { type Counts, emptyCounts, type Finding } from './metrics';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const COMPETITORS_DIR = join(HERE, 'competitors');

type TruthCustomer = string | { name: string; aliases?: string[]; domain?: string };

interface CompetitorTruth {
  /** Folder holding the site's folder (relative to the repository), when not eval/competitors/sites. */
  dir?: string;
  language: string;
  /** The path a user would give; default "/". */
  start?: string;
  customers: TruthCustomer[];
}

export interface CompetitorsScore {
  sites: number;
  counts: Counts;
  findings: Finding[];
}

/** Lower case, accents and punctuation removed, "&"/"and"/"und"/"et"/"y" dropped, words sorted. */
function customerKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '' && !['and', 'und', 'et', 'y'].includes(word))
    .sort()
    .join(' ');
}

function loadTruth(): Record<string, CompetitorTruth> {
  const file = join(COMPETITORS_DIR, 'truth.json');
  if (!existsSync(file)) return {};
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, CompetitorTruth | string>;
  return Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, CompetitorTruth] => !entry[0].startsWith('_')),
  );
}

function siteRoot(site: string, truth: CompetitorTruth): string {
  return join(truth.dir ? resolve(ROOT, truth.dir) : join(COMPETITORS_DIR, 'sites'), site);
}

/** A static site's file for a path: /customers → customers.html, /referenzen/ → referenzen/index.html. */
function fileFor(root: string, pathname: string): string | null {
  let path: string;
  try {
    path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  } catch {
    return null;
  }
  for (const candidate of [path, `${path.replace(/\/$/, '')}.html`, join(path, 'index.html')]) {
    const file = join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** Serves every labelled site from disk under its own host name (with or without www.). */
function fileFetcher(roots: ReadonlyMap<string, string>): Fetcher {
  return {
    async fetchPage(url) {
      const fetchedAt = new Date().toISOString();
      const base = {
        url,
        finalUrl: url,
        headers: {},
        cookies: [],
        truncated: false,
        redirects: [],
        attempts: 1,
      };
      const parsed = new URL(url);
      const root = roots.get(parsed.hostname.replace(/^www\./, ''));
      const file = root ? fileFor(root, parsed.pathname) : null;
      if (!file || file.endsWith('.txt')) {
        return {
          ...base,
          status: 404,
          bytes: 0,
          fetchedAt,
          error: { kind: 'http', message: `404 Not Found: ${url}` },
        } satisfies FetchResult;
      }
      const html = readFileSync(file, 'utf8');
      return {
        ...base,
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        html,
        contentType: 'text/html',
        bytes: html.length,
        fetchedAt,
      } satisfies FetchResult;
    },
    async close() {},
  };
}

export async function scoreCompetitors(): Promise<CompetitorsScore> {
  const truth = loadTruth();
  const roots = new Map(Object.entries(truth).map(([site, t]) => [site, siteRoot(site, t)]));
  const fetcher = fileFetcher(roots);
  const counts = emptyCounts();
  const findings: Finding[] = [];
  for (const [site, labels] of Object.entries(truth)) {
    const page = `competitors/${site}`;
    const result = await findCompetitorCustomers(`https://www.${site}${labels.start ?? '/'}`, {
      fetcher,
      pageBudget: 15,
    });
    const customers = labels.customers.map((c) => (typeof c === 'string' ? { name: c } : c));
    const matched = new Map<number, string>();
    for (const found of result.businesses) {
      const key = customerKey(found.name);
      const index = customers.findIndex(
        (c) =>
          [c.name, ...(c.aliases ?? [])].some((name) => customerKey(name) === key) ||
          (!!c.domain && c.domain === found.domain),
      );
      const evidence = `${found.snippet ?? ''} (${found.url ?? ''})`;
      if (index < 0) {
        counts.fp++;
        findings.push({ analyzer: 'customers', page, kind: 'false_positive', what: found.name, evidence });
      } else if (matched.has(index)) {
        counts.fp++;
        const what = `${found.name} (again: ${matched.get(index)})`;
        findings.push({ analyzer: 'customers', page, kind: 'false_positive', what, evidence });
      } else {
        counts.tp++;
        matched.set(index, found.name);
      }
    }
    customers.forEach((customer, index) => {
      if (matched.has(index)) return;
      counts.fn++;
      findings.push({
        analyzer: 'customers',
        page,
        kind: 'miss',
        what: customer.name,
        evidence: `pages read: ${result.pages.map((url) => new URL(url).pathname).join(', ')}`,
      });
    });
  }
  return { sites: Object.keys(truth).length, counts, findings };
}
