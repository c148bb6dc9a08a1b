import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces } from '../../normalize/text';
import { trimEndChars } from '../../normalize/trim';
import { pageText } from './page-text';

/** Street words glued to the name ("Reuterstr.", "Gold-Zack-Str.", "Kleinthalhof", "Keizersgracht"), either case. */
// biome-ignore format: a word list reads better compact
const GLUED = ['straße', 'strasse', 'str\\.', 'weg', 'platz', 'gasse', 'allee', 'ring', 'damm', 'ufer', 'markt',
  'chaussee', 'steig', 'pfad', 'zeile', 'graben', 'berg', 'feld', 'stieg', 'hof', 'kamp', 'wall', 'tor', 'brücke',
  'straat', 'laan', 'gracht', 'plein', 'kade', 'singel', 'dijk', 'steeg', 'veien', 'vei', 'gata', 'gatan', 'vej'];
const STREET_TYPES = `(?:${GLUED.map((w) => `[${w[0]}${w[0]?.toUpperCase()}]${w.slice(1)}`).join('|')})`;
const SEPARATE_STREET_TYPES = String.raw`(?:Straße|Strasse|Str\.|Weg|Platz|Gasse|Allee|Ring|Damm|Hof|Ufer|Markt|Chaussee|Steig)`;
// A word before the street name is at most 42 letters: unbounded, a page of one long capitalised word took time
// growing with its square at every position.
const STREET_PREFIX = String.raw`(?:(?:Am|An|Auf|Im|In|Zum|Zur|Unter|Hinter|Vor|Alte[rsn]?|Neue[rsn]?|Große[rn]?|Kleine[rn]?|Obere[rn]?|Untere[rn]?|[\p{Lu}][\p{L}-]{1,40}(?:er|sche[rn]?)) +(?:der +|dem +|den +)?)?`;
/**
 * A house number, with up to three more parts: a range or a second number ("16-8", "28/30") and Austria's
 * staircase and door ("42/5/3", "3-7/1/1b"); then Belgium's letter box ("7/bus 2", "12 bte 3").
 */
const HOUSE = String.raw`\d{1,4} ?[a-zA-Z]?(?: ?[-–/] ?\d{1,4}[a-z]?){0,3}(?: ?/? ?(?:bus|bte) \d{1,4}[a-zA-Z]?)?`;
const CITY = String.raw`[\p{Lu}][\p{L}-]{1,40}\.?(?:[ /-](?:im|am|an|der|bei|in|ob|a\.|i\.|\(|[\p{Lu}])[\p{L}.()-]{0,40}){0,3}`;
/** "Gold-Zack-Str. 9, 40822 Mettmann", "Keizersgracht 123, 1015 CJ Amsterdam", "Vorwerks Hof 9, 32130 Enger". */
const EU_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])(${STREET_PREFIX}(?:[\p{Lu}][\p{L}'.-]{0,40}${STREET_TYPES}|[\p{Lu}][\p{L}'-]{0,40} ${SEPARATE_STREET_TYPES}) +${HOUSE})\s*,?\s+((?:[A-Z]{1,2}[-‑ ])?\d{4,5})\s+(${CITY})`,
  'gu',
);
/** "Oberortl Juval 2, I-39020 Kastelbell-Tschars": any street, but with a country-prefixed postal code. */
const PREFIXED_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])((?:[\p{Lu}][\p{L}'.-]{1,40} ){1,3}${HOUSE})\s*,?\s+((?:[A-Z]{1,2})-\d{4,5})\s+(${CITY})`,
  'gu',
);
/**
 * In a block that also gives a phone or email: any street ("Eckleinjarten 6 * 27580 Bremerhaven"). Its words are
 * bounded (60 characters, longer than any street's): unbounded, a block of "A.A.A.…" made every word start scan the
 * rest of the run again, quadratic in the block (165 ms at 10,000 characters, redos.test.ts).
 */
const CONTACT_BLOCK_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])((?:[\p{Lu}][\p{L}'.-]{1,60} ){0,2}[\p{Lu}][\p{L}'.-]{1,60} ${HOUSE})\s*[,*|·•]?\s+([A-Z]{1,2}-\d{4,5}|\d{5})\s+(${CITY})`,
  'gu',
);
const CONTACT_BLOCK = /(?:tel|telefon|fon|phone|e-?mail)\b|@/i;
/**
 * "Dukdalf 16-8, 9202 BE Drachten", "It Spyk 11 / 9111 HT Burdaard": a Dutch postcode (four digits, two capitals)
 * after any street, which no other form of postcode has.
 */
const NL_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])((?:[\p{Lu}][\p{L}'.-]{1,40} ){0,2}[\p{Lu}][\p{L}'.-]{1,40} ${HOUSE})\s*,?\s+(\d{4} ?[A-Z]{2})(?![\p{L}])\s+(${CITY})`,
  'gu',
);
/** "1090 Wien, Marktgasse 3-7/1/1b": Austria's and Switzerland's postcode and town first, then a typed street. */
const TOWN_FIRST_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(\d{4})\s+([\p{Lu}][\p{L}-]{1,40}),\s+(${STREET_PREFIX}[\p{Lu}][\p{L}'.-]{0,40}${STREET_TYPES} +${HOUSE})`,
  'gu',
);
/**
 * "12 rue de la Paix, 75002 Paris" (street number first), with the building before it ("Tour Eqho, 6 avenue …",
 * "Maison Les Romney, 1 Impasse …") and an office after it ("59 rue de Ponthieu, Bureau 326, 75008 Paris").
 */
const FR_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\d])((?:(?:Tour|Immeuble|Bâtiment|Résidence|Maison)\s[\p{L}'’ -]{2,40}?,\s*)?\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|chemin|allée|impasse|quai|route|cours)\s[\p{L}' -]{2,40}?(?:,\s*(?:Bureau|Bâtiment|Bât\.|Étage|Appt\.?|BP|CS)\s?\d{1,5}[A-Z]?)?)\s*,?\s+(\d{5})\s+(${CITY})`,
  'giu',
);
/**
 * "Via Roma 12, 00184 Roma", "Strada Privata Ferrari, 28/30, 28060 San Pietro", "Loc. Cerrani snc, 66010 Pretoro"
 * (Italy's "senza numero civico"), "Calle Mayor 5, 28013 Madrid", "Route de Lausanne 12, 1110 Morges", "Rue de la Loi 16,
 * 1000 Bruxelles" (street type first, number after the name, as in Italy, Spain, Switzerland and Belgium).
 */
const SOUTH_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])((?:Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Strada|Loc\.|Località|Frazione|Fraz\.|Contrada|Calle|Avenida|Av\.|Plaza|Paseo|Carrer|Camino|Ronda|Rua|Route|Chemin|Ch\.|Rue|Avenue|Place|Boulevard|Quai|Ruelle|Impasse|Allée|Sentier)\s[\p{L}' .-]{2,40}?,?\s*(?:\d{1,4}[a-zA-Z]?(?:\/\d{1,4}[a-zA-Z]?)?|snc|s\.n\.c\.))\s*,?\s+((?:I-|E-|CH-|B-)?\d{4,5})\s+(${CITY})`,
  'gu',
);
/**
 * Colombia's grid addresses: street type and number, "#" or "No." and the cross street's number and distance
 * ("Cra 55#127d-35, Bogotá", "Tv. 93 # 51-98 Bodega 18, Bogotá", "Calle 10 No. 43-12, Medellín"), then the city.
 */
const CO_ADDRESS =
  /(?<![\p{L}\d])((?:Calle|Cl|Cll|Carrera|Cra|Kra|Kr|Cr|Avenida|Av|Transversal|Tv|Diagonal|Dg|Ak|Ac)\.?\s?\d{1,3}\s?[A-Za-z]?(?:\s?bis)?\s?(?:#|No\.?|N[°º]\.?)\s?\d{1,3}\s?[A-Za-z]?\s?[-–]\s?\d{1,3}(?:,?\s(?:Bodega|Local|Oficina|Of\.|Apto\.?|Apartamento|Piso|Torre|Interior|Int\.)\s?\d{1,4}[A-Za-z]?)?)\s*,?\s+([\p{Lu}][\p{L}]+(?:\s(?:D\.C\.|[\p{Lu}][\p{L}]+)){0,2})/gu;
/** "2400 W Chicago Ave, Chicago, IL 60622". The city's words are one space apart (see UK_ADDRESS). */
const US_ADDRESS =
  /(?<![\p{L}\d])(\d{1,6}\s(?:[NSEW]{1,2}\.?\s)?(?:[\p{L}0-9.'-]+\s){1,4}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Pkwy|Parkway|Ct|Court|Pl|Place|Hwy|Highway|Sq|Square|Ter|Terrace|ST|STREET|AVE|AVENUE|RD|ROAD|BLVD|DR|DRIVE|LN|LANE|WAY|PKWY|CT|PL|HWY|SQ)\.?(?:,?\s(?:Suite|Ste\.?|Unit|#)\s?[\w-]+)?),?\s([\p{Lu}][\p{L}.'-]*(?:\s[\p{Lu}][\p{L}.'-]*){0,2})\s?,?\s([A-Z]{2})\s(\d{5}(?:-\d{4})?)(?!\d)/gu;
/** The states' postal codes: "Miami FL 33166" is an address, "Model GT 50000" is not. */
// biome-ignore format: a code list
const US_STATES = new Set([
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'DC', 'PR',
]);
/**
 * "14 Market Street, Bristol BS1 1JQ" (a British postcode after the town), or the street, the town (and county) and
 * the postcode on lines of their own. The town's words are separated by one
 * space each: with the space optional, a long capitalised word could be split into words in many ways (ReDoS).
 */
const UK_ADDRESS =
  /(?<![\p{L}\d])(\d{1,4}[a-z]?\s(?:[\p{Lu}][\p{L}'-]+\s){1,3}(?:Street|St|Road|Rd|Lane|Avenue|Ave|Way|Close|Drive|Place|Square|Gardens|Terrace|Crescent|Court|Row|Hill|Parade|Walk|Mews|Yard|Grove|Green|Quay|Wharf)\.?)(?:,\s*|\n)([\p{Lu}][\p{L}'-]+(?:\s[\p{Lu}][\p{L}'-]+){0,2}),?\s+([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})(?![A-Z\d])/gu;
/** A province right after the town, ending its line: ", Chieti", ", Zaragoza". */
const PROVINCE = /^,\s?([\p{Lu}][\p{L}-]{2,30}(?: [\p{Lu}][\p{L}-]{2,30})?)(?=\s*(?:\n|$|[,.;|·]))/u;
/** A label before the street ("Adres It Spyk 11"): not part of the address. */
const ADDRESS_LABEL =
  /^(?:adres|adresse|address|anschrift|direcci(?:ó|o)n|indirizzo|endere(?:ç|c)o|bezoekadres|postadres)\s*:?\s+/i;
const CONTACT_WORDS =
  /^(?:tel|telefon|fon|fax|e-?mail|phone|mail|web|www|germany|deutschland|österreich|austria|schweiz|italia|italy)/i;

/**
 * Who else an imprint or contact page names with an address: the liability insurer, the professional chamber, the
 * supervisory authority, the host, the dispute board, the tax office, the web agency. An address under such a
 * label is theirs, not the business's. (`\p{L}+kammer` starts where a word starts: started inside a long word
 * too, it rescanned the word from every letter.)
 */
const THIRD_PARTY =
  /haftpflicht|versicherer|versicherung|insurer|insurance|indemnity|assureur|assurance|aseguradora|assicura|verzekeraar|kammer\b|(?<!\p{L})\p{L}+kammer|chamber|chambre des|chambre de|camera di commercio|kamer van koophandel|aufsicht|supervisory|regulat|authority|autorit[eé]|toezicht|h[ée]bergeur|h[ée]bergement|hosting|hoster|gehostet|hosted by|streitschlicht|schlichtungsstelle|streitbeilegung|dispute|ombudsman|m[ée]diat|geschillencommissie|datenschutzbeauftragte|data protection officer|finanzamt|kassen[äa]rztliche|bafin|bundesanstalt|landesamt|\bihk\b|\bhwk\b/iu;
/** A credit: "Webdesign: Agentur X", "Konzept & Umsetzung durch …", "Photos by …". */
const CREDIT =
  /(?:webdesign|web design|design|gestaltung|umsetzung|realisierung|realisation|r[ée]alisation|conception|programmierung|konzept(?:ion)?|bildnachweis|fotos?|photos?|credits)\s*(?::|&|\/|\bby\b|\bvon\b|\bdurch\b|\bpar\b)/i;
/** How far back a label reaches: a few lines, not past the heading of the section. */
const LABEL_LINES = 4;

/**
 * Postal addresses written on a page, in the order they stand: street + postcode + town in German, Dutch, Nordic,
 * French, Italian, Spanish, British and US forms. An address under a third party's label (insurer, chamber,
 * authority, host, dispute board, web agency) is left out; a line that names the business itself
 * (`ownNames`: "Versicherungsbüro Müller") is no such label.
 */
export function findAddresses(page: ParsedPage, ownNames: string[] = []): string[] {
  const { text, blocks } = pageText(page);
  const written = addressesWritten(page);
  if (written.length === 0) return [];
  const lineStarts: number[] = [];
  let offset = 0;
  for (const block of blocks) {
    lineStarts.push(offset);
    offset += block.text.length + 1;
  }
  const own = ownNames.map(squash).filter((n) => n.length >= 3);
  const isLabel = (line: string, isHeading: boolean) =>
    (THIRD_PARTY.test(line) &&
      (isHeading || /:/.test(line) || line.split(/\s+/).length <= 5) &&
      !own.some((n) => squash(line).includes(n))) ||
    CREDIT.test(line);
  const isThirdParty = (index: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && (lineStarts[line + 1] ?? 0) <= index) line++;
    // The address's own line up to the street ("Hosting: Strato AG, Pascalstraße 10 …"), then the lines above.
    if (isLabel(text.slice(lineStarts[line] ?? 0, index), false)) return true;
    for (let back = 1; back <= LABEL_LINES && line - back >= 0; back++) {
      const block = blocks[line - back];
      if (!block) break;
      const isHeading = /^h[1-6]$/.test(block.tag);
      if (isLabel(block.text, isHeading)) return true;
      if (isHeading) break;
    }
    return false;
  };
  const found = written.filter((f) => !isThirdParty(f.index));
  // "AG Düsseldorfer Str. 36, …" when "Düsseldorfer Str. 36, …" was found too: keep the shorter — unless the longer
  // one starts with its street type ("Calle de Emilio Baró 52" beside "Emilio Baró 52").
  const distinct = [...new Map(found.map((f) => [f.address.toLowerCase(), f])).values()];
  return distinct
    .filter(
      (a) =>
        a.isTyped ||
        !distinct.some((b) => b !== a && a.address.toLowerCase().endsWith(` ${b.address.toLowerCase()}`)),
    )
    .filter(
      (b) =>
        !distinct.some(
          (a) => a !== b && a.isTyped && a.address.toLowerCase().endsWith(` ${b.address.toLowerCase()}`),
        ),
    )
    .map((f) => f.address);
}

interface WrittenAddress {
  index: number;
  address: string;
  isTyped: boolean;
}

/** Every page's addresses as its text writes them, read once per page (contacts and the country hints both ask). */
const writtenCache = new WeakMap<ParsedPage, WrittenAddress[]>();

/**
 * Every address form matched in the page's text, in the order they stand, before the third-party filter. Every
 * form needs a postcode: the 4–5 digits of the European and US ones, or a British one ending in digit + two
 * letters; a text with neither is not searched (most text blocks hold no address).
 */
function addressesWritten(page: ParsedPage): WrittenAddress[] {
  const cached = writtenCache.get(page);
  if (cached) return cached;
  // Over the whole text: addresses are often split over lines (<br>) that are separate blocks.
  const { text } = pageText(page);
  const found: WrittenAddress[] = [];
  if (/\d{4}/.test(text)) {
    for (const pattern of [
      EU_ADDRESS,
      PREFIXED_ADDRESS,
      FR_ADDRESS,
      SOUTH_ADDRESS,
      CONTACT_BLOCK_ADDRESS,
      NL_ADDRESS,
    ]) {
      for (const m of text.matchAll(pattern)) {
        const index = m.index ?? 0;
        if (pattern === CONTACT_BLOCK_ADDRESS) {
          const around = text.slice(Math.max(0, index - 120), index + m[0].length + 120);
          if (!CONTACT_BLOCK.test(around)) continue;
        }
        const city = trimCity(m[3] ?? '');
        // Italy and Spain write the province after the town ("66010 Pretoro, Chieti", "50800 Zuera, Zaragoza").
        const province =
          pattern === SOUTH_ADDRESS && city === m[3]
            ? PROVINCE.exec(text.slice(index + m[0].length, index + m[0].length + 40))?.[1]
            : undefined;
        if (m[1] && m[2] && city && !CONTACT_WORDS.test(m[1]))
          found.push({
            index,
            address: `${collapseSpaces(m[1]).replace(ADDRESS_LABEL, '')}, ${m[2]} ${city}${province && !CONTACT_WORDS.test(province) ? `, ${province}` : ''}`,
            isTyped: pattern === FR_ADDRESS || pattern === SOUTH_ADDRESS,
          });
      }
    }
    for (const m of text.matchAll(TOWN_FIRST_ADDRESS)) {
      if (m[1] && m[2] && m[3])
        found.push({
          index: m.index ?? 0,
          address: `${collapseSpaces(m[3])}, ${m[1]} ${m[2]}`,
          isTyped: false,
        });
    }
    for (const m of text.matchAll(US_ADDRESS)) {
      if (m[1] && m[2] && m[3] && m[4] && US_STATES.has(m[3]))
        found.push({
          index: m.index ?? 0,
          address: `${collapseSpaces(m[1])}, ${collapseSpaces(m[2])}, ${m[3]} ${m[4]}`,
          isTyped: false,
        });
    }
  }
  if (/[#°º]|No\./.test(text)) {
    for (const m of text.matchAll(CO_ADDRESS)) {
      const city = trimCity(m[2] ?? '');
      if (m[1] && city)
        found.push({ index: m.index ?? 0, address: `${collapseSpaces(m[1])}, ${city}`, isTyped: true });
    }
  }
  if (/\d[A-Z]{2}/.test(text)) {
    for (const m of text.matchAll(UK_ADDRESS)) {
      if (m[1] && m[2] && m[3])
        found.push({
          index: m.index ?? 0,
          address: `${collapseSpaces(m[1])}, ${collapseSpaces(m[2])} ${m[3]}`,
          isTyped: false,
        });
    }
    found.push(...ukLinesBefore(text, found));
  }
  found.push(...mapLinkAddresses(page, text));
  found.sort((a, b) => a.index - b.index);
  writtenCache.set(page, found);
  return found;
}

/** Links that open a map of a place. */
const MAP_LINK =
  /^https?:\/\/(?:(?:www\.|maps\.)?google\.[a-z.]{2,6}\/maps|goo\.gl\/maps|maps\.app\.goo\.gl|maps\.apple\.com|(?:www\.)?openstreetmap\.org|(?:www\.)?bing\.com\/maps)/i;
/** A link's text that reads as a place: words, a number, no address of mail, not a phone number. */
const isPlaceText = (text: string) =>
  text.length >= 8 &&
  text.length <= 160 &&
  /\d/.test(text) &&
  (text.match(/[\p{Lu}][\p{L}'’.-]{2,}/gu) ?? []).length >= 2 &&
  !/@|https?:|www\./i.test(text) &&
  (text.match(/\d/g) ?? []).length <= text.length / 3;

/**
 * The text of a link to a map ("<a href="https://goo.gl/maps/…">Av. Pedro Parra Centeno 110 <span>Tlajomulco de
 * Zúñiga, Jalisco</span></a>"): the business wrote its own address there, in any country's form and without a
 * postcode where its country has none in use.
 */
function mapLinkAddresses(page: ParsedPage, text: string): WrittenAddress[] {
  const found: WrittenAddress[] = [];
  page.$('a[href]').each((_, a) => {
    if (!MAP_LINK.test(page.$(a).attr('href') ?? '')) return;
    const pieces = page
      .$(a)
      .find('*')
      .addBack()
      .contents()
      .toArray()
      .filter((node) => node.type === 'text')
      .map((node) => collapseSpaces((node as unknown as { data: string }).data))
      .filter((piece) => /[\p{L}\d]/u.test(piece));
    const address = pieces.join(', ').replace(/,\s*,/g, ',');
    if (!isPlaceText(address)) return;
    const index = text.indexOf(pieces[0] as string);
    if (index >= 0) found.push({ index, address, isTyped: true });
  });
  return found;
}

/** A British postcode, the anchor of an address written over lines or commas without a house number. */
const UK_POSTCODE = /(?<![A-Za-z\d])([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})(?![A-Za-z\d])/g;
/** One line of a British address: a few words, no label, no sentence. */
const UK_PART = /^[\p{Lu}\d][\p{L}\d'’.&-]*(?: [\p{L}\d'’.&()-]+){0,5}$/u;
/** The line that starts an address: a number, a unit, or a road or building ("Stroudley Road", "The Old Mill"). */
const UK_START =
  /^(?:\d|(?:Unit|Suite|Flat|Floor|Office|Studio|Store Room)\b)|\b(?:Street|St|Road|Rd|Lane|Ln|Avenue|Ave|Way|Close|Drive|Place|Square|Gardens|Terrace|Crescent|Court|Row|Hill|Parade|Walk|Mews|Yard|Grove|Green|Quay|Wharf|Centre|Park|Estate|House|Mill|Farm|Hall|Works)\b/;
/** The start of an address inside a sentence: "Our registered address is Unit 28 Basepoint …". */
const UK_START_IN_SENTENCE =
  /\b(?:(?:Unit|Suite|Flat|Office|Studio) \d{1,4}[A-Za-z]?|\d{1,4}[a-z]?)(?: [\p{Lu}][\p{L}'’.-]*){1,5}$/u;
/** Lines a British address is written over before its postcode (town, county, road, building, unit). */
const UK_MAX_PARTS = 6;

/**
 * British addresses written line by line or comma by comma up to the postcode, with or without a house number
 * ("Unit 58, Rowfant Business Centre / Wallage Lane / Rowfant / West Sussex / RH10 4NQ", "Store Room, The Old
 * Mill, Kinoulton Rd, Cropwell Bishop, Nottingham NG12 3BE"): from the line that starts one to the postcode. A
 * postcode `already` read with its street is not read again.
 */
function ukLinesBefore(text: string, already: WrittenAddress[]): WrittenAddress[] {
  const found: WrittenAddress[] = [];
  for (const m of text.matchAll(UK_POSTCODE)) {
    const at = m.index ?? 0;
    if (already.some((a) => a.address.endsWith(` ${m[1]}`))) continue;
    const before = text.slice(Math.max(0, at - 300), at);
    const pieces = before
      .split(/[,\n]/)
      .map((p) => collapseSpaces(p))
      .filter((p) => p !== '');
    const parts: string[] = [];
    while (pieces.length && parts.length < UK_MAX_PARTS) {
      const piece = pieces.pop() as string;
      if (UK_PART.test(piece) && piece.length <= 60 && !CONTACT_WORDS.test(piece)) {
        parts.unshift(piece);
        continue;
      }
      const tail = UK_START_IN_SENTENCE.exec(piece)?.[0];
      if (tail) parts.unshift(tail);
      break;
    }
    const start = parts.findIndex((part) => UK_START.test(part));
    if (start < 0 || parts.length - start < 2) continue;
    const lines = parts.slice(start);
    const offset = before.lastIndexOf(lines[0] as string);
    found.push({
      index: at - before.length + Math.max(0, offset),
      address: `${lines.join(', ')} ${m[1]}`,
      isTyped: false,
    });
  }
  return found;
}

const squash = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/([aou])e/g, '$1')
    .replace(/[^a-z0-9]+/g, '');

function trimCity(city: string): string {
  const words = city.split(/\s+/);
  const kept: string[] = [];
  for (const word of words) {
    if (CONTACT_WORDS.test(word)) break;
    kept.push(word);
  }
  return trimEndChars(kept.join(' '), ',.;:');
}
