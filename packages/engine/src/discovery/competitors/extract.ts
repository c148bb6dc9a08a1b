/**
 * Reading customer businesses off a competitor's pages: "trusted by" logo walls (image alt text or file name,
 * link targets to other sites), customer lists and reference tables, case studies (card titles, labelled facts,
 * the page title) and testimonials (the attribution's company) — each only where the section it stands in is
 * about customers, not integrations, press, badges, investors or partners (sections.ts). Each finding keeps the
 * page and the text it came from.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { parse } from 'tldts';
import { fold } from '../../crawl/page-keywords';
import { readCaseStudy } from './case-study';
import { readCustomerLists, readDirectories } from './customer-lists';
import {
  cleanCustomerName,
  companyFromAttribution,
  isBadgeOrInvestor,
  nameFromImageFile,
  space,
} from './names';
import {
  type CustomerEvidence,
  clip,
  customerSite,
  type EvidenceKind,
  type ExtractOptions,
  isInChrome,
  type LinkTarget,
  nameFromDomain,
  type PageReading,
} from './page-reading';
import { createSectionReader } from './sections';

export { cleanCustomerName, companyFromAttribution, companyFromTitle } from './names';
export {
  type CompetitorPageKind,
  type CustomerEvidence,
  customerSite,
  type EvidenceKind,
  type ExtractOptions,
  isCaseStudyPath,
} from './page-reading';

/** Class or id of a block that holds customer logos or names. */
const LOGO_BLOCK =
  /(?:^|[\s_-])(?:logos?|logo[-_]?(?:wall|grid|list|strip|cloud|slider|carousel)|clients?|customers?|customer[-_]?logos|kunden|kunden[-_]?(?:slider|logos)|referenz(?:en)?|trusted|brands|references?|clientes|klanten)(?:$|[\s_-])/i;
/** A heading that introduces a logo wall or a customer list. */
const TRUSTED_HEADING =
  /trusted by|used by|loved by|relied on by|our (?:customers|clients)|customers include|join (?:these|them|\d)|in good company|who uses|vertrauen (?:uns|auf)|unsere kunden|referenzen|kunden(?:liste)?\b|ils nous font confiance|nos clients|ils nous ont choisis|nuestros clientes|conf[ií]an en/i;
/** Class or id of a testimonial block. */
const TESTIMONIAL_BLOCK =
  /testimonial|kundenstimme|quote|zitat|review|temoignage|testimonio|recommendation|empfehlung/i;
const ATTRIBUTION_BLOCK = /author|attribution|cite|name|source|person|signature|byline|meta|footer/i;

/** Every customer named on one of the competitor's pages. */
export function extractCustomers(
  $: CheerioAPI,
  pageUrl: string,
  options: ExtractOptions,
): CustomerEvidence[] {
  const { competitorSite } = options;
  const competitorLabel = fold(parse(competitorSite).domainWithoutSuffix ?? competitorSite).replace(/ /g, '');
  const found: CustomerEvidence[] = [];
  const add = (
    rawName: string | null,
    target: LinkTarget | null,
    kind: EvidenceKind,
    snippet: string,
  ): boolean => {
    const website = target && !target.isInternal ? target.website : null;
    const domain = target && !target.isInternal ? target.domain : null;
    const name = cleanCustomerName(rawName) ?? (domain ? nameFromDomain(domain) : null);
    if (!name || isBadgeOrInvestor(name)) return false;
    // The competitor's own name ("PracticeFlow", "KassenMeister Demo-Filiale") is not a customer.
    if (competitorLabel.length >= 3 && fold(name).replace(/ /g, '').includes(competitorLabel)) return false;
    found.push({ name, website, domain, kind, url: pageUrl, snippet: clip(space(snippet) || name) });
    return true;
  };
  const website = options.website ?? {};
  const page: PageReading = {
    $,
    url: pageUrl,
    site: competitorSite,
    website,
    add,
    sections: createSectionReader($),
  };

  readLogoBlocks(page);
  readTestimonials(page);
  if (options.kind === 'customers') {
    readCustomerLists(page);
    readDirectories(page);
  }
  if (options.kind === 'case_study') readCaseStudy($, pageUrl, competitorSite, add, website);
  return found;
}

/** The blocks of a page that hold customer logos or names: by class/id, or by the heading above them. */
function logoBlocks($: CheerioAPI): Cheerio<Element> {
  const byClass = $('section, div, ul, ol, aside, figure').filter((_, el) => {
    // CSS-module class names run words together: "LogoMarquee_track__r7" is a logo marquee.
    const attrs = `${$(el).attr('class') ?? ''} ${$(el).attr('id') ?? ''}`.replace(
      /([a-z])([A-Z])/g,
      '$1 $2',
    );
    return LOGO_BLOCK.test(attrs) && !TESTIMONIAL_BLOCK.test(attrs);
  });
  const byHeading = $('h1, h2, h3, h4, h5, p.eyebrow, span.eyebrow')
    .filter((_, el) => TRUSTED_HEADING.test(space($(el).text())))
    .map((_, el) => $(el).parent().get(0))
    .filter((_, el) => (el as Element).tagName !== 'body');
  return byClass.add(byHeading as Cheerio<Element>).filter((_, el) => !isInChrome($(el)));
}

function readLogoBlocks({ $, url, site, website, add, sections }: PageReading) {
  const seenImages = new Set<AnyNode>();
  const seenLinks = new Set<AnyNode>();
  logoBlocks($).each((_, block) => {
    $(block)
      .find('img')
      .each((_, img) => {
        if (seenImages.has(img)) return;
        seenImages.add(img);
        const $img = $(img);
        const link = $img.closest('a[href]');
        if (link.length) seenLinks.add(link.get(0) as AnyNode);
        if (sections.kindOf(img) === 'other') return;
        const target = customerSite(link.attr('href'), url, site, website);
        const label =
          $img.attr('alt') || $img.attr('title') || link.attr('title') || link.attr('aria-label') || '';
        // An empty alt: the file name often says whose logo it is ("…_Logo_Casa_Verde.svg"); a one-word file
        // name beside a link to the customer's site is more likely cut short than the domain.
        const fromFile = label ? null : nameFromImageFile($img.attr('src'));
        const name =
          label ||
          (fromFile && (fromFile.includes(' ') || !target?.domain) ? fromFile : null) ||
          (target?.domain ? null : fromFile);
        // A logo linking to a social profile or an image file still names the customer (without a website);
        // app-store badges and the like are dropped by their generic alt text.
        add(name, target, 'logo', name ? `Logo: ${name}` : `Logo linking to ${target?.website ?? ''}`);
      });
    $(block)
      .find('a[href]')
      .each((_, a) => {
        if (seenLinks.has(a)) return;
        seenLinks.add(a);
        if (sections.kindOf(a) === 'other') return;
        const target = customerSite($(a).attr('href'), url, site, website);
        if (!target || target.isInternal) return;
        const text = space($(a).text()) || $(a).attr('title') || '';
        add(text, target, 'logo', text || (target.website ?? ''));
      });
  });
}

/**
 * The text of an attribution, its fields kept apart: a name and a job title in two elements ("Maria Chen" /
 * "General Manager, The Tasting Room") read as "Maria Chen, General Manager, The Tasting Room".
 */
function attributionText($: CheerioAPI, attribution: Cheerio<AnyNode>): string {
  const fields = attribution
    .find('div, p, span, strong, small, b, em, cite')
    .filter((_, el) => $(el).children('div, p, span, strong, small, b, em, cite').length === 0)
    .map((_, el) => space($(el).text()))
    .get()
    .filter(Boolean);
  const whole = space(attribution.text());
  return fields.length >= 2 && fields.join(' ') === whole ? fields.join(', ') : whole;
}

function readTestimonials({ $, url, site, website, add, sections }: PageReading) {
  const blocks = $('blockquote, figure, q')
    .add(
      $('[class], [id]').filter((_, el) =>
        TESTIMONIAL_BLOCK.test(`${$(el).attr('class') ?? ''} ${$(el).attr('id') ?? ''}`),
      ),
    )
    .filter((_, el) => !isInChrome($(el)));
  const seen = new Set<AnyNode>();
  blocks.each((_, el) => {
    const block = $(el);
    // The innermost testimonial element holding an attribution; outer wrappers are skipped once it was read.
    let attribution = block.find('cite, figcaption, footer').first();
    if (!attribution.length) {
      attribution = block
        .children()
        .filter((_, c) => ATTRIBUTION_BLOCK.test($(c).attr('class') ?? ''))
        .first();
    }
    if (!attribution.length && el.tagName === 'blockquote') {
      attribution = block.next('p, div, span, cite, footer');
    }
    if (!attribution.length) return;
    const node = attribution.get(0) as AnyNode;
    if (seen.has(node)) return;
    seen.add(node);
    // A quote from the press or a partner ("— TechCrunch") is no customer's.
    if (sections.kindOf(node) === 'other') return;
    const text = attributionText($, attribution);
    const quote = space(
      (
        block.find('blockquote, q, [class*="quote"], [class*="zitat"]').first().text() ||
        block.clone().find('cite, figcaption, footer').remove().end().text()
      ).replace(space(attribution.text()), ''),
    );
    const link = attribution.find('a[href]').first();
    const target = link.length ? customerSite(link.attr('href'), url, site, website) : null;
    const name = target && !target.isInternal ? space(link.text()) : companyFromAttribution(text);
    if (!name) return;
    add(name, target, 'testimonial', `${clip(quote, 220)} — ${text.replace(/^[\s—–―-]+/, '')}`);
  });
}
