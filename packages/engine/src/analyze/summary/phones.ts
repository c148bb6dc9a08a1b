import type { ParsedPage } from '../../crawl/page';
import { normalizePhone } from '../../normalize/phone';
import { pageText } from './page-text';

export interface FoundPhone {
  /** E.164 */
  phone: string;
  source_url: string;
  how: 'tel' | 'text' | 'structured';
}

/** A run of digits with the separators phone numbers are written with. */
const NUMBER = /(?:\+|00)?\(?\d[\d\s()./–-]{5,22}\d/g;
/** Words that announce a phone number just before it (en, de, fr, es, it, nl). */
const PHONE_LABEL =
  /(?:tel|tele?fon|telephone|phone|ph|fon|mobil|mobile|handy|cell|call|ruf|tél|téléphone|portable|teléfono|telefono|cellulare|móvil|bel|☎|📞)\.?\s*(?:\([^)]*\))?\s*(?:nr\.?|no\.?|number|nummer)?\s*[:.]?\s*(?:unter\s*)?$/iu;
const FAX_LABEL = /(?:fax|telefax|télécopie)\.?\s*[:.]?\s*$/i;
/** Dates, times and ranges that look like digit runs. */
const NOT_A_PHONE =
  /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$|^\d{4}\s*[-–]\s*\d{4}$|^\d{1,2}[.:]\d{2}\s*[-–]\s*\d{1,2}[.:]\d{2}$/;
/** National formats written without a label that are still clearly phone numbers. */
const NATIONAL_FORMAT =
  /^0\d{2,5}\s*[\s/-]\s*\d|^\(0\d{2,5}\)\s*\d|^\(\d{3}\)\s?\d{3}[\s.-]\d{4}$|^\d{3}[.-]\d{3}[.-]\d{4}$/;

/**
 * Phone numbers of a page in E.164: tel: links, and numbers in the visible text that either follow a phone label
 * ("Tel.", "Telefon", "Fon", "Phone", …), are written internationally (+49 …, 0049 …) or in a national format
 * (0345 122 99 84, (469) 287-2159). Fax numbers are left out. `country` (ISO alpha-2) reads national numbers.
 */
export function findPhones(page: ParsedPage, country: string | null): FoundPhone[] {
  const found = new Map<string, FoundPhone>();
  const add = (raw: string, how: FoundPhone['how']) => {
    const phone = normalizePhone(raw, country);
    if (phone && !found.has(phone)) found.set(phone, { phone, source_url: page.url, how });
  };
  const $ = page.$;
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    if (/^\s*(?:tel|callto):/i.test(href)) add(safeDecode(href), 'tel');
  });
  for (const block of pageText(page).blocks) {
    for (const match of block.text.matchAll(NUMBER)) {
      const raw = match[0].trim();
      const before = block.text.slice(Math.max(0, (match.index ?? 0) - 30), match.index);
      if (FAX_LABEL.test(before) || NOT_A_PHONE.test(raw)) continue;
      const digits = raw.replace(/\D/g, '');
      if (digits.length < 6 || digits.length > 15) continue;
      const isLabelled = PHONE_LABEL.test(before);
      const isInternational = /^(?:\+|00[1-9])/.test(raw);
      if (!isLabelled && !isInternational && !NATIONAL_FORMAT.test(raw)) continue;
      add(raw, 'text');
    }
  }
  return [...found.values()];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
