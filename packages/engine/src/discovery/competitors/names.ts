/**
 * Customer names as competitor pages write them: logo alt text and image file names, case-study titles and URL
 * slugs, testimonial attributions ("Sophie Laurent, gérante de la Boulangerie Laurent"), with job titles, badges
 * and seals told apart from companies.
 */
import { cleanName } from '../../normalize/name';
import { trimChars, trimEndChars, WHITESPACE } from '../../normalize/trim';

export const space = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Alt or link texts that name no one. */
const GENERIC_NAME =
  /^(?:logo|logos|image|img|icon|photo|picture|bild|banner|placeholder|customer|customers|client|clients|kunde|kunden|partner|partners|brand|company|website|webseite|homepage|visit|visit website|learn more|read more|mehr|mehr erfahren|weiterlesen|en savoir plus|here|hier|link|more|more stories|read the story|download|app store|google play|download on the app store|get it on google play|\d+)$/i;

/**
 * Names that are a rating, badge or seal, never a company: review sites' awards ("G2 Leader Spring 2025",
 * "Capterra Best Value"), security and privacy seals (SOC 2, ISO 27001, GDPR/DSGVO/RGPD, TÜV, PCI, HIPAA, NF525),
 * and the words such badges are made of.
 */
const BADGE_NAME =
  /\b(?:g2|capterra|getapp|software advice|trustpilot|trustradius|soc ?2|soc ?ii|iso ?\d{4,5}|gdpr|dsgvo|rgpd|hipaa|pci(?: dss)?|t[uü]v|nf ?\d{3}|ens|certified|certifi[eé]e?|certificado|zertifiziert|zertifikat|gepr[uü]ft|konform|compliant|cumple|award|winner|leader|high performer|best value|shortlist|category leaders?|top rated|rating|out of 5|stars|hosted in|h[eé]berg[eé]|gehostet|made in|label)\b/i;

/** Names of investors (funds, venture firms) — customers of no one's software. */
const INVESTOR_NAME =
  /\b(?:ventures?|venture capital|capital partners|growth equity|private equity|gr[uü]nderfonds|investments?|investors?|angel(?:s| investors)?|accelerator|y combinator|techstars)\b|\bcapital$/i;

/**
 * Words of a job title (a testimonial's "Jane Doe, Owner" names a person and a role, no company). Words that only
 * qualify a role ("General", "Office", "Sales") are left out: "General Electric" is a company.
 */
const ROLE_WORD =
  /^(?:owner|co-?owner|founder|co-?founder|ceo|cto|cfo|coo|cmo|president|vp|director|manager|head|lead|partner|principal|chair(?:man|woman)?|dentist|doctor|md|dds|dmd|consultant|officer|sommelier|chef|cook|barista|server|waiter|waitress|receptionist|hygienist|assistant|nurse|technician|therapist|physiotherapist|coordinator|administrator|admin|secretary|specialist|engineer|accountant|bookkeeper|dispatcher|estimator|supervisor|inhaber(?:in)?|gesch[aä]ftsf[uü]hrer(?:in)?|gesch[aä]ftsf[uü]hrung|vorstand|gr[uü]nder(?:in)?|directeur|directrice|g[eé]rante?|fondat(?:eur|rice)|responsable|propri[eé]taire|serveu(?:r|se)|cuisinier|cuisini[eè]re|r[eé]ceptionniste|secr[eé]taire|due[ñn][oa]|gerente|fundador(?:a)?|director(?:a)?|propietari[oa]|recepcionista|camarer[oa]|secretaria|podólog[oa]|fisioterapeuta|odont[oó]log[oa]|dentista|titolare|eigenaar)$/i;
/** German role nouns are compounds: "Praxismanagerin", "Fachangestellte", "Facharzt", "Bürokauffrau". */
const ROLE_ENDING =
  /(?:manager(?:in)?|leiter(?:in)?|angestellter?|angestellten|assistent(?:in)?|helfer(?:in)?|therapeut(?:in)?|arzt|[aä]rztin|meister(?:in)?|mitarbeiter(?:in)?|inhaber(?:in)?|f[uü]hrer(?:in)?|referent(?:in)?|berater(?:in)?|kauffrau|kaufmann|techniker(?:in)?)$/i;

/** A part of an attribution that is a role, not a company: "Owner", "Head Sommelier", "serveur", "Medizinische Fachangestellte". */
function isRole(part: string): boolean {
  const text = trimEndChars(space(part), '.:');
  if (!text) return true;
  // French and Spanish write roles in lower case; companies are capitalised.
  if (/^\p{Ll}/u.test(text)) return true;
  const words = text.split(/[\s/&]+/).filter(Boolean);
  return words.some((word) => ROLE_WORD.test(word) || ROLE_ENDING.test(word));
}

/** A name that is a badge, seal, rating or investor rather than a customer. */
export function isBadgeOrInvestor(name: string): boolean {
  return BADGE_NAME.test(name) || INVESTOR_NAME.test(name);
}

/** A name from alt text, a title or a link: "Bright Smile Dental logo" → "Bright Smile Dental"; null for noise. */
export function cleanCustomerName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let text = trimChars(space(raw), `${WHITESPACE}"'„“”«»‚‘’—–-`, `${WHITESPACE}"'„“”«»‚‘’.,;:|`)
    .replace(/^(?:logo(?:type)?|logotipo)\s*(?:of|von|de|du|:|-|–)?\s+/i, '')
    .replace(/\s*(?:[-–|:]\s*)?\b(?:logo(?:type)?|logotipo|wordmark|icon)\b\s*$/i, '')
    .trim();
  text = cleanName(text) ?? '';
  if (text.length < 2 || text.length > 80 || text.split(' ').length > 8) return null;
  if (GENERIC_NAME.test(text) || /^https?:|www\.|@/i.test(text) || !/\p{L}/u.test(text)) return null;
  return text;
}

/** "How Riverside Family Dentistry cut no-shows by 38%" → "Riverside Family Dentistry"; "Acme: …" → "Acme". */
const MAX_TITLE_CHARS = 500;

export function companyFromTitle(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // "… | Vendor", "… — Vendor": the page title's site name goes. A title is read up to 500 characters (what its
  // patterns run on stays bounded; src/redos.test.ts).
  const title = space(raw)
    .slice(0, MAX_TITLE_CHARS)
    .split(/\s+[|·—]\s+/)[0]
    ?.trim();
  if (!title) return null;
  // "Wie die Zahnarztpraxis am Dom …", "Comment la Fromagerie Dupont …": a lower-case article is not the name's.
  const how =
    /^(?:[Hh]ow|[Ww]ie|[Cc]omment|[Cc][oó]mo|[Cc]ome|[Hh]oe)\s+(?:(?:die|der|das|la|le|les|el|los|las|il|lo|l['’])\s*)?(.+)$/.exec(
      title,
    );
  if (how?.[1]) {
    const run: string[] = [];
    for (const word of how[1].split(' ')) {
      if (
        /^[\p{Lu}\d&]/u.test(word) ||
        (run.length > 0 && /^(?:of|and|&|for|de|du|des|la|le|und|für|y|del|am|im|an|der|zum|zur)$/.test(word))
      )
        run.push(word);
      else break;
    }
    while (
      run.length > 0 &&
      /^(?:of|and|&|for|de|du|des|la|le|und|für|y|del|am|im|an|der|zum|zur)$/.test(run.at(-1) as string)
    )
      run.pop();
    const name = cleanCustomerName(run.join(' ').replace(/['’]s$/, ''));
    if (name) return name;
  }
  const lead = /^(.{2,60}?)\s*(?::|\s[–—-]\s)\s*\S/.exec(title);
  if (lead?.[1] && lead[1].split(' ').length <= 6) return cleanCustomerName(lead[1]);
  return leadingName(title);
}

/**
 * "Wheelhouse Cycles cut stock-outs by 40%", "Bäckerei Schäl spart zwei Stunden am Tag": the capitalised words
 * before the first lower-case one (the verb), when there are two or more of them and the title goes on.
 */
function leadingName(title: string): string | null {
  const words = title.split(' ');
  const run: string[] = [];
  for (const word of words) {
    if (/^[\p{Lu}\d&]/u.test(word) || (run.length > 0 && CONNECTOR.test(word))) run.push(word);
    else break;
  }
  while (run.length > 0 && CONNECTOR.test(run.at(-1) as string)) run.pop();
  if (run.length < 2 || run.length > 6 || words.length < run.length + 2) return null;
  return cleanCustomerName(run.join(' '));
}

const CONNECTOR = /^(?:of|and|&|for|de|du|des|la|le|und|für|y|del|am|im|an|der|zum|zur|van|den|het|di)$/;

export function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const titleCase = (words: string[]) =>
  words.map((w) => (/^\p{Lu}/u.test(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');

/** Words of a URL slug as a name ("summit-endodontics" → "Summit Endodontics"). */
export function nameFromSlug(pathname: string): string | null {
  const slug = decodeSafe(pathname.split('/').filter(Boolean).at(-1) ?? '').replace(
    /\.(?:html?|php|aspx?)$/i,
    '',
  );
  const words = slug.split(/[-_+\s]+/).filter((w) => w && !/^\d+$/.test(w));
  if (words.length === 0 || words.length > 6) return null;
  return cleanCustomerName(titleCase(words));
}

const IMAGE_FILE = /\.(?:png|jpe?g|gif|svg|webp|avif)$/i;

/** Words of an image file name that are no part of the name: sizes, versions, colours, "logo". */
const FILE_NOISE =
  /^(?:logo|logos|logotype|logotipo|color|colour|colored|white|black|dark|light|mono|grey|gray|transparent|final|new|web|small|large|retina|icon|img|image|\d+x\d*|@?\d+x|v\d+|\d{1,4}|[0-9a-f]{6,}|scaled|min|copy)$/i;

/**
 * The name an image file gives a logo whose alt text is empty: "6401b7c30a_Logo_Casa_Verde.svg" → "Casa Verde",
 * "Lone%20Star%20Plumbing%20%26%20Heating%20Logo.png" → "Lone Star Plumbing & Heating"; null when nothing
 * readable is left ("img-0042.png", a hash).
 */
export function nameFromImageFile(src: string | undefined): string | null {
  if (!src) return null;
  let file: string;
  try {
    const url = new URL(src, 'http://x/');
    // An image proxy ("/_next/image?url=%2Fimages%2Fhouse-of-threads.png&w=256") names the file in its query.
    const proxied = [...url.searchParams.values()].find((value) =>
      IMAGE_FILE.test(value.split('?')[0] ?? ''),
    );
    const path = IMAGE_FILE.test(url.pathname) || !proxied ? url.pathname : new URL(proxied, url).pathname;
    file = path.split('/').at(-1) ?? '';
  } catch {
    return null;
  }
  const words = decodeSafe(file)
    .replace(/\.(?:png|jpe?g|gif|svg|webp|avif)$/i, '')
    .replace(/@\dx$/i, '')
    .split(/[\s_+.-]+/)
    .filter((word) => word !== '' && !FILE_NOISE.test(word));
  if (words.length === 0 || words.length > 6 || !words.some((w) => /\p{L}{3,}/u.test(w))) return null;
  // "soc-2-type-2.png", "iso-27001.png": a seal, read before its numbers are dropped as noise.
  if (isBadgeOrInvestor(decodeSafe(file).replace(/[_+.-]+/g, ' '))) return null;
  return cleanCustomerName(titleCase(words));
}

/** A role and the company it is held at: "gérante de la Boulangerie Laurent", "propietaria de Clínica Sonrisa". */
const ROLE_AT =
  /^(.{2,60}?)\s+(?:at|@|of|for|with|bei|von|vom|der|im|chez|de la|de l['’]|du|des|de|del|en|di|della|presso|van|bij)\s+(.+)$/i;

/** The attribution of a quote: "— Dr. Sarah Lin, Owner, Northgate Dental Care" → its company. */
export function companyFromAttribution(raw: string): string | null {
  const text = space(raw).replace(/^[\s—–―-]+/, '');
  // A review site's reviewer ("Verified User in Retail · Small-Business (50 or fewer emp.)") names no company.
  if (!text || ANONYMOUS.test(text)) return null;
  const at = text.split(/\s+(?:at|@|bei|chez|from|von der|vom)\s+/i);
  if (at.length > 1) return companyIn(at.at(-1) as string);
  const parts = text.split(/\s*[,|·]\s*|\s+[—–-]\s+/).filter(Boolean);
  // The person comes first; the company is the first part after it that is not a role (a place may follow).
  for (const part of parts.slice(1)) {
    const roleAt = ROLE_AT.exec(part);
    if (roleAt?.[1] && roleAt[2] && isRole(roleAt[1])) return companyIn(roleAt[2]);
    if (!isRole(part)) return companyIn(part);
  }
  return null;
}

function companyIn(text: string): string | null {
  const name = cleanCustomerName(text.split(/\s*[,|·]\s*|\s+[—–-]\s+/)[0]);
  return name && !isRole(name) && !COMPANY_SIZE.test(name) ? name : null;
}

const ANONYMOUS =
  /^(?:verified (?:user|reviewer|customer|buyer)|anonymous|anonym|anonyme|an[oó]nimo|user in|reviewer in)\b/i;
/** A company's size, not its name: "Small-Business (50 or fewer emp.)", "Mid-Market", "51-200 employees". */
const COMPANY_SIZE =
  /\b(?:emp\.|employees|mitarbeiter|salari[eé]s|empleados|small[- ]business|mid[- ]market|enterprise \(|\d+\s*-\s*\d+ (?:emp|employees))/i;
