import { parse } from 'tldts';
import type { ParsedPage } from '../../crawl/page';
import { normalizeEmail } from '../../normalize/email';
import { normalizePhone } from '../../normalize/phone';
import { collapseSpaces } from '../../normalize/text';
import { findEmails } from './emails';
import { pageText } from './page-text';
import { findPhones } from './phones';
import { findSocials } from './socials';
import type { StructuredFacts } from './structured-data';
import type { ContactFact } from './types';

const MAX_EMAILS = 10;
const MAX_PHONES = 6;
const MAX_ADDRESSES = 3;
const MAX_HOURS = 3;

/**
 * Every contact fact of a site, each once with the page it came from: emails (the site's own domain first),
 * phones in E.164, social profiles, postal addresses and opening hours. schema.org data comes first where it
 * has the fact; the pages' own text and links fill in the rest.
 */
export function collectContacts(input: {
  pages: ParsedPage[];
  structured: StructuredFacts;
  country: string | null;
  siteNames: string[];
}): ContactFact[] {
  const { pages, structured, country } = input;
  const facts: ContactFact[] = [];
  const seen = new Set<string>();
  const push = (kind: ContactFact['kind'], value: string | null, source: string | null) => {
    if (!value) return;
    const key = `${kind}:${kind === 'address' || kind === 'opening_hours' ? value.toLowerCase().replace(/\W+/g, '') : value}`;
    if (seen.has(key)) return;
    seen.add(key);
    facts.push({ kind, value, source_url: source });
  };

  // Emails: schema.org first, then links and text; addresses on the site's own domain lead.
  const siteDomain = parse(pages[0]?.url ?? '').domain ?? null;
  const emails: Array<{ email: string; source: string | null }> = [];
  for (const raw of structured.emails) {
    const email = normalizeEmail(raw);
    if (email) emails.push({ email, source: structured.source_url });
  }
  for (const page of pages)
    for (const e of findEmails(page)) emails.push({ email: e.email, source: e.source_url });
  const isOwn = (email: string) =>
    siteDomain !== null && (email.endsWith(`@${siteDomain}`) || email.endsWith(`.${siteDomain}`));
  const ordered = [...emails.filter((e) => isOwn(e.email)), ...emails.filter((e) => !isOwn(e.email))];
  for (const e of unique(ordered, (x) => x.email).slice(0, MAX_EMAILS)) push('email', e.email, e.source);

  const phones: Array<{ phone: string; source: string | null }> = [];
  for (const raw of structured.phones) {
    const phone = normalizePhone(raw, country);
    if (phone) phones.push({ phone, source: structured.source_url });
  }
  for (const page of pages)
    for (const p of findPhones(page, country)) phones.push({ phone: p.phone, source: p.source_url });
  for (const p of unique(phones, (x) => x.phone).slice(0, MAX_PHONES)) push('phone', p.phone, p.source);

  for (const social of findSocials(pages, input.siteNames, structured.sameAs))
    push('social', social.url, social.source_url);

  for (const address of structured.addresses.slice(0, MAX_ADDRESSES))
    push('address', address, structured.source_url);
  if (!structured.addresses.length) {
    let count = 0;
    for (const page of pages) {
      for (const address of findAddresses(page)) {
        if (count >= MAX_ADDRESSES) break;
        const before = facts.length;
        push('address', address, page.url);
        if (facts.length > before) count += 1;
      }
    }
  }

  for (const hours of structured.openingHours.slice(0, MAX_HOURS))
    push('opening_hours', hours, structured.source_url);
  if (!structured.openingHours.length) {
    let count = 0;
    for (const page of pages) {
      for (const hours of findOpeningHours(page)) {
        if (count >= MAX_HOURS) break;
        const before = facts.length;
        push('opening_hours', hours, page.url);
        if (facts.length > before) count += 1;
      }
    }
  }
  return facts;
}

// ---------------------------------------------------------------------------------------------------- address

/** Street words glued to the name ("Reuterstr.", "Gold-Zack-Str.", "Stadtplatz"), either case. */
const STREET_TYPES = `(?:${[
  'straße',
  'strasse',
  'str\\.',
  'weg',
  'platz',
  'gasse',
  'allee',
  'ring',
  'damm',
  'ufer',
  'markt',
  'chaussee',
  'steig',
  'pfad',
  'zeile',
  'graben',
  'berg',
  'feld',
  'stieg',
]
  .map((w) => `[${w[0]}${w[0]?.toUpperCase()}]${w.slice(1)}`)
  .join('|')})`;
const SEPARATE_STREET_TYPES = String.raw`(?:Straße|Strasse|Str\.|Weg|Platz|Gasse|Allee|Ring|Damm|Hof|Ufer|Markt|Chaussee|Steig)`;
const STREET_PREFIX = String.raw`(?:(?:Am|An|Auf|Im|In|Zum|Zur|Unter|Hinter|Vor|Alte[rsn]?|Neue[rsn]?|Große[rn]?|Kleine[rn]?|Obere[rn]?|Untere[rn]?|[\p{Lu}][\p{L}-]+(?:er|sche[rn]?)) +(?:der +|dem +|den +)?)?`;
const HOUSE = String.raw`\d{1,4} ?[a-zA-Z]?(?: ?[-–/] ?\d{1,4}[a-z]?)?`;
const CITY = String.raw`[\p{Lu}][\p{L}-]+\.?(?:[ /-](?:im|am|an|der|bei|in|ob|a\.|i\.|\(|[\p{Lu}])[\p{L}.()-]*){0,3}`;
/** "Gold-Zack-Str. 9, 40822 Mettmann", "Düsseldorfer Str. 36 65760 Eschborn/Ts.", "Vorwerks Hof 9, 32130 Enger". */
const EU_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])(${STREET_PREFIX}(?:[\p{Lu}][\p{L}'.-]*${STREET_TYPES}|[\p{Lu}][\p{L}'-]* ${SEPARATE_STREET_TYPES}) +${HOUSE})\s*,?\s+((?:[A-Z]{1,2}[-‑ ])?\d{4,5})\s+(${CITY})`,
  'gu',
);
/** "Oberortl Juval 2, I-39020 Kastelbell-Tschars": any street, but with a country-prefixed postal code. */
const PREFIXED_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])((?:[\p{Lu}][\p{L}'.-]+ ){1,3}${HOUSE})\s*,?\s+((?:[A-Z]{1,2})-\d{4,5})\s+(${CITY})`,
  'gu',
);
/** In a block that also gives a phone or email: any street ("Eckleinjarten 6 * 27580 Bremerhaven"). */
const CONTACT_BLOCK_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])((?:[\p{Lu}][\p{L}'.-]+ ){0,2}[\p{Lu}][\p{L}'.-]+ ${HOUSE})\s*[,*|·•]?\s+([A-Z]{1,2}-\d{4,5}|\d{5})\s+(${CITY})`,
  'gu',
);
const CONTACT_BLOCK = /(?:tel|telefon|fon|phone|e-?mail)\b|@/i;
/** "12 rue de la Paix, 75002 Paris" (street number first). */
const FR_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|chemin|allée|impasse|quai|route|cours)\s[\p{L}' -]{2,40}?)\s*,?\s+(\d{5})\s+(${CITY})`,
  'giu',
);
/** "2400 W Chicago Ave, Chicago, IL 60622". */
const US_ADDRESS =
  /(?<![\p{L}\d])(\d{1,6}\s(?:[NSEW]\.?\s)?(?:[\p{L}0-9.'-]+\s){1,4}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Pkwy|Parkway|Ct|Court|Pl|Place|Hwy|Highway|Sq|Square|Ter|Terrace)\.?(?:,?\s(?:Suite|Ste\.?|Unit|#)\s?[\w-]+)?),\s((?:[\p{Lu}][\p{L}.'-]*\s?){1,3}),\s([A-Z]{2})\s(\d{5}(?:-\d{4})?)/gu;
const CONTACT_WORDS =
  /^(?:tel|telefon|fon|fax|e-?mail|phone|mail|web|www|germany|deutschland|österreich|austria|schweiz|italia|italy)/i;

/** Postal addresses written on a page: <address> elements, then street + postcode + city patterns in the text. */
export function findAddresses(page: ParsedPage): string[] {
  const found: string[] = [];
  // Over the whole text: addresses are often split over lines (<br>) that are separate blocks.
  const text = pageText(page).text;
  for (const pattern of [EU_ADDRESS, PREFIXED_ADDRESS, FR_ADDRESS, CONTACT_BLOCK_ADDRESS]) {
    for (const m of text.matchAll(pattern)) {
      if (pattern === CONTACT_BLOCK_ADDRESS) {
        const around = text.slice(Math.max(0, (m.index ?? 0) - 120), (m.index ?? 0) + m[0].length + 120);
        if (!CONTACT_BLOCK.test(around)) continue;
      }
      const city = trimCity(m[3] ?? '');
      if (m[1] && m[2] && city && !CONTACT_WORDS.test(m[1]))
        found.push(`${collapseSpaces(m[1])}, ${m[2]} ${city}`);
    }
  }
  for (const m of text.matchAll(US_ADDRESS)) {
    if (m[1] && m[2] && m[3] && m[4])
      found.push(`${collapseSpaces(m[1])}, ${collapseSpaces(m[2])}, ${m[3]} ${m[4]}`);
  }
  // "AG Düsseldorfer Str. 36, …" when "Düsseldorfer Str. 36, …" was found too: keep the shorter.
  const distinct = unique(found, (a) => a.toLowerCase());
  return distinct.filter(
    (a) => !distinct.some((b) => b !== a && a.toLowerCase().endsWith(` ${b.toLowerCase()}`)),
  );
}

function trimCity(city: string): string {
  const words = city.split(/\s+/);
  const kept: string[] = [];
  for (const word of words) {
    if (CONTACT_WORDS.test(word)) break;
    kept.push(word);
  }
  return kept.join(' ').replace(/[,.;:]+$/, '');
}

// ---------------------------------------------------------------------------------------------- opening hours

const DAY_NAMES = [
  'Montag',
  'Dienstag',
  'Mittwoch',
  'Donnerstag',
  'Freitag',
  'Samstag',
  'Sonntag',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Lundi',
  'Mardi',
  'Mercredi',
  'Jeudi',
  'Vendredi',
  'Samedi',
  'Dimanche',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
  'Lunedì',
  'Martedì',
  'Mercoledì',
  'Giovedì',
  'Venerdì',
  'Sabato',
  'Domenica',
  'Maandag',
  'Dinsdag',
  'Woensdag',
  'Donderdag',
  'Vrijdag',
  'Zaterdag',
  'Zondag',
  'Mon',
  'Tue',
  'Tues',
  'Wed',
  'Thu',
  'Thur',
  'Thurs',
  'Fri',
  'Sat',
  'Sun',
  'Mo',
  'Di',
  'Mi',
  'Do',
  'Fr',
  'Sa',
  'So',
  'Lu',
  'Ma',
  'Me',
  'Je',
  'Ve',
  'Di',
  'Gi',
  'Wo',
  'Za',
  'Zo',
];
const DAY = `(?:${[...new Set(DAY_NAMES)].sort((a, b) => b.length - a.length).join('|')})\\.?`;
const TIME = String.raw`\d{1,2}(?:[:.]\d{2})?\s*(?:Uhr|h|am|pm|a\.m\.|p\.m\.)?`;
const TIME_RANGE = String.raw`(?:von\s+|from\s+|de\s+|dalle\s+)?${TIME}\s*(?:-|–|—|bis|to|until|à|a|al|alle|tot)\s*${TIME}`;
/** "Mo-Fr: 9:00-17:00 Uhr", "Mon–Sat 10am–6pm", "Di, Do 8-12 und 14-18 Uhr". */
const HOURS = new RegExp(
  String.raw`(?<![\p{L}])${DAY}(?:\s*(?:-|–|—|bis|to|through|à|al|a|tot)\s*${DAY}|(?:\s*[,&+/]\s*${DAY})+)?\s*:?\s*${TIME_RANGE}(?:\s*(?:und|and|et|y|e|en|,|&|/)\s*${TIME_RANGE})*`,
  'gu',
);

/** Opening hours written on a page, one line per block ("Mo-Fr: 9:00-17:00 Uhr; Sa: 9:00-13:00 Uhr"). */
export function findOpeningHours(page: ParsedPage): string[] {
  const found: string[] = [];
  for (const block of pageText(page).blocks) {
    const matches = [...block.text.matchAll(HOURS)].map((m) => collapseSpaces(m[0]));
    if (matches.length) found.push(matches.join('; '));
  }
  return unique(found, (h) => h);
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
