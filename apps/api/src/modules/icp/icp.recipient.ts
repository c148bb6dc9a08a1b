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
  firstName: string;
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

/** The decision-maker to address, or null (then the text greets the business). */
export function recipientOf(people: IcpPeopleFacts | null, list: Entries): Recipient | null {
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
  const [first] = splitPersonName(best.name);
  return { name: best.name, firstName: first || best.name, role: best.role, source_url: best.source_url };
}
