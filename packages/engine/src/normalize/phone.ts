import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { collapseSpaces } from './text';

/** ISO 3166-1 alpha-2 as libphonenumber wants it ("uk" → "GB"), or undefined. */
export function phoneCountry(country: string | null | undefined): CountryCode | undefined {
  if (!country) return undefined;
  const code = country.trim().toUpperCase();
  if (code === 'UK') return 'GB';
  return /^[A-Z]{2}$/.test(code) ? (code as CountryCode) : undefined;
}

/**
 * A phone number in E.164 ("(469) 287-2159", US → "+14692872159"), or null when it is not a valid number.
 * Handles "tel:" links, odd spaces, "+49 (0)30 …", "00" international prefixes, several numbers in one cell
 * (the first valid one wins) and extensions (dropped: E.164 has none).
 */
export function normalizePhone(
  raw: string | null | undefined,
  defaultCountry?: string | null,
): string | null {
  if (typeof raw !== 'string') return null;
  const country = phoneCountry(defaultCountry);
  const text = collapseSpaces(raw.replace(/^\s*(tel|callto|phone|fax|sms):\/*/i, ''));
  for (const candidate of text.split(/\s*(?:[;,|]|\s\/\s|\bor\b|\boder\b)\s*/i)) {
    const cleaned = candidate.replace(
      /^(telefon|telephone|phone|mobile|mobil|handy|tél|tel|fon)\s*[:.]*\s*/i,
      '',
    );
    if (!/\d/.test(cleaned)) continue;
    const international = cleaned.replace(/^\s*00(?=[1-9])/, '+');
    const parsed = parsePhoneNumberFromString(international, country);
    if (!parsed) continue;
    const isExplicit = international.trimStart().startsWith('+');
    // Metadata lags new number ranges: trust a "possible" number when the country code was written out.
    if (parsed.isValid() || (isExplicit && parsed.isPossible())) return parsed.number;
  }
  return null;
}
