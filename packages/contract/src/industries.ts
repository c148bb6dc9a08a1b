/**
 * The fixed industry taxonomy of Argo (documented in packages/engine/src/analyze/README.md): the built-in
 * analyzer and a language model both answer one of these, ICP criteria name them, and the results filter offers
 * them. A fixed list, so that a filter or an ICP written today still matches businesses enriched tomorrow.
 */
export const INDUSTRIES = [
  'Accounting & tax',
  'Legal services',
  'Consulting & coaching',
  'Marketing, advertising & design',
  'Software & IT services',
  'Telecommunications & internet',
  'Media & publishing',
  'Education & training',
  'Healthcare & medical practices',
  'Dental',
  'Pharmacy & medical supplies',
  'Beauty, wellness & personal care',
  'Fitness & sports',
  'Restaurants, cafés & bars',
  'Hotels & accommodation',
  'Travel & tourism',
  'Events & entertainment',
  'Arts, culture & photography',
  'Retail',
  'E-commerce',
  'Food & beverages',
  'Construction & trades',
  'Architecture & engineering',
  'Real estate',
  'Energy & solar',
  'Manufacturing & industry',
  'Automotive',
  'Transport & logistics',
  'Financial services & insurance',
  'Agriculture, forestry & gardening',
  'Pets & animal care',
  'Cleaning & facility services',
  'Recruiting & HR',
  'Non-profit & associations',
  'Public sector',
  'Other',
] as const;

export type Industry = (typeof INDUSTRIES)[number];
