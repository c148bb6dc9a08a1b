import { parse } from 'tldts';
import type { ParsedPage } from '../../crawl/page';
import { normalizeEmail } from '../../normalize/email';
import { readPhone } from '../../normalize/phone';
import { collapseSpaces } from '../../normalize/text';
import { findAddresses } from './addresses';
import type { PhoneRegion } from './country';
import { findEmails } from './emails';
import { pageKind } from './page-kind';
import { pageText } from './page-text';
import { findPhones, phoneKey } from './phones';
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
  region: PhoneRegion;
  siteNames: string[];
}): ContactFact[] {
  const { pages, structured, region } = input;
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
  const isOwn = (email: string) =>
    siteDomain !== null && (email.endsWith(`@${siteDomain}`) || email.endsWith(`.${siteDomain}`));
  // A blog post's body speaks about others (a guest author's consultancy, a partner's hotline): what it shows
  // is not the business's contact, unless it is an address on the site's own domain.
  for (const page of pages) {
    const isArticle = pageKind(page) === 'article';
    for (const e of findEmails(page))
      if (!(isArticle && e.inArticleBody && !isOwn(e.email)))
        emails.push({ email: e.email, source: e.source_url });
  }
  const ordered = [...emails.filter((e) => isOwn(e.email)), ...emails.filter((e) => !isOwn(e.email))];
  for (const e of unique(ordered, (x) => x.email).slice(0, MAX_EMAILS)) push('email', e.email, e.source);

  const phones: Array<{ phone: string; source: string | null }> = [];
  const countries = region.country ? [region.country] : region.candidates;
  for (const raw of structured.phones) {
    const phone = readPhone(raw, countries);
    if (phone) phones.push({ phone, source: structured.source_url });
  }
  for (const page of pages) {
    const isArticle = pageKind(page) === 'article';
    for (const p of findPhones(page, region))
      if (!(isArticle && p.inArticleBody)) phones.push({ phone: p.phone, source: p.source_url });
  }
  for (const p of unique(phones, (x) => phoneKey(x.phone)).slice(0, MAX_PHONES))
    push('phone', p.phone, p.source);

  for (const social of findSocials(pages, input.siteNames, structured.sameAs))
    push('social', social.url, social.source_url);

  for (const address of structured.addresses.slice(0, MAX_ADDRESSES))
    push('address', address, structured.source_url);
  if (!structured.addresses.length) {
    let count = 0;
    for (const page of pages) {
      for (const address of findAddresses(page, input.siteNames)) {
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

const HAS_DIGIT = /\d/;

/** Opening hours written on a page, one line per block ("Mo-Fr: 9:00-17:00 Uhr; Sa: 9:00-13:00 Uhr"). */
export function findOpeningHours(page: ParsedPage): string[] {
  const found: string[] = [];
  for (const block of pageText(page).blocks) {
    // Hours need a time: a block without a digit (most of them) is not searched.
    if (!HAS_DIGIT.test(block.text)) continue;
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
