/**
 * Scoring the real-sites corpus (sites.ts) site by site, the way enrichment reads a crawl: the site's pages, each
 * with its role, go through the engine's own enrichSite, so the site-level facts (industry, summary, people,
 * company facts, address) come from all pages together as a user sees them. The careers analyzer's fetcher serves
 * the site's own pages from disk and answers 404 for anything else: nothing leaves the machine.
 *
 * Two kinds of figure:
 * - found / labelled sets (software, people, job roles, emails, phones): precision and recall; a found person,
 *   technology, email or phone the labels lack counts as false (the labels list everyone the pages name).
 * - one answer per site (industry, hiring, summary, address, each company fact, each found person's role):
 *   right, wrong or missing. Precision = right / (right + wrong), coverage = answered / labelled, so a wrong
 *   answer costs precision and a missing one only coverage.
 */
import {
  enrichSite,
  type Fetcher,
  type FetchResult,
  pageFromHtml,
  type SiteCrawl,
  type SiteEnrichment,
} from '@argo/engine';
import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { addCounts, type Counts, emptyCounts, type Finding, nameKey, titleKey } from './metrics';
import type { CompanyField, SiteCase } from './sites';
import { acceptsTechnology, detectionProvedByPage } from './software-names';
import { loadVerifiedSites } from './verified';

type IsVerified = ReturnType<typeof loadVerifiedSites>;

export interface Answers {
  right: number;
  wrong: number;
  missing: number;
}
export interface SitesScore {
  sites: number;
  pages: number;
  counts: Record<string, Counts>;
  answers: Record<string, Answers>;
  findings: Finding[];
}

const emptyAnswers = (): Answers => ({ right: 0, wrong: 0, missing: 0 });

/** The record's entry for `name`, made empty first when there is none. */
function entry<T>(record: Record<string, T>, name: string, empty: () => T): T {
  record[name] ??= empty();
  return record[name];
}

/** Serves the site's pages by their URL (with or without a trailing slash); anything else is a 404. */
function siteFetcher(site: SiteCase): Fetcher {
  const key = (url: string) => url.replace(/#.*$/, '').replace(/\/$/, '');
  const byUrl = new Map(site.pages.map((p) => [key(p.url), p.html]));
  return {
    async fetchPage(url) {
      const html = byUrl.get(key(url));
      const base = { url, finalUrl: url, cookies: [], truncated: false, redirects: [], attempts: 1 };
      const fetchedAt = new Date().toISOString();
      if (html === undefined)
        return {
          ...base,
          headers: {},
          status: 404,
          bytes: 0,
          fetchedAt,
          error: { kind: 'http', message: `404 Not Found: ${url}` },
        } satisfies FetchResult;
      const headers = { 'content-type': 'text/html; charset=utf-8' };
      return { ...base, headers, status: 200, html, contentType: 'text/html', bytes: html.length, fetchedAt };
    },
    async close() {},
  };
}

export async function analyzeSite(site: SiteCase): Promise<SiteEnrichment> {
  const pages = site.pages.map((p) => pageFromHtml({ url: p.url, html: p.html, headers: {}, role: p.role }));
  const home = site.pages.find((p) => p.role === 'home') ?? site.pages[0];
  // Home first, as a crawl orders them.
  pages.sort((a, b) => Number(b.role === 'home') - Number(a.role === 'home'));
  const crawl: SiteCrawl = {
    startUrl: home?.url ?? '',
    homeUrl: home?.url ?? null,
    pages,
    errors: [],
    robotsBlocked: [],
    plan: site.pages.map((p) => ({ url: p.url, role: p.role, score: 1 })),
  };
  return enrichSite(crawl, ['software_detection', 'career_analysis', 'ai_summary', 'people'], {
    business: { name: site.site.business, country: site.site.country },
    fetcher: siteFetcher(site),
  });
}

type Score = { counts: Record<string, Counts>; answers: Record<string, Answers>; findings: Finding[] };

function compare(
  score: Score,
  site: string,
  analyzer: string,
  wanted: Map<string, string>,
  found: Map<string, string>,
) {
  const c = entry(score.counts, analyzer, emptyCounts);
  for (const [key, shown] of wanted) {
    if (found.has(key)) c.tp++;
    else {
      c.fn++;
      score.findings.push({ analyzer, page: site, kind: 'miss', what: shown, evidence: 'labelled' });
    }
  }
  for (const [key, shown] of found) {
    if (wanted.has(key)) continue;
    c.fp++;
    score.findings.push({
      analyzer,
      page: site,
      kind: 'false_positive',
      what: shown,
      evidence: 'not labelled',
    });
  }
}

function answer(
  score: Score,
  site: string,
  analyzer: string,
  got: string | null,
  right: boolean,
  label: string,
) {
  const a = entry(score.answers, analyzer, emptyAnswers);
  if (right) a.right++;
  else if (got === null) a.missing++;
  else a.wrong++;
  if (!right)
    score.findings.push({
      analyzer,
      page: site,
      kind: got === null ? 'miss' : 'wrong',
      what: got ?? 'none',
      evidence: `label: ${label}`,
    });
}

/** Lower case, letters and digits only ("DE 322 921 549" = "de322921549"). */
/**
 * A VAT id as its number: the engine writes it with its country's prefix (VIES: "IT03892480132", "GB388919914"),
 * a page and its label often without ("P.IVA 03892480132", "VAT No. 388 9199 14").
 */
const vatKey = (value: string) => compact(value).replace(/^[a-z]{2}(?=\d)/, '');

/** US states by name, as their postal codes: "Newport News, Virginia" is "Newport News, VA 23601". */
// biome-ignore format: one line per few states
const US_STATES: Record<string, string> = {
  alabama: 'al', alaska: 'ak', arizona: 'az', arkansas: 'ar', california: 'ca', colorado: 'co', connecticut: 'ct',
  delaware: 'de', florida: 'fl', georgia: 'ga', hawaii: 'hi', idaho: 'id', illinois: 'il', indiana: 'in', iowa: 'ia',
  kansas: 'ks', kentucky: 'ky', louisiana: 'la', maine: 'me', maryland: 'md', massachusetts: 'ma', michigan: 'mi',
  minnesota: 'mn', mississippi: 'ms', missouri: 'mo', montana: 'mt', nebraska: 'ne', nevada: 'nv',
  'new hampshire': 'nh', 'new jersey': 'nj', 'new mexico': 'nm', 'new york': 'ny', 'north carolina': 'nc',
  'north dakota': 'nd', ohio: 'oh', oklahoma: 'ok', oregon: 'or', pennsylvania: 'pa', 'rhode island': 'ri',
  'south carolina': 'sc', 'south dakota': 'sd', tennessee: 'tn', texas: 'tx', utah: 'ut', vermont: 'vt',
  virginia: 'va', washington: 'wa', 'west virginia': 'wv', wisconsin: 'wi', wyoming: 'wy',
};
const US_STATE_NAME = new RegExp(
  `\\b(?:${Object.keys(US_STATES)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\b`,
  'g',
);
/** Street words and their usual abbreviations, as one word: "Road" is "Rd", "Carretera" is "Carr.". */
const STREET_WORDS: Record<string, string> = {
  road: 'rd',
  street: 'st',
  avenue: 'ave',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  carretera: 'carr',
  avenida: 'av',
  calle: 'c',
  via: 'v',
  strasse: 'str',
  str: 'str',
};

const compact = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * A register entry is right when its number's digits are the label's ("HRB 201644" = "201644", "FN 672926y" =
 * "672926 y") and, when the label names a court too, the court found is the label's.
 */
function registerMatches(label: string, found: { court: string | null; number: string | null } | undefined) {
  const digits = (s: string) => s.replace(/\D/g, '');
  if (!found?.number || digits(found.number) === '' || digits(found.number) !== digits(label)) return false;
  const namesCourt = /gericht|court|tribunal|registro|registre/i.test(label);
  return !namesCourt || !found.court || compact(label).includes(compact(found.court));
}

/** E.164 when the number can be read (national ones with the site's country), else its digits. */
function phoneKey(raw: string, country: string): string {
  const international = raw.replace(/\(0\)/g, '').replace(/^\s*00(?=[1-9])/, '+');
  const parsed = parsePhoneNumberFromString(international, country as never);
  return parsed?.isPossible() ? parsed.number : raw.replace(/\D/g, '');
}

function scoreOne(site: SiteCase, result: SiteEnrichment, score: Score, isVerified: IsVerified) {
  const { truth, id } = site;
  const summary = result.ai_summary;
  const people = result.people;
  const careers = result.career_analysis;
  const country = site.site.country;
  for (const [type, message] of Object.entries(result.analyzer_errors))
    score.findings.push({
      analyzer: type,
      page: id,
      kind: 'wrong',
      what: 'analyzer failed',
      evidence: message,
    });

  if (truth.software) {
    const proved = (result.software_detection?.technologies ?? []).filter(detectionProvedByPage);
    const wanted = new Map(truth.software.map((t) => [t.name, t.name]));
    // A use the labels lack but someone checked on the page (eval/verified/sites.json) is wanted too.
    for (const d of proved) if (isVerified(id, 'software', d.name)) wanted.set(d.name, d.name);
    const found = new Map(
      proved.map((d) => [
        truth.software?.find((t) => acceptsTechnology(t.name, d.name))?.name ?? d.name,
        d.name,
      ]),
    );
    compare(score, id, 'software', wanted, found);
  }

  if (truth.people) {
    const wanted = new Map(truth.people.map((p) => [nameKey(p.name), `${p.name} (${p.role})`]));
    const found = new Map((people?.people ?? []).map((p) => [nameKey(p.name), `${p.name} — ${p.role}`]));
    compare(score, id, 'people', wanted, found);
    // The role of each labelled person who was found: right when a word of one title and a word of the other
    // share their first seven letters, or one is the start of the other ("Geschäftsführung" and
    // "Geschäftsführer", "Verantwortlicher" and "Redaktionell verantwortlich"). Roles in another language than
    // the label's ("Owner" for "Inhaber") are right only when the label lists them.
    const words = (title: string) =>
      titleKey(title)
        .split(' ')
        .filter((w) => w.length >= 4);
    const alike = (a: string, b: string) =>
      a.startsWith(b) ||
      b.startsWith(a) ||
      (a.length >= 7 && b.length >= 7 && a.slice(0, 7) === b.slice(0, 7));
    for (const label of truth.people) {
      const person = people?.people.find((p) => nameKey(p.name) === nameKey(label.name));
      if (!person) continue;
      const wanted = words(label.role);
      // A role of short words only ("HR", "CEO") is right when it is the label's, word for word.
      const right =
        words(person.role ?? '').some((a) => wanted.some((b) => alike(a, b))) ||
        (wanted.length === 0 && titleKey(person.role ?? '') === titleKey(label.role));
      answer(score, id, 'person role', person.role || null, right, `${label.name}: ${label.role}`);
    }
  }

  if (truth.company) {
    const c = people?.company;
    const register = c?.register
      ? [c.register.value.court, c.register.value.number].filter(Boolean).join(' ')
      : null;
    const found: Record<CompanyField, string | null> = {
      legal_name: c?.legal_name?.value ?? null,
      legal_form: c?.legal_form?.value ?? null,
      register,
      vat_id: c?.vat_id?.value.id ?? null,
      founded: c?.founded ? String(c.founded.value) : null,
    };
    for (const [field, label] of Object.entries(truth.company)) {
      if (!label) continue;
      const got = found[field as CompanyField];
      const want = compact(String(label.value));
      const right =
        got !== null &&
        (compact(got) === want ||
          (field === 'vat_id' && vatKey(got) === vatKey(String(label.value))) ||
          (field === 'register' && registerMatches(String(label.value), c?.register?.value)));
      answer(score, id, `co.${field}`, got, right, String(label.value));
    }
  }

  if (truth.hiring && truth.hiring.value !== null) {
    const got = careers?.hiring ?? null;
    answer(
      score,
      id,
      'hiring',
      got === null ? null : String(got),
      got === truth.hiring.value,
      String(truth.hiring.value),
    );
    if (truth.hiring.roles) {
      const wanted = new Map(truth.hiring.roles.map((r) => [titleKey(r), r]));
      const found = new Map((careers?.roles ?? []).map((r) => [titleKey(r.title), r.title]));
      compare(score, id, 'job roles', wanted, found);
    }
  }

  if (truth.industry) {
    const got = summary?.industry ?? null;
    const accept = truth.industry.accept;
    // "unknown" is the right answer when the site does not make its industry clear.
    const right = accept === null ? got === null : got !== null && accept.includes(got);
    const a = entry(score.answers, 'industry', emptyAnswers);
    if (right) a.right++;
    else if (got === null) a.missing++;
    else a.wrong++;
    if (!right)
      score.findings.push({
        analyzer: 'industry',
        page: id,
        kind: got === null ? 'miss' : 'wrong',
        what: got ?? 'unknown',
        evidence: `label: ${accept?.join(' / ') ?? 'unknown (the site does not say)'}`,
      });
  }

  if (truth.summary) {
    const text = summary?.summary ?? null;
    const right =
      text !== null && truth.summary.mentions.some((m) => text.toLowerCase().includes(m.toLowerCase()));
    answer(score, id, 'summary', text, right, `mentions one of: ${truth.summary.mentions.join(', ')}`);
  }

  const contacts = (kind: string) =>
    (summary?.contacts ?? []).filter((c) => c.kind === kind).map((c) => c.value);
  if (truth.emails) {
    const wanted = new Map(truth.emails.map((e) => [e.value.toLowerCase(), e.value]));
    const found = new Map(contacts('email').map((e) => [e.toLowerCase(), e]));
    compare(score, id, 'emails', wanted, found);
  }
  if (truth.phones) {
    const code = `+${getCountryCallingCode(country as never)}`;
    const shown = (k: string) => (k.startsWith('+') && !k.startsWith(code) ? `${k} (not ${country})` : k);
    const wanted = new Map(truth.phones.map((p) => [phoneKey(p.value, country), p.value]));
    const found = new Map(
      contacts('phone').map((p) => {
        const k = p.startsWith('+') ? p : phoneKey(p, country);
        return [k, shown(k)];
      }),
    );
    // A number the labels lack but someone checked on the page (eval/verified/sites.json) is wanted too.
    for (const [k, shownAs] of found) if (isVerified(id, 'phones', k)) wanted.set(k, shownAs);
    compare(score, id, 'phones', wanted, found);
  }

  if (truth.address) {
    const got = contacts('address')[0] ?? null;
    // Right when every word of the label is in the address found (letters and digits, in any order: "…, E21 C564
    // Cahir, Co. Tipperary, IE" has the label's words); "Str." and "Straße" are one word.
    // US states and street words are compared by their usual abbreviations.
    const words = (s: string) =>
      s
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/ß/g, 'ss')
        .replace(/(str)(asse|\.)/g, '$1')
        .replace(US_STATE_NAME, (name) => US_STATES[name] ?? name)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map((word) => STREET_WORDS[word] ?? word);
    const found = new Set(words(got ?? ''));
    // The country's own name is not scored: a label may end in "France", the address found in "FR".
    const country = new Set(
      ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'].flatMap((language) =>
        words(new Intl.DisplayNames([language], { type: 'region' }).of(site.site.country) ?? ''),
      ),
    );
    const wanted = words(truth.address.value).filter((w) => !country.has(w));
    const right = got !== null && wanted.every((w) => found.has(w));
    answer(score, id, 'address', got, right, truth.address.value);
  }
}

export async function scoreSites(sites: readonly SiteCase[]): Promise<SitesScore> {
  const score: Score = { counts: {}, answers: {}, findings: [] };
  const isVerified = loadVerifiedSites(sites);
  for (const site of sites) {
    const own: Score = { counts: {}, answers: {}, findings: [] };
    scoreOne(site, await analyzeSite(site), own, isVerified);
    for (const [name, c] of Object.entries(own.counts)) addCounts(entry(score.counts, name, emptyCounts), c);
    for (const [name, a] of Object.entries(own.answers)) {
      const into = entry(score.answers, name, emptyAnswers);
      into.right += a.right;
      into.wrong += a.wrong;
      into.missing += a.missing;
    }
    score.findings.push(...own.findings.map((f) => ({ ...f, page: `sites/${f.page}` })));
  }
  return {
    sites: sites.length,
    pages: sites.reduce((n, s) => n + s.pages.length, 0),
    ...score,
  };
}
