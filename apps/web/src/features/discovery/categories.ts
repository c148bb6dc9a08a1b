/**
 * Suggestions for the category box: everyday categories the discovery engine knows (its full list, with
 * synonyms, lives in packages/engine, which the web app does not import). Any other text is accepted too: the
 * engine then searches names, cuisines and descriptions.
 */
// biome-ignore format: one compact list
export const COMMON_CATEGORIES = [
  'accountant', 'architect', 'bakery', 'bar', 'barber', 'beauty salon', 'bike shop', 'bookstore', 'brewery',
  'cafe', 'car dealer', 'car repair', 'car wash', 'caterer', 'chiropractor', 'cleaning service',
  'clothing store', 'consultant', 'coworking space', 'dance school', 'dentist', 'doctor', 'driving school',
  'electrician', 'florist', 'funeral home', 'furniture store', 'garden center', 'gym', 'hair salon',
  'hardware store', 'hotel', 'hvac', 'insurance agent', 'it services', 'jewelry store', 'kindergarten',
  'language school', 'laundry', 'law firm', 'locksmith', 'marketing agency', 'massage', 'moving company',
  'nail salon', 'notary', 'optician', 'painter', 'pet grooming', 'pet store', 'pharmacy', 'photographer',
  'physiotherapist', 'pizza', 'plumber', 'real estate agent', 'restaurant', 'roofer', 'spa', 'supermarket',
  'tattoo', 'travel agency', 'veterinarian', 'wine shop', 'yoga studio',
] as const;

/** Plurals English does not make by the rules below. */
const IRREGULAR_PLURALS: Record<string, string> = {
  hvac: 'HVAC companies',
  'it services': 'IT services',
  laundry: 'Laundries',
  pizza: 'Pizzerias',
  massage: 'Massage studios',
  tattoo: 'Tattoo studios',
  spa: 'Spas',
  printing: 'Print shops',
  'car repair': 'Car repair shops',
  'pet grooming': 'Pet groomers',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "dentist" → "Dentists", "bakery" → "Bakeries", "law firm" → "Law firms"; other text is left as typed. */
function pluraliseCategory(category: string): string {
  const text = category.trim().replace(/\s+/g, ' ');
  const key = text.toLowerCase();
  const irregular = IRREGULAR_PLURALS[key];
  if (irregular) return irregular;
  if (!(COMMON_CATEGORIES as readonly string[]).includes(key)) return capitalise(text);
  if (/(s|x|z|ch|sh)$/.test(key)) return capitalise(`${text}es`);
  if (/[^aeiou]y$/.test(key)) return capitalise(`${text.slice(0, -1)}ies`);
  return capitalise(`${text}s`);
}

/** The session's name, e.g. "Dentists in Austin, TX" (at most 200 characters, the API's limit). */
export function searchSessionName(category: string, location: string): string {
  return `${pluraliseCategory(category)} in ${location.trim().replace(/\s+/g, ' ')}`.slice(0, 200);
}

/** "Customers of acme.com", "Customers of acme.com and 2 more". */
export function competitorsSessionName(urls: readonly string[]): string {
  const hosts = urls.map((url) => {
    try {
      return new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `https://${url}`).hostname.replace(
        /^www\./,
        '',
      );
    } catch {
      return url;
    }
  });
  const [first = 'competitors', ...rest] = hosts;
  return `Customers of ${first}${rest.length > 0 ? ` and ${rest.length} more` : ''}`.slice(0, 200);
}

/** "gyros_plano.csv" → "gyros_plano" (the import session's name). */
export function importSessionName(fileName: string): string {
  return (fileName.replace(/\.(csv|tsv|txt)$/i, '').trim() || 'CSV import').slice(0, 200);
}
