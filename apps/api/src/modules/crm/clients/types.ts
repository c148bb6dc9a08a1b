/**
 * What Argo pushes to and reads from a CRM, whichever CRM it is: hubspot.ts and pipedrive.ts speak each one's API
 * behind this interface, so the runner and its tests treat both alike.
 */
import type { CrmProviderName } from '../../../db/schema';

export interface CompanyFields {
  /** Lower case, without www.: how a company is matched. */
  domain: string;
  name: string;
  website: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  industry: string | null;
  summary: string | null;
}

export interface ContactFields {
  /** Lower case: how a contact is matched. */
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  jobTitle: string | null;
}

/** One business to push: its company, its people (with addresses) and the note with its sources. */
export interface PushItem {
  businessId: string;
  company: CompanyFields;
  contacts: ContactFields[];
  note: string;
}

type LogObject = 'company' | 'contact' | 'association' | 'note';
export type LogOutcome = 'created' | 'updated' | 'skipped' | 'failed';

/** One line of the push's log; with a `crmId` the record is remembered (crm_records) for the next push. */
export interface PushLine {
  object: LogObject;
  key: string;
  outcome: LogOutcome;
  crmId: string | null;
  message: string | null;
  businessId: string | null;
}

/** The CRM ids Argo remembers from earlier pushes, by kind and key (domain or email). */
export type Remembered = (kind: 'company' | 'contact' | 'note', key: string) => string | undefined;

/** One page read by a sync: the domains and emails on it and where the next page starts (null: the last). */
export interface KnownPage {
  domains: string[];
  emails: string[];
  read: number;
  next: string | null;
}

export interface CrmClient {
  readonly provider: CrmProviderName;
  /** Largest number of businesses pushBatch takes at once. */
  readonly batchSize: number;
  /** Throws CrmError with the CRM's words when the token is refused. */
  verify(): Promise<void>;
  /**
   * `isResumed`: this batch may have been sent in part by an attempt that died before storing its outcome, so the
   * records without a remembered id are looked for first (the note above all, which has no natural key).
   */
  pushBatch(
    items: PushItem[],
    remembered: Remembered,
    options?: { isResumed?: boolean },
  ): Promise<PushLine[]>;
  /** One page of the CRM's companies or contacts, from a cursor of an earlier page (null: the first). */
  readKnown(what: 'companies' | 'contacts', cursor: string | null): Promise<KnownPage>;
}

/** How every note Argo writes begins: a resumed push recognises its own notes by it. */
export const NOTE_MARK = 'Found by Argo';

/** The line of Argo's note that names the business's domain: Pipedrive's organizations are matched by it. */
export const noteDomainLine = (domain: string) => `Domain: ${domain}`;

/** The host of a web address or a bare domain, lower case without www.; null when it is neither. */
export function domainOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (!text || /\s/.test(text)) return null;
  try {
    const host = new URL(/^https?:\/\//.test(text) ? text : `http://${text}`).hostname;
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(host) && !/^xn--/.test(host)) return null;
    return host.replace(/^www\./, '');
  } catch {
    return null;
  }
}
