/**
 * What an OpenStreetMap element is, from all of its tags: its main category, the other categories it also
 * carries, and whether it is a business at all.
 *
 * Precedence (highest first) when one element carries several business tags — the place a guest, patient or
 * customer comes to beats the outlet inside it:
 *   1. lodging: tourism=hotel|motel|guest_house|hostel|apartment|chalet|camp_site|caravan_site|alpine_hut
 *      (a hotel with amenity=restaurant is a hotel with a restaurant)
 *   2. health care: healthcare=*, and amenity=doctors|dentist|clinic|hospital|pharmacy|veterinary
 *   3. craft=* (a winery, brewery or bakery that makes what its shop or tap room sells)
 *   4. services whose amenity is the whole business: amenity=fuel|bank|car_wash|kindergarten|driving_school|…
 *      (a fuel station with shop=convenience is a fuel station)
 *   5. office=*
 *   6. shop=*
 *   7. food and drink: amenity=restaurant|cafe|bar|pub|fast_food|ice_cream|biergarten|… and other amenities
 *   8. leisure businesses: leisure=fitness_centre|sports_centre|spa|sauna|dance|bowling_alley|…
 *   9. visitor businesses: tourism=museum|gallery|zoo|aquarium|theme_park|wine_cellar
 *  10. building=hotel|… — only when nothing above is there (a hotel mapped as its building)
 * Ties keep that key order. Each category reads as the category list names it (tourism=guest_house → "guest
 * house", shop=alcohol → "liquor store"), else as the tag value in words ("camp_site" → "camp site").
 *
 * Not businesses (parks, gardens, benches, public toilets, playgrounds, parking, viewpoints, information boards,
 * places of worship, …: an element whose only kind tags are such) are never returned, unless the search asked for
 * exactly that kind of place.
 */
import { CATEGORIES, categoryKey, parseCondition, type TagCondition, type TagFilter } from './categories';

type Tags = Record<string, string>;

const LODGING = new Set([
  'hotel',
  'motel',
  'guest_house',
  'hostel',
  'apartment',
  'chalet',
  'camp_site',
  'caravan_site',
  'alpine_hut',
]);
const HEALTH_AMENITY = new Set(['doctors', 'dentist', 'clinic', 'hospital', 'pharmacy', 'veterinary']);
// biome-ignore format: compact
const SERVICE_AMENITY = new Set([
  'fuel', 'bank', 'bureau_de_change', 'money_transfer', 'car_wash', 'car_rental', 'vehicle_inspection',
  'kindergarten', 'childcare', 'driving_school', 'language_school', 'music_school', 'dancing_school', 'prep_school',
  'nursing_home', 'cinema', 'theatre', 'coworking_space', 'studio', 'gym', 'dojo', 'spa', 'veterinary_pharmacy',
]);
// biome-ignore format: compact
const LEISURE_BUSINESS = new Set([
  'fitness_centre', 'sports_centre', 'spa', 'sauna', 'dance', 'bowling_alley', 'escape_game', 'golf_course',
  'horse_riding', 'marina', 'water_park', 'amusement_arcade', 'miniature_golf', 'trampoline_park', 'ice_rink',
  'adult_gaming_centre', 'tanning_salon', 'hackerspace', 'sports_hall', 'climbing', 'resort', 'studio',
]);
const VISITOR_BUSINESS = new Set(['museum', 'gallery', 'zoo', 'aquarium', 'theme_park', 'wine_cellar']);
const BUILDING_CATEGORY: Record<string, string> = { hotel: 'hotel' };

/** Tag values that name public infrastructure or open space, never a business. */
// biome-ignore format: compact
const NOT_A_BUSINESS: Record<string, ReadonlySet<string>> = {
  leisure: new Set([
    'park', 'garden', 'playground', 'pitch', 'track', 'picnic_table', 'nature_reserve', 'common', 'dog_park',
    'slipway', 'swimming_area', 'bandstand', 'firepit', 'fishing', 'outdoor_seating', 'bleachers', 'shelter',
    'recreation_ground', 'schoolyard', 'bird_hide', 'wildlife_hide', 'beach_resort', 'fitness_station',
  ]),
  amenity: new Set([
    'bench', 'toilets', 'waste_basket', 'waste_disposal', 'recycling', 'parking', 'parking_space',
    'parking_entrance', 'bicycle_parking', 'motorcycle_parking', 'drinking_water', 'water_point', 'fountain',
    'shelter', 'telephone', 'post_box', 'bbq', 'clock', 'grit_bin', 'hunting_stand', 'vending_machine', 'atm',
    'charging_station', 'compressed_air', 'place_of_worship', 'grave_yard', 'townhall', 'police', 'fire_station',
    'public_bookcase', 'give_box', 'dog_toilet', 'lounger', 'watering_place', 'bicycle_repair_station',
    'taxi', 'bus_station', 'ferry_terminal', 'loading_dock', 'letter_box', 'table', 'trolley_bay', 'courthouse',
    'prison', 'polling_station', 'street_lamp', 'smoking_area', 'photo_booth', 'kneipp_water_cure', 'ticket_validator',
  ]),
  tourism: new Set(['information', 'viewpoint', 'picnic_site', 'artwork', 'attraction', 'yes']),
};
/** Words a user searches for the non-businesses, besides the tag value itself ("park" for leisure=park). */
const NOT_A_BUSINESS_WORDS: Record<string, readonly string[]> = {
  park: ['parks', 'kurpark', 'stadtpark', 'parc', 'parque'],
  garden: ['gärten', 'garten', 'kräutergarten', 'jardin', 'jardín'],
  playground: ['spielplatz', 'aire de jeux', 'parque infantil'],
  toilets: ['toilet', 'public toilet', 'public toilets', 'wc', 'toilette', 'toiletten', 'restroom'],
  bench: ['benches', 'sitzbank', 'banc'],
  parking: ['car park', 'parking lot', 'parkplatz'],
  viewpoint: ['aussichtspunkt', 'lookout', 'mirador'],
};

const LABELS = new Map<string, string>();
for (const category of CATEGORIES) {
  for (const filter of category.osm) {
    // Only single-tag filters name a category by themselves (not "restaurant with cuisine=pizza").
    if (typeof filter !== 'string') continue;
    const condition = parseCondition(filter);
    const values =
      condition.op === '='
        ? [condition.value ?? '']
        : condition.op === '~'
          ? (/^\^\(([\w|]+)\)\$$/.exec(condition.value ?? '')?.[1]?.split('|') ?? [])
          : [];
    for (const value of values) {
      const tag = `${condition.key}=${value}`;
      if (!LABELS.has(tag)) LABELS.set(tag, category.id);
    }
  }
}

/** "tourism=guest_house" → "guest house"; a value the category list lacks, in words ("camp_site" → "camp site"). */
function tagLabel(key: string, value: string): string {
  return LABELS.get(`${key}=${value}`) ?? value.replace(/_/g, ' ').trim();
}

/** Each value of a tag ("a;b" holds two); "yes" says "a business of some kind", "no" nothing. */
const valuesOf = (tags: Tags, key: string) =>
  (tags[key] ?? '')
    .split(';')
    .map((value) => value.trim())
    .filter((value) => value !== '' && value !== 'no');

/** The precedence of one business tag (higher first), or null when the tag does not make a business. */
function rank(key: string, value: string): number | null {
  if (NOT_A_BUSINESS[key]?.has(value)) return null;
  switch (key) {
    case 'tourism':
      if (LODGING.has(value)) return 100;
      return VISITOR_BUSINESS.has(value) ? 20 : null;
    case 'healthcare':
      return 90;
    case 'craft':
      return 80;
    case 'office':
      return 60;
    case 'shop':
      return 50;
    case 'amenity':
      if (HEALTH_AMENITY.has(value)) return 89;
      return SERVICE_AMENITY.has(value) ? 70 : 40;
    case 'leisure':
      return LEISURE_BUSINESS.has(value) ? 30 : null;
    default:
      return null;
  }
}

const KEYS = ['tourism', 'healthcare', 'amenity', 'craft', 'office', 'shop', 'leisure'] as const;

export interface ElementCategory {
  /** The main category, or null when the element is not a business (and was not asked for). */
  category: string | null;
  /** Every category, the main one first, without repeats. */
  categories: string[];
  /** The element is a business (or a non-business the search asked for) and may be returned. */
  isKept: boolean;
}

export interface CategoryContext {
  /** The category the search resolved to (its id and OSM filters), if any. */
  searched?: { id: string; filters: TagFilter[] } | null;
  /** The words searched, for a search that names a non-business ("park", "Spielplatz"). */
  query?: string | null;
}

/** Categorises one element by all of its tags (see the precedence above). */
export function categorizeElement(tags: Tags, context: CategoryContext = {}): ElementCategory {
  const found: Array<{ key: string; value: string; rank: number; order: number }> = [];
  const public_: Array<{ key: string; value: string }> = [];
  for (const key of KEYS) {
    for (const value of valuesOf(tags, key)) {
      const r = rank(key, value);
      if (r === null) {
        if (NOT_A_BUSINESS[key]?.has(value)) public_.push({ key, value });
      } else found.push({ key, value, rank: r, order: found.length });
    }
  }
  found.sort((a, b) => b.rank - a.rank || a.order - b.order);
  const labels = found.filter((tag) => tag.value !== 'yes').map((tag) => tagLabel(tag.key, tag.value));
  if (found.length === 0) {
    const building = BUILDING_CATEGORY[tags.building ?? ''];
    if (building) labels.push(building);
  }

  const searched = context.searched;
  const matched = searched ? matchingFilter(tags, searched.filters) : null;
  if (searched && matched) {
    const main = found[0];
    // The searched category names the element when it is about the main tag ("pizza" for a pizzeria), and
    // is one more category when it is about an outlet inside ("restaurant" for a hotel's restaurant).
    const isAboutMain =
      !main || matched.some((c) => c.key === main.key && matchesCondition(tags, c, main.value));
    if (isAboutMain) labels.unshift(searched.id);
    else labels.push(searched.id);
  }
  // Tagged only as a park, a bench, toilets…: not a business. Tagged as nothing at all (a volunteer kitchen
  // mapped with its diet and website only): the search found it, so it stays, without a category.
  if (labels.length === 0 && found.length === 0 && public_.length > 0) {
    const asked = public_.find((tag) => isAskedFor(tag.value, context.query));
    if (!asked && !matched) return { category: null, categories: [], isKept: false };
    if (asked) labels.push(tagLabel(asked.key, asked.value));
  }
  const categories = [...new Set(labels)];
  return { category: categories[0] ?? null, categories, isKept: true };
}

function isAskedFor(value: string, query: string | null | undefined): boolean {
  if (!query) return false;
  const key = categoryKey(query);
  return [value, ...(NOT_A_BUSINESS_WORDS[value] ?? [])].some((word) => categoryKey(word) === key);
}

/** The first filter whose conditions all hold for these tags, or null. */
function matchingFilter(tags: Tags, filters: TagFilter[]): TagCondition[] | null {
  return filters.find((filter) => filter.every((condition) => matchesCondition(tags, condition))) ?? null;
}

/** One Overpass condition evaluated on an element's tags (`value`: test this value of the key only). */
function matchesCondition(tags: Tags, condition: TagCondition, value?: string): boolean {
  const flags = condition.isCaseInsensitive ? 'iu' : 'u';
  switch (condition.op) {
    case 'exists':
      return tags[condition.key] !== undefined;
    case 'key~': {
      const pattern = new RegExp(condition.key, flags);
      return Object.keys(tags).some((key) => pattern.test(key) && tags[key] !== '');
    }
    case '=':
      return (value ?? tags[condition.key]) === condition.value;
    case '~': {
      const actual = value ?? tags[condition.key];
      return actual !== undefined && new RegExp(condition.value ?? '', flags).test(actual);
    }
  }
}
