/**
 * Reading customer businesses off a competitor's pages: "trusted by" logo walls (image alt text, link targets to
 * other sites), customer lists and reference tables, case studies (card titles, labelled facts, the page title)
 * and testimonials (the attribution's company). Each finding keeps the page and the text it came from.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { getDomain, parse } from 'tldts';
import { fold } from '../../crawl/page-keywords';
import { CUSTOMER_PAGE_KEYWORDS } from '../../crawl/planner';
import { parseWebsite } from '../../normalize/domain';
import { cleanName, nameKey } from '../../normalize/name';

export type EvidenceKind = 'case_study' | 'testimonial' | 'reference' | 'logo';

export interface CustomerEvidence {
  name: string;
  /** The customer's home page ("https://www.x.com/"), when the competitor's page links it. */
  website: string | null;
  domain: string | null;
  kind: EvidenceKind;
  /** The competitor's page the evidence is on. */
  url: string;
  /** The text that names the customer (alt text, quote and attribution, case-study title, list entry). */
  snippet: string;
}

/** What a competitor's page is, for what may be read off it. */
export type CompetitorPageKind = 'home' | 'customers' | 'case_study';

export interface ExtractOptions {
  /** Registrable domain of the competitor (its own links and its own name are never customers). */
  competitorSite: string;
  kind: CompetitorPageKind;
}

/**
 * Sites that are never a customer's website though they are not social networks: app stores, CDNs and asset
 * hosts, code and document hosts, form/booking tools (matched on the registrable domain).
 */
// biome-ignore format: keep the list compact
export const NON_CUSTOMER_SITES: ReadonlySet<string> = new Set([
  'apple.com', 'microsoft.com', 'amazon.com', 'amazonaws.com', 'cloudfront.net', 'akamaihd.net', 'akamaized.net',
  'fastly.net', 'cloudflare.com', 'jsdelivr.net', 'unpkg.com', 'cdnjs.com', 'gstatic.com', 'googleapis.com',
  'googleusercontent.com', 'googletagmanager.com', 'doubleclick.net', 'gravatar.com', 'wp.com', 'imgix.net',
  'cloudinary.com', 'github.com', 'gitlab.com', 'medium.com', 'vimeo.com', 'calendly.com', 'typeform.com',
  'hubspot.com', 'hsforms.com', 'mailchimp.com', 'list-manage.com', 'zendesk.com', 'intercom.io', 'w3.org',
  'schema.org', 'creativecommons.org', 'adobe.com', 'shopify.com', 'wix.com', 'squarespace.com', 'webflow.com',
  'wordpress.org', 'trustpilot.com', 'capterra.com', 'g2.com', 'getapp.com', 'producthunt.com',
]);

const IMAGE_OR_FILE =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|pdf|zip|mp4|webm|css|js|json|xml|woff2?|ttf)(?:$|\?)/i;

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

/** Alt or link texts that name no one. */
const GENERIC_NAME =
  /^(?:logo|logos|image|img|icon|photo|picture|bild|banner|placeholder|customer|customers|client|clients|kunde|kunden|partner|partners|brand|company|website|webseite|homepage|visit|visit website|learn more|read more|mehr|mehr erfahren|weiterlesen|en savoir plus|here|hier|link|more|more stories|read the story|download|app store|google play|download on the app store|get it on google play|\d+)$/i;
/** Words of a job title (a testimonial's "Jane Doe, Owner" names a person and a role, no company). */
const JOB_TITLE =
  /\b(?:owner|co-?owner|founder|co-?founder|ceo|cto|cfo|coo|cmo|president|vice president|vp|director|manager|head|lead|partner|principal|chair(?:man|woman)?|dentist|doctor|dr|md|dds|dmd|consultant|officer|inhaber(?:in)?|geschäftsführer(?:in)?|gesch[aä]ftsf[uü]hrung|leiter(?:in)?|vorstand|gründer(?:in)?|mitarbeiter(?:in)?|meister(?:in)?|directeur|directrice|gérant(?:e)?|fondateur|fondatrice|responsable|propriétaire|dueño|dueña|gerente|fundador(?:a)?|director(?:a)?)\b/i;

const KEYWORDS = new Set(CUSTOMER_PAGE_KEYWORDS);
const space = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const siteOf = (hostname: string) => getDomain(hostname) ?? hostname.replace(/^www\./, '');

/** The folded words of a URL path segment ("Case-Studies.html" → "case studies"). */
const segmentWords = (segment: string) => fold(segment.replace(/\.(?:html?|php|aspx?|jsp)$/i, ''));

/** A path segment that names a customers page ("customers", "case-studies", "referenzen"). */
export function isCustomerSegment(segment: string): boolean {
  return KEYWORDS.has(segmentWords(decodeSafe(segment)));
}

/**
 * A case-study page: its path goes on below a customers segment ("/customers/riverside-dental"), but is not a
 * list page itself ("/customers/page/2", "/customers/case-studies").
 */
export function isCaseStudyPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last || isCustomerSegment(last) || /^(?:page|seite|p|tag|tags|category|kategorie|\d+)$/i.test(last))
    return false;
  if (segments.some((s, i) => i < segments.length - 1 && /^(?:page|seite|tag|category)$/i.test(s)))
    return false;
  return segments.slice(0, -1).some(isCustomerSegment);
}

/** A name from alt text, a title or a link: "Bright Smile Dental logo" → "Bright Smile Dental"; null for noise. */
export function cleanCustomerName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let text = space(raw)
    .replace(/^[\s"'„“”«»‚‘’—–-]+|[\s"'„“”«»‚‘’.,;:|]+$/g, '')
    .replace(/^(?:logo(?:type)?|logotipo)\s*(?:of|von|de|du|:|-|–)?\s+/i, '')
    .replace(/\s*(?:[-–|:]\s*)?\b(?:logo(?:type)?|logotipo|wordmark|icon)\b\s*$/i, '')
    .trim();
  text = cleanName(text) ?? '';
  if (text.length < 2 || text.length > 80 || text.split(' ').length > 8) return null;
  if (GENERIC_NAME.test(text) || /^https?:|www\.|@/i.test(text) || !/\p{L}/u.test(text)) return null;
  return text;
}

/** "How Riverside Family Dentistry cut no-shows by 38%" → "Riverside Family Dentistry"; "Acme: …" → "Acme". */
export function companyFromTitle(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const title = space(raw)
    .split(/\s+[|·]\s+/)[0]
    ?.trim();
  if (!title) return null;
  const how = /^(?:how|wie|comment|c[oó]mo|come|hoe)\s+(.+)$/i.exec(title);
  if (how?.[1]) {
    const run: string[] = [];
    for (const word of how[1].split(' ')) {
      if (
        /^[\p{Lu}\d&]/u.test(word) ||
        (run.length > 0 && /^(?:of|and|&|for|de|du|des|la|le|und|für|y|del)$/.test(word))
      )
        run.push(word);
      else break;
    }
    while (run.length > 0 && /^(?:of|and|&|for|de|du|des|la|le|und|für|y|del)$/.test(run.at(-1) as string))
      run.pop();
    const name = cleanCustomerName(run.join(' ').replace(/['’]s$/, ''));
    if (name) return name;
  }
  const lead = /^(.{2,60}?)\s*(?::|\s[–—-]\s)\s*\S/.exec(title);
  if (lead?.[1] && lead[1].split(' ').length <= 6) return cleanCustomerName(lead[1]);
  return null;
}

/** Words of a URL slug as a name ("summit-endodontics" → "Summit Endodontics"). */
function nameFromSlug(pathname: string): string | null {
  const slug = decodeSafe(pathname.split('/').filter(Boolean).at(-1) ?? '').replace(
    /\.(?:html?|php|aspx?)$/i,
    '',
  );
  const words = slug.split(/[-_+\s]+/).filter((w) => w && !/^\d+$/.test(w));
  if (words.length === 0 || words.length > 6) return null;
  return cleanCustomerName(words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' '));
}

interface LinkTarget {
  /** The link stays on the competitor's site. */
  isInternal: boolean;
  website: string | null;
  domain: string | null;
}

/** Where a link points, as a possible customer website (null: nowhere useful, e.g. a social network or CDN). */
export function customerSite(
  href: string | undefined,
  pageUrl: string,
  competitorSite: string,
): LinkTarget | null {
  if (!href || /^(?:mailto|tel|javascript|data|#)/i.test(href.trim())) return null;
  let url: URL;
  try {
    url = new URL(href.trim(), pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (siteOf(url.hostname) === competitorSite) return { isInternal: true, website: null, domain: null };
  if (IMAGE_OR_FILE.test(url.pathname)) return null;
  const parsed = parseWebsite(url.href);
  if (!parsed?.domain || parsed.isSocial) return null;
  const registrable = parse(url.hostname, { allowPrivateDomains: false }).domain ?? parsed.domain;
  if (NON_CUSTOMER_SITES.has(registrable) || NON_CUSTOMER_SITES.has(parsed.domain)) return null;
  return { isInternal: false, website: `${url.protocol}//${url.host}/`, domain: parsed.domain };
}

/** The name a bare domain gives ("harbourdentalgroup.co.uk"): shown until enrichment reads the real one. */
const nameFromDomain = (domain: string) => domain;

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Parts of a page that are the site's own chrome, never evidence. */
const CHROME =
  'header, nav, footer, [role="navigation"], [role="banner"], [role="contentinfo"], script, style, noscript';
const isInChrome = ($el: Cheerio<AnyNode>) => $el.closest(CHROME).length > 0;

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
    if (!name) return false;
    // The competitor's own name ("PracticeFlow", "KassenMeister Demo-Filiale") is not a customer.
    if (competitorLabel.length >= 3 && fold(name).replace(/ /g, '').includes(competitorLabel)) return false;
    found.push({ name, website, domain, kind, url: pageUrl, snippet: clip(space(snippet) || name) });
    return true;
  };

  readLogoBlocks($, pageUrl, competitorSite, add);
  readTestimonials($, pageUrl, competitorSite, add);
  if (options.kind === 'customers') readCustomerLists($, pageUrl, competitorSite, add);
  if (options.kind === 'case_study') readCaseStudy($, pageUrl, competitorSite, add);
  return found;
}

type Add = (name: string | null, target: LinkTarget | null, kind: EvidenceKind, snippet: string) => boolean;

/** The blocks of a page that hold customer logos or names: by class/id, or by the heading above them. */
function logoBlocks($: CheerioAPI): Cheerio<Element> {
  const byClass = $('section, div, ul, ol, aside, figure').filter((_, el) => {
    const attrs = `${$(el).attr('class') ?? ''} ${$(el).attr('id') ?? ''}`;
    return LOGO_BLOCK.test(attrs) && !TESTIMONIAL_BLOCK.test(attrs);
  });
  const byHeading = $('h1, h2, h3, h4, h5, p.eyebrow, span.eyebrow')
    .filter((_, el) => TRUSTED_HEADING.test(space($(el).text())))
    .map((_, el) => $(el).parent().get(0))
    .filter((_, el) => (el as Element).tagName !== 'body');
  return byClass.add(byHeading as Cheerio<Element>).filter((_, el) => !isInChrome($(el)));
}

function readLogoBlocks($: CheerioAPI, pageUrl: string, site: string, add: Add) {
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
        const label =
          $img.attr('alt') || $img.attr('title') || link.attr('title') || link.attr('aria-label') || '';
        const target = customerSite(link.attr('href'), pageUrl, site);
        // A logo linking to a social profile or an image file still names the customer (without a website);
        // app-store badges and the like are dropped by their generic alt text.
        add(label, target, 'logo', label ? `Logo: ${label}` : `Logo linking to ${target?.website ?? ''}`);
      });
    $(block)
      .find('a[href]')
      .each((_, a) => {
        if (seenLinks.has(a)) return;
        seenLinks.add(a);
        const target = customerSite($(a).attr('href'), pageUrl, site);
        if (!target || target.isInternal) return;
        const text = space($(a).text()) || $(a).attr('title') || '';
        add(text, target, 'logo', text || (target.website ?? ''));
      });
  });
}

/** The attribution of a quote: "— Dr. Sarah Lin, Owner, Northgate Dental Care" → its company (and link). */
export function companyFromAttribution(raw: string): string | null {
  const text = space(raw).replace(/^[\s—–―-]+/, '');
  if (!text) return null;
  const at = text.split(/\s+(?:at|@|bei|chez|from|von der|vom)\s+/i);
  if (at.length > 1) return cleanCustomerName(at.at(-1)?.split(/\s*[,|·]\s*/)[0]);
  const parts = text.split(/\s*[,|·]\s*|\s+[—–-]\s+/).filter(Boolean);
  if (parts.length < 2) return null;
  for (let i = parts.length - 1; i >= 1; i--) {
    const part = parts[i] as string;
    if (JOB_TITLE.test(part) && part.split(' ').length <= 4) continue;
    return cleanCustomerName(part);
  }
  return null;
}

function readTestimonials($: CheerioAPI, pageUrl: string, site: string, add: Add) {
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
    const attributionText = space(attribution.text());
    const quote = space(
      (
        block.find('blockquote, q, [class*="quote"], [class*="zitat"]').first().text() ||
        block.clone().find('cite, figcaption, footer').remove().end().text()
      ).replace(attributionText, ''),
    );
    const link = attribution.find('a[href]').first();
    const target = link.length ? customerSite(link.attr('href'), pageUrl, site) : null;
    const name = target && !target.isInternal ? space(link.text()) : companyFromAttribution(attributionText);
    if (!name) return;
    add(name, target, 'testimonial', `${clip(quote, 220)} — ${attributionText.replace(/^[\s—–―-]+/, '')}`);
  });
}

/** A customers page: reference tables (first column), lists in customer blocks, and links out of the content. */
function readCustomerLists($: CheerioAPI, pageUrl: string, site: string, add: Add) {
  const handled = new Set<AnyNode>();
  $('table tr').each((_, row) => {
    const cell = $(row).children('td').first();
    if (!cell.length || isInChrome(cell)) return;
    const link = cell.find('a[href]').first();
    if (link.length) handled.add(link.get(0) as AnyNode);
    const target = link.length ? customerSite(link.attr('href'), pageUrl, site) : null;
    const rest = $(row)
      .children('td')
      .slice(1)
      .map((_, td) => space($(td).text()))
      .get()
      .filter(Boolean);
    const name = space(cell.text());
    add(name, target, 'reference', [name, ...rest].join(' · '));
  });
  // Case-study cards: links to the competitor's own case-study pages, named by their logo or their title.
  $('a[href]').each((_, a) => {
    const link = $(a);
    if (handled.has(a) || isInChrome(link)) return;
    let url: URL;
    try {
      url = new URL(link.attr('href') as string, pageUrl);
    } catch {
      return;
    }
    if (siteOf(url.hostname) === site) {
      if (!isCaseStudyPath(url.pathname)) return;
      const card = link.closest('article, li, [class*="card"], [class*="case"]').first();
      const scope = card.length ? card : link;
      const heading = space(scope.find('h2, h3, h4, h5, strong').first().text());
      const alt = scope.find('img[alt]').first().attr('alt');
      const name = cleanCustomerName(alt) ?? companyFromTitle(heading) ?? nameFromSlug(url.pathname);
      if (name) add(name, null, 'case_study', heading || name);
      return;
    }
    const target = customerSite(url.href, pageUrl, site);
    if (!target) return;
    if (link.find('img').length && !space(link.text())) return; // logos are read with their block
    add(
      space(link.text()) || link.attr('title') || '',
      target,
      'reference',
      space(link.parent().text()) || space(link.text()),
    );
  });
}

/** Labels of the fact that names the customer on a case-study page, and of its website. */
const COMPANY_LABEL =
  /^(?:company|customer|client|organi[sz]ation|practice|business|brand|kunde|unternehmen|betrieb|firma|praxis|entreprise|soci[eé]t[eé]|cliente|empresa|klant|bedrijf)$/i;
const WEBSITE_LABEL = /^(?:website|web ?site|web|site|url|homepage|webseite|internet|site web|sitio web)$/i;

function readCaseStudy($: CheerioAPI, pageUrl: string, site: string, add: Add) {
  let name: string | null = null;
  let target: LinkTarget | null = null;
  const facts: Array<[string, Cheerio<AnyNode>]> = [];
  $('dt').each((_, dt) => {
    facts.push([space($(dt).text()), $(dt).nextAll('dd').first()]);
  });
  $('tr').each((_, tr) => {
    const cells = $(tr).children('th, td');
    if (cells.length === 2) facts.push([space(cells.first().text()), cells.last()]);
  });
  $('li, p').each((_, el) => {
    const match = /^([\p{L} ]{2,20}):\s*(.+)$/u.exec(space($(el).text()));
    if (match?.[1] && match[2]) facts.push([match[1], $(el)]);
  });
  for (const [label, value] of facts) {
    const clean = label.replace(/:$/, '').trim();
    if (!name && COMPANY_LABEL.test(clean)) {
      name = cleanCustomerName(space(value.text()).replace(new RegExp(`^${clean}:\\s*`, 'i'), ''));
    }
    if (!target && WEBSITE_LABEL.test(clean)) {
      const link = value.find('a[href]').first();
      target = customerSite(
        link.attr('href') ?? space(value.text()).replace(/^[^:]*:\s*/, ''),
        pageUrl,
        site,
      );
      if (target?.isInternal) target = null;
    }
  }
  const h1 = space($('main h1, article h1, h1').first().text());
  const title = $('meta[property="og:title"]').attr('content') ?? $('title').text();
  name ??= companyFromTitle(h1) ?? companyFromTitle(title) ?? nameFromSlug(new URL(pageUrl).pathname);
  if (!name) return;
  if (!target) {
    // A link out of the story whose text is the customer's name ("Visit Summit Endodontics").
    const key = nameKey(name);
    $('a[href]').each((_, a) => {
      if (target || isInChrome($(a))) return;
      if (nameKey(space($(a).text())) !== key) return;
      const site2 = customerSite($(a).attr('href'), pageUrl, site);
      if (site2 && !site2.isInternal) target = site2;
    });
  }
  add(name, target, 'case_study', h1 || title || name);
}
