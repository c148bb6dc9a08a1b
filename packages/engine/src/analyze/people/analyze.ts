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
import { findImprintProvider, findRolePeople } from './legal';
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
        ...findCardPeople(page, region).map((p) => ({ ...p, source: 'card' as const, observed_at })),
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
  const legal = findLegalName(lines, schema.legalName);
  const company: CompanyFacts = {
    legal_name: legal?.name ?? null,
    legal_form: legal?.form ?? null,
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

type Candidate = Omit<Person, 'seniority'> & { el?: unknown; derived?: boolean };

/**
 * One entry per person (by name, words in any order): the most senior role any page gives them, and the
 * contact details any page ties to them. Decision-makers first, then in the order the pages name them.
 */
function mergePeople(found: Candidate[]): Person[] {
  const byKey = new Map<string, Person>();
  const derivedRole = new Set<string>();
  for (const { el: _el, derived, ...candidate } of found) {
    const seniority = seniorityOf(candidate.role);
    const key = personKey(candidate.name);
    const known = byKey.get(key);
    if (!known) {
      byKey.set(key, { ...candidate, seniority });
      if (derived) derivedRole.add(key);
      continue;
    }
    // A more senior role wins; at the same seniority, a role the page writes beats one Argo worded.
    const better = SENIORITY_RANK[seniority] - SENIORITY_RANK[known.seniority];
    if (better < 0 || (better === 0 && derivedRole.has(key) && !derived)) {
      if (!derived) derivedRole.delete(key);
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
