import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { parse } from 'tldts';
import type { ParsedPage } from '../../crawl/page';
import { toCountryCode } from '../../normalize/countries';
import { findAddresses } from './addresses';
import { pageText } from './page-text';

/** Country-code TLDs that are used as generic ones, so say nothing about where a business is. */
// biome-ignore format: compact
const GENERIC_CCTLDS = new Set([
  'io', 'co', 'me', 'tv', 'ai', 'fm', 'ly', 'cc', 'ws', 'gg', 'so', 'to', 'sh', 'ac', 'vc', 'eu', 'app', 'am', 'is',
  'la', 'nu', 'tk', 'gl',
]);
/** Where a language is spoken as a national language: the countries a national number may belong to. */
// biome-ignore format: compact
const LANGUAGE_COUNTRIES: Record<string, string[]> = {
  de: ['DE', 'AT', 'CH'], fr: ['FR', 'BE', 'CH', 'LU'], it: ['IT', 'CH'], nl: ['NL', 'BE'], es: ['ES'],
  en: ['US', 'GB', 'IE', 'AU', 'NZ'], pl: ['PL'], cs: ['CZ'], da: ['DK'], sv: ['SE'], fi: ['FI'], pt: ['PT'],
  ja: ['JP'], no: ['NO'], nb: ['NO'],
};

/** The country national numbers are read with, or, when the evidence does not settle it, the possible ones. */
export interface PhoneRegion {
  country: string | null;
  /** Countries a national number may belong to (the country alone when it is settled). */
  candidates: string[];
}

/**
 * Points per piece of evidence. A business's own country (given, or schema.org's addressCountry) settles it.
 * A ccTLD weighs most; a lang region that is not the language's default ("de-CH", "fr-BE") nearly as much, since
 * themes ship "de-DE" to Swiss and Austrian sites alike; each country the pages name by "+41" numbers or
 * addresses ("CH-8001", "…, Schweiz", a 5-digit German postcode) weighs 3; the language's main country 1.
 */
const POINTS = { tld: 5, region: 4, hint: 3, language: 1 };

/**
 * The country to read national phone numbers with (ISO alpha-2): settled by the business's or schema.org's
 * country, else by the evidence above when the best country leads by 2 points and has at least 3; otherwise
 * null with the candidates (a "044 …" on a German-language .com may be German, Austrian or Swiss).
 */
export function siteCountry(input: {
  businessCountry?: string | null;
  organizationCountry?: string | null;
  url: string;
  htmlLang?: string | null;
  language?: string | null;
  /** Countries the pages point to (see countryHints), one entry per piece of evidence. */
  hints?: string[];
}): PhoneRegion {
  const direct = toCountryCode(input.businessCountry) ?? toCountryCode(input.organizationCountry);
  if (direct) return { country: direct, candidates: [direct] };
  const points = new Map<string, number>();
  const add = (country: string, n: number) => points.set(country, (points.get(country) ?? 0) + n);
  const tld = parse(input.url).publicSuffix?.split('.').pop() ?? '';
  if (/^[a-z]{2}$/.test(tld) && !GENERIC_CCTLDS.has(tld))
    add(tld === 'uk' ? 'GB' : tld.toUpperCase(), POINTS.tld);
  const language = input.language ?? /^([a-z]{2})/i.exec(input.htmlLang ?? '')?.[1]?.toLowerCase() ?? null;
  const languageCountries = (language && LANGUAGE_COUNTRIES[language]) || [];
  const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(input.htmlLang ?? '')?.[1]?.toUpperCase();
  // "de-DE" is what a theme ships; only a region other than the language's main country was chosen on purpose.
  if (region && region !== languageCountries[0]) add(region, POINTS.region);
  if (languageCountries[0]) add(languageCountries[0], POINTS.language);
  const hinted = new Map<string, number>();
  for (const hint of input.hints ?? []) hinted.set(hint, (hinted.get(hint) ?? 0) + 1);
  // Two pieces of evidence per country at most: a long list of branch numbers is not more proof.
  for (const [country, n] of hinted) add(country, POINTS.hint * Math.min(2, n));
  const [first, second] = [...points].sort((a, b) => b[1] - a[1]);
  if (first && first[1] >= 3 && first[1] >= (second?.[1] ?? 0) + 2) {
    return { country: first[0], candidates: [first[0]] };
  }
  const candidates = [...new Set([...[...points].map(([c]) => c), ...languageCountries])];
  return { country: null, candidates };
}

const INTERNATIONAL = /(?:\+|\b00)[1-9]\d{0,2}[\s./()-]*(?:\(0\)[\s./-]*)?\d[\d\s./()-]{4,18}\d/g;
/** "CH-8001", "A-1010", "D-80331", "F-75002": a postcode with its country's letters. */
const PREFIXED_POSTCODE = /^(CH|A|D|F|I|L|B|NL|AT|DE|FR|IT|LU|BE)[-‑]\s?\d{4,5}$/;
const PREFIX_COUNTRY: Record<string, string> = { A: 'AT', D: 'DE', F: 'FR', I: 'IT', L: 'LU', B: 'BE' };
/** "8600 Dübendorf, Schweiz" / "1010 Wien\nÖsterreich": a country named right after postcode and town. */
const POSTCODE_COUNTRY =
  /(?<!\d)\d{4,5}\s+[\p{Lu}][\p{L}.' -]{1,40}?[,\s]\s*(Schweiz|Switzerland|Suisse|Svizzera|Österreich|Austria|Deutschland|Germany|France|Frankreich|Nederland|Netherlands|Niederlande|België|Belgique|Belgium|Belgien|Italia|Italien|Italy|Luxembourg|Luxemburg|Liechtenstein)\b/gu;
// biome-ignore format: compact
const COUNTRY_NAMES: Record<string, string> = {
  Schweiz: 'CH', Switzerland: 'CH', Suisse: 'CH', Svizzera: 'CH', Österreich: 'AT', Austria: 'AT', Deutschland: 'DE',
  Germany: 'DE', France: 'FR', Frankreich: 'FR', Nederland: 'NL', Netherlands: 'NL', Niederlande: 'NL', België: 'BE',
  Belgique: 'BE', Belgium: 'BE', Belgien: 'BE', Italia: 'IT', Italien: 'IT', Italy: 'IT', Luxembourg: 'LU',
  Luxemburg: 'LU', Liechtenstein: 'LI',
};
/** The one country of a language that writes 5-digit postcodes (Austria, Switzerland, Belgium use 4). */
const FIVE_DIGIT_COUNTRY: Record<string, string> = { de: 'DE', fr: 'FR', it: 'IT' };

/**
 * Countries the pages point to: the country codes of the international numbers they show ("+41 71 222 28 18",
 * tel:+43…), and of the addresses they give — postcodes with country letters ("CH-8001"), a country named after
 * postcode and town, a Dutch "1234 AB" postcode, and a 5-digit postcode in German, French or Italian text.
 */
export function countryHints(pages: ParsedPage[], language: string | null): string[] {
  const hints: string[] = [];
  const seenNumbers = new Set<string>();
  const addNumber = (raw: string) => {
    const parsed = parsePhoneNumberFromString(raw.replace(/^00/, '+').replace(/\(0\)/, ' '));
    if (!parsed?.country || !parsed.isPossible() || seenNumbers.has(parsed.number)) return;
    seenNumbers.add(parsed.number);
    hints.push(parsed.country);
  };
  for (const page of pages) {
    page.$('a[href]').each((_, el) => {
      const href = safeDecode(page.$(el).attr('href') ?? '');
      const tel = /^\s*tel:\s*((?:\+|00[1-9]).*)$/i.exec(href);
      if (tel?.[1]) addNumber(tel[1]);
    });
    const text = pageText(page).text;
    for (const m of text.matchAll(INTERNATIONAL)) addNumber(m[0]);
    for (const m of text.matchAll(POSTCODE_COUNTRY)) {
      const country = COUNTRY_NAMES[m[1] ?? ''];
      if (country) hints.push(country);
    }
    for (const address of findAddresses(page)) {
      const postcode = /,\s*((?:[A-Z]{1,2}[-‑]\s?)?\d{4,5}(?:\s?[A-Z]{2}(?=\s))?)\s/.exec(address)?.[1] ?? '';
      const prefixed = PREFIXED_POSTCODE.exec(postcode)?.[1];
      if (prefixed) hints.push(PREFIX_COUNTRY[prefixed] ?? prefixed);
      else if (/^\d{4}\s?[A-Z]{2}$/.test(postcode)) hints.push('NL');
      else if (/^\d{5}$/.test(postcode) && language && FIVE_DIGIT_COUNTRY[language])
        hints.push(FIVE_DIGIT_COUNTRY[language]);
    }
  }
  return hints;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
