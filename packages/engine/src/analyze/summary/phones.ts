import type { ParsedPage } from '../../crawl/page';
import { readPhone } from '../../normalize/phone';
import type { PhoneRegion } from './country';
import { isInArticleBody } from './page-kind';
import { pageText } from './page-text';

export interface FoundPhone {
  /** E.164, or the number as written when its country cannot be told (see readPhone). */
  phone: string;
  source_url: string;
  how: 'tel' | 'text' | 'structured';
  /** Found only inside an article's body (a post about others: see collectContacts). */
  inArticleBody: boolean;
}

/** A run of digits with the separators phone numbers are written with. */
const NUMBER = /(?:\+|00)?\(?\d[\d\s()./–-]{5,24}\d/g;
/** Words that announce a phone number just before it (en, de, fr, es, it, nl, nordic; "T" as on letterheads). */
const PHONE_LABEL =
  /(?:\b(?:tel|tele?fon|telefoon|telephone|phone|ph|fon|tfn|tlf|telf|natel|mobil|mobile|mobiel|handy|cell|call|ruf|tél|téléphone|portable|teléfono|telefono|cellulare|móvil|bel|gsm|whatsapp|sms)|(?:^|[\s|•·,])[TM]|☎|📞)\.?\s*(?:\([^)]*\))?\s*(?:[-\s]?(?:nr|no|number|nummer)\.?)?\s*[:.]?\s*(?:unter\s*)?$/iu;
const FAX_LABEL = /(?:\b(?:fax|telefax|télécopie)|(?:^|[\s|•·,])F)\.?\s*[:.]?\s*$/i;
/**
 * Labels of numbers that are not phones even when they look like one: order, invoice, customer and article
 * numbers, bank and tax identifiers, register entries, postcodes and P.O. boxes, dates.
 */
const OTHER_NUMBER_LABEL =
  /(?:\p{L}*(?:nummer|number)|\b(?:nr|no|num|group|member|policy|claim|mitglied\w*|order|bestell\w*|auftrag\w*|rechnung\w*|invoice|kunden\w*|customer|artikel\w*|art|sku|ean|gtin|isbn|iban|bic|swift|blz|konto\w*|account|ust\w*|vat|mwst|steuer\w*|tax|st|hrb|hra|handelsregister|register\w*|plz|zip|postfach|box|ref|referenz|id|datum|date|vom|am|bis|seit|ticket|case|fall|vorgang|lot|charge|serie|serial|commande|facture|pedido|factura|ordine|fattura|bestelling|factuur)\b|#)\.?\s*[:.#-]?\s*$/iu;
/** National formats written without a label that are still clearly phone numbers. */
const NATIONAL_FORMAT =
  /^0\d{1,5}\s*[\s/-]\s*\d|^\(0\d{2,5}\)\s*\d|^\(\d{3}\)\s?\d{3}[\s.-]\d{4}$|^\d{3}[.-]\d{3}[.-]\d{4}$/;

/**
 * Phone numbers of a page: tel: links, and numbers in the visible text that either follow a phone label
 * ("Tel.", "Telefon", "Fon", "Phone", "T", …), are written internationally (+49 …, 0049 …) or in a national format
 * (0345 122 99 84, (469) 287-2159). Fax numbers, dates, times and labelled order/customer/tax numbers are left
 * out. National numbers are read with the site's country; when it is not settled, with each candidate country,
 * and a number valid in several is kept as written rather than given a guessed country code.
 */
export function findPhones(page: ParsedPage, region: PhoneRegion | string | null): FoundPhone[] {
  const countries =
    typeof region === 'string' ? [region] : region?.country ? [region.country] : (region?.candidates ?? []);
  const found = new Map<string, FoundPhone>();
  const add = (raw: string, how: FoundPhone['how'], inArticleBody: boolean) => {
    const phone = readPhone(raw, countries);
    if (!phone) return;
    const key = phoneKey(phone);
    const known = found.get(key);
    if (!known) found.set(key, { phone, source_url: page.url, how, inArticleBody });
    else if (!inArticleBody) known.inArticleBody = false;
  };
  const $ = page.$;
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    if (/^\s*(?:tel|callto):/i.test(href)) add(safeDecode(href), 'tel', isInArticleBody(page, el));
  });
  for (const block of pageText(page).blocks) {
    for (const match of block.text.matchAll(NUMBER)) {
      const raw = match[0].trim();
      const index = match.index ?? 0;
      const before = block.text.slice(Math.max(0, index - 45), index);
      // A digit or letter glued to the front means the run is part of something else ("HRB12345", "A1-234").
      if (/[\p{L}\d]$/u.test(before) || FAX_LABEL.test(before) || isDateOrRange(raw)) continue;
      const digits = raw.replace(/\D/g, '');
      if (digits.length < 6 || digits.length > 15) continue;
      const isLabelled = PHONE_LABEL.test(before);
      if (!isLabelled && OTHER_NUMBER_LABEL.test(before)) continue;
      const isInternational = /^(?:\+|00[1-9])/.test(raw);
      if (!isLabelled && !isInternational && !NATIONAL_FORMAT.test(raw)) continue;
      add(raw, 'text', block.isArticle && !block.isChrome);
    }
  }
  return [...found.values()];
}

/** E.164 as is; a number kept as written by its digits (so "044 826 76 75" and "0448267675" are one). */
export const phoneKey = (phone: string) => (phone.startsWith('+') ? phone : phone.replace(/\D/g, ''));

/**
 * Dates ("22.06.2018", "2018-06-22", "3.4.22 10:20"), year ranges ("1999 – 2020") and time ranges
 * ("09.00 - 17.00"): digit runs a phone pattern would otherwise take. A day above 31 or a month above 12
 * ("01.42.68.53.00") is no date.
 */
function isDateOrRange(raw: string): boolean {
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})(?!\d)/.exec(raw);
  if (dmy && Number(dmy[1]) >= 1 && Number(dmy[1]) <= 31 && Number(dmy[2]) >= 1 && Number(dmy[2]) <= 12) {
    // "01.42.68.53.00" has more groups than a date; "22.06.2018" or "22.06.2018 10" has not.
    if (!/^\d{1,2}[./-]\d{1,2}[./-]\d{2}[./-]\d/.test(raw)) return true;
  }
  return (
    /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)/.test(raw) ||
    /^\d{4}\s*[-–]\s*\d{4}$/.test(raw) ||
    /^\d{1,2}[.:]\d{2}\s*[-–]\s*\d{1,2}[.:]\d{2}$/.test(raw)
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
