/**
 * Industry truth in Argo's taxonomy (INDUSTRIES). The eval corpus labels industries in free text ("coffee
 * roaster"); this file is OUR reading of each label onto the fixed list: every value a careful analyst would
 * accept (the taxonomy overlaps: a design agency for web shops is both design and e-commerce). The html corpus
 * has no industry labels; those below are ours, read from each page (marked "argo:").
 *
 * Change a mapping only when the page says otherwise — never to make a run look better.
 */
import { INDUSTRIES, type Industry } from '@argo/engine';

/** Free-text label of ../shared/fixtures/eval/truth.json → accepted taxonomy values. */
const EVAL_LABELS: Record<string, readonly Industry[]> = {
  'cloud / SaaS consultancy': ['Software & IT services', 'Consulting & coaching'],
  'healthcare data software': ['Software & IT services'],
  'expedition travel consultancy': ['Travel & tourism'],
  'business financing platform': ['Financial services & insurance'],
  'industry association (LPG)': ['Non-profit & associations', 'Energy & solar'],
  'consumer lending fintech': ['Financial services & insurance'],
  'personal development coaching': ['Consulting & coaching', 'Education & training'],
  'procurement analytics software': ['Software & IT services'],
  'social media app advertising': [
    'Marketing, advertising & design',
    'Media & publishing',
    'Software & IT services',
  ],
  'book and media retailer': ['Retail', 'E-commerce', 'Media & publishing'],
  'coffee roaster': ['Food & beverages', 'Manufacturing & industry'],
  'construction company': ['Construction & trades'],
  // The label reads one post's topic (desoldering old appliances); the page names the site "LimeSpace – IT" with
  // the tagline "Webdesign - Technik - Business", an IT blog: IT services is what the page says.
  'electronics recycling / repair': ['Manufacturing & industry', 'Other', 'Software & IT services'],
  'yoga instructor / online courses': [
    'Fitness & sports',
    'Beauty, wellness & personal care',
    'Education & training',
  ],
  'architecture / media design': ['Architecture & engineering', 'Marketing, advertising & design'],
  'dairy products': ['Food & beverages', 'Manufacturing & industry'],
  'e-commerce template design': ['Marketing, advertising & design', 'E-commerce', 'Software & IT services'],
  'fashion retail': ['Retail', 'E-commerce'],
  'marketing agency': ['Marketing, advertising & design'],
  'career events / recruiting': ['Recruiting & HR', 'Events & entertainment'],
  'mountain bike travel guide': ['Travel & tourism', 'Fitness & sports'],
  'vacation rental platform': ['Hotels & accommodation', 'Travel & tourism'],
  'vacation rental': ['Hotels & accommodation', 'Travel & tourism'],
  'design agency': ['Marketing, advertising & design'],
};

/** argo: industries of the html corpus's small-business pages (page id → accepted values), read from the pages. */
const HTML_CORPUS_INDUSTRIES: Record<string, readonly Industry[]> = {
  'html/anwaltniemeyer.de.index.html': ['Legal services'],
  'html/buero-hoppe.de.baumgutachten.html': ['Agriculture, forestry & gardening', 'Consulting & coaching'],
  'html/daheim-solar.de.batteriespeicher.html': ['Energy & solar'],
  'html/martinruetter.com-Winter.html': ['Pets & animal care'],
  'html/pix-bavaria.de.html': ['Arts, culture & photography'],
  'html/rs-ingenieure.de.tragwerksplanung.html': ['Architecture & engineering'],
  'html/schlosswirtjuval.it.geschichte.html': ['Restaurants, cafés & bars', 'Hotels & accommodation'],
  'html/silkes-weinkeller.de-dekantieren.html': ['Food & beverages', 'Retail', 'E-commerce'],
  'html/trainingline-english.de.einzeltraining.html': ['Education & training'],
  'html/viehbacher.com.steuerrecht.html': ['Legal services', 'Accounting & tax'],
};

/** The accepted industries of a page, or null when it has no industry label. */
export function acceptedIndustries(pageId: string, label: string | undefined): readonly Industry[] | null {
  if (label !== undefined) {
    // Our own pages are labelled in the taxonomy itself.
    if ((INDUSTRIES as readonly string[]).includes(label)) return [label as Industry];
    const mapped = EVAL_LABELS[label];
    if (!mapped)
      throw new Error(`eval: industry label "${label}" (${pageId}) has no mapping in industry-labels.ts`);
    return mapped;
  }
  return HTML_CORPUS_INDUSTRIES[pageId] ?? null;
}
