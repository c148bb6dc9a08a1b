/**
 * The `people` analyzer for one site: the persons its pages name with a role (imprint, team/about/contact cards,
 * running text, schema.org), the company facts they state, the email addresses classified (with an MX check
 * when a checker is given) and, apart from them, the addresses a domain's pattern suggests.
 */
import type { ParsedPage } from '../../crawl/page';
import { countryHints, siteCountry } from '../summary/country';
import { findEmails } from '../summary/emails';
import { siteLanguage } from '../summary/language';
import { pageKind } from '../summary/page-kind';
import { readStructuredData } from '../summary/structured-data';
import { findCardPeople } from './cards';
import { findLegalName, findRegister, findVatId, ownLines } from './company';
import { classifyEmails, type FoundAddress, suggestEmails } from './emails';
import { findEmployees, findFounded, findHours } from './facts';
import { siteIdentity } from './identity';
import { findImprintProvider, findRolePeople } from './legal';
import { findLegalForm, findSoleTrader } from './legal-forms';
import type { MxChecker } from './mx';
import { personKey } from './names';
import { SENIORITY_RANK, seniorityOf } from './roles';
import { findSchemaPeople } from './schema';
import { schemaFacts } from './schema-facts';
import type { CompanyFacts, MxCheck, PeopleAnalysis, Person, PersonSource } from './types';

export interface PeopleOptions {
  /** MX lookups for the domains of the addresses found; none without it. */
  mx?: MxChecker | null;
  /** The business's country (ISO alpha-2) when known: phones and unprefixed VAT ids are read with it. */
  country?: string | null;
  signal?: AbortSignal;
}

const ROLE_ORDER: Record<string, number> = { imprint: 0, team: 1, about: 2, contact: 3, home: 4 };

export async function analyzePeople(
  pages: ParsedPage[],
  options: PeopleOptions = {},
): Promise<PeopleAnalysis> {
  const ordered = pages
    .filter((p) => typeof p.html === 'string')
    .map((page, index) => ({ page, index }))
    .sort((a, b) => (ROLE_ORDER[a.page.role] ?? 5) - (ROLE_ORDER[b.page.role] ?? 5) || a.index - b.index)
    .map(({ page }) => page);
  // Blog posts and product pages speak about others; only the business's own pages name its people.
  const own = ordered.filter(
    (p) => p.role !== 'other' || pageKind(p) === 'business' || pageKind(p) === 'legal',
  );
  const structured = readStructuredData(ordered);
  const language = siteLanguage(ordered);
  const home = ordered.find((p) => p.role === 'home') ?? ordered[0];
  const region = home
    ? siteCountry({
        businessCountry: options.country ?? null,
        organizationCountry: structured.country,
        url: home.url,
        htmlLang: home.$('html').attr('lang') ?? null,
        language,
        hints: countryHints(ordered, language),
      }).country
    : null;
  const orgNames = [structured.organization?.name, structured.organization?.legalName].filter(
    (n): n is string => typeof n === 'string',
  );

  const people = mergePeople(
    own.flatMap((page) => {
      const observed_at = page.fetchedAt;
      const legalSource: PersonSource =
        page.role === 'imprint' || pageKind(page) === 'legal' ? 'legal' : 'text';
      return [
        ...[...findRolePeople(page), ...(legalSource === 'legal' ? [findImprintProvider(page)] : [])]
          .filter((p) => p !== null)
          .map((p) => ({
            ...p,
            email: null,
            phone: null,
            linkedin_url: null,
            source: legalSource,
            observed_at,
          })),
        ...findCardPeople(page, region, own).map((p) => ({ ...p, source: 'card' as const, observed_at })),
        ...findSchemaPeople(page, region, orgNames).map((p) => ({
          ...p,
          source: 'schema' as const,
          observed_at,
        })),
      ];
    }),
  );

  const lines = own.flatMap(ownLines);
  const schema = schemaFacts(structured);
  const legal = findLegalName(lines, schema.legalName, siteIdentity(ordered, orgNames));
  const company: CompanyFacts = {
    legal_name: legal?.name ?? holderName(people, lines),
    legal_form: legal?.form ?? soleTrader(lines),
    register: findRegister(lines, legal?.name.value ?? null),
    vat_id: findVatId(lines, region),
    founded: findFounded(lines, schema.founded),
    employees: findEmployees(lines, schema.employees),
    opening_hours: findHours(own, schema.hours),
  };

  const addresses: FoundAddress[] = [
    // WordPress wraps a page's own text in <article> too: only a post's body speaks about others.
    ...own.flatMap((page) =>
      findEmails(page).filter((e) => !e.inArticleBody || pageKind(page) !== 'article'),
    ),
    ...people.filter((p) => p.email).map((p) => ({ email: p.email as string, source_url: p.source_url })),
  ];
  const emails = classifyEmails(addresses, people);
  const suggested = suggestEmails(emails, people);
  const mx: MxCheck[] = [];
  if (options.mx) {
    const domains = [...new Set([...emails, ...suggested].map((e) => e.email.split('@')[1] ?? ''))].filter(
      Boolean,
    );
    const checks = await Promise.all(domains.map((d) => (options.mx as MxChecker)(d)));
    options.signal?.throwIfAborted();
    mx.push(...checks);
    for (const e of emails) e.mx = checks.find((c) => c.domain === e.domain)?.status ?? null;
  }
  return {
    people,
    company,
    emails,
    suggested_emails: suggested,
    mx,
    source_urls: ordered.map((p) => p.url),
  };
}

/**
 * A sole trader's legal name is their own: a legal page that names the site's holder as a person ("El titular de
 * este sitio web es Marcos Elgorriaga Kunze, con N.I.F. …", "Titolare: …") and no company form anywhere.
 */
function holderName(people: Person[], lines: ReturnType<typeof ownLines>): CompanyFacts['legal_name'] {
  const holder = people.find((p) => p.source === 'legal' && HOLDER_ROLE.test(p.role));
  if (!holder) return null;
  if (lines.some((l) => findLegalForm(l.text))) return null;
  return { value: holder.name, source_url: holder.source_url, evidence: holder.evidence };
}
/** A sole trader's status a legal page states, when it names no company form. */
function soleTrader(lines: ReturnType<typeof ownLines>): CompanyFacts['legal_form'] {
  const legal = lines.filter((l) => l.page.role === 'imprint' || pageKind(l.page) === 'legal');
  if (legal.some((l) => findLegalForm(l.text))) return null;
  for (const line of legal) {
    if (line.text.length > 300) continue;
    const form = findSoleTrader(line.text);
    if (form) return { value: form, source_url: line.page.url, evidence: line.text.slice(0, 200) };
  }
  return null;
}

const HOLDER_ROLE = /^(?:titular|titolare|propri(?:é|e)taire|eigenaa?r|owner of th)/i;

type Candidate = Omit<Person, 'seniority'> & { el?: unknown; derived?: boolean; guessed?: boolean };

/**
 * How far a role is what the visible text states: stated there (0; "founded by Emma Clarke" states a founder),
 * stated in schema.org data the visitor never sees (1), or Argo's guess (2: the person an imprint names first
 * runs the business, as its "Inhaber").
 */
const roleOrigin = (c: { source: PersonSource; guessed?: boolean }) =>
  c.guessed ? 2 : c.source === 'schema' ? 1 : 0;

/**
 * One entry per person (by name, words in any order): the role the visible text writes for them — the most
 * senior one when the pages write several —, else schema.org's, else Argo's wording; and the contact details any
 * page ties to them. Decision-makers first, then in the order the pages name them.
 */
function mergePeople(found: Candidate[]): Person[] {
  const byKey = new Map<string, Person>();
  const origin = new Map<string, number>();
  const derivedRole = new Set<string>();
  for (const { el: _el, ...candidate } of found) {
    const { derived, guessed: _guessed, ...person } = candidate;
    const seniority = seniorityOf(candidate.role);
    const key = personKey(candidate.name);
    const known = byKey.get(key);
    const rank = roleOrigin(candidate);
    if (!known) {
      byKey.set(key, { ...person, seniority });
      origin.set(key, rank);
      if (derived) derivedRole.add(key);
      continue;
    }
    // Then the more senior role; at the same seniority, a role the page writes beats one Argo worded.
    const better =
      rank - (origin.get(key) ?? 0) ||
      SENIORITY_RANK[seniority] - SENIORITY_RANK[known.seniority] ||
      (derivedRole.has(key) && !derived ? -1 : 0);
    if (better < 0) {
      origin.set(key, rank);
      if (derived) derivedRole.add(key);
      else derivedRole.delete(key);
      Object.assign(known, {
        role: candidate.role,
        seniority,
        source_url: candidate.source_url,
        source: candidate.source,
        evidence: candidate.evidence,
        observed_at: candidate.observed_at,
      });
    }
    known.email ??= candidate.email;
    known.phone ??= candidate.phone;
    known.linkedin_url ??= candidate.linkedin_url;
  }
  return [...byKey.values()]
    .map((person, index) => ({ person, index }))
    .sort(
      (a, b) => SENIORITY_RANK[a.person.seniority] - SENIORITY_RANK[b.person.seniority] || a.index - b.index,
    )
    .map(({ person }) => person);
}
