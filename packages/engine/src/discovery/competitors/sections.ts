/**
 * What the part of a page a name stands in is about. SaaS pages put many logo walls side by side — customers,
 * integrations, press, badges and seals, investors, resellers — built with the same markup; only the heading
 * above each, its class names and the image paths tell them apart. A name is a customer's only where these say
 * "customers" (or say nothing, on a customers page), never under "Integrations", "As featured in", "Backed by",
 * "Partners", "Zertifiziert", "Vu dans la presse"…
 */
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { fold } from '../../crawl/page-keywords';

export type SectionKind = 'customers' | 'other' | 'unknown';

/** Headings and labels that introduce customers (EN, DE, FR, ES, IT, NL). */
const CUSTOMER_WORDS =
  /\b(?:customers?|clients?|kunden|kundinnen|kundenstimmen|referenz(?:en)?|references?|clientes?|clienti|klanten|klantverhalen|referenties|trusted|trust|vertrauen|confiance|conf[ií]an|fidano|vertrouwen|used by|loved by|relied on|join (?:them|these|us|\d)|who uses|customer stories|case stud(?:y|ies)|success stor(?:y|ies)|erfolgsgeschichten|anwenderberichte|t[eé]moignages?|testimoni(?:als?|os?|anze)?|das sagen|lo que dicen|ce que disent|cosa dicono|wat (?:onze )?klanten zeggen|what (?:our )?\w+ (?:say|think)|casos? de [eé]xito|casi di successo|cas clients?|nos clients|unsere kunden|gingen je voor)\b/;

/** Headings, labels, classes and image folders of everything else a logo wall may show. */
const OTHER_WORDS =
  /\b(?:integrations?|koppelingen|koppeling|integraties?|werkt samen met|plays? (?:nicely |well )?with|plugs? into|syncs? with|your (?:tech )?stack|ecosystem|marketplace|add-?ons|apps? (?:directory|marketplace)|integrationen|int[eé]grations?|integraciones|integrazioni|integraties|works with|work with|connects?(?: to| with)?|connected|connect[eé]s?|conectad[oa]s?|the (?:tools|apps) you|your (?:tools|apps)|vos outils|tus herramientas|schnittstellen|anbindung(?:en)?|partners?|partnership|partenaires?|socios|resellers?|revendeurs?|distributors?|distributeurs?|distribuidor(?:es)?|vertriebspartner|h[aä]ndler|press|presse|prensa|stampa|pers|media|medien|m[eé]dias|in the news|in de media|bekend van|parlano di noi|dicono di noi|featured|as seen|seen (?:on|in)|bekannt aus|vu (?:dans|sur|à)|parlent de nous|parle de nous|han hablado|hablan de|aparecemos|awards?|awarded|badges?|rated|ratings|certifi\w*|zertifi\w*|siegel|auszeichnung(?:en)?|prix|r[eé]compenses?|premios?|sellos?|security|secure|sicher(?:heit)?|s[eé]curit[eé]|seguridad|compliance|compliant|konform|investors?|investoren|investisseurs|inversores|investitori|investeerders|backed|funded|supported by|unterst[uü]tzt|soutenu|soutiennent|respaldad[oa]s|financiad[oa]s|pricing|plans?|preise|pakete|tarifs|precios|planes|prezzi|prijzen|abonnementen|hardware|gecertificeerd|certificazion[ei]|beveiliging|sicurezza|results by|by type|by industry|compare)\b/;

/** Image folders and file names of the same kinds ("/integrations/", "/presse/", "/badges/"). */
const OTHER_PATH =
  /(?:^|[/_-])(?:integrations?|integraciones|integrationen|partners?|partenaires|partner|press|presse|prensa|media|badges?|awards?|certif\w*|sellos|siegel|investors?|investisseurs|investoren|inversores|resellers?|revendeurs)(?:$|[/_.-])/i;
const CUSTOMER_PATH =
  /(?:^|[/_-])(?:customers?|clients?|kunden|referenzen|clientes|customer[-_ ]?logos|client[-_ ]?logos)(?:$|[/_.-])/i;

/** Elements that head a section: headings and the short labels themed sites use instead. */
const HEADING =
  'h1, h2, h3, h4, h5, h6, [class*="heading"], [class*="eyebrow"], [class*="title"], [class*="label"]';

/** Labels inside a testimonial or a card that name a person, not a section. */
const NOT_HEADING =
  '[class*="author"], [class*="job"], [class*="role"], [class*="name"], [class*="position"]';
/** Elements that make a section of a page (HTML sections and the page builders' section wrappers). */
const SECTION = 'section, article, aside, [class*="section"]';

/** The kind of one text (a heading, a class list, a path); customers win where both are named. */
export function kindOfText(text: string): SectionKind {
  const words = fold(text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' '));
  if (CUSTOMER_WORDS.test(words)) return 'customers';
  if (OTHER_WORDS.test(words)) return 'other';
  return 'unknown';
}

export interface SectionReader {
  /** What the section an element stands in is about, from its nearest heading, then classes and paths. */
  kindOf(el: AnyNode): SectionKind;
}

/** Reads the sections of one page (document order is indexed once, so each question is cheap). */
export function createSectionReader($: CheerioAPI): SectionReader {
  const order = new Map<AnyNode, number>();
  $('*').each((i, el) => {
    order.set(el, i);
  });
  const headings = $(HEADING)
    .not(NOT_HEADING)
    .toArray()
    .filter((el) => {
      const text = $(el).text().replace(/\s+/g, ' ').trim();
      // A label is short; a "title" class on a long paragraph or on a whole card is no heading.
      return (
        text.length > 0 &&
        text.length <= 120 &&
        $(el).find(HEADING).length === 0 &&
        $(el).closest('blockquote, figure, q, cite').length === 0
      );
    })
    // A heading heads the section it stands in; on a page without sections, what follows it.
    .map((el) => ({ el, owner: $(el).parent().closest(SECTION).get(0) ?? null }));
  const cache = new Map<AnyNode, SectionKind>();

  /** The last heading before `el` inside `scope` whose section holds `el`, or null. */
  const headingBefore = (el: AnyNode, scope: Element, position: number): Element | null => {
    let best: Element | null = null;
    let bestAt = -1;
    for (const { el: heading, owner } of headings) {
      const at = order.get(heading) ?? -1;
      if (at >= position || at <= bestAt || !isInside(heading, scope)) continue;
      if (owner && !isInside(el, owner)) continue;
      best = heading;
      bestAt = at;
    }
    return best;
  };

  return {
    kindOf(el) {
      const cached = cache.get(el);
      if (cached) return cached;
      const position = order.get(el) ?? 0;
      let kind: SectionKind = 'unknown';
      let classKind: SectionKind = 'unknown';
      const src = el.type === 'tag' ? ($(el).attr('src') ?? $(el).attr('href') ?? '') : '';
      const pathKind = OTHER_PATH.test(pathOf(src))
        ? 'other'
        : CUSTOMER_PATH.test(pathOf(src))
          ? 'customers'
          : 'unknown';
      for (let node = el.parent; node && node.type === 'tag'; node = node.parent) {
        const scope = node as Element;
        if (classKind === 'unknown') {
          classKind = kindOfText(`${$(scope).attr('class') ?? ''} ${$(scope).attr('id') ?? ''}`);
        }
        const heading = headingBefore(el, scope, position);
        if (heading) {
          kind = kindOfText($(heading).text());
          break;
        }
        if (scope.tagName === 'main' || scope.tagName === 'body') break;
      }
      // The visible heading decides; where it says nothing, the image's folder, then the classes around it.
      if (kind === 'unknown') kind = pathKind !== 'unknown' ? pathKind : classKind;
      cache.set(el, kind);
      return kind;
    },
  };
}

function isInside(node: AnyNode, scope: AnyNode): boolean {
  for (let up = node.parent; up; up = up.parent) if (up === scope) return true;
  return false;
}

function pathOf(src: string): string {
  try {
    return decodeURIComponent(new URL(src, 'http://x/').pathname);
  } catch {
    return src;
  }
}
