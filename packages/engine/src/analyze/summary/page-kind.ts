import type { ParsedPage } from '../../crawl/page';
import { parseJsonLoosely } from './structured-data';

/**
 * What a page is, as far as describing the business goes:
 * - `business`: a page in which the business speaks about itself (home, about, a service page, contact);
 * - `article`: a blog post, news item or magazine piece: it is about a topic, not about the business;
 * - `product`: one product's page: its blurb describes the product;
 * - `legal`: imprint, privacy policy, terms: boilerplate, and names third parties (host, insurer, chamber).
 */
export type PageKind = 'business' | 'article' | 'product' | 'legal';

/** A path segment that is a legal page's name ("/impressum/", "/privacy-policy", "/mentions-legales.html"). */
const LEGAL_PATH =
  /(?:^|\/)(?:impressum|imprint|legal|legal-notice|datenschutz|datenschutzerkl\w*|privacy|privacy-policy|privacy-notice|agb|terms|terms-and-conditions|terms-of-(?:use|service)|disclaimer|haftungsausschluss|cookie-policy|cookies|widerruf\w*|mentions-legales|confidentialite|politique-de-confidentialite|aviso-legal|privacidad|politica-de-privacidad|note-legali|colofon|personvern\w*)(?:\.html?|\.php)?(?:\/|$)/i;
const LEGAL_TITLE =
  /^(?:impressum|imprint|legal notice|datenschutz(?:erkl[aä]rung|hinweise|richtlinie)?|privacy policy|privacy notice|agb|allgemeine gesch[aä]ftsbedingungen|terms(?: and conditions| of (?:use|service))?|mentions l[ée]gales|politique de confidentialit[ée]|aviso legal|pol[ií]tica de privacidad|note legali|colofon|disclaimer|personvern(?:erkl[æa]ring)?)(?:$|[\s:&,/-])/i;
/**
 * Path segments of blogs, news and magazines (en, de, fr, es, it, nl, nordic; also "<x>-magazin", "<x>-blog"), and
 * dated paths (/2019/10/22/): pages about a topic, not about the business.
 */
const ARTICLE_PATH =
  /(?:^|\/)(?:blogs?|news|posts?|articles?|artikel|magazin|magazine|journal|stories|story|aktuelles|neuigkeiten|nachrichten|ratgeber|wissen|presse|press|actualites|actualite|noticias|notizie|nieuws|nyheter|blogg|insights|[a-z]+-(?:magazin|magazine|blog|news|journal))(?:\/|$)|\/(?:19|20)\d{2}\/\d{1,2}\//i;
const ARTICLE_TYPES =
  /^(?:Article|BlogPosting|NewsArticle|Report|ScholarlyArticle|TechArticle|SocialMediaPosting|LiveBlogPosting|OpinionNewsArticle)$/;
const PRODUCT_TYPES = /^(?:Product|ProductGroup|IndividualProduct|ProductModel|Book|Vehicle|Car)$/;
/** Product paths of shop systems (Shopware, WooCommerce, Shopify, Magento …), told by an add-to-cart button. */
const PRODUCT_PATH =
  /(?:^|\/)(?:products?|produkt|produkte\/[^/]+\/[^/]+|p|item|artikel-\d+|dp)\/[^/]+|\.html?$.*\b(?:sku|article)\b/i;
/** Category pages of shops: their text describes a range of products, not the business. */
const CATEGORY_PATH =
  /(?:^|\/)(?:product-category|product-categories|produkt[-_]?kategorien?|produktkategorie|kategorie|kategorien|category|categories|collections)\/[^/]+/i;
const ADD_TO_CART =
  /in den warenkorb|zum warenkorb hinzuf|add to (?:cart|basket|bag)|ajouter au panier|a[nñ]adir al carrito|aggiungi al carrello|in winkelwagen|legg i handlekurv/i;

const cache = new WeakMap<ParsedPage, PageKind>();

/** The kind of a page (cached): the crawl's role first, then markup and path. */
export function pageKind(page: ParsedPage): PageKind {
  const known = cache.get(page);
  if (known) return known;
  const kind = decideKind(page);
  cache.set(page, kind);
  return kind;
}

function decideKind(page: ParsedPage): PageKind {
  if (page.role === 'imprint') return 'legal';
  const path = safePath(page.url);
  const $ = page.$;
  const h1 = $('h1').first().text().trim();
  if (LEGAL_PATH.test(path) || (h1.length <= 60 && LEGAL_TITLE.test(h1))) return 'legal';
  if (page.role === 'home' || page.role === 'about' || page.role === 'contact' || page.role === 'team')
    return 'business';
  const types = schemaTypes(page);
  // Joomla marks every content page an Article; a post has a publishing date.
  if (types.some((t) => ARTICLE_TYPES.test(t)) && hasPublishingDate(page)) return 'article';
  if (types.some((t) => PRODUCT_TYPES.test(t))) return 'product';
  const ogType = ($('meta[property="og:type"]').attr('content') ?? '').toLowerCase();
  if (ogType === 'product' || ogType === 'og:product') return 'product';
  // WordPress SEO plugins call every page og:type "article"; a publishing time is only given to posts.
  if ($('meta[property="article:published_time"]').length) return 'article';
  if (ARTICLE_PATH.test(path)) return 'article';
  if (PRODUCT_PATH.test(path) && ADD_TO_CART.test($('body').text())) return 'product';
  if (CATEGORY_PATH.test(path)) return 'product';
  return 'business';
}

/** A post's date: article:published_time, schema.org datePublished, or a <time> in an article's header. */
function hasPublishingDate(page: ParsedPage): boolean {
  const $ = page.$;
  if ($('meta[property="article:published_time"], [itemprop="datePublished"]').length) return true;
  if ($('article time[datetime], .entry-meta time, .post-meta time').length) return true;
  let found = false;
  $('script[type="application/ld+json" i]').each((_, el) => {
    if (
      /"datePublished"\s*:/.test($(el).text()) &&
      /"@type"\s*:\s*"(?:Article|BlogPosting|NewsArticle)"/.test($(el).text())
    )
      found = true;
  });
  return found;
}

/** Whether a short text is a legal page's name ("Impressum", "Privacy policy", "Mentions légales"). */
export const isLegalName = (text: string) => text.length <= 60 && LEGAL_TITLE.test(text.trim());

/** Every schema.org @type a page declares (JSON-LD, microdata), without the schema.org prefix. */
function schemaTypes(page: ParsedPage): string[] {
  const types: string[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) collect(v);
    else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      for (const t of Array.isArray(node['@type']) ? node['@type'] : [node['@type']])
        if (typeof t === 'string') types.push(t.replace(/^.*[/:]/, ''));
      if (node['@graph']) collect(node['@graph']);
      if (node.mainEntity) collect(node.mainEntity);
    }
  };
  page.$('script[type="application/ld+json" i]').each((_, el) => {
    collect(parseJsonLoosely(page.$(el).text()));
  });
  page.$('[itemtype]').each((_, el) => {
    for (const t of (page.$(el).attr('itemtype') ?? '').split(/\s+/))
      if (t) types.push(t.replace(/^.*[/:]/, ''));
  });
  return types;
}

function safePath(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return '';
  }
}

/**
 * Whether an element stands in the body of an article (inside <article> or a post's content container, not in
 * its header, footer or an aside): what a post says about others, where contacts are not the site's own.
 */
export function isInArticleBody(page: ParsedPage, element: Parameters<ParsedPage['$']>[0]): boolean {
  const $el = page.$(element as never);
  if (!$el.closest('article, .entry-content, .post-content, .article-body, .article-content').length)
    return false;
  return !$el.closest('header, footer, aside, nav').length;
}
