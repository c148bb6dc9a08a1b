import { INDUSTRIES, type Industry } from '@argo/contract';
import { foldText } from '../../normalize/text';
import { categoryIndustry } from './industry-categories';
import { INDUSTRY_KEYWORDS } from './industry-keywords';

// The taxonomy lives in the contract (the results filter and ICP forms offer the same list); re-exported here for
// the engine's callers.
export { INDUSTRIES, INDUSTRY_KEYWORDS, type Industry };

/** schema.org business types that settle the industry outright. */
// biome-ignore format: a word list reads better compact
const SCHEMA_TYPE_INDUSTRY: Record<string, Industry> = {
  AccountingService: 'Accounting & tax', LegalService: 'Legal services', Attorney: 'Legal services',
  Notary: 'Legal services', Dentist: 'Dental', Physician: 'Healthcare & medical practices',
  MedicalClinic: 'Healthcare & medical practices', MedicalBusiness: 'Healthcare & medical practices',
  MedicalOrganization: 'Healthcare & medical practices', Hospital: 'Healthcare & medical practices',
  Physiotherapy: 'Healthcare & medical practices', DiagnosticLab: 'Healthcare & medical practices',
  Optician: 'Healthcare & medical practices', Pharmacy: 'Pharmacy & medical supplies',
  BeautySalon: 'Beauty, wellness & personal care', HairSalon: 'Beauty, wellness & personal care',
  NailSalon: 'Beauty, wellness & personal care', DaySpa: 'Beauty, wellness & personal care',
  TattooParlor: 'Beauty, wellness & personal care', HealthClub: 'Fitness & sports', ExerciseGym: 'Fitness & sports',
  SportsActivityLocation: 'Fitness & sports', SportsClub: 'Fitness & sports', SportsOrganization: 'Fitness & sports',
  SportsTeam: 'Fitness & sports', GolfCourse: 'Fitness & sports', Restaurant: 'Restaurants, cafés & bars',
  CafeOrCoffeeShop: 'Restaurants, cafés & bars', BarOrPub: 'Restaurants, cafés & bars',
  FastFoodRestaurant: 'Restaurants, cafés & bars', FoodEstablishment: 'Restaurants, cafés & bars',
  IceCreamShop: 'Restaurants, cafés & bars', NightClub: 'Restaurants, cafés & bars', Bakery: 'Food & beverages',
  Brewery: 'Food & beverages', Winery: 'Food & beverages', Distillery: 'Food & beverages',
  LiquorStore: 'Food & beverages', Hotel: 'Hotels & accommodation', Motel: 'Hotels & accommodation',
  Hostel: 'Hotels & accommodation', BedAndBreakfast: 'Hotels & accommodation', Resort: 'Hotels & accommodation',
  Campground: 'Hotels & accommodation', LodgingBusiness: 'Hotels & accommodation',
  VacationRental: 'Hotels & accommodation', TravelAgency: 'Travel & tourism', TouristAttraction: 'Travel & tourism',
  TouristInformationCenter: 'Travel & tourism', MovieTheater: 'Events & entertainment',
  EntertainmentBusiness: 'Events & entertainment', StadiumOrArena: 'Events & entertainment',
  ArtGallery: 'Arts, culture & photography', Museum: 'Arts, culture & photography',
  PerformingGroup: 'Arts, culture & photography', MusicGroup: 'Arts, culture & photography',
  TheaterGroup: 'Arts, culture & photography', RealEstateAgent: 'Real estate',
  InsuranceAgency: 'Financial services & insurance', FinancialService: 'Financial services & insurance',
  BankOrCreditUnion: 'Financial services & insurance', AutoDealer: 'Automotive', AutoRepair: 'Automotive',
  AutoBodyShop: 'Automotive', AutoWash: 'Automotive', AutoPartsStore: 'Automotive', MotorcycleDealer: 'Automotive',
  GasStation: 'Automotive', GeneralContractor: 'Construction & trades', HomeAndConstructionBusiness: 'Construction & trades',
  Electrician: 'Construction & trades', Plumber: 'Construction & trades', RoofingContractor: 'Construction & trades',
  HousePainter: 'Construction & trades', HVACBusiness: 'Construction & trades', Locksmith: 'Construction & trades',
  MovingCompany: 'Transport & logistics', Airline: 'Transport & logistics', EmploymentAgency: 'Recruiting & HR',
  VeterinaryCare: 'Pets & animal care', PetStore: 'Pets & animal care', AnimalShelter: 'Pets & animal care',
  EducationalOrganization: 'Education & training', School: 'Education & training', Preschool: 'Education & training',
  CollegeOrUniversity: 'Education & training', ChildCare: 'Education & training',
  DryCleaningOrLaundry: 'Cleaning & facility services', NGO: 'Non-profit & associations',
  NonprofitOrganization: 'Non-profit & associations', GovernmentOrganization: 'Public sector',
  GovernmentOffice: 'Public sector', CityHall: 'Public sector', Library: 'Public sector',
  NewsMediaOrganization: 'Media & publishing', RadioStation: 'Media & publishing',
  TelevisionStation: 'Media & publishing', OnlineStore: 'E-commerce', Store: 'Retail', ClothingStore: 'Retail',
  BookStore: 'Retail', ShoeStore: 'Retail', JewelryStore: 'Retail', FurnitureStore: 'Retail',
  ElectronicsStore: 'Retail', HomeGoodsStore: 'Retail', GardenStore: 'Retail', Florist: 'Retail', BikeStore: 'Retail',
  SportingGoodsStore: 'Retail', ToyStore: 'Retail', OutletStore: 'Retail', ComputerStore: 'Retail',
  MobilePhoneStore: 'Retail', HobbyShop: 'Retail', ConvenienceStore: 'Retail', GroceryStore: 'Retail',
  DepartmentStore: 'Retail', HardwareStore: 'Retail', MensClothingStore: 'Retail', MusicStore: 'Retail',
  OfficeEquipmentStore: 'Retail', TireShop: 'Automotive', WholesaleStore: 'Retail',
};

interface KeywordEntry {
  industry: Industry;
  /** 1, or 0.5 for keywords marked "/2". */
  weight: number;
}
interface Compiled {
  /** One pattern per way of matching (word start, whole word, inside a word, end of a compound). */
  patterns: RegExp[];
  /** "<pattern index>:<keyword, spaces and hyphens as one space>" → the industries it points to. */
  entries: Map<string, KeywordEntry[]>;
}

let compiled: Compiled | null = null;
const keyOf = (kind: number, word: string) => `${kind}:${word.replace(/[\s-]+/g, ' ')}`;

function rules(): Compiled {
  // Four patterns for all keywords, each one alternation (longest first, so "weinkeller" wins over "wein" at the
  // same place): one pass over a text per pattern instead of one per industry. ASCII classes, no 'u' flag: V8
  // compiles a Unicode class per use. The text is folded first, and so are the keywords.
  if (compiled) return compiled;
  const bodies: string[][] = [[], [], [], []];
  const entries = new Map<string, KeywordEntry[]>();
  for (const [industry, words] of Object.entries(INDUSTRY_KEYWORDS)) {
    for (const w of words) {
      const weight = w.endsWith('/2') ? 0.5 : 1;
      const word = foldText(w.replace(/^[~=-]/, '').replace(/\/2$/, ''));
      const kind = w.startsWith('~')
        ? 2
        : w.startsWith('-')
          ? 3
          : w.startsWith('=') || word.length <= 4
            ? 1
            : 0;
      const key = keyOf(kind, word);
      const list = entries.get(key) ?? [];
      if (!list.some((e) => e.industry === industry)) list.push({ industry: industry as Industry, weight });
      entries.set(key, list);
      bodies[kind]?.push(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]+'));
    }
  }
  const alternation = (list: string[]) => [...new Set(list)].sort((a, b) => b.length - a.length).join('|');
  const [prefix = [], whole = [], inside = [], ending = []] = bodies;
  compiled = {
    patterns: [
      new RegExp(`(?<![a-z0-9])(?:${alternation(prefix)})`, 'g'),
      new RegExp(`(?<![a-z0-9])(?:${alternation(whole)})(?![a-z0-9])`, 'g'),
      new RegExp(`(?:${alternation(inside)})`, 'g'),
      new RegExp(`(?<=[a-z])(?:${alternation(ending)})(?![a-z0-9])`, 'g'),
    ],
    entries,
  };
  return compiled;
}

export interface IndustryEvidence {
  /** Text with a weight: what names the business counts more than headings, headings more than body copy. */
  texts: Array<{
    text: string;
    weight: number /** hits per keyword counted at most (default 5) */;
    cap?: number;
    /** Says what the business IS (its names, domain, self-description, home page head): side offers count here. */
    identity?: boolean;
  }>;
  schemaTypes: string[];
  category?: string | null;
}

interface Hit {
  industry: Industry;
  weight: number;
  start: number;
  end: number;
  word: string;
}

/**
 * Words for what many businesses offer on the side (a dealer offers financing, a machine maker training, a
 * craftsman advice), and the authorities they deal with (a planner files with the municipality). Outside the
 * texts that say what the business is, they count a quarter.
 */
const SIDE_OFFER =
  /^(?:financ|finanz|leasing|kredit|credit|loan|insurance|versicherung|assurance|training|schulung|seminar|workshop|weiterbildung|fortbildung|formation|formacion|consult|beratung|advisory|asesor|event|evenement|evento|veranstaltung|messe|ticket|transport|delivery|shipping|versand|lieferung|sport|gemeente|gemeinde|municipal|government|kommune|comune|mairie|ayuntamiento)/;

/** "for", "für (die)", "pour les", "para", "voor" and up to two more words, just before a keyword. */
const FOR_WHOM = /(?:^|[^a-z])(?:for|fur|pour|para|per|voor|til)\s+(?:[a-z-]+\s+){0,2}$/;
const YOUR =
  /(?:^|[^a-z])(?:your|ihr|ihre|ihren|ihrem|ihrer|votre|vos|uw|jouw|su|sus|tu|tus|il vostro|la vostra)\s+$/;

/**
 * Every keyword hit of a folded text, overlaps resolved: where two keywords cover the same words, the longer one
 * counts ("data engineer" → software, not the "engineer" of engineering). A hit right after "for"/"für" names the
 * customers ("Steuerberatung für Ärzte") and counts a quarter; one right after "your"/"Ihre" half.
 */
function hitsOf(folded: string): Hit[] {
  const all: Hit[] = [];
  const { patterns, entries } = rules();
  patterns.forEach((pattern, kind) => {
    for (const match of folded.matchAll(pattern)) {
      const start = match.index ?? 0;
      for (const entry of entries.get(keyOf(kind, match[0])) ?? [])
        all.push({ ...entry, start, end: start + match[0].length, word: match[0] });
    }
  });
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Hit[] = [];
  for (const hit of all) {
    // The same words may point to two industries ("association"): both count; other overlaps do not.
    const isSame = (k: Hit) => k.start === hit.start && k.end === hit.end;
    if (kept.some((k) => hit.start < k.end && k.start < hit.end && !isSame(k))) continue;
    // "Software für Kliniken", "marketing for restaurants": what follows "for" names the customers, not the trade.
    const before = folded.slice(Math.max(0, hit.start - 40), hit.start);
    if (FOR_WHOM.test(before)) hit.weight *= 0.25;
    // "your hospital", "Ihre Praxis": the reader's own business, which a supplier addresses.
    else if (YOUR.test(before)) hit.weight *= 0.5;
    kept.push(hit);
  }
  return kept;
}

/**
 * Industries that one business is often both of: a tax law firm, a coaching school, an inn with rooms, a shop with
 * a web shop. When the runner-up is the leader's neighbour, the leader only has to lead the rest: the answer is
 * right either way, while two unrelated industries close together stay unclear.
 */
// biome-ignore format: pairs read better compact
const NEIGHBOURS: Array<[Industry, Industry]> = [
  ['Accounting & tax', 'Legal services'], ['Accounting & tax', 'Financial services & insurance'],
  ['Consulting & coaching', 'Education & training'], ['Consulting & coaching', 'Recruiting & HR'],
  ['Restaurants, cafés & bars', 'Hotels & accommodation'], ['Hotels & accommodation', 'Travel & tourism'],
  ['Restaurants, cafés & bars', 'Food & beverages'], ['Food & beverages', 'Retail'], ['Retail', 'E-commerce'],
  ['Food & beverages', 'Agriculture, forestry & gardening'], ['Marketing, advertising & design', 'Software & IT services'],
  ['Marketing, advertising & design', 'Media & publishing'], ['Software & IT services', 'Telecommunications & internet'],
  ['Construction & trades', 'Architecture & engineering'], ['Construction & trades', 'Real estate'],
  ['Healthcare & medical practices', 'Dental'], ['Healthcare & medical practices', 'Pharmacy & medical supplies'],
  ['Fitness & sports', 'Beauty, wellness & personal care'], ['Events & entertainment', 'Arts, culture & photography'],
];
const areNeighbours = (a: Industry, b: Industry) =>
  NEIGHBOURS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** Score a winner needs, and its lead over the runner-up. */
const INDUSTRY_MIN_SCORE = 6;
const INDUSTRY_MIN_LEAD = 1.5;
/** The lead over a rival of words only when a schema.org type or the source's category names the industry. */
const INDUSTRY_MIN_LEAD_STATED = 1.2;
/** Points of a schema.org type or a source category that names the industry. */
const STRONG_POINTS = 20;

/**
 * The built-in industry rule: keyword hits per industry, each weighted by where it stands (see industryTexts in
 * industry-evidence.ts: what names the business 6, title/description/h1 3, headings 2, body copy 1 — less on
 * posts and product pages, nothing from legal pages), each keyword counted at most 5 times per text, side offers
 * (SIDE_OFFER: financing, training, advice …) a quarter outside the texts that say what the business is, plus 20
 * for a schema.org type or a source category (OSM tag, Google type, CSV column: industry-categories.ts) that
 * names the industry. The best score wins if it reaches 6, leads the runner-up by 50 % (the next one, when the
 * runner-up is its neighbour: NEIGHBOURS) and stands on more than one text (or on an identity text, a type or
 * the category); otherwise null (unclear beats wrong; the model, when configured, may still decide).
 */
export function classifyIndustry(evidence: IndustryEvidence): {
  industry: Industry | null;
  scores: Array<[Industry, number]>;
} {
  const scores = new Map<Industry, number>();
  const add = (industry: Industry, points: number) =>
    scores.set(industry, (scores.get(industry) ?? 0) + points);
  // Independent evidence per industry: the texts with a hit, whether one of them says what the business is, and
  // whether a schema.org type or the source's category names it.
  const support = new Map<Industry, { texts: number; identity: boolean; strong: boolean }>();
  const supportOf = (industry: Industry) => {
    const known = support.get(industry);
    if (known) return known;
    const fresh = { texts: 0, identity: false, strong: false };
    support.set(industry, fresh);
    return fresh;
  };
  for (const type of new Set(evidence.schemaTypes)) {
    const industry = SCHEMA_TYPE_INDUSTRY[type];
    if (industry) {
      add(industry, STRONG_POINTS);
      supportOf(industry).strong = true;
    }
  }
  const texts = [...evidence.texts];
  const fromCategory = categoryIndustry(evidence.category);
  if (fromCategory && fromCategory !== 'Other') {
    add(fromCategory, STRONG_POINTS);
    supportOf(fromCategory).strong = true;
  } else if (evidence.category)
    texts.push({ text: evidence.category.replace(/_/g, ' '), weight: 6, identity: true });
  for (const { text, weight, cap = 5, identity = false } of texts) {
    if (!text || weight <= 0) continue;
    const counts = new Map<string, { industry: Industry; n: number; weight: number }>();
    for (const hit of hitsOf(foldText(text))) {
      if (!identity && SIDE_OFFER.test(hit.word)) hit.weight *= 0.25;
      const key = `${hit.industry}\n${hit.word}`;
      const known = counts.get(key);
      if (known) known.n = Math.min(cap, known.n + 1);
      else counts.set(key, { industry: hit.industry, n: 1, weight: hit.weight });
    }
    const hitIndustries = new Set<Industry>();
    for (const { industry, n, weight: keywordWeight } of counts.values()) {
      add(industry, n * weight * keywordWeight);
      hitIndustries.add(industry);
    }
    for (const industry of hitIndustries) {
      const s = supportOf(industry);
      s.texts++;
      if (identity) s.identity = true;
    }
  }
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [first] = ranked;
  const rival = ranked
    .slice(1)
    .find(([industry], i) => i > 0 || !first || !areNeighbours(first[0], industry));
  const backing = first ? support.get(first[0]) : undefined;
  // One text alone (a menu, one page's body) is too thin: a second text, or one that names the business.
  const isBacked = Boolean(backing && (backing.strong || backing.identity || backing.texts >= 2));
  // What the site or the source says the business is (a schema.org type, a category) over words only: a
  // "Hotel" among vineyards needs a smaller lead over the wine its texts mention.
  const lead =
    backing?.strong && rival && !support.get(rival[0])?.strong ? INDUSTRY_MIN_LEAD_STATED : INDUSTRY_MIN_LEAD;
  const isClear =
    first && isBacked && first[1] >= INDUSTRY_MIN_SCORE && (!rival || first[1] >= rival[1] * lead);
  return { industry: isClear ? first[0] : null, scores: ranked };
}
