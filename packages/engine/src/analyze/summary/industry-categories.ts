import type { Industry } from '@argo/contract';
import { foldText } from '../../normalize/text';

/**
 * A discovery source's own category → the industry it names. The category is what the source says the business
 * IS, so it is strong evidence (like a schema.org type): OpenStreetMap's category ids (discovery/osm/category-list)
 * and tag values in words ("doctors", "camp site", "estate agent"), Google Places primary types ("dental_clinic",
 * "car_dealer") and common CSV category words. Keys are folded, "_" and "-" as spaces; a category not in the table
 * is read by the keyword rules instead (as an identity text).
 */
// biome-ignore format: a word list reads better compact
const TABLE: Record<Industry, string[]> = {
  'Accounting & tax': ['accountant', 'accounting', 'tax advisor', 'tax consultant', 'bookkeeper', 'bookkeeping', 'cpa', 'steuerberater', 'steuerberatung'],
  'Legal services': ['law firm', 'lawyer', 'attorney', 'notary', 'legal services', 'rechtsanwalt', 'notar', 'kanzlei'],
  'Consulting & coaching': ['consultant', 'consulting', 'unternehmensberatung'],
  'Marketing, advertising & design': ['marketing agency', 'advertising agency', 'marketing', 'werbeagentur', 'graphic designer'],
  'Software & IT services': ['it services', 'it', 'software', 'software company', 'computer consultant', 'website designer'],
  'Telecommunications & internet': ['telecommunication', 'telecommunications', 'internet service provider', 'telecommunications service provider'],
  'Media & publishing': ['newspaper', 'publisher', 'radio station', 'television station', 'newspaper publisher', 'verlag'],
  'Education & training': ['school', 'kindergarten', 'childcare', 'child care agency', 'preschool', 'driving school', 'language school', 'music school', 'dance school', 'dancing school', 'prep school', 'university', 'college', 'primary school', 'secondary school', 'tutoring service', 'educational institution', 'training', 'fahrschule', 'sprachschule', 'musikschule', 'berufsschule'],
  'Healthcare & medical practices': ['doctor', 'doctors', 'physician', 'clinic', 'hospital', 'medical clinic', 'physiotherapist', 'psychotherapist', 'psychologist', 'counselling', 'chiropractor', 'optician', 'optometrist', 'hearing aids', 'audiologist', 'nursing home', 'alternative', 'midwife', 'podiatrist', 'speech therapist', 'occupational therapist', 'general practitioner', 'medical lab', 'arzt', 'arztpraxis', 'physiotherapie', 'pflegedienst', 'home health care service'],
  Dental: ['dentist', 'dental clinic', 'orthodontist', 'zahnarzt'],
  'Pharmacy & medical supplies': ['pharmacy', 'chemist', 'drugstore', 'medical supply', 'medical supply store', 'apotheke', 'sanitatshaus'],
  'Beauty, wellness & personal care': ['hair salon', 'hairdresser', 'hair care', 'barber', 'barber shop', 'beauty salon', 'beauty', 'nail salon', 'nails', 'massage', 'spa', 'day spa', 'sauna', 'tattoo', 'tanning salon', 'cosmetics store', 'cosmetics', 'perfumery', 'friseur', 'kosmetikstudio'],
  'Fitness & sports': ['gym', 'fitness centre', 'fitness center', 'sports centre', 'sports center', 'yoga studio', 'martial arts', 'dojo', 'sports club', 'golf course', 'climbing', 'swimming pool', 'fitnessstudio'],
  'Restaurants, cafés & bars': ['restaurant', 'fast food', 'cafe', 'bar', 'pub', 'biergarten', 'nightclub', 'pizza', 'sushi', 'vegan restaurant', 'vegetarian restaurant', 'ice cream', 'food court', 'caterer', 'meal takeaway', 'meal delivery', 'coffee shop', 'gaststatte'],
  'Hotels & accommodation': ['hotel', 'motel', 'guest house', 'hostel', 'camp site', 'caravan site', 'apartment', 'chalet', 'alpine hut', 'lodging', 'bed and breakfast', 'campground', 'pension', 'ferienwohnung'],
  'Travel & tourism': ['travel agency', 'travel agent', 'tour operator', 'tourist attraction', 'reiseburo'],
  'Events & entertainment': ['cinema', 'movie theater', 'theatre', 'event venue', 'bowling alley', 'escape game', 'amusement park', 'theme park', 'night club', 'casino'],
  'Arts, culture & photography': ['photographer', 'photo', 'museum', 'gallery', 'art gallery', 'artist', 'fotograf'],
  Retail: ['supermarket', 'convenience store', 'florist', 'bookstore', 'books', 'bike shop', 'bicycle', 'clothing store', 'clothes', 'boutique', 'shoe store', 'shoes', 'jewelry store', 'jewelry', 'hardware store', 'hardware', 'doityourself', 'furniture store', 'furniture', 'electronics store', 'electronics', 'mobile phone', 'computer', 'gift shop', 'gift', 'souvenir', 'toy store', 'toys', 'sporting goods', 'sports', 'garden center', 'garden centre', 'department store', 'store', 'shopping mall', 'kiosk', 'variety store', 'optician shop', 'wine shop', 'liquor store', 'alcohol', 'grocery store', 'greengrocer', 'stationery', 'baumarkt'],
  'E-commerce': ['online shop', 'online store', 'e-commerce', 'ecommerce'],
  'Food & beverages': ['bakery', 'pastry shop', 'pastry', 'confectionery', 'butcher', 'deli', 'winery', 'brewery', 'distillery', 'food producer', 'coffee roaster', 'backerei', 'metzgerei', 'weingut', 'brauerei'],
  'Construction & trades': ['plumber', 'electrician', 'carpenter', 'joiner', 'roofer', 'painter', 'hvac', 'heating engineer', 'locksmith', 'general contractor', 'construction company', 'roofing contractor', 'builder', 'tiler', 'glaziery', 'stonemason', 'metal construction', 'scaffolder', 'window construction', 'floorer', 'plasterer', 'insulation', 'handwerker', 'elektriker', 'klempner', 'installateur', 'sanitar', 'dachdecker', 'tischler', 'schreiner', 'maler'],
  'Architecture & engineering': ['architect', 'architecture firm', 'engineering firm', 'engineer', 'surveyor', 'architekt', 'ingenieurburo'],
  'Real estate': ['real estate agent', 'estate agent', 'real estate agency', 'real estate', 'property management company', 'immobilienmakler', 'makler'],
  'Energy & solar': ['solar energy company', 'solar', 'energy supplier', 'electric utility', 'fuel supplier'],
  'Manufacturing & industry': ['manufacturer', 'factory', 'metal fabricator', 'machine shop', 'industrial', 'hersteller'],
  Automotive: ['car repair', 'car dealer', 'car wash', 'gas station', 'fuel', 'tire shop', 'tyres', 'car', 'car rental', 'vehicle inspection', 'motorcycle', 'motorcycle dealer', 'car parts', 'auto parts store', 'autohaus', 'autowerkstatt', 'kfz werkstatt', 'tankstelle'],
  'Transport & logistics': ['moving company', 'courier', 'courier service', 'logistics', 'logistics service', 'trucking company', 'taxi', 'taxi service', 'freight forwarding service', 'spedition'],
  'Financial services & insurance': ['insurance agent', 'insurance', 'insurance agency', 'insurance broker', 'bank', 'credit union', 'financial advisor', 'financial', 'bureau de change', 'money transfer', 'versicherung'],
  'Agriculture, forestry & gardening': ['gardener', 'landscaper', 'farm', 'farmer', 'agricultural', 'forestry', 'tree service', 'gartner', 'galabau'],
  'Pets & animal care': ['veterinarian', 'veterinary', 'veterinary care', 'pet store', 'pet', 'pet grooming', 'animal boarding', 'dog trainer', 'tierarzt'],
  'Cleaning & facility services': ['cleaning service', 'cleaning', 'laundry', 'dry cleaning', 'janitorial', 'gebaudereinigung'],
  'Recruiting & HR': ['employment agency', 'staffing agency', 'recruiter', 'personalvermittlung'],
  'Non-profit & associations': ['association', 'ngo', 'charity', 'foundation', 'non profit', 'nonprofit', 'verein'],
  'Public sector': ['government', 'government office', 'city hall', 'townhall', 'local government office', 'library'],
  Other: [],
};

const key = (text: string) =>
  foldText(text)
    .replace(/[_\-/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const INDEX = new Map<string, Industry>();
for (const [industry, words] of Object.entries(TABLE) as Array<[Industry, string[]]>)
  for (const word of words) if (!INDEX.has(key(word))) INDEX.set(key(word), industry);

/**
 * The industry a source category names, or null: the whole category, else it without a plural "s" ("dentists"),
 * else its last two words or its last word, the kind of place a compound names ("used car dealer" → "car dealer",
 * "italian restaurant" → "restaurant").
 */
export function categoryIndustry(category: string | null | undefined): Industry | null {
  if (!category) return null;
  const k = key(category);
  if (!k) return null;
  const exact = INDEX.get(k) ?? INDEX.get(k.replace(/s$/, ''));
  if (exact) return exact;
  const last = k.split(' ').slice(-2).join(' ');
  const word = k.split(' ').at(-1) ?? '';
  return INDEX.get(last) ?? (word.length > 2 ? INDEX.get(word) : undefined) ?? null;
}
