import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces, foldText } from '../../normalize/text';
import { trimEndChars, WHITESPACE } from '../../normalize/trim';
import { singlePosting } from '../careers/posting';
import { siteIdentity } from './industry-evidence';
import { pageKind } from './page-kind';
import { mainBlocks, pageHead, pageText, type TextBlock } from './page-text';
import type { StructuredFacts } from './structured-data';

const MAX_SUMMARY_CHARS = 480;
/** Cookie and consent notes, legal boilerplate, shop furniture: nothing a business is described by. */
export const BOILERPLATE =
  /cookie|datenschutz|privacy|javascript|browser|newsletter|copyright|©|alle rechte|all rights|impressum|warenkorb|login|anmelden|passwort|haftung|liability|urheberrecht|gem[aä]ß|§|\btmg\b|disclaimer|streitschlichtung|schlichtungsstelle|dispute resolution|terms of (?:use|service)|nutzungsbedingungen|widerruf/i;
/** Newsletter sign-ups and consent lines, which name the business too ("Melde dich an für hejfish Rabatte"). */
const NOT_A_DESCRIPTION =
  /\bmeld(?:e|et|en)\s+(?:dich|euch|sie sich)\b|sign up|subscribe|abonnier|registrier|inscri|suscr|erkl[aä]ren sie sich|einverstanden|you agree|by using|en utilisant/i;
/** "Wir bieten …", "We help …", "Nous proposons …": the business speaking about what it does. */
/** A sentence with the business as its subject: "Our intelligent search engine makes …". */
const OUR_SENTENCE = /(?:^|[.!?]\s+)(?:our|unser(?:e)?|notre|nos|onze|vores|v[aå]r)\s+\p{L}+/iu;
const WE_DO =
  /\b(?:bieten|gestalten|pflegen|planen|bauen|liefern|verkaufen|beraten|betreuen|entwickeln|fertigen|produzieren|vermitteln|begleiten|sind)\s+(?:und\s+\p{L}+\s+)?wir\b|\b(?:wir|we|nous|wij|noi|vi)\s+(?:sind|bieten|helfen|beraten|entwickeln|planen|bauen|liefern|verkaufen|vermitteln|produzieren|fertigen|gestalten|unterst[uü]tzen|betreuen|machen|gehören|begleiten|are|offer|help|provide|build|make|design|develop|sell|deliver|create|speciali[sz]e|support|serve|sommes|proposons|offrons|aidons|accompagnons|concevons|r[ée]alisons|fabriquons|posons|installons|cr[ée]ons|vendons|livrons|zijn|bieden|helpen|maken|siamo|offriamo|er|tilbyr|hjelper)\b|\b(?:unser(?:e|em|en)?|our|notre|nos|onze)\s+(?:team|angebot|leistung|service|sortiment|praxis|kanzlei|shop|unternehmen|agentur|produkte|products|services|company|practice|agency|firm|offre|équipe|aanbod|atelier|entreprise|boutique|magasin|cabinet|maison|bureau|werkstatt|betrieb|büro|laden|studio|store|shop|salon)/iu;
/** The reader addressed with an offer: "Beim Englischtraining üben Sie …", "Find patients … the information you need". */
const OFFER =
  '(?:biete|angebot|leistung|service|beratung|entdecken|buchen|bestellen|kaufen|mieten|erhalten|profitier|offer|book|order|buy|discover|d[ée]couvr|r[ée]serv|commande|devis|presupuesto|preventivo|offerte|training|kurs|course)';
const YOU = String.raw`\b(?:sie|ihr|ihre|ihren|ihnen|you|your|vous|votre|vos|du|dich|dein|deine|usted|jij)\b`;
// No `\w*` after the offer word: with `[^.!?]{0,180}` behind it, the two split a long word in every way (ReDoS).
const YOU_GET = new RegExp(`${YOU}[^.!?]{0,160}${OFFER}|${OFFER}[^.!?]{0,180}${YOU}`, 'i');
/** "X ist Ihr Partner für …", "… is your specialist for …": a business introducing itself to a customer. */
/**
 * German capitalises nouns: "Fellnase ist Ihr Zoofachhandel", "Flüssiggas.de von PRIMAGAS ist Ihre fundierte
 * Wissensplattform" — a name (capitalised words) as the subject, not "Das ist Ihre Garantie" or "In diesem Fall ist
 * Ihr gewünschter Reisezeitraum …" (case kept).
 */
const IS_YOUR_DE =
  /(?:^|[.!?:]\s+)(?!(?:Das|Dies|Diese[rs]?|Es|Er|Sie|Hier|Dort|Damit|Dann|Jetzt|Heute|Nur|So|Was|Wer|Wo|Wie|Welche[rs]?|In|Im|Auf|Bei|Mit|Für|Zu|Nach)\s)(?:(?:\p{Lu}[\p{L}\d.&'’-]*|von|van|de|der|und|&)\s+){1,5}(?:ist|sind)\s+(?:Ihr|Ihre|Dein|Deine|dein|deine)\s+(?:[\p{Ll}-]+\s+){0,2}\p{Lu}/u;
const IS_YOUR =
  /\b(?:is|are|est|sont|es|è|zijn|er)\s+(?:your|votre|su|tu|il vostro|la vostra|uw|din)\b[^.!?]{0,80}?(?:partner|specialist|provider|agency|platform|(?<!work)shop|store|studio|firm|maker|manufacturer|practice|sp[ée]cialiste|agence|empresa|azienda|bedrijf|makelaar|winkel)/i;
/** A verb after the business's name: "LVCC ist Ihr Partner für …", "Flüssiggas.de von PRIMAGAS ist …", "X – Partner für …". */
const NAME_THEN_VERB =
  /^[^.!?]{0,40}?\s*(?:ist|sind|is|are|bietet|offers|provides|helps|hilft|est|propose|offre|ofrece|biedt|è|tilbyr|was founded|wurde|[-–|:]\s*(?:ihr|your|votre|der|die|the)?\s*(?:partner|spezialist|specialist|experte|expert))\b/i;

/**
 * The built-in summary, in the site's own words, taken only from what describes the business: schema.org's
 * description, the meta description of the home and about pages, a self-description in the page furniture (a
 * footer's "LVCC ist Ihr Partner für …"), then that of other pages of the business's own (a service page);
 * followed by the first paragraph of real prose of the home or about page. Never from a blog post, a product's
 * page or a legal page: a post's description is about its topic, a product's about the product, an imprint's
 * about liability. At most three sentences and 480 characters; null when no page describes the business.
 */
export function extractSummary(pages: ParsedPage[], structured: StructuredFacts): string | null {
  const ordered = [...pages].sort((a, b) => rolePriority(a) - rolePriority(b));
  // A careers page describes a job, not the business; so does a job ad, whatever page it is (a site's start page).
  const own = ordered.filter((p) => pageKind(p) === 'business' && p.role !== 'careers' && !isJobAd(p));
  const isHome = (p: ParsedPage) => p.role === 'home' || p.role === 'about';
  const names = siteIdentity(pages, structured).brands;

  const orgDescription =
    typeof structured.organization?.description === 'string'
      ? collapseSpaces(structured.organization.description)
      : null;
  const descriptionOf = (page: ParsedPage) => {
    const description = pageHead(page).description;
    if (!description || !isDescription(description)) return null;
    // The home page's description is the business's; another page's only when it speaks of the business.
    return isHome(page) || describesBusiness(description, names, true) ? description : null;
  };
  const lead =
    (orgDescription && orgDescription.length >= 40 && !BOILERPLATE.test(orgDescription)
      ? orgDescription
      : null) ??
    firstOf(own.filter(isHome), descriptionOf) ??
    selfDescription(pages, names) ??
    firstOf(
      own.filter((p) => !isHome(p)),
      descriptionOf,
    );
  // Prose of the home or about page; of another page of the business's own, only prose about the business.
  const paragraph = own
    .flatMap((p) => proseBlocks(p).map((block) => ({ block, isHome: isHome(p) })))
    .find(
      ({ block, isHome }) =>
        PROSE_TAGS.has(block.tag) &&
        isProse(block.text) &&
        block.text !== lead &&
        // A quoted review or testimonial speaks for a customer, not for the business.
        !/^["„“«»‚']/.test(block.text) &&
        // A post's teaser speaks of the post's topic (a recipe on a trainer's start page), unless of the business.
        ((isHome && !block.isTeaser) || describesBusiness(block.text, names, false)),
    )?.block;
  // A description without a final stop ("Übersicht: Baumgutachten, Baumkataster") would run into the paragraph.
  const parts = [lead, paragraph?.text]
    .filter((t): t is string => Boolean(t))
    .map((t) => (/[.!?…]["“”»)]?$/.test(t) ? t : `${t}.`));
  if (!parts.length) return null;
  return firstSentences(parts.join(' '), 3, MAX_SUMMARY_CHARS);
}

/** Whether the page is itself one job posting (its title a job title, with a way to apply or a posting's sections). */
const isJobAd = (page: ParsedPage) => singlePosting(page, () => false) !== null;

/** The main content's blocks; all content outside the page furniture when the main content has no prose. */
function proseBlocks(page: ParsedPage): TextBlock[] {
  const main = mainBlocks(page);
  if (main.some((b) => PROSE_TAGS.has(b.tag) && isProse(b.text))) return main;
  return pageText(page).blocks.filter((b) => !b.isChrome && b.linkShare < 0.5);
}

const PROSE_TAGS = new Set(['p', 'div', 'section', 'article', 'main', 'body', 'td', 'blockquote']);

function firstOf(pages: ParsedPage[], read: (page: ParsedPage) => string | null): string | null {
  for (const page of pages) {
    const value = read(page);
    if (value) return value;
  }
  return null;
}

const isDescription = (text: string) =>
  text.length >= 25 &&
  text.split(' ').length >= 3 &&
  !BOILERPLATE.test(text) &&
  !NOT_A_DESCRIPTION.test(text);

/**
 * Whether a text speaks of the business: it leads with the business's name and says what it is ("Flüssiggas.de
 * von PRIMAGAS ist …"), introduces itself to a customer ("LVCC ist Ihr Partner für …"), the business speaks
 * ("Wir bieten …"), or — in a page's meta description — offers the reader something ("Beim Englischtraining am
 * Telefon üben Sie …") or makes the business the subject ("Our search engine …"). A product blurb that names the brand further on ("… die erste Lavazza-Mischung") is none.
 */
export function describesBusiness(text: string, names: string[], mayAddressReader: boolean): boolean {
  if (NOT_A_DESCRIPTION.test(text) || BOILERPLATE.test(text)) return false;
  if (WE_DO.test(text) || IS_YOUR.test(text) || IS_YOUR_DE.test(text)) return true;
  if (mayAddressReader && (YOU_GET.test(text) || OUR_SENTENCE.test(text))) return true;
  const keys = names.map(squash).filter((k) => k.length >= 3);
  const lead = /^[^.!?]{0,60}/.exec(text)?.[0] ?? '';
  return keys.some((k) => squash(lead).includes(k)) && NAME_THEN_VERB.test(text);
}

/**
 * A paragraph of the page furniture (footer, sidebar, header) in which the business describes itself: it names
 * the business or speaks as it ("Wir …", "X ist Ihr Partner für …", "We help …").
 */
function selfDescription(pages: ParsedPage[], names: string[]): string | null {
  for (const page of pages) {
    if (pageKind(page) === 'legal' || page.role === 'careers' || isJobAd(page)) continue;
    for (const block of pageText(page).blocks) {
      if (!block.isChrome || block.linkShare > 0.3 || !isProse(block.text, 60, 8)) continue;
      if (describesBusiness(block.text, names, false)) return block.text;
    }
  }
  return null;
}

const squash = (text: string) =>
  foldText(text)
    .replace(/([aou])e/g, '$1')
    .replace(/[^a-z0-9]+/g, '');

/** Sentences, not a list or an address line: enough words, a sentence that ends after a word, few separators. */
function isProse(text: string, minChars = 80, minWords = 12): boolean {
  if (text.length < minChars || BOILERPLATE.test(text) || (text.match(/[|•·]/g)?.length ?? 0) > 2)
    return false;
  const words = text.split(/\s+/).length;
  // From the start of a run of lower-case letters only (the same answer): from inside one, each start rescanned it.
  return words >= minWords && /(?<!\p{Ll})\p{Ll}{2,}[.!?…]["“”»)]?(?:\s|$)/u.test(text);
}

/** Up to `count` sentences, at most `maxChars` (cut at a word with an ellipsis when one sentence is too long). */
function firstSentences(text: string, count: number, maxChars: number): string {
  // No cut after an abbreviation ("2 Mio. Studierende", "z. B. Dächer", "Dr. Weber", "Dipl. Ing. Frank D. Wieland"),
  // also where the text starts with one.
  const sentences = collapseSpaces(text).split(
    /(?<!(?:^|[\s(])(?:Mio|Mrd|Tsd|ca|bzw|Nr|Dr|Prof|Dipl|Ing|Kfm|Mag|Dott|Arch|St|Str|inkl|zzgl|ggf|usw|etc|vgl|Tel|Inc|Ltd|Co|Mr|Mrs|Ms|No|z\. ?B|u\. ?a|d\. ?h|\p{Lu})\.)(?<=[.!?…])\s+(?=["„“«(]?[\p{Lu}\d])/u,
  );
  let out = '';
  for (const sentence of sentences.slice(0, count)) {
    const next = out ? `${out} ${sentence}` : sentence;
    if (next.length > maxChars) break;
    out = next;
  }
  if (out) return out;
  const cut = collapseSpaces(text).slice(0, maxChars);
  return `${trimEndChars(cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : cut.length), `${WHITESPACE},;:–-`)}…`;
}

function rolePriority(page: ParsedPage): number {
  return (
    (
      { home: 0, about: 1, other: 2, team: 3, contact: 4, careers: 5, pricing: 5, imprint: 6 } as Record<
        string,
        number
      >
    )[page.role] ?? 3
  );
}
