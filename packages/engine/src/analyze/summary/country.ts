import { parse } from 'tldts';
import { toCountryCode } from '../../normalize/countries';

/** Country-code TLDs that are used as generic ones, so say nothing about where a business is. */
const GENERIC_CCTLDS = new Set([
  'io',
  'co',
  'me',
  'tv',
  'ai',
  'fm',
  'ly',
  'cc',
  'ws',
  'gg',
  'so',
  'to',
  'sh',
  'ac',
  'vc',
  'eu',
  'app',
  'am',
  'is',
  'la',
  'nu',
  'tk',
  'gl',
]);
/** A language whose sites are mostly from one country (for numbers on a .com site with lang="de"). */
const LANGUAGE_COUNTRY: Record<string, string> = {
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  es: 'ES',
  nl: 'NL',
  pl: 'PL',
  cs: 'CZ',
  da: 'DK',
  sv: 'SE',
  fi: 'FI',
  pt: 'PT',
  ja: 'JP',
};

/**
 * The country to read national phone numbers with (ISO alpha-2): the business's own, else the schema.org
 * address, else the site's country-code TLD, else the region of `lang="de-AT"`, else the language's main country.
 */
export function siteCountry(input: {
  businessCountry?: string | null;
  organizationCountry?: string | null;
  url: string;
  htmlLang?: string | null;
  language?: string | null;
}): string | null {
  const direct = toCountryCode(input.businessCountry) ?? toCountryCode(input.organizationCountry);
  if (direct) return direct;
  const tld = parse(input.url).publicSuffix?.split('.').pop() ?? '';
  if (/^[a-z]{2}$/.test(tld) && !GENERIC_CCTLDS.has(tld)) return tld === 'uk' ? 'GB' : tld.toUpperCase();
  const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(input.htmlLang ?? '')?.[1];
  if (region) return region.toUpperCase();
  return input.language ? (LANGUAGE_COUNTRY[input.language] ?? null) : null;
}
