/**
 * The one rule of the suppression list (the account's do-not-contact list): which addresses it covers, and what
 * stands in their place wherever Argo hands an address out — the results page and drawer, both exports, outreach
 * content. Every exit applies this rule to every address it holds for a business: the record's own fields, the
 * imported file's columns, the people and the contacts its website gives, and any address inside a longer text.
 *
 * Domains are kept and compared in one form, IDNA's ASCII form (punycode): `münchen.de` and `xn--mnchen-3ya.de`
 * are one domain, whichever of the two a user typed or a page wrote. The WHATWG URL parser makes that form (UTS 46,
 * the same in Node and in browsers), so the contract stays usable in the web app.
 */

type SuppressionEntryKind = 'email' | 'domain';
export interface SuppressionEntry {
  kind: SuppressionEntryKind;
  value: string;
}

/** The WHATWG URL parser: a global wherever the contract runs (Node, browsers), which its lib (no DOM) omits. */
declare const URL: new (input: string) => { readonly hostname: string };

/** What stands where a suppressed address was: on screen, and inside a longer cell of an export. */
export const SUPPRESSED_MARK = '[suppressed]';

const HOST_LABEL = /^(?!-)[\p{L}\p{N}\p{M}-]{1,63}(?<!-)$/u;
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
// The top-level domain is letters (or punycode), never a number: "10.0.0.1" is not a domain.
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/;

/**
 * A host name in its compared form: IDNA ASCII (punycode), lower case, without `www.` or a trailing dot, at least
 * two labels and a top-level domain of letters; null when it is no such name.
 */
function suppressionDomain(host: string): string | null {
  const written = host.trim().normalize('NFC').toLowerCase().replace(/\.$/, '');
  if (!written || written.length > 253) return null;
  if (!written.split('.').every((label) => HOST_LABEL.test(label))) return null;
  let ascii = written;
  // Unicode, or punycode that may not decode (`xn--zz`): the URL parser converts and checks it.
  if (!/^[a-z0-9.-]+$/.test(written) || written.includes('xn--')) {
    try {
      ascii = new URL(`http://${written}/`).hostname;
    } catch {
      return null;
    }
  }
  const domain = ascii.replace(/^www\./, '');
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253 || !labels.every((label) => ASCII_LABEL.test(label)))
    return null;
  return TOP_LEVEL.test(labels[labels.length - 1] as string) ? domain : null;
}

const EMAIL = /^[^\s@]+@([^\s@]+)$/;

/** An address in its compared form (`anna@xn--mnchen-3ya.de`), or null when it is none. */
function suppressionAddress(email: string): string | null {
  const text = email.trim().normalize('NFC').toLowerCase();
  const match = EMAIL.exec(text);
  if (!match) return null;
  const domain = suppressionDomain(match[1] as string);
  const local = text.slice(0, text.lastIndexOf('@'));
  return domain && local.length <= 64 ? `${local}@${domain}` : null;
}

/**
 * What a user typed → an entry of the list: `anna@example.com` (an address), or a domain written as
 * `example.com`, `@example.com`, `www.example.com` or `https://example.com/contact`; an internationalised domain in
 * its ASCII form. Null when it is neither.
 */
export function parseSuppression(input: string): SuppressionEntry | null {
  const text = input.trim().normalize('NFC').toLowerCase();
  if (!text) return null;
  if (EMAIL.test(text)) {
    const value = suppressionAddress(text);
    return value ? { kind: 'email', value } : null;
  }
  const host = text
    .replace(/^@/, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0] as string;
  if (/[:@\s]/.test(host)) return null;
  const domain = suppressionDomain(host);
  return domain ? { kind: 'domain', value: domain } : null;
}

/**
 * Addresses inside any text: a local part, `@`, and a host of two or more labels (Unicode or ASCII). Quotes, angle
 * brackets, `mailto:`, commas and JSON's quotes end an address, so `"Anna <anna@x.de>"` yields `anna@x.de`.
 */
const ADDRESS_IN_TEXT = /[\p{L}\p{N}\p{M}._%+'!#$*^`~-]+@[\p{L}\p{N}\p{M}-]+(?:\.[\p{L}\p{N}\p{M}-]+)+/gu;

/** What is left of a cell that held only suppressed addresses, once they are taken out. */
const ONLY_SEPARATORS = /^(?:\s|mailto:|[,;|/<>()[\]"'])*$/i;

/** The rule for one business's addresses (SuppressionRule.forBusiness). */
interface AddressRule {
  /** The business's own domain is listed: every address it holds is suppressed. */
  readonly coversAll: boolean;
  /** Nothing can be suppressed (an empty list, the business's domain not on it): the exits skip their work. */
  readonly isInert: boolean;
  isSuppressed(email: string): boolean;
  /** Does the text hold a suppressed address? */
  touches(text: string): boolean;
  /** The text with each suppressed address in it replaced by SUPPRESSED_MARK; the same text when none is. */
  redact(text: string): string;
  /**
   * An export's cell: one that held nothing but suppressed addresses (an address column) is left blank, a longer
   * text keeps its words with SUPPRESSED_MARK in each address's place.
   */
  redactCell(text: string): string;
}

export interface SuppressionRule extends AddressRule {
  /** The list covers the domain itself or a parent of it. */
  isDomainSuppressed(domain: string | null | undefined): boolean;
  /**
   * The rule for the addresses of a business with this domain: a business whose domain is listed asked not to be
   * contacted, so every address it holds counts as suppressed, also one at another domain (a mailbox at gmail.com).
   */
  forBusiness(domain: string | null | undefined): AddressRule;
}

/** The rule of a list's entries (stored ones, or legacy entries in Unicode: both are brought to one form). */
export function suppressionRule(entries: readonly SuppressionEntry[]): SuppressionRule {
  const emails = new Set<string>();
  const domains = new Set<string>();
  for (const entry of entries) {
    if (entry.kind === 'email') {
      const address = suppressionAddress(entry.value);
      if (address) emails.add(address);
    } else {
      const domain = suppressionDomain(entry.value);
      if (domain) domains.add(domain);
    }
  }
  const isEmpty = emails.size === 0 && domains.size === 0;
  const domainCovered = (domain: string) => {
    for (let at = domain; ; ) {
      if (domains.has(at)) return true;
      const dot = at.indexOf('.');
      if (dot < 0) return false;
      at = at.slice(dot + 1);
    }
  };
  // An export asks about the same few addresses row after row; the answers are kept (bounded).
  const known = new Map<string, boolean>();
  const addressSuppressed = (email: string): boolean => {
    if (isEmpty) return false;
    const cached = known.get(email);
    if (cached !== undefined) return cached;
    // An address found inside text may start with a quote or a dot that is no part of it.
    const address = suppressionAddress(email.replace(/^['.`]+/, ''));
    const answer =
      !!address && (emails.has(address) || domainCovered(address.slice(address.lastIndexOf('@') + 1)));
    if (known.size >= 10_000) known.clear();
    known.set(email, answer);
    return answer;
  };
  const rule = (coversAll: boolean): AddressRule => {
    const isSuppressed = coversAll ? () => true : addressSuppressed;
    const isInert = !coversAll && isEmpty;
    const redact = (text: string) =>
      isInert || !text.includes('@')
        ? text
        : text.replace(ADDRESS_IN_TEXT, (address) => (isSuppressed(address) ? SUPPRESSED_MARK : address));
    return {
      coversAll,
      isInert,
      isSuppressed,
      touches: (text) => redact(text) !== text,
      redact,
      redactCell: (text) => {
        const redacted = redact(text);
        if (redacted === text) return text;
        return ONLY_SEPARATORS.test(redacted.replaceAll(SUPPRESSED_MARK, '')) ? '' : redacted;
      },
    };
  };
  const knownDomains = new Map<string, boolean>();
  const isDomainSuppressed = (domain: string | null | undefined) => {
    if (isEmpty || !domain) return false;
    const cached = knownDomains.get(domain);
    if (cached !== undefined) return cached;
    const compared = suppressionDomain(domain);
    const answer = !!compared && domainCovered(compared);
    if (knownDomains.size >= 10_000) knownDomains.clear();
    knownDomains.set(domain, answer);
    return answer;
  };
  const everyAddress = rule(false);
  const allOfThem = rule(true);
  return {
    ...everyAddress,
    isDomainSuppressed,
    forBusiness: (domain) => (isDomainSuppressed(domain) ? allOfThem : everyAddress),
  };
}

const rules = new WeakMap<readonly SuppressionEntry[], SuppressionRule>();

/**
 * Is this address suppressed by the list? The exact address, or its domain or any parent domain of it
 * (a suppressed `example.com` covers `anna@mail.example.com`), in either spelling of an internationalised domain.
 */
export function isEmailSuppressed(email: string, list: readonly SuppressionEntry[]): boolean {
  let rule = rules.get(list);
  if (!rule) {
    rule = suppressionRule(list);
    rules.set(list, rule);
  }
  return rule.isSuppressed(email);
}
