/**
 * Fuzzy but predictable term matching for ICP scoring: case and diacritics folded, whole words only, simple
 * plural endings ignored ("Dentists" = "dentist", "Bäckereien" ≠ "bakery" unless a synonym says so).
 */
import { foldText } from '../../normalize/text';

/** Folded words of a text: letters and digits, everything else a boundary ("E-Commerce" → ["e", "commerce"]). */
function words(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map(stem);
}

/** English plural endings only, applied to both sides alike, so it can never make two different words equal by accident of one side. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) {
    return word.slice(0, -1);
  }
  return word;
}

/** A text prepared once for many term look-ups. */
export interface WordText {
  original: string;
  /** " w1 w2 … " so a phrase is found with one indexOf on word boundaries. */
  padded: string;
}

export function wordText(text: string): WordText {
  return { original: text, padded: ` ${words(text).join(' ')} ` };
}

/** The term's words appear, in order and adjacent, in the text. Empty terms never match. */
export function containsTerm(text: WordText, term: string): boolean {
  const phrase = words(term).join(' ');
  return phrase !== '' && text.padded.includes(` ${phrase} `);
}

/**
 * Industry synonyms: an ICP industry matches a fact when any term of a group that contains it does. Groups are
 * small on purpose (predictable); German, French and Spanish names of common trades included.
 */
// biome-ignore format: one group per line
const INDUSTRY_SYNONYMS: readonly (readonly string[])[] = [
  ['dental', 'dentist', 'dentistry', 'dental practice', 'orthodontist', 'zahnarzt', 'zahnarztpraxis', 'dentiste', 'dentista'],
  ['healthcare', 'health care', 'medical', 'clinic', 'doctor', 'physician', 'arzt', 'arztpraxis', 'praxis', 'medecin', 'medico'],
  ['restaurant', 'restaurants', 'gastronomy', 'food service', 'food and beverage', 'bistro', 'gastronomie', 'restauration'],
  ['cafe', 'coffee shop', 'cafeteria', 'kaffee'],
  ['bakery', 'baker', 'backerei', 'boulangerie', 'panaderia'],
  ['hospitality', 'hotel', 'accommodation', 'guest house', 'hostel', 'bed and breakfast'],
  ['legal', 'law', 'law firm', 'lawyer', 'attorney', 'solicitor', 'legal services', 'rechtsanwalt', 'kanzlei', 'avocat', 'abogado'],
  ['accounting', 'accountant', 'bookkeeping', 'tax advisor', 'tax', 'cpa', 'steuerberater', 'buchhaltung', 'comptable', 'contabilidad'],
  ['finance', 'financial services', 'bank', 'banking', 'insurance', 'wealth management', 'versicherung'],
  ['real estate', 'realtor', 'estate agent', 'property management', 'immobilien', 'immobilier', 'inmobiliaria'],
  ['construction', 'builder', 'building contractor', 'general contractor', 'bau', 'bauunternehmen', 'construccion'],
  ['trades', 'plumber', 'plumbing', 'electrician', 'hvac', 'heating', 'roofing', 'carpenter', 'handwerk', 'sanitar', 'elektriker'],
  ['automotive', 'car repair', 'auto repair', 'garage', 'car dealer', 'mechanic', 'kfz', 'autohaus', 'werkstatt'],
  ['retail', 'shop', 'store', 'boutique', 'einzelhandel', 'commerce'],
  ['ecommerce', 'e-commerce', 'online shop', 'online store', 'webshop'],
  ['software', 'saas', 'software development', 'it services', 'information technology', 'tech', 'technology'],
  ['marketing', 'advertising', 'marketing agency', 'digital agency', 'seo', 'werbeagentur', 'agentur'],
  ['consulting', 'consultancy', 'advisory', 'management consulting', 'beratung', 'unternehmensberatung', 'conseil'],
  ['beauty', 'hair salon', 'hairdresser', 'barber', 'nail salon', 'cosmetics', 'spa', 'friseur', 'kosmetik', 'coiffure', 'peluqueria'],
  ['fitness', 'gym', 'personal trainer', 'yoga', 'fitnessstudio', 'sport'],
  ['education', 'school', 'training', 'tutoring', 'academy', 'university', 'schule', 'bildung', 'ecole', 'escuela'],
  ['manufacturing', 'manufacturer', 'factory', 'industrial', 'production', 'fertigung', 'hersteller'],
  ['logistics', 'transport', 'transportation', 'shipping', 'freight', 'courier', 'spedition', 'logistik'],
  ['nonprofit', 'non-profit', 'charity', 'ngo', 'foundation', 'verein'],
  ['veterinary', 'veterinarian', 'vet', 'animal clinic', 'tierarzt', 'veterinaire'],
  ['architecture', 'architect', 'architekt', 'architecte', 'arquitecto'],
  ['agriculture', 'farm', 'farming', 'landwirtschaft', 'agricultura'],
  ['media', 'publishing', 'publisher', 'news', 'verlag'],
  ['pharmacy', 'pharmacist', 'apotheke', 'pharmacie', 'farmacia'],
  ['photography', 'photographer', 'fotograf', 'photographe', 'fotografo'],
  ['cleaning', 'cleaning services', 'janitorial', 'reinigung', 'gebaudereinigung', 'nettoyage'],
  ['research', 'science', 'scientific', 'laboratory', 'open source', 'open science'],
];

const GROUPS_BY_WORDS = new Map<string, (readonly string[])[]>();
for (const group of INDUSTRY_SYNONYMS) {
  for (const term of group) {
    const key = words(term).join(' ');
    GROUPS_BY_WORDS.set(key, [...(GROUPS_BY_WORDS.get(key) ?? []), group]);
  }
}

/**
 * The term, its parts when it lists several ("Software & IT services" → "Software", "IT services", as the
 * ai_summary taxonomy INDUSTRIES names them) and every synonym of the groups each belongs to; the term first.
 */
export function industryTerms(term: string): string[] {
  const parts = term
    .split(/\s*(?:[,&/+;]|\band\b|\bund\b|\bet\b|\by\b)\s*/i)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const out = new Set<string>([term]);
  for (const part of [term, ...parts]) {
    out.add(part);
    for (const group of GROUPS_BY_WORDS.get(words(part).join(' ')) ?? []) for (const t of group) out.add(t);
  }
  return [...out];
}
