/**
 * What a run saw of a business, as facts: one per kind, its value normalised so that only a real change changes
 * its hash. Facts are read from the analyzers' results, never from raw HTML: a reordered script list, a
 * cache-buster in a URL or today's date on a page changes no analyzer's answer, so it changes no fact.
 */
import { createHash } from 'node:crypto';
import { parse } from 'tldts';
import { cleanJobTitle } from '../analyze/careers/job-title';
import { BUSINESS_TOOL_CATEGORIES } from '../icp/business-tools';
import { collapseSpaces } from '../normalize/text';

const FACT_KINDS = ['site', 'software', 'hiring', 'people', 'contacts', 'icp'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export interface SiteValue {
  reachable: boolean;
  /** The registrable domain the home page answered on (after redirects); null when it did not answer. */
  domain: string | null;
}
export interface SoftwareValue {
  /** Business tools only (a shop, bookings, a CRM …), sorted: infrastructure, analytics and fonts are no signal. */
  tools: string[];
}
export interface HiringValue {
  hiring: boolean;
  /** Role titles, normalised and sorted. */
  roles: string[];
}
export interface PeopleValue {
  /** Decision-makers (owner, founder, executive), by normalised name, sorted. */
  people: { name: string; role: string }[];
}
export interface ContactsValue {
  emails: string[];
  phones: string[];
}
export interface IcpValue {
  tier: string;
}
export type FactValue = SiteValue | SoftwareValue | HiringValue | PeopleValue | ContactsValue | IcpValue;

/** What backs one item of a fact (a tool, a role, a person): the page and the words it was read from. */
export interface FactEvidence {
  page: string | null;
  text: string | null;
}

export interface Fact {
  kind: FactKind;
  value: FactValue;
  /** sha256 of the value's canonical JSON. */
  hash: string;
  /** The page the fact was read from (the home page when it is the whole site's). */
  page: string | null;
  /** Evidence per item, keyed as the events name their item (tool name, role title, person name, e-mail). */
  evidence: Record<string, FactEvidence>;
}

/** The analyzers' results a run produced (each optional: a run may have asked for some only). */
export interface RunResults {
  software_detection?: {
    technologies: readonly {
      name: string;
      categories: readonly { id: number }[];
      evidence: readonly { match: string; url: string }[];
    }[];
  } | null;
  career_analysis?: {
    hiring: boolean | null;
    careers_url: string | null;
    source_url: string | null;
    roles: readonly { title: string; url: string | null }[];
  } | null;
  people?: {
    people: readonly {
      name: string;
      role: string;
      seniority: string;
      source_url: string;
      evidence: string;
    }[];
    emails?: readonly { email: string; kind: string; source_url: string }[];
  } | null;
  ai_summary?: { contacts: readonly { kind: string; value: string; source_url: string | null }[] } | null;
  icp_analysis?: { tier: string } | null;
}

export interface RunSite {
  /** The home page answered (any page was read). */
  reachable: boolean;
  /** The home page after redirects. */
  homeUrl: string | null;
}

const DECISION_MAKERS = new Set(['owner_founder', 'executive']);

/** Canonical JSON: object keys sorted, so two equal values always hash alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const hashValue = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex');

const sortedUnique = (values: Iterable<string>): string[] =>
  [...new Set([...values].filter((v) => v.length > 0))].sort();

/** Case and spacing are no change of a name or a role. */
const normalizeLabel = (text: string): string => collapseSpaces(text.normalize('NFC')).toLowerCase();

/** A role title as the careers analyzer cleans it (no gender tag, lead-in or call to action), lower-cased. */
const normalizeRole = (title: string): string => normalizeLabel(cleanJobTitle(title));

/** A page URL without its query and fragment: a cache-buster is not another page. */
function pageKey(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

const isBusinessTool = (categories: readonly { id: number }[]) =>
  categories.some((c) => c.id in BUSINESS_TOOL_CATEGORIES);

function fact(kind: FactKind, value: FactValue, page: string | null, evidence: Fact['evidence'] = {}): Fact {
  return { kind, value, hash: hashValue(value), page: pageKey(page), evidence };
}

function domainOf(url: string | null): string | null {
  if (!url) return null;
  const parsed = parse(url);
  return parsed.domain ?? parsed.hostname ?? null;
}

/**
 * The facts of one run. A site that did not answer yields its `site` fact alone: a failed fetch says nothing
 * about hiring, people or software. `site` null: the run read no site (ICP re-scored from stored results). A result the run did not produce, or could not tell (hiring null), yields
 * no fact of its kind, so the last one stands.
 */
export function factsOf(results: RunResults, site: RunSite | null): Fact[] {
  const home = site?.homeUrl ?? null;
  const facts: Fact[] = site
    ? [fact('site', { reachable: site.reachable, domain: site.reachable ? domainOf(home) : null }, home)]
    : [];
  if (site && !site.reachable) return facts;

  const software = results.software_detection;
  if (software) {
    const evidence: Fact['evidence'] = {};
    for (const t of software.technologies) {
      if (!isBusinessTool(t.categories) || evidence[t.name]) continue;
      const first = t.evidence[0];
      evidence[t.name] = { page: pageKey(first?.url ?? null), text: first?.match.slice(0, 200) ?? null };
    }
    facts.push(fact('software', { tools: sortedUnique(Object.keys(evidence)) }, home, evidence));
  }

  const careers = results.career_analysis;
  if (careers && careers.hiring !== null) {
    const evidence: Fact['evidence'] = {};
    for (const role of careers.roles) {
      const key = normalizeRole(role.title);
      if (key && !evidence[key])
        evidence[key] = { page: pageKey(role.url ?? careers.source_url), text: role.title };
    }
    const roles = careers.hiring ? sortedUnique(Object.keys(evidence)) : [];
    const page = careers.source_url ?? careers.careers_url ?? home;
    facts.push(fact('hiring', { hiring: careers.hiring, roles }, page, evidence));
  }

  const people = results.people;
  if (people) {
    const evidence: Fact['evidence'] = {};
    const byName = new Map<string, string>();
    for (const p of people.people) {
      if (!DECISION_MAKERS.has(p.seniority)) continue;
      const key = normalizeLabel(p.name);
      if (!key || byName.has(key)) continue;
      byName.set(key, normalizeLabel(p.role));
      evidence[key] = {
        page: pageKey(p.source_url),
        text: p.evidence.slice(0, 200) || `${p.name}, ${p.role}`,
      };
    }
    const list = [...byName.keys()].sort().map((name) => ({ name, role: byName.get(name) as string }));
    facts.push(fact('people', { people: list }, people.people[0]?.source_url ?? home, evidence));
  }

  const contacts = contactsOf(results);
  if (contacts) facts.push(contacts);

  const tier = results.icp_analysis?.tier;
  if (tier) facts.push(fact('icp', { tier }, null));
  return facts;
}

/** The addresses and numbers the site states (the summary's contacts and the people analyzer's addresses). */
function contactsOf(results: RunResults): Fact | null {
  if (!results.ai_summary && !results.people) return null;
  const evidence: Fact['evidence'] = {};
  const emails: string[] = [];
  const phones: string[] = [];
  const add = (list: string[], value: string, page: string | null) => {
    const key = value.trim().toLowerCase();
    if (!key) return;
    list.push(key);
    evidence[key] ??= { page: pageKey(page), text: value };
  };
  for (const c of results.ai_summary?.contacts ?? []) {
    if (c.kind === 'email') add(emails, c.value, c.source_url);
    else if (c.kind === 'phone') add(phones, c.value.replace(/[\s().-]/gu, ''), c.source_url);
  }
  for (const e of results.people?.emails ?? []) add(emails, e.email, e.source_url);
  const first = Object.values(evidence)[0]?.page ?? null;
  return fact('contacts', { emails: sortedUnique(emails), phones: sortedUnique(phones) }, first, evidence);
}
