// The full metadata knows each country's real number ranges: the default one accepts almost any digits for DE
// or AT, so it cannot tell a Swiss "044 826 76 75" from a German one.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { collapseSpaces } from './text';

/** ISO 3166-1 alpha-2 as libphonenumber wants it ("uk" → "GB"), or undefined. */
function phoneCountry(country: string | null | undefined): CountryCode | undefined {
  if (!country) return undefined;
  const code = country.trim().toUpperCase();
  if (code === 'UK') return 'GB';
  return /^[A-Z]{2}$/.test(code) ? (code as CountryCode) : undefined;
}

/**
 * The numbers a text may hold, labels stripped. Several numbers are split on ";", ",", "|", "or"/"oder", and on
 * " / " only when what follows starts a new number ("0345 1234 / 0170 5678"): in "05507 / 91 99 488" the slash
 * separates the area code, and splitting there would drop it.
 */
export function phoneCandidates(raw: string): string[] {
  const text = collapseSpaces(raw.replace(/^\s*(tel|callto|phone|fax|sms):\/*/i, ''));
  // `\s?`, not `\s*`: spaces are collapsed above, and an unbounded `\s*` here backtracked quadratically.
  return text
    .split(/\s?(?:[;,|]|\s\/\s?(?=\+|0|\(0)|\bor\b|\boder\b)\s?/i)
    .map((candidate) =>
      candidate.replace(/^(telefon|telephone|phone|mobile|mobil|handy|tél|tel|fon)\s*[:.]*\s*/i, '').trim(),
    )
    .filter((candidate) => /\d/.test(candidate));
}

/** "+49 (0) 49 21 / 99 96 70" → "+49 4921 999670"-like text libphonenumber reads (no "(0)", "00" as "+"). */
function forParsing(candidate: string): string {
  return candidate
    .replace(/^\s*00(?=[1-9])/, '+')
    .replace(/^(\+\d{1,3})\s*\(0\)/, '$1 ')
    .replace(/\//g, ' ');
}

const isInternational = (candidate: string) => /^\s*(?:\+|00[1-9])/.test(candidate);

/**
 * Countries whose national numbers are always written with the trunk prefix 0 ("030 …", "020 7946 0958"): a
 * number written without it is not one of theirs, though libphonenumber would read "784-432-2223" as British.
 */
// biome-ignore format: compact
const WRITTEN_WITH_ZERO = new Set(['DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'GB', 'IE', 'AU', 'NZ', 'SE', 'FI', 'JP']);

function parseCandidate(candidate: string, country: CountryCode | undefined): string | null {
  const parsed = parsePhoneNumberFromString(forParsing(candidate), country);
  if (!parsed) return null;
  // Metadata lags new number ranges: trust a "possible" number when the country code was written out.
  if (parsed.isValid() || (isInternational(candidate) && parsed.isPossible())) return parsed.number;
  return null;
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
  for (const candidate of phoneCandidates(raw)) {
    const number = parseCandidate(candidate, country);
    if (number) return number;
  }
  return null;
}

/**
 * A number read when its country is not settled: written internationally it is read as written; a national one
 * is read with each country it may belong to. One reading → E.164; several different ones (a "044 826 76 75" is
 * valid in Germany and in Switzerland) → the number as written, since guessing would invent a number; none → null.
 */
export function readPhone(raw: string, countries: readonly string[]): string | null {
  for (const candidate of phoneCandidates(raw)) {
    if (isInternational(candidate)) {
      const number = parseCandidate(candidate, undefined);
      if (number) return number;
      continue;
    }
    const readings = new Set<string>();
    const hasZero = /^\(?0/.test(candidate.trim());
    for (const country of countries) {
      if (!hasZero && WRITTEN_WITH_ZERO.has(country.toUpperCase())) continue;
      const number = parseCandidate(candidate, phoneCountry(country));
      if (number) readings.add(number);
    }
    if (readings.size === 1) return [...readings][0] ?? null;
    if (readings.size > 1) return collapseSpaces(candidate.replace(/\s?\(0\)\s?/, ' '));
  }
  return null;
}
