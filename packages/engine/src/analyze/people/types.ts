/** The `people` analyzer's result: whom to contact at a business, and the facts its own pages state. */

/**
 * A role normalised for filtering: `owner_founder` (Inhaber, founder, gérant of a one-person company …),
 * `executive` (managing director, Geschäftsführer, Vorstand, C-level, directeur général …), `manager` (head of a
 * team, a branch, a department), `staff` (everyone else the site names with a role).
 */
export type Seniority = 'owner_founder' | 'executive' | 'manager' | 'staff';

/** Where on the page a person was read. */
export type PersonSource = 'legal' | 'card' | 'schema' | 'text';

export interface Person {
  /** As written, without salutation or academic title ("Dr. Anna Berg" → "Anna Berg"). */
  name: string;
  /** The role as the page writes it ("Geschäftsführerin", "Co-founder / CTO"). */
  role: string;
  seniority: Seniority;
  /** An address the page ties to this person (in their card or line); not necessarily a personal one. */
  email: string | null;
  /** E.164 when it could be read, else as written. */
  phone: string | null;
  linkedin_url: string | null;
  source_url: string;
  source: PersonSource;
  /** The text the person was read from (at most 200 characters). */
  evidence: string;
  observed_at: string;
}

/** One fact about the company with the page and the words it was read from. */
export interface CompanyFact<T> {
  value: T;
  source_url: string;
  evidence: string;
}

export interface CompanyRegister {
  /** "Amtsgericht München", "Handelsgericht Wien", "RCS Paris", "Companies House", "KvK" … */
  court: string | null;
  /** "HRB 123456", "FN 123456 a", "01234567", "123 456 789" … */
  number: string | null;
}

export interface VatId {
  /** Compact, upper case: "DE322921549", "ATU12345678", "CHE123456789MWST". */
  id: string;
  /** ISO 3166-1 alpha-2 of the issuing country. */
  country: string;
  /** The country's check digits agree (a false value means a typo on the page, or a made-up number). */
  checksum_valid: boolean;
}

export interface CompanyFacts {
  legal_name: CompanyFact<string> | null;
  /** Canonical spelling: "GmbH", "UG (haftungsbeschränkt)", "GmbH & Co. KG", "Ltd", "SARL", "BV" … */
  legal_form: CompanyFact<string> | null;
  register: CompanyFact<CompanyRegister> | null;
  vat_id: CompanyFact<VatId> | null;
  founded: CompanyFact<number> | null;
  /** A head count the site states ("über 25 Mitarbeiter", numberOfEmployees). */
  employees: CompanyFact<number> | null;
  /** One line per block of hours the site states. */
  opening_hours: CompanyFact<string[]> | null;
}

/** `personal`: a person's mailbox; `role`: a function's (info@, office@, sales@ …); `unknown`: cannot tell. */
export type EmailKind = 'personal' | 'role' | 'unknown';

/** `found`: the domain has MX records; `none`: it has none (mail bounces); `failed`: the lookup failed. */
type MxStatus = 'found' | 'none' | 'failed';

export interface ClassifiedEmail {
  email: string;
  domain: string;
  kind: EmailKind;
  /** The named person the address belongs to (tied on the page, or its local part spells their name). */
  person: string | null;
  source_url: string;
  /** null when no DNS check was made (no resolver configured). */
  mx: MxStatus | null;
}

/** How a domain forms its personal addresses. */
export type EmailPattern =
  | 'first.last'
  | 'f.last'
  | 'first_last'
  | 'first-last'
  | 'firstlast'
  | 'flast'
  | 'last.first'
  | 'first'
  | 'last';

/** An address Argo guesses from the domain's pattern: never found on a page, never verified. */
export interface SuggestedEmail {
  email: string;
  person: string;
  pattern: EmailPattern;
  /** The addresses found on the site that show the pattern. */
  based_on: string[];
  status: 'pattern_unverified';
}

export interface MxCheck {
  domain: string;
  status: MxStatus;
  /** Mail exchangers, best preference first. */
  hosts: string[];
  error?: string;
}

export interface PeopleAnalysis {
  /** Decision-makers first (owner/founder, executive, manager, staff), then in page order. */
  people: Person[];
  company: CompanyFacts;
  /** Every address found on the pages (not inside a blog post's body), classified. */
  emails: ClassifiedEmail[];
  /** Guessed addresses, kept apart from `emails`. */
  suggested_emails: SuggestedEmail[];
  /** One check per domain of `emails` (empty when no resolver was configured). */
  mx: MxCheck[];
  source_urls: string[];
}
