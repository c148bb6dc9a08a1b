/**
 * Email addresses as contacts: whose mailbox each is (a person's, or a function's such as info@ or sales@), and,
 * where a domain's personal addresses follow one pattern (anna.berg@, a.berg@, anna@), the address that pattern
 * gives a named person who shows none. Guesses are returned apart, marked unverified, never mixed with found ones.
 */
import { foldText } from '../../normalize/text';
import { trimEndChars } from '../../normalize/trim';
import type { ClassifiedEmail, EmailKind, EmailPattern, Person, SuggestedEmail } from './types';

/** Local parts of functions, not people (folded; also matched as the first part of "info.berlin", "sales-de"). */
// biome-ignore format: a word list
const ROLE_LOCALS = new Set([
  'info', 'infos', 'information', 'office', 'buero', 'buro', 'kontakt', 'contact', 'contacts', 'contacto', 'contatto',
  'sales', 'vertrieb', 'verkauf', 'ventes', 'ventas', 'vendite', 'verkoop', 'salg', 'support', 'help', 'hilfe',
  'service', 'services', 'kundenservice', 'customerservice', 'hello', 'hallo', 'hi', 'hey', 'bonjour', 'hola',
  'ciao', 'hej', 'mail', 'email', 'post', 'postmaster', 'team', 'admin', 'administrator', 'webmaster', 'web',
  'hostmaster', 'noreply', 'no-reply', 'donotreply', 'billing', 'invoice', 'invoices', 'rechnung', 'rechnungen',
  'buchhaltung', 'accounting', 'accounts', 'finance', 'finanzen', 'comptabilite', 'facturation', 'factuur',
  'boekhouding', 'jobs', 'job', 'karriere', 'career', 'careers', 'bewerbung', 'bewerbungen', 'recrutement',
  'recruiting', 'hr', 'personal', 'people', 'press', 'presse', 'media', 'marketing', 'pr', 'news', 'newsletter',
  'datenschutz', 'privacy', 'dsb', 'dpo', 'gdpr', 'dsgvo', 'legal', 'recht', 'compliance', 'abuse', 'security',
  'praxis', 'kanzlei', 'empfang', 'reception', 'rezeption', 'zentrale', 'booking', 'bookings', 'reservierung',
  'reservation', 'reservations', 'reservas', 'prenotazioni', 'bestellung', 'bestellungen', 'order', 'orders',
  'shop', 'store', 'einkauf', 'purchasing', 'achats', 'termin', 'termine', 'anfrage', 'anfragen', 'enquiries',
  'inquiries', 'inquiry', 'request', 'requests', 'feedback', 'partner', 'partners', 'events', 'event', 'tickets',
  'verwaltung', 'management', 'direktion', 'direction', 'directie', 'geschaeftsleitung', 'geschaeftsfuehrung',
  'leitung', 'sekretariat', 'secretariat', 'secretary', 'technik', 'tech', 'it', 'dev', 'developers', 'design',
  'studio', 'atelier', 'werkstatt', 'service-team', 'kunden', 'customers', 'clients', 'client', 'welcome',
  'willkommen', 'mailbox', 'kontor', 'bureau', 'secretariaat', 'receptie', 'administratie', 'administration',
  'planung', 'projekte', 'projects', 'bau', 'montage', 'lager', 'versand', 'shipping', 'logistik', 'logistics',
  'export', 'import', 'qualitaet', 'quality', 'dispo', 'disposition', 'notfall', 'emergency', 'hotel', 'restaurant',
  'cafe', 'bar', 'kitchen', 'kueche', 'office-de', 'mail-de', 'ausbildung', 'schule', 'school', 'kurse', 'academy',
  'akademie', 'gruppe', 'group', 'org', 'organisation', 'verein', 'vorstand', 'board', 'mitglieder', 'members',
  'membership', 'laden', 'geschaeft', 'filiale', 'betrieb', 'ir', 'investor', 'investors', 'sponsoring', 'spenden', 'donations', 'foerderverein', 'weddings',
]);

export interface FoundAddress {
  email: string;
  source_url: string;
}

interface NameParts {
  first: string;
  last: string;
  person: string;
}

/**
 * How a name may be written in a mailbox: first name and the rest joined ("Bernd van der Veen" → "bernd",
 * "vanderveen"), and first name with the last word only ("Anna Maria Berg" → "anna", "berg"). Initials dropped.
 */
function partsOf(person: string): NameParts[] {
  const words = person.split(' ').filter((w) => !/^[\p{Lu}]\.$/u.test(w));
  if (words.length < 2) return [];
  const first = localSafe(words[0] ?? '');
  const lasts = [localSafe(words.slice(1).join('')), localSafe(words[words.length - 1] ?? '')];
  return [...new Set(lasts)].filter((last) => first && last).map((last) => ({ first, last, person }));
}

/** A name as it is written in a mailbox: folded ("ü" → "u"; "ue" is tried by the matcher), letters only. */
function localSafe(text: string): string {
  return foldText(text).replace(/[^a-z]/g, '');
}

/** The same name with German umlauts written out ("Müller" → "mueller"). */
function umlautForm(text: string): string {
  return text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
}

const PATTERNS: Record<EmailPattern, (p: NameParts) => string> = {
  'first.last': (p) => `${p.first}.${p.last}`,
  'f.last': (p) => `${p.first[0]}.${p.last}`,
  first_last: (p) => `${p.first}_${p.last}`,
  'first-last': (p) => `${p.first}-${p.last}`,
  firstlast: (p) => `${p.first}${p.last}`,
  flast: (p) => `${p.first[0]}${p.last}`,
  'last.first': (p) => `${p.last}.${p.first}`,
  first: (p) => p.first,
  last: (p) => p.last,
};
/** Patterns one example cannot settle: "anna@" fits "first" but could be a one-off. */
const WEAK: ReadonlySet<EmailPattern> = new Set(['first', 'last']);

/** The patterns a local part fits for a person (both the folded and the umlaut-written form of the name). */
function patternsFor(local: string, person: string): EmailPattern[] {
  const variants = [...partsOf(person), ...partsOf(umlautForm(person).replace(/[^a-z\s-]/g, ''))];
  return (Object.keys(PATTERNS) as EmailPattern[]).filter((pattern) =>
    variants.some((v) => PATTERNS[pattern](v) === local),
  );
}

export function classifyEmails(addresses: FoundAddress[], people: Person[]): ClassifiedEmail[] {
  const out: ClassifiedEmail[] = [];
  const seen = new Set<string>();
  for (const { email, source_url } of addresses) {
    if (seen.has(email)) continue;
    seen.add(email);
    const [local = '', domain = ''] = email.split('@');
    const tied = people.find((p) => p.email === email)?.name ?? null;
    const spelled = people.find((p) => patternsFor(local, p.name).length > 0)?.name ?? null;
    let kind: EmailKind;
    if (isRoleLocal(local)) kind = 'role';
    else if (spelled || /^[a-z]+[._-][a-z]+$/.test(local) || /^[a-z]\.[a-z]{2,}$/.test(local))
      kind = 'personal';
    else if (tied) kind = 'personal';
    else kind = 'unknown';
    out.push({
      email,
      domain,
      kind,
      person: kind === 'personal' ? (spelled ?? tied) : null,
      source_url,
      mx: null,
    });
  }
  return out;
}

/** "info", "info.berlin", "sales-de", "office2": a function's mailbox (no role word is also a first name). */
function isRoleLocal(local: string): boolean {
  const folded = trimEndChars(local.toLowerCase(), '0123456789');
  return ROLE_LOCALS.has(folded) || ROLE_LOCALS.has(folded.split(/[._+-]/)[0] ?? '');
}

/**
 * For each domain whose personal addresses of named people all fit one pattern (a weak one needs two examples),
 * the address that pattern gives every other named person of the site without one.
 */
export function suggestEmails(emails: ClassifiedEmail[], people: Person[]): SuggestedEmail[] {
  const byDomain = new Map<string, Array<{ email: string; patterns: EmailPattern[] }>>();
  for (const e of emails) {
    if (e.kind !== 'personal' || !e.person) continue;
    const patterns = patternsFor(e.email.split('@')[0] ?? '', e.person);
    if (!patterns.length) continue;
    byDomain.set(e.domain, [...(byDomain.get(e.domain) ?? []), { email: e.email, patterns }]);
  }
  const known = new Set(emails.map((e) => e.email));
  const withAddress = new Set(emails.filter((e) => e.person).map((e) => e.person));
  const out: SuggestedEmail[] = [];
  for (const [domain, examples] of byDomain) {
    // The patterns every example fits; one left, or the first of an example's ordered list when all agree.
    const common = (Object.keys(PATTERNS) as EmailPattern[]).filter((p) =>
      examples.every((e) => e.patterns.includes(p)),
    );
    const pattern = common[0];
    if (!pattern || (WEAK.has(pattern) && examples.length < 2)) continue;
    for (const person of people) {
      if (withAddress.has(person.name) || person.email) continue;
      // Umlauts written out ("Müller" → "mueller"), as most German mailboxes have them; the whole last name.
      const parts = partsOf(umlautForm(person.name).replace(/[^a-z\s-]/g, ''))[0] ?? partsOf(person.name)[0];
      if (!parts) continue;
      const email = `${PATTERNS[pattern](parts)}@${domain}`;
      if (known.has(email)) continue;
      out.push({
        email,
        person: person.name,
        pattern,
        based_on: examples.map((e) => e.email),
        status: 'pattern_unverified',
      });
    }
  }
  return out;
}
