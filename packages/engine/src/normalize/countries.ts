import { foldText } from './text';

/** Country names as people write them in addresses (English, native, common short forms) → ISO 3166-1 alpha-2. */
// biome-ignore format: one country per line
const COUNTRY_NAMES: Record<string, string[]> = {
  US: ['united states', 'united states of america', 'usa', 'u s a', 'u s', 'us', 'america'],
  GB: ['united kingdom', 'uk', 'u k', 'great britain', 'gb', 'england', 'scotland', 'wales', 'northern ireland'],
  DE: ['germany', 'deutschland', 'de', 'bundesrepublik deutschland', 'allemagne', 'alemania'],
  MK: ['north macedonia', 'macedonia', 'republic of north macedonia', 'mk', 'северна македонија', 'македонија'],
  AT: ['austria', 'osterreich', 'at'],
  CH: ['switzerland', 'schweiz', 'suisse', 'svizzera', 'ch'],
  FR: ['france', 'fr'],
  ES: ['spain', 'espana', 'es'],
  IT: ['italy', 'italia', 'it'],
  NL: ['netherlands', 'the netherlands', 'nederland', 'holland', 'nl'],
  BE: ['belgium', 'belgie', 'belgique', 'be'],
  LU: ['luxembourg', 'luxemburg', 'lu'],
  DK: ['denmark', 'danmark', 'dk'],
  SE: ['sweden', 'sverige', 'se'],
  NO: ['norway', 'norge', 'no'],
  FI: ['finland', 'suomi', 'fi'],
  PL: ['poland', 'polska', 'pl'],
  CZ: ['czech republic', 'czechia', 'cesko', 'cz'],
  PT: ['portugal', 'pt'],
  IE: ['ireland', 'eire', 'ie'],
  GR: ['greece', 'ellada', 'ελλαδα', 'gr'],
  RS: ['serbia', 'srbija', 'србија', 'rs'],
  BG: ['bulgaria', 'българия', 'bg'],
  AL: ['albania', 'shqiperia', 'al'],
  HR: ['croatia', 'hrvatska', 'hr'],
  SI: ['slovenia', 'slovenija', 'si'],
  RO: ['romania', 'ro'],
  HU: ['hungary', 'magyarorszag', 'hu'],
  TR: ['turkey', 'turkiye', 'tr'],
  CA: ['canada', 'ca'],
  AU: ['australia', 'au'],
  NZ: ['new zealand', 'nz'],
  IN: ['india', 'in'],
  MX: ['mexico', 'mx'],
  BR: ['brazil', 'brasil', 'br'],
};

const BY_NAME = new Map<string, string>();
for (const [code, names] of Object.entries(COUNTRY_NAMES)) for (const name of names) BY_NAME.set(name, code);

/** "Germany", "Deutschland", "de", "U.S.A." → "DE"/"US"; any other two letters upper-cased; else null. */
export function toCountryCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const key = foldText(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const known = BY_NAME.get(key);
  if (known) return known;
  return /^[a-z]{2}$/.test(key) ? key.toUpperCase() : null;
}

/** Only a known country name (not any two letters): used to recognise the last part of a free-text address. */
export function countryFromName(value: string): string | null {
  const key = foldText(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return BY_NAME.get(key) ?? null;
}

/** Countries that write the house number before the street ("123 Main St"), others after ("Hauptstr. 5"). */
// biome-ignore format: compact
export const NUMBER_FIRST_COUNTRIES: ReadonlySet<string> = new Set([
  'US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'FR', 'LU', 'ZA', 'IN', 'SG', 'MY', 'PH', 'IL',
]);

// biome-ignore format: compact
export const US_STATES: ReadonlySet<string> = new Set([
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA',
  'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR',
  'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR', 'GU', 'VI', 'AS', 'MP',
]);
