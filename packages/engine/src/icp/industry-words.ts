/**
 * The industries of the taxonomy (contract industries.ts) as a salesperson says them of a group of businesses:
 * "Dental practices", "Restaurants and cafés", "Hotels and guesthouses" — the words a segment's name and an
 * email's sentence use, never the taxonomy's label with its ampersand ("Hotels & accommodation").
 */
import type { Industry } from '@argo/contract';

// biome-ignore format: one table
const PLURAL: Readonly<Record<Industry, string>> = {
  'Accounting & tax': 'Accounting and tax firms', 'Legal services': 'Law firms',
  'Consulting & coaching': 'Consultancies', 'Marketing, advertising & design': 'Marketing and design agencies',
  'Software & IT services': 'Software and IT companies', 'Telecommunications & internet': 'Telecoms and internet providers',
  'Media & publishing': 'Media and publishing companies', 'Education & training': 'Schools and training providers',
  'Healthcare & medical practices': 'Medical practices', Dental: 'Dental practices',
  'Pharmacy & medical supplies': 'Pharmacies and medical suppliers', 'Beauty, wellness & personal care': 'Beauty and wellness businesses',
  'Fitness & sports': 'Gyms and sports businesses', 'Restaurants, cafés & bars': 'Restaurants and cafés',
  'Hotels & accommodation': 'Hotels and guesthouses', 'Travel & tourism': 'Travel and tourism businesses',
  'Events & entertainment': 'Event and entertainment businesses', 'Arts, culture & photography': 'Arts, culture and photography businesses',
  Retail: 'Shops', 'E-commerce': 'Online shops', 'Food & beverages': 'Food and drink producers',
  'Construction & trades': 'Construction and trade businesses', 'Architecture & engineering': 'Architecture and engineering firms',
  'Real estate': 'Real estate agencies', 'Energy & solar': 'Energy and solar companies',
  'Manufacturing & industry': 'Manufacturers', Automotive: 'Car dealers and garages',
  'Transport & logistics': 'Transport and logistics companies', 'Financial services & insurance': 'Financial services and insurance firms',
  'Agriculture, forestry & gardening': 'Farms and gardening businesses', 'Pets & animal care': 'Pet and animal care businesses',
  'Cleaning & facility services': 'Cleaning and facility services', 'Recruiting & HR': 'Recruitment and HR agencies',
  'Non-profit & associations': 'Non-profits and associations', 'Public sector': 'Public bodies', Other: 'Businesses',
};

/** "Dental" → "Dental practices"; a label outside the taxonomy (a field, "Healthcare") → "Healthcare businesses". */
export function industryPlural(industry: string): string {
  const known = PLURAL[industry as Industry];
  if (known) return known;
  const label = industry.trim().replace(/\s+/g, ' ').replace(/ ?& ?/g, ' and ');
  // Its words as ordinary words ("Food & Beverage" → "Food and beverage businesses"); acronyms keep their case.
  return label ? `${capitalise(lowerWords(label))} businesses` : 'Businesses';
}

/** The plural mid-sentence: "dental practices", "hotels and guesthouses" (names such as "IT" keep their case). */
export function industryPluralLower(industry: string): string {
  return lowerWords(industryPlural(industry));
}

/**
 * A place's category from its listing ("dentist", "Gyro restaurant", "hairdresser") in the plural: "Dentists",
 * "Gyro restaurants", "Hairdressers". Words it cannot make plural keep "businesses" after them.
 */
export function pluralOfCategory(category: string): string {
  const text = category.trim().replace(/[_\s]+/g, ' ');
  if (!text) return 'Businesses';
  const words = text.split(' ');
  const last = words[words.length - 1] as string;
  let plural: string;
  if (/s$/i.test(last) || /&|,/.test(text)) return capitalise(`${text} businesses`);
  if (/[^aeiou]y$/i.test(last)) plural = `${last.slice(0, -1)}ies`;
  else if (/(sh|ch|x|z)$/i.test(last)) plural = `${last}es`;
  else plural = `${last}s`;
  return capitalise([...words.slice(0, -1), plural].join(' '));
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Lower-cases the words written as ordinary words ("Dental practices" → "dental practices"; "IT" stays). */
export function lowerWords(text: string): string {
  return text
    .split(' ')
    .map((word) => (/\p{Lu}/u.test(word.slice(1)) ? word : word.toLowerCase()))
    .join(' ');
}
