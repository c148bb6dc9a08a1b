import type { RawBusiness } from '../discovery/source';
import { nameKey } from '../normalize/name';
import { foldText } from '../normalize/text';

// biome-ignore format: compact
const STREET_WORDS: Record<string, string> = {
  strasse: 'str', str: 'str', street: 'st', st: 'st', avenue: 'ave', ave: 'ave', av: 'ave', road: 'rd', rd: 'rd',
  boulevard: 'blvd', blvd: 'blvd', drive: 'dr', dr: 'dr', lane: 'ln', ln: 'ln', place: 'pl', pl: 'pl',
  platz: 'pl', square: 'sq', sq: 'sq', court: 'ct', ct: 'ct', highway: 'hwy', hwy: 'hwy', parkway: 'pkwy',
  suite: 'ste', ste: 'ste', north: 'n', south: 's', east: 'e', west: 'w', weg: 'weg', gasse: 'g', ulica: 'ul',
  ул: 'ул', улица: 'ул', бул: 'бул', булевар: 'бул',
};

/** "Hauptstraße 5" and "Hauptstr. 5" → "hauptstr5"; "123 Main Street" and "123 Main St." → "123mainst". */
export function streetKey(address: string | null | undefined): string {
  if (!address) return '';
  return foldText(address)
    .replace(/(str)(asse|\.)/g, '$1 ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '')
    .map((token) => STREET_WORDS[token] ?? token)
    .join('');
}

/**
 * The keys that make two records the same business: same domain, same E.164 phone, or same name + street
 * address (+ postcode or city). Prefixed so kinds never collide; ordered from the strongest.
 */
export function matchKeys(record: RawBusiness, key = nameKey(record.name)): string[] {
  const keys: string[] = [];
  if (record.domain) keys.push(`d:${record.domain.toLowerCase()}`);
  if (record.phone) keys.push(`p:${record.phone}`);
  const street = streetKey(record.address);
  if (key && street) {
    const place = record.postal_code?.replace(/\s+/g, '').toLowerCase() || foldText(record.city ?? '');
    keys.push(`a:${key}|${street}|${place}`);
  }
  return keys;
}
