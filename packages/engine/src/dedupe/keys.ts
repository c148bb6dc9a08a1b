import { CATEGORIES } from '../discovery/osm/category-list';
import type { RawBusiness } from '../discovery/source';
import { domainFromUrl } from '../normalize/domain';
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
 * Words that say what kind of place it is, not which one ("hotel", "restaurant", "weingut", "praxis"): every
 * word of the category list (ids and synonyms in several languages), articles and titles. Two names sharing only
 * such words are not alike.
 */
// biome-ignore format: compact
const COMMON_WORDS = new Set([
  'the', 'der', 'die', 'das', 'den', 'dem', 'des', 'zum', 'zur', 'am', 'im', 'an', 'auf', 'bei', 'von', 'vom', 'und',
  'le', 'la', 'les', 'du', 'de', 'des', 'el', 'los', 'las', 'del', 'il', 'di', 'da', 'of', 'at', 'on', 'in', 'for',
  'dr', 'med', 'dent', 'prof', 'mr', 'mrs', 'haus', 'house', 'home', 'center', 'centre', 'zentrum', 'studio', 'team',
  'praxis', 'practice', 'clinic', 'klinik', 'group', 'gruppe', 'family', 'familie', 'city', 'stadt', 'new', 'neu',
  'gasthaus', 'gasthof', 'landhotel', 'parkhotel', 'ferienhaus', 'ferienwohnung', 'gastehaus', 'weinstube',
  'gutsausschank', 'weinhaus', 'pizzeria', 'ristorante', 'trattoria', 'bistro', 'imbiss', 'shop', 'store', 'service',
  'services', 'dienst', 'partner', 'partners', 'and', 'co', 'bar', 'pub', 'cafe', 'inn',
  // canteens and branches: "Mensa Burg" and "Mensa Neuwerk" are two places of one operator, not one place
  'mensa', 'kantine', 'canteen', 'cafeteria', 'cafebar', 'filiale', 'branch', 'standort',
]);
for (const category of CATEGORIES) {
  for (const term of [category.id, ...category.synonyms]) {
    for (const word of nameKey(term).split(' ')) if (word) COMMON_WORDS.add(word);
  }
}

/** The words that tell this business from others of its kind ("Weingut Karp-Schreiber" → karp, schreiber). */
export function distinctiveWords(key: string): string[] {
  const words = key
    .split(' ')
    .filter((word) => word.length >= 3 && !COMMON_WORDS.has(word) && !/^\d+$/.test(word));
  return [...new Set(words)];
}

/**
 * The distinctive words of a name and the whole name run together, so "Tap to Learn" and "TapToLearn" are
 * alike ("taptolearn"), and so is a name of common words only ("Pizzeria" → "pizzeria").
 */
export function nameWords(name: string | null | undefined, key = nameKey(name)): string[] {
  if (!key) return [];
  return [...new Set([...distinctiveWords(key), key.replace(/ /g, '')])];
}

/** Every domain of a record: its own and those of its other websites. */
export function domainsOf(record: RawBusiness): string[] {
  const domains = new Set<string>();
  if (record.domain) domains.add(record.domain.toLowerCase());
  for (const website of record.websites ?? []) {
    const domain = domainFromUrl(website);
    if (domain) domains.add(domain.toLowerCase());
  }
  return [...domains];
}

/** Every phone of a record (E.164): its own and its other numbers. */
function phonesOf(record: RawBusiness): string[] {
  return [...new Set([record.phone, ...(record.phones ?? [])].filter((p): p is string => !!p))];
}

/**
 * The keys that make two records the same business. Each key alone is enough, so each holds two signals:
 * - `d:<domain>|<word>`: the same website and a name word in common ("Zahnarzt Dr. Müller" and "Zahnarztpraxis
 *   Müller" on mueller-zahn.de);
 * - `p:<phone>|<word>`: the same number and a name word in common;
 * - `dp:<domain>|<phone>`: the same website and the same number, whatever the names (a hotel and its restaurant);
 * - `a:<name>|<street>|<postcode or city>`: the same name at the same street address.
 * A shared phone alone (a pizzeria and the pub next door with one owner) or a shared website alone (houses
 * listed on one family's site) is not enough. Prefixed so kinds never collide; ordered from the strongest.
 */
export function matchKeys(record: RawBusiness, key = nameKey(record.name)): string[] {
  const keys: string[] = [];
  const words = nameWords(record.name, key);
  const domains = domainsOf(record);
  const phones = phonesOf(record);
  for (const domain of domains) for (const word of words) keys.push(`d:${domain}|${word}`);
  for (const phone of phones) for (const word of words) keys.push(`p:${phone}|${word}`);
  for (const domain of domains) for (const phone of phones) keys.push(`dp:${domain}|${phone}`);
  const street = streetKey(record.address);
  if (key && street) {
    const place = record.postal_code?.replace(/\s+/g, '').toLowerCase() || foldText(record.city ?? '');
    keys.push(`a:${key}|${street}|${place}`);
  }
  return keys;
}
