/**
 * Whom outreach content addresses (issue 12, part 5): the decision-maker the business's own site names — an owner,
 * founder or managing director, one Argo can reach first — with the page the name was read from. Never someone
 * whose address is on the account's suppression list; no content at all for a business whose domain is.
 */
import { isEmailSuppressed, type Suppression } from '@argo/contract';
import { decisionMakersFrom, type IcpPeopleFacts } from '@argo/engine';
import { conflict } from '../../http/errors';
import { splitPersonName } from '../people/names';

export interface Recipient {
  name: string;
  /** The name to greet them by: their first name, or the whole name when its order is unclear. */
  firstName: string;
  /** In English (the built-in content's language). */
  role: string;
  /** The page that names them. */
  source_url: string;
}

type Entries = Pick<Suppression, 'kind' | 'value'>[];

/** 409 when the business's own domain is suppressed: nothing is written to it. */
export function refuseSuppressedBusiness(business: { name: string; domain: string | null }, list: Entries) {
  if (business.domain && isEmailSuppressed(`x@${business.domain}`, list)) {
    throw conflict(
      `${business.name}'s domain ${business.domain} is on your suppression list, so Argo writes no outreach to it.`,
    );
  }
}

/** Role words an English text can use as they are (the built-in content is written in English). */
const ENGLISH_ROLE =
  /\b(?:owner|co-?owner|founder|co-?founder|ceo|cto|coo|cfo|president|managing director|director|partner|principal|proprietor|chief|head|manager|chair(?:man|woman|person)?)\b/i;

/**
 * The role as an English text says it: as the site wrote it when it is English ("Founder / CEO"), else what its
 * seniority means ("Inhaberin" → "owner", "Geschäftsführer" → "managing director").
 */
function englishRole(role: string, seniority: string): string {
  if (ENGLISH_ROLE.test(role)) return role;
  return seniority === 'owner_founder' ? 'owner' : 'managing director';
}

/**
 * The name to greet them by: the first name, unless the name may be written family name first, as imprints often
 * do ("Inhaberin: Lehmann Elvira" of "Lehmann Bau GmbH"): when its first word is a word of the business's name
 * and its last is not, "Hi Lehmann" would be wrong, so the whole name is used.
 */
function greetingName(name: string, businessName: string): string {
  const [first] = splitPersonName(name);
  if (!first) return name;
  const words = new Set(
    businessName
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  const nameWords = name.toLowerCase().split(/\s+/);
  const familyFirst = words.has(nameWords[0] ?? '') && !words.has(nameWords[nameWords.length - 1] ?? '');
  return familyFirst ? name : first;
}

/** The decision-maker to address, or null (then the text greets the business). */
export function recipientOf(
  people: IcpPeopleFacts | null,
  list: Entries,
  businessName = '',
): Recipient | null {
  if (!people) return null;
  const isSuppressed = (email: string) => isEmailSuppressed(email, list);
  // Someone with a suppressed address of their own asked not to be contacted: they are not addressed at all.
  const blocked = new Set(
    people.people
      .filter((p) =>
        [p.email, ...(people.emails ?? []).filter((e) => e.person === p.name).map((e) => e.email)].some(
          (email) => email && isSuppressed(email),
        ),
      )
      .map((p) => p.name),
  );
  const [best] = decisionMakersFrom(
    { ...people, people: people.people.filter((p) => !blocked.has(p.name)) },
    isSuppressed,
  );
  if (!best) return null;
  return {
    name: best.name,
    firstName: greetingName(best.name, businessName),
    role: englishRole(best.role, best.seniority),
    source_url: best.source_url,
  };
}
