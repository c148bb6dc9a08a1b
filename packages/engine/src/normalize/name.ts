import { collapseSpaces, foldText } from './text';

/** A display name: spaces collapsed and trimmed, case kept, wrapping quotes dropped. Null when empty. */
export function cleanName(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  let name = collapseSpaces(raw);
  const wrapped = /^(["'„“”«»])(.*)(["'“”«»])$/.exec(name);
  if (wrapped?.[2] && !/["'„“”«»]/.test(wrapped[2])) name = wrapped[2].trim();
  return name === '' ? null : name;
}

/**
 * Legal-form suffixes dropped by nameKey, as they read after punctuation became spaces ("e.V." → "e v").
 * German, English, French, Spanish, Italian, Dutch, Nordic, Slavic (incl. Macedonian Cyrillic) forms.
 */
// biome-ignore format: keep the list compact
const LEGAL_SUFFIXES = new Set([
  'gmbh', 'mbh', 'ggmbh', 'gesmbh', 'ug', 'ug haftungsbeschrankt', 'haftungsbeschrankt', 'ag', 'kg', 'kgaa', 'ohg',
  'gbr', 'ek', 'e k', 'ev', 'e v', 'eg', 'se', 'co', 'co kg', 'gmbh co kg', 'llc', 'l l c', 'inc', 'incorporated',
  'corp', 'corporation', 'ltd', 'limited', 'plc', 'llp', 'lp', 'pllc', 'pc', 'p c', 'company', 'pty', 'pty ltd',
  'sa', 's a', 'sas', 's a s', 'sarl', 's a r l', 'srl', 's r l', 'spa', 's p a', 'sl', 's l', 'bv', 'b v', 'nv',
  'n v', 'oy', 'ab', 'as', 'a s', 'aps', 'doo', 'd o o', 'dooel', 'kft', 'zrt', 'sp z o o', 'ооо', 'доо', 'дооел',
  'ад', 'тп',
]);
const CONNECTORS = new Set(['and', 'und', 'et', 'y', 'и']);

/**
 * A key for matching names across sources: lower case, diacritics folded, punctuation dropped, "&"/"and"
 * ignored, trailing legal forms removed ("Müller & Söhne GmbH & Co. KG" → "muller sohne"). Other scripts
 * (Cyrillic, Greek…) are kept. Empty string when nothing is left.
 */
export function nameKey(name: string | null | undefined): string {
  if (!name) return '';
  const tokens = foldText(name)
    .replace(/['’`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '' && !CONNECTORS.has(token));
  let isTrimmed = true;
  while (isTrimmed && tokens.length > 1) {
    isTrimmed = false;
    for (let size = Math.min(4, tokens.length - 1); size >= 1; size--) {
      if (LEGAL_SUFFIXES.has(tokens.slice(-size).join(' '))) {
        tokens.length -= size;
        isTrimmed = true;
        break;
      }
    }
  }
  return tokens.join(' ');
}
