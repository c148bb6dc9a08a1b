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
/**
 * An authority an imprint or privacy notice names with its own address and number: the supervisory or data
 * protection authority, a court, a professional chamber. Its number is not the business's.
 */
export const AUTHORITY =
  /aufsichtsbeh(?:ö|oe)rde|datenschutzbeh(?:ö|oe)rde|beauftragte[rn]?\s+f(?:ü|ue)r\s+(?:den\s+)?datenschutz|supervisory\s+authority|information\s+commissioner|data\s+protection\s+(?:authority|commission)|landgericht|amtsgericht|oberlandesgericht|notarkammer|rechtsanwaltskammer|steuerberaterkammer|(?:handwerks|ärzte|zahnärzte|architekten|ingenieur)kammer|industrie-\s+und\s+handelskammer|chamber\s+of\s+commerce|garante\s+per\s+la\s+protezione|\bcnil\b|agencia\s+espa(?:ñ|n)ola\s+de\s+protecci(?:ó|o)n|autoriteit\s+persoonsgegevens|autorit(?:é|e)\s+de\s+(?:contr(?:ô|o)le|protection)/i;
/** Blocks after an authority's name that still give its address and number ("Postfach …", "Telefon: …"). */
const AUTHORITY_BLOCKS = 4;

/**
 * National formats written without a label that are still clearly phone numbers: a trunk 0 ("0345 122 99 84"),
 * North America's "(469) 287-2159" and Mexico's and Brazil's two-digit area code "(33) 3798-1526".
 */
const NATIONAL_FORMAT =
  /^0\d{1,5}\s*[\s/-]\s*\d|^\(0\d{2,5}\)\s*\d|^\(\d{3}\)\s?\d{3}[\s.-]\d{4}$|^\d{3}[.-]\d{3}[.-]\d{4}$|^\(\d{2}\)\s?\d{4}[\s.-]\d{4}$/;

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
  // Numbers the page labels as a fax, and those it labels as a phone: a fax is left out even where a template
  // links it with tel:, unless the page also gives it as a phone ("Tel./Fax: …").
  const faxes = new Set<string>();
  const labelledPhones = new Set<string>();
  const keyOf = (raw: string) => {
    const phone = readPhone(raw, countries);
    return phone ? phoneKey(phone) : null;
  };
  const add = (raw: string, how: FoundPhone['how'], inArticleBody: boolean) => {
    const phone = readPhone(raw, countries);
    if (!phone || isPlaceholder(phone)) return;
    const key = phoneKey(phone);
    const known = found.get(key);
    if (!known) found.set(key, { phone, source_url: page.url, how, inArticleBody });
    else if (!inArticleBody) known.inArticleBody = false;
  };
  const $ = page.$;
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    if (!/^\s*(?:tel|callto|fax):/i.test(href)) return;
    const number = safeDecode(href);
    const label = `${$(el).attr('title') ?? ''} ${$(el).attr('aria-label') ?? ''} ${$(el).text()}`;
    const parent = $(el).parent().text();
    const before = parent.slice(0, Math.max(0, parent.indexOf($(el).text()))).slice(-45);
    if (/^\s*fax:/i.test(href) || /\b(?:fax|telefax)\b/i.test(label) || isFaxLabel(before)) {
      const key = keyOf(number);
      if (key) faxes.add(key);
      return;
    }
    add(number, 'tel', isInArticleBody(page, el));
  });
  // A WhatsApp chat link carries the business's number in international form, without its "+".
  $('a[href*="wa.me/" i], a[href*="whatsapp.com/send" i], a[href^="whatsapp:" i]').each((_, el) => {
    const digits = WHATSAPP_NUMBER.exec($(el).attr('href') ?? '')?.[1];
    if (digits) add(`+${digits}`, 'tel', isInArticleBody(page, el));
  });
  const blocks = pageText(page).blocks;
  let authorityUntil = -1;
  for (const [at, block] of blocks.entries()) {
    if (AUTHORITY.test(block.text)) authorityUntil = at + AUTHORITY_BLOCKS - 1;
    else if (/^h[1-6]$/.test(block.tag)) authorityUntil = -1;
    for (const match of block.text.matchAll(NUMBER)) {
      const raw = match[0].trim();
      const index = match.index ?? 0;
      const before = block.text.slice(Math.max(0, index - 45), index);
      // The authority's own number, not the business's: it is neither a phone nor a fax of this page.
      if (at <= authorityUntil) continue;
      // A digit or letter glued to the front means the run is part of something else ("HRB12345", "A1-234").
      if (/[\p{L}\d]$/u.test(before) || isDateOrRange(raw)) continue;
      const digits = raw.replace(/\D/g, '');
      if (digits.length < 6 || digits.length > 15) continue;
      if (isFaxLabel(before)) {
        const key = keyOf(raw);
        if (key) faxes.add(key);
        continue;
      }
      const isLabelled = PHONE_LABEL.test(before) || PHONE_AND_FAX.test(before);
      if (isLabelled) {
        const key = keyOf(raw);
        if (key) labelledPhones.add(key);
      }
      if (!isLabelled && OTHER_NUMBER_LABEL.test(before)) continue;
      const isInternational = /^(?:\+|00[1-9])/.test(raw);
      if (!isLabelled && !isInternational && !NATIONAL_FORMAT.test(raw)) continue;
      add(raw, 'text', block.isArticle && !block.isChrome);
    }
  }
  return [...found.entries()]
    .filter(([key]) => !faxes.has(key) || labelledPhones.has(key))
    .map(([, phone]) => phone);
}

/** The number of a WhatsApp link: "https://wa.me/34615983352", "…/send?phone=13058492066". */
const WHATSAPP_NUMBER = /(?:wa\.me\/|[?&]phone=)\+?(\d{8,15})(?!\d)/i;

/** "Tel./Fax:", "Telefon & Fax": one number for both, so a phone. */
// A word between the two needs spaces around it: "Telefax" is one word, not "Tel" + "e" + "fax".
const PHONE_AND_FAX =
  /\b(?:tel|telefon|phone|tél)\.?\s*(?:\/|&|\+|\s(?:und|and|et|y|e)\s)\s*(?:tele)?fax\.?\s*[:.]?\s*$/i;
const isFaxLabel = (before: string) => FAX_LABEL.test(before) && !PHONE_AND_FAX.test(before);

/**
 * A site template's sample number, not the business's: eight or more digits counting up or down
 * ("+1 234 567 8910", "0123 456789", "98765432"), or one digit seven times or more ("0000000"). Seven counting
 * up ("079 123 45 67") is still a real number now and then.
 */
function isPlaceholder(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  let up = 1;
  let down = 1;
  let same = 1;
  for (let i = 1; i < digits.length; i++) {
    const step = Number(digits[i]) - Number(digits[i - 1]);
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    same = step === 0 ? same + 1 : 1;
    if (up >= 8 || down >= 8 || same >= 7) return true;
  }
  return false;
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
    // "2024-05-17", not "0473/35-63-39" (a Belgian mobile: no year starts with 0, no month is 35).
    /^(?:19|20)\d{2}[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])(?!\d)/.test(raw) ||
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
