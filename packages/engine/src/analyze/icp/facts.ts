import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Detection } from '../software/types';
import { employeeCountFromFile, type FileAttribute } from './file-facts';
import type { IcpDecisionMaker, IcpFacts } from './types';

export interface IcpBusiness {
  name: string;
  category?: string | null;
  city?: string | null;
  region?: string | null;
  country?: string | null;
  postal_code?: string | null;
  lat?: number | null;
  lng?: number | null;
  /** Its phone numbers (E.164), the main one first: they tell its country when the record names none. */
  phones?: readonly string[] | null;
  /** The imported file's own columns for this business, with their headers. */
  attributes?: readonly FileAttribute[] | null;
}

/** The parts of a CareerAnalysis (analyze/careers) scoring reads; any CareerAnalysis fits. */
interface IcpCareerFacts {
  hiring: boolean | null;
  careers_url: string | null;
  source_url: string | null;
}

/** The parts of an AiSummary (analyze/summary) scoring reads; any AiSummary fits. */
interface IcpSummaryFacts {
  summary: string | null;
  services: string[];
  industry: string | null;
  employee_estimate: number | null;
  keywords: string[];
  source_urls: string[];
  /** The country the site is in, as the summary read it (AiSummary.country). */
  country?: string | null;
}

/** The parts of a PeopleAnalysis (analyze/people) scoring reads; any PeopleAnalysis fits. */
export interface IcpPeopleFacts {
  people: {
    name: string;
    role: string;
    seniority: string;
    email: string | null;
    phone: string | null;
    source_url: string;
  }[];
  /** Classified addresses: `person` names whose address it is (its local part spells their name, or the page says). */
  emails?: { email: string; kind: string; person: string | null }[];
  /** MX checks per domain: an address at a domain with status `none` cannot receive mail. */
  mx?: { domain: string; status: string }[];
}

/** Seniorities that decide on a purchase at a small business. */
const DECISION_MAKER_SENIORITIES: readonly string[] = ['owner_founder', 'executive'];

export interface IcpFactsInput {
  business: IcpBusiness;
  software?: { technologies: Detection[] } | null;
  careers?: IcpCareerFacts | null;
  summary?: IcpSummaryFacts | null;
  people?: IcpPeopleFacts | null;
  /** Addresses that must not be used (the account's suppression list): they never make anyone reachable. */
  isSuppressed?: (email: string) => boolean;
}

/**
 * The named decision-makers with the channel Argo has for each: their own address (tied on the page, or a
 * classified address that is theirs) unless its domain has no mail servers or it is suppressed, and their phone.
 * Reachable ones first, then in the analyzer's order (owner/founder before executive).
 */
export function decisionMakersFrom(
  people: IcpPeopleFacts,
  isSuppressed: (email: string) => boolean = () => false,
): IcpDecisionMaker[] {
  const noMail = new Set(
    (people.mx ?? []).filter((m) => m.status === 'none').map((m) => m.domain.toLowerCase()),
  );
  const usable = (email: string | null | undefined): email is string =>
    !!email && !noMail.has(email.slice(email.lastIndexOf('@') + 1).toLowerCase()) && !isSuppressed(email);
  const makers = people.people
    .filter((p) => DECISION_MAKER_SENIORITIES.includes(p.seniority))
    .map((p): IcpDecisionMaker => {
      const own = usable(p.email)
        ? p.email
        : ((people.emails ?? []).find((e) => e.person === p.name && usable(e.email))?.email ?? null);
      return {
        name: p.name,
        role: p.role,
        seniority: p.seniority,
        email: own,
        phone: p.phone ?? null,
        source_url: p.source_url,
      };
    });
  const reachable = (d: IcpDecisionMaker) => (d.email || d.phone ? 0 : 1);
  return makers
    .map((d, i) => ({ d, i }))
    .sort((a, b) => reachable(a.d) - reachable(b.d) || a.i - b.i)
    .map((x) => x.d);
}

/**
 * The facts ICP scoring reads, from the stored business and whatever analyzer results exist (any may be
 * missing: scoring then treats the fact as unknown). Each fact keeps the page it came from.
 */
export function icpFactsFrom({
  business,
  software,
  careers,
  summary,
  people,
  isSuppressed,
}: IcpFactsInput): IcpFacts {
  const evidence: Record<string, string | null> = {};
  const summaryUrl = summary?.source_urls?.[0] ?? null;
  if (summary) {
    for (const field of ['industry', 'summary', 'services', 'keywords', 'employee_estimate']) {
      evidence[field] = summaryUrl;
    }
  }
  const technologies = software?.technologies ?? [];
  const names: string[] = [];
  for (const tech of technologies) {
    if (!names.includes(tech.name)) names.push(tech.name);
    evidence[`software:${tech.name}`] = tech.evidence[0]?.url ?? null;
  }
  // Category names after the technologies, so "uses a CMS" / "E-commerce" can match too.
  for (const tech of technologies) {
    for (const category of tech.categories) {
      if (!names.includes(category.name)) {
        names.push(category.name);
        evidence[`software:${category.name}`] = tech.evidence[0]?.url ?? null;
      }
    }
  }
  if (careers) evidence.hiring = careers.source_url ?? careers.careers_url ?? null;
  const country = business.country ? null : inferredCountry(business.phones, summary);
  if (country?.url) evidence.country = country.url;
  // The site's own statement of its size wins; the file's column stands in when the site states none.
  const fromFile = summary?.employee_estimate == null ? employeeCountFromFile(business.attributes) : null;
  if (fromFile) delete evidence.employee_estimate;
  return {
    name: business.name,
    category: business.category ?? null,
    city: business.city ?? null,
    region: business.region ?? null,
    country: business.country ?? country?.code ?? null,
    ...(country ? { country_source: country.source } : {}),
    postal_code: business.postal_code ?? null,
    lat: business.lat ?? null,
    lng: business.lng ?? null,
    industry: summary?.industry ?? null,
    summary: summary?.summary ?? null,
    services: summary?.services ?? [],
    keywords: summary?.keywords ?? [],
    software: names,
    hiring: careers?.hiring ?? null,
    employee_estimate: summary?.employee_estimate ?? fromFile?.count ?? null,
    ...(fromFile ? { employee_source: `the imported file's "${fromFile.label}" column` } : {}),
    decision_makers: people ? decisionMakersFrom(people, isSuppressed) : null,
    evidence_urls: evidence,
  };
}

/**
 * The country of a business whose record names none (an imported list with a city column only): the country of
 * its own phone number, else the one its website settles (AiSummary.country). Without it a business in "Berlin"
 * could never match an ICP location "Germany".
 */
function inferredCountry(
  phones: readonly string[] | null | undefined,
  summary: IcpSummaryFacts | null | undefined,
): { code: string; source: string; url: string | null } | null {
  for (const phone of phones ?? []) {
    const parsed = parsePhoneNumberFromString(phone);
    if (parsed?.country) {
      return { code: parsed.country, source: `its phone ${parsed.formatInternational()}`, url: null };
    }
  }
  if (summary?.country) {
    return { code: summary.country, source: 'its website', url: summary.source_urls[0] ?? null };
  }
  return null;
}
