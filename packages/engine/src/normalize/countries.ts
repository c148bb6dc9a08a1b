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

const nameKeyOf = (value: string) =>
  foldText(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const BY_NAME = new Map<string, string>();
for (const [code, names] of Object.entries(COUNTRY_NAMES)) for (const name of names) BY_NAME.set(name, code);
/** Codes Intl knows that are no country (the EU, the world, test regions). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'QO', 'UN', 'XA', 'XB', 'ZZ']);
/** Country names that are also a US state ("Atlanta, Georgia"): only the list above names them. */
const SHARED_WITH_STATES = new Set(['georgia']);
// Every other country by its name in the languages addresses are written in here, from the runtime's ICU data
// ("Nigeria", "Singapur", "Émirats arabes unis"), so a list never has to be kept by hand.
for (const locale of ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt']) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      // Retired codes (VD, BU, DD…) name today's countries under another code: only current ones count.
      if (NOT_COUNTRIES.has(code) || Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      const name = names.of(code);
      if (!name || name === code) continue;
      const key = nameKeyOf(name);
      if (key && !BY_NAME.has(key) && !SHARED_WITH_STATES.has(key)) BY_NAME.set(key, code);
    }
  }
}

/** "Germany", "Deutschland", "de", "U.S.A." → "DE"/"US"; any other two letters upper-cased; else null. */
export function toCountryCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const key = nameKeyOf(value);
  const known = BY_NAME.get(key);
  if (known) return known;
  return /^[a-z]{2}$/.test(key) ? key.toUpperCase() : null;
}

/** Only a known country name (not any two letters): used to recognise the last part of a free-text address. */
export function countryFromName(value: string): string | null {
  return BY_NAME.get(nameKeyOf(value)) ?? null;
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

// biome-ignore format: compact
const US_STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT',
  delaware: 'DE', 'district of columbia': 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID',
  illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME',
  maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO',
  montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ', 'new mexico': 'NM',
  'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR',
  pennsylvania: 'PA', 'rhode island': 'RI', 'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN',
  texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA', washington: 'WA', 'west virginia': 'WV',
  wisconsin: 'WI', wyoming: 'WY', 'puerto rico': 'PR',
};

// biome-ignore format: compact
const CA_PROVINCE_NAMES: Record<string, string> = {
  alberta: 'AB', 'british columbia': 'BC', manitoba: 'MB', 'new brunswick': 'NB', 'newfoundland and labrador': 'NL',
  newfoundland: 'NL', 'nova scotia': 'NS', ontario: 'ON', 'prince edward island': 'PE', quebec: 'QC',
  saskatchewan: 'SK', 'northwest territories': 'NT', nunavut: 'NU', yukon: 'YT',
};
const CA_PROVINCES: ReadonlySet<string> = new Set(Object.values(CA_PROVINCE_NAMES));

/** The 16 German states by their German and English names and their codes (ISO 3166-2 without "DE-"). */
// biome-ignore format: compact
const DE_STATE_NAMES: Record<string, string> = {
  'baden wurttemberg': 'BW', bayern: 'BY', bavaria: 'BY', berlin: 'BE', brandenburg: 'BB', bremen: 'HB',
  hamburg: 'HH', hessen: 'HE', hesse: 'HE', 'mecklenburg vorpommern': 'MV', 'mecklenburg western pomerania': 'MV',
  niedersachsen: 'NI', 'lower saxony': 'NI', 'nordrhein westfalen': 'NW', 'north rhine westphalia': 'NW',
  'rheinland pfalz': 'RP', 'rhineland palatinate': 'RP', saarland: 'SL', sachsen: 'SN', saxony: 'SN',
  'sachsen anhalt': 'ST', 'saxony anhalt': 'ST', 'schleswig holstein': 'SH', thuringen: 'TH', thuringia: 'TH',
};
const DE_STATES: ReadonlySet<string> = new Set(Object.values(DE_STATE_NAMES));

/** "TX", "Texas" → "TX"; null when it is no US state. */
export function usStateCode(region: string | null | undefined): string | null {
  if (!region) return null;
  const code = region.trim().toUpperCase();
  if (US_STATES.has(code)) return code;
  return US_STATE_NAMES[nameKeyOf(region)] ?? null;
}

/** "ON", "Ontario", "Québec" → the province code; null when it is no Canadian province or territory. */
export function caProvinceCode(region: string | null | undefined): string | null {
  if (!region) return null;
  const code = region.trim().toUpperCase();
  if (CA_PROVINCES.has(code)) return code;
  return CA_PROVINCE_NAMES[nameKeyOf(region)] ?? null;
}

/** "Bayern", "Rheinland-Pfalz", "DE-BY", "BY" → the German state's code; null for anything else. */
function deStateCode(region: string | null | undefined): string | null {
  if (!region) return null;
  const code = region.trim().toUpperCase().replace(/^DE-/, '');
  if (DE_STATES.has(code)) return code;
  return DE_STATE_NAMES[nameKeyOf(region)] ?? null;
}

/** A US ZIP: 12345 or 12345-6789. */
const US_ZIP_CODE = /^\d{5}(?:-\d{4})?$/;
/** A Canadian postal code: A1A 1A1 (letters D, F, I, O, Q, U never used; W, Z never first). */
export const CA_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
/** A UK postcode: outward code (A9, A99, AA9, AA99, A9A, AA9A) and inward code (9AA). */
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}$/i;

/**
 * The country a place's region and postcode imply when nothing names it: a US state (with a US ZIP or none),
 * a Canadian province (with a Canadian postal code or none), a German state (with a five-digit PLZ or none), or a
 * postcode only one country writes (Canadian "T5J 0S4", British "WC2H 9NQ"). Null when they settle nothing: a
 * five-digit code alone may be American, German, French, Italian…
 */
export function countryFromRegionAndPostcode(
  region: string | null | undefined,
  postalCode: string | null | undefined,
): string | null {
  const postal = postalCode?.trim() ?? '';
  if (usStateCode(region) && (postal === '' || US_ZIP_CODE.test(postal))) return 'US';
  if (caProvinceCode(region) && (postal === '' || CA_POSTAL_CODE.test(postal))) return 'CA';
  if (deStateCode(region) && (postal === '' || /^\d{5}$/.test(postal))) return 'DE';
  if (CA_POSTAL_CODE.test(postal)) return 'CA';
  if (UK_POSTCODE.test(postal)) return 'GB';
  return null;
}
