/**
 * Place names compared across scripts and spellings: "Скопје" = "Skopje", "Niš" = "Ниш" = "Nish",
 * "Θεσσαλονίκη" = "Thessaloniki", "München" = "Muenchen" = "Munchen". Both sides go through the same key, so
 * two names are equal when their Latin transliterations agree up to the usual romanisation choices.
 * It cannot know exonyms ("München" ≠ "Munich"): those come from the geocoded area's names in other languages.
 */
import anyAscii from 'any-ascii';

// Romanisation choices that differ between systems: š = sh = s, č = ch = c, ž = zh = z, х = kh = h, ц = ts = c,
// German ä/ö/ü written ae/oe/ue; ј/й/y/i alike. Applied to both sides, so they never tell two spellings apart.
const DIGRAPHS: Record<string, string> = {
  sch: 's',
  sh: 's',
  ch: 'c',
  zh: 'z',
  kh: 'h',
  ts: 'c',
  ae: 'a',
  oe: 'o',
  ue: 'u',
};

/**
 * "Скопје" → "skopie", "Niš" → "nis", "Frankfurt a.M." → "frankfurt a m". Empty for a name with no letters or
 * digits. Only for comparing names, never for showing them.
 */
export function looseKey(value: string): string {
  return anyAscii(value.slice(0, 200))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/sch|sh|ch|zh|kh|ts|ae|oe|ue/g, (pair) => DIGRAPHS[pair] ?? pair)
    .replace(/[jy]/g, 'i')
    .replace(/([a-z])\1+/g, '$1')
    .trim();
}

const LANGUAGE_NAMES = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

/** How a reason names an OSM name key: "name:de" → "German name", "int_name" → "international name". */
export function describeNameKey(key: string): string {
  if (key === 'name') return 'local name';
  if (key.startsWith('name:')) {
    const code = key.slice(5);
    let language: string | undefined;
    try {
      language = LANGUAGE_NAMES?.of(code);
    } catch {
      language = undefined;
    }
    return language && language !== code ? `${language} name` : `name in ${code}`;
  }
  const words: Record<string, string> = {
    int_name: 'international name',
    alt_name: 'other name',
    official_name: 'official name',
    short_name: 'short name',
    old_name: 'former name',
    loc_name: 'local name',
  };
  return words[key] ?? key.replace(/_/g, ' ');
}

/** The key of `names` whose value is the same name as `value` (transliteration- and accent-insensitive). */
export function findName(names: Record<string, string>, value: string): { key: string; name: string } | null {
  const want = looseKey(value);
  if (want === '') return null;
  // Names OSM lists under one key may hold several, separated by ";" (alt_name=A;B).
  for (const [key, listed] of Object.entries(names)) {
    for (const name of listed.split(';')) {
      if (looseKey(name) === want) return { key, name: name.trim() };
    }
  }
  return null;
}

/** "1000", "10117", "SW1A 1AA", "D-06108" → comparable: upper case, no spaces or dashes, no country prefix. */
export function postcodeKey(value: string): string {
  const compact = value.toUpperCase().replace(/[\s-]+/g, '');
  // "D-06108", "MK-1000": a country letter prefix before a purely numeric code.
  const prefixed = /^[A-Z]{1,2}(\d{4,5})$/.exec(compact);
  return prefixed?.[1] ?? compact;
}

/** A location that is only a postcode: digits with at most one space or dash, or a UK/NL/CA-style code. */
export function looksLikePostcode(value: string): boolean {
  const text = value.trim();
  if (text.length < 3 || text.length > 10) return false;
  return /^\d{3,5}(?:[\s-]\d{2,4})?$/.test(text) || /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/i.test(text);
}
