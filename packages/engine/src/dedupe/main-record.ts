/**
 * Which of several merged records is the business itself, and the others' parts of it: the record whose name its
 * website carries ("Schloss Lieser" on schlosslieser.de, not "Restaurant Puricelli"), else the lodging over an
 * outlet inside it (the hotel over its restaurant), else the most trusted source, else the first found.
 */
import { parse } from 'tldts';
import type { RawBusiness } from '../discovery/source';
import { nameKey } from '../normalize/name';
import { distinctiveWords, domainsOf, nameWords } from './keys';

/** Categories of places to stay, in the words the sources use (OSM's labels, Google's types, imports). */
const LODGING =
  /\b(?:hotels?|motels?|guest ?houses?|hostels?|inns?|lodging|lodges?|pensions?|gästehaus|gaestehaus|ferienwohnung|bed (?:and|&) breakfast|b ?& ?b|camp ?sites?|campgrounds?|resorts?|h[oô]tel)\b/i;

/** German letters as domains write them ("ü" → "ue"), besides the plain fold ("ü" → "u"). */
const transliterate = (text: string) =>
  text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');

const letters = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');

/** The name is what the website is called: "Parkhotel Bad Bertrich" on parkhotel-bad-bertrich.de. */
export function isNamedByWebsite(name: string, domain: string): boolean {
  const label = letters((parse(domain).domainWithoutSuffix ?? domain).toLowerCase());
  if (label.length < 3) return false;
  const key = nameKey(name);
  for (const compact of [letters(key), letters(nameKey(transliterate(name)))]) {
    if (compact.length >= 3 && (label.includes(compact) || (compact.includes(label) && label.length >= 5)))
      return true;
  }
  const words = distinctiveWords(key);
  const spelled = distinctiveWords(nameKey(transliterate(name)));
  return (
    words.length > 0 &&
    (words.every((word) => label.includes(letters(word))) ||
      spelled.every((word) => label.includes(letters(word))))
  );
}

const isLodging = (record: RawBusiness) =>
  [record.category, ...(record.categories ?? [])].some((category) => !!category && LODGING.test(category));

/**
 * The main record of a group given most trusted first (see the top of the file). Names that are alike (a word
 * in common: "Zahnarzt Dr. Müller", "Zahnarztpraxis Müller") are one business written two ways: the most trusted
 * source's writing stays (the user's own import before a map's).
 */
export function mainRecord(ranked: readonly RawBusiness[]): RawBusiness {
  const domains = [...new Set(ranked.flatMap(domainsOf))];
  let best = ranked[0] as RawBusiness;
  let bestScore = -1;
  for (const record of ranked) {
    const score =
      (domains.some((domain) => isNamedByWebsite(record.name, domain)) ? 2 : 0) + (isLodging(record) ? 1 : 0);
    if (score > bestScore) {
      best = record;
      bestScore = score;
    }
  }
  const trusted = ranked[0] as RawBusiness;
  const words = new Set(nameWords(trusted.name));
  return nameWords(best.name).some((word) => words.has(word)) ? trusted : best;
}

/** The values in order (firsts, then each one's list), without empties or repeats. */
export function mergeLists(
  firsts: ReadonlyArray<string | null | undefined>,
  lists: ReadonlyArray<readonly string[] | null | undefined>,
): string[] {
  const out: string[] = [];
  for (const value of [...firsts, ...lists.flatMap((list) => list ?? [])]) {
    if (value && !out.includes(value)) out.push(value);
  }
  return out;
}
