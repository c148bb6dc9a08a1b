import { foldText } from '../../normalize/text';

/**
 * The fixed industry taxonomy of ai_summary (documented in analyze/README.md). A model must answer one of these
 * (enforced by the schema); the built-in analyzer picks one by the keyword rules below. ICP criteria name them.
 */
// biome-ignore format: a word list reads better compact
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

/**
 * Word beginnings (folded: lower case, no accents, ß → ss) that point to each industry, in English, German,
 * French, Spanish, Italian and Dutch. A keyword matches at the start of a word ("steuerberat" matches
 * "Steuerberatung"); keywords of up to four letters and those starting with "=" only as whole words ("bar" does
 * not match "barrierefrei", "=hunde" not "hundert"); those starting with "~" anywhere in a compound word
 * ("~gutachten" matches "Baumgutachten").
 */
// biome-ignore format: a word list reads better compact
export const INDUSTRY_KEYWORDS: Record<Exclude<Industry, 'Other'>, string[]> = {
  'Accounting & tax': ['accountant', 'accounting', 'bookkeep', 'tax advis', 'tax consult', 'tax return', 'steuerberat', '~steuerberat', 'steuerrecht', 'steuererklar', 'buchhaltung', 'lohnbuchhaltung', 'wirtschaftsprufer', 'jahresabschluss', 'expert-comptable', 'comptabilit', 'fiscalit', 'asesoria fiscal', 'contabilidad', 'commercialista', 'contabilita', 'boekhoud', 'belastingadvies', 'accountantskantoor'],
  'Legal services': ['lawyer', 'attorney', 'law firm', 'legal advice', 'litigation', 'rechtsanwalt', 'rechtsanwaltin', 'anwalt', '~anwalt', 'kanzlei', 'fachanwalt', 'rechtsberatung', 'notar', 'avocat', "cabinet d'avocats", 'abogado', 'bufete', 'avvocato', 'studio legale', 'advocaat', 'advocatenkantoor', 'juridisch'],
  'Consulting & coaching': ['consulting', 'consultant', 'advisory', 'coaching', 'coach', 'unternehmensberatung', 'beratung', 'berater', 'conseil', 'consultoria', 'consulenza', 'adviesbureau'],
  'Marketing, advertising & design': ['marketing', 'advertising', 'seo', 'branding', 'social media', 'web design', 'webdesign', 'graphic design', 'agentur', 'werbeagentur', 'werbung', 'grafikdesign', 'publicite', 'agence', 'publicidad', 'pubblicita', 'reclamebureau'],
  'Software & IT services': ['software', 'saas', 'api', 'developer', 'cloud', 'hosting', 'it service', 'it-service', 'it support', 'app development', 'web development', 'softwareentwicklung', 'programmier', 'edv', 'it-dienstleist', 'netzwerk', 'datenbank', 'logiciel', 'informatique', 'desarrollo de software', 'informatica', 'platform', 'plattform', 'deploy', 'frontend', 'javascript', 'open source'],
  'Telecommunications & internet': ['telecom', 'broadband', 'internet provider', 'mobile network', 'glasfaser', 'telekommunikation', 'breitband', 'fibre', 'fibra', 'telecomunicacion'],
  'Media & publishing': ['news', 'magazine', 'publisher', 'publishing', 'journalis', 'newsletter', 'podcast', 'verlag', 'zeitung', 'zeitschrift', 'redaktion', 'blog', 'editions', 'periodico', 'rivista', 'uitgeverij'],
  'Education & training': ['training', 'course', 'seminar', 'workshop', 'school', 'tutor', 'lesson', 'teacher', 'academy', 'weiterbildung', 'fortbildung', 'schulung', 'kurs', 'unterricht', 'nachhilfe', 'englischtraining', '~training', 'sprachschule', 'formation', 'cours', 'ecole', 'formacion', 'curso', 'escuela', 'corso', 'formazione', 'scuola', 'opleiding', 'cursus'],
  'Healthcare & medical practices': ['doctor', 'physician', 'clinic', 'medical', 'physiotherap', 'therapy', 'therapist', 'patient', '=arzt', '=arztin', 'arztpraxis', '~arztpraxis', 'hausarzt', 'klinik', 'physiotherapie', 'heilpraktiker', 'pflege', 'medecin', 'cabinet medical', 'medico', 'clinica', 'fisioterap', 'huisarts', 'fysiotherap'],
  Dental: ['dentist', 'dental', 'orthodont', 'zahnarzt', 'zahnarztpraxis', 'kieferorthop', 'zahnmedizin', 'dentiste', 'dentista', 'odontolog', 'tandarts'],
  'Pharmacy & medical supplies': ['pharmacy', 'drugstore', 'apotheke', 'sanitatshaus', 'pharmacie', 'farmacia', 'apotheek'],
  'Beauty, wellness & personal care': ['hair salon', 'hairdress', 'barber', 'beauty', 'cosmetic', 'nail', 'spa', 'massage', 'wellness', 'friseur', 'kosmetik', 'nagelstudio', 'coiffeur', 'coiffure', 'esthetique', 'peluqueria', 'estetica', 'parrucchiere', 'kapper', 'schoonheid'],
  'Fitness & sports': ['fitness', 'gym', 'yoga', 'pilates', 'personal trainer', 'sports club', 'fitnessstudio', 'sportverein', 'kampfsport', 'salle de sport', 'gimnasio', 'palestra', 'sportschool', 'angel', 'angler', 'fishing', 'golf', 'tennis'],
  'Restaurants, cafés & bars': ['restaurant', 'cafe', 'coffee', 'bistro', 'bar', 'pub', 'pizzeria', 'menu', 'dinner', 'lunch', 'cuisine', 'gasthaus', 'gasthof', 'gaststatte', 'wirtshaus', 'speisekarte', 'kuche', 'mittagstisch', 'imbiss', 'brasserie', 'trattoria', 'osteria', 'ristorante', 'taverna', 'eetcafe', 'tisch reservier', 'schlosswirt', 'gastwirt'],
  'Hotels & accommodation': ['hotel', 'guesthouse', 'bed and breakfast', 'vacation rental', 'holiday apartment', 'hostel', 'pension', 'ferienwohnung', 'unterkunft', 'ubernachtung', 'urlaub auf dem bauernhof', "chambre d'hote", 'gite', 'hostal', 'alojamiento', 'albergo', 'agriturismo', 'vakantiehuis'],
  'Travel & tourism': ['travel', 'tour', 'tourism', 'trip', 'reise', 'reisebuero', 'reiseburo', 'tourismus', 'ausflug', 'voyage', 'viaje', 'viaggio', 'reisbureau'],
  'Events & entertainment': ['event', 'tasting', 'concert', 'festival', 'party', 'wedding', 'ticket', 'veranstaltung', 'verkostung', '~verkostung', 'tasting', 'hochzeit', 'feier', 'eintritt', 'evenement', 'spectacle', 'evento', 'fiesta', 'evenementen'],
  'Arts, culture & photography': ['photograph', 'photo', 'gallery', 'artist', 'museum', 'theatre', 'theater', 'exlibris', 'fotograf', 'fotografie', 'galerie', 'kunst', 'kunstler', 'ausstellung', 'grafik', 'radierung', 'photographe', 'artiste', 'fotografo', 'artista', 'kunstenaar'],
  Retail: ['shop', 'store', 'boutique', 'retail', 'geschaft', 'laden', 'einzelhandel', 'fachhandel', 'weinhandlung', 'weinkeller', 'buchhandlung', 'magasin', 'tienda', 'negozio', 'winkel'],
  'E-commerce': ['online shop', 'onlineshop', 'webshop', 'e-commerce', 'ecommerce', 'warenkorb', 'add to cart', 'in den warenkorb', 'versandkostenfrei', 'free shipping', 'checkout', 'panier', 'carrito', 'carrello', 'winkelwagen'],
  'Food & beverages': ['bakery', 'butcher', 'brewery', 'winery', 'wine', 'whisky', 'whiskey', 'spirits', 'gin', 'rum', 'coffee roast', 'backerei', 'metzgerei', 'brauerei', 'weingut', 'wein', '~wein', 'winzer', 'destillerie', 'brennerei', 'feinkost', 'lebensmittel', 'boulangerie', 'vin', 'panaderia', 'vino', 'panificio', 'bakkerij', 'wijn'],
  'Construction & trades': ['construction', 'builder', 'contractor', 'roofing', 'plumb', 'electrician', 'carpent', 'painter', 'renovation', 'handwerk', 'bauunternehmen', 'bau', 'dachdecker', 'sanitar', 'heizung', 'elektriker', 'elektro', 'schreiner', 'tischler', 'maler', 'fliesen', 'zimmerei', 'renovierung', 'batiment', 'plombier', 'construccion', 'edilizia', 'aannemer', 'loodgieter'],
  'Architecture & engineering': ['architect', 'engineering', 'engineer', 'structural', 'surveyor', 'architekt', 'ingenieur', '~ingenieur', 'ingenieurburo', 'tragwerk', 'statik', 'bauingenieur', 'planungsburo', 'vermessung', 'gutachter', '~gutachten', 'hochbau', 'tiefbau', 'bruckenbau', "bureau d'etudes", 'ingenierie', 'arquitect', 'ingegneria', 'architett', 'ingenieursbureau'],
  'Real estate': ['real estate', 'realtor', 'property management', 'apartments for', 'immobilie', '~immobilien', 'makler', 'hausverwaltung', 'immobilier', 'inmobiliaria', 'immobiliare', 'makelaar', 'vastgoed'],
  'Energy & solar': ['solar', 'photovoltai', 'pv system', 'battery storage', 'heat pump', 'renewable', 'energy', 'solaranlage', 'photovoltaik', 'batteriespeicher', 'stromspeicher', 'wechselrichter', 'warmepumpe', 'energie', 'stromkosten', 'solaire', 'fotovoltai', 'energia', 'zonnepanel'],
  'Manufacturing & industry': ['manufactur', 'factory', 'industrial', 'machining', 'cnc', 'production', 'hersteller', 'herstellung', 'fertigung', 'maschinenbau', 'industrie', 'produktion', 'fabrication', 'fabricacion', 'produzione', 'fabrikant'],
  Automotive: ['car dealer', 'auto repair', 'garage', 'vehicle', 'tyre', 'tire', 'autohaus', 'kfz', 'autowerkstatt', 'werkstatt', 'reifen', 'gebrauchtwagen', 'automobile', 'concessionnaire', 'taller', 'concesionario', 'officina', 'autobedrijf'],
  'Transport & logistics': ['logistics', 'shipping', 'freight', 'courier', 'moving company', 'removal', 'taxi', 'spedition', 'logistik', 'transport', 'umzug', 'kurier', 'demenagement', 'mudanza', 'trasporti', 'verhuis'],
  'Financial services & insurance': ['insurance', 'financial advis', 'wealth management', 'mortgage', 'bank', 'loan', 'investment', 'versicherung', 'finanzberatung', 'vermogensberatung', 'baufinanzierung', 'kredit', 'assurance', 'seguros', 'assicurazion', 'verzekering', 'hypotheek'],
  'Agriculture, forestry & gardening': ['farm', 'agricultur', 'forestry', 'arborist', 'tree care', 'landscap', 'garden', 'nursery', 'landwirtschaft', 'bauernhof', 'forst', 'baumpflege', 'baumgutachten', 'baumkataster', '~baum', 'baume', 'garten', 'galabau', 'gartenbau', 'gartnerei', 'agricult', 'jardin', 'giardin', 'tuinier', 'hovenier'],
  'Pets & animal care': ['dog', 'puppy', 'pet', 'veterinar', 'cat', 'horse', '=hund', '=hunde', '~hundeschule', 'hundetrainer', 'welpe', 'hundeschule', 'hundetrain', 'tierarzt', 'tierpension', 'katze', 'pferd', 'chien', 'veterinaire', 'perro', 'veterinario', 'cane', 'hond', 'dierenarts'],
  'Cleaning & facility services': ['cleaning', 'janitorial', 'facility management', 'reinigung', 'gebaudereinigung', 'hausmeister', 'facility', 'nettoyage', 'limpieza', 'pulizia', 'schoonmaak'],
  'Recruiting & HR': ['recruit', 'staffing', 'headhunt', 'executive search', 'personalvermittlung', 'personalberatung', 'zeitarbeit', 'arbeitnehmeruberlassung', 'recrutement', 'interim', 'seleccion de personal', 'uitzendbureau'],
  'Non-profit & associations': ['non-profit', 'nonprofit', 'charity', 'foundation', 'association', 'volunteer', 'donate', 'verein', 'e.v.', 'stiftung', 'spende', 'gesellschaft e.v', 'mitglied', 'association', 'fondation', 'fundacion', 'associazione', 'vereniging', 'stichting'],
  'Public sector': ['municipality', 'city council', 'government', 'public authority', 'gemeinde', 'stadtverwaltung', 'landratsamt', 'behorde', 'rathaus', 'mairie', 'ayuntamiento', 'comune', 'gemeente'],
};

/** schema.org business types that settle the industry outright. */
// biome-ignore format: a word list reads better compact
export const SCHEMA_TYPE_INDUSTRY: Record<string, Industry> = {
  AccountingService: 'Accounting & tax',
  LegalService: 'Legal services',
  Attorney: 'Legal services',
  Notary: 'Legal services',
  Dentist: 'Dental',
  Physician: 'Healthcare & medical practices',
  MedicalClinic: 'Healthcare & medical practices',
  MedicalBusiness: 'Healthcare & medical practices',
  Hospital: 'Healthcare & medical practices',
  Pharmacy: 'Pharmacy & medical supplies',
  Optician: 'Healthcare & medical practices',
  BeautySalon: 'Beauty, wellness & personal care',
  HairSalon: 'Beauty, wellness & personal care',
  NailSalon: 'Beauty, wellness & personal care',
  DaySpa: 'Beauty, wellness & personal care',
  HealthClub: 'Fitness & sports',
  SportsActivityLocation: 'Fitness & sports',
  Restaurant: 'Restaurants, cafés & bars',
  CafeOrCoffeeShop: 'Restaurants, cafés & bars',
  BarOrPub: 'Restaurants, cafés & bars',
  FastFoodRestaurant: 'Restaurants, cafés & bars',
  FoodEstablishment: 'Restaurants, cafés & bars',
  Bakery: 'Food & beverages',
  Brewery: 'Food & beverages',
  Winery: 'Food & beverages',
  Distillery: 'Food & beverages',
  Hotel: 'Hotels & accommodation',
  Motel: 'Hotels & accommodation',
  Hostel: 'Hotels & accommodation',
  BedAndBreakfast: 'Hotels & accommodation',
  LodgingBusiness: 'Hotels & accommodation',
  VacationRental: 'Hotels & accommodation',
  TravelAgency: 'Travel & tourism',
  RealEstateAgent: 'Real estate',
  InsuranceAgency: 'Financial services & insurance',
  FinancialService: 'Financial services & insurance',
  BankOrCreditUnion: 'Financial services & insurance',
  AutoDealer: 'Automotive',
  AutoRepair: 'Automotive',
  AutoBodyShop: 'Automotive',
  GeneralContractor: 'Construction & trades',
  HomeAndConstructionBusiness: 'Construction & trades',
  Electrician: 'Construction & trades',
  Plumber: 'Construction & trades',
  RoofingContractor: 'Construction & trades',
  HousePainter: 'Construction & trades',
  HVACBusiness: 'Construction & trades',
  MovingCompany: 'Transport & logistics',
  EmploymentAgency: 'Recruiting & HR',
  VeterinaryCare: 'Pets & animal care',
  EducationalOrganization: 'Education & training',
  NGO: 'Non-profit & associations',
  NonprofitOrganization: 'Non-profit & associations',
  GovernmentOrganization: 'Public sector',
  GovernmentOffice: 'Public sector',
  NewsMediaOrganization: 'Media & publishing',
  OnlineStore: 'E-commerce',
  Store: 'Retail',
};

interface CompiledRule {
  industry: Industry;
  pattern: RegExp;
}

let compiled: CompiledRule[] | null = null;

function rules(): CompiledRule[] {
  // One word-boundary check per group, ASCII classes, no 'u' flag: V8 compiles a Unicode class per use, and ~80
  // lookbehinds with \p{L} took seconds to compile. The text is folded first, and so are the keywords.
  compiled ??= Object.entries(INDUSTRY_KEYWORDS).map(([industry, words]) => {
    const prefix: string[] = [];
    const whole: string[] = [];
    const inside: string[] = [];
    for (const w of words) {
      const word = foldText(w.replace(/^[~=]/, ''));
      const body = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]+');
      if (w.startsWith('~')) inside.push(body);
      else if (w.startsWith('=') || word.length <= 4) whole.push(body);
      else prefix.push(body);
    }
    const groups = [
      prefix.length ? `(?<![a-z0-9])(?:${prefix.join('|')})` : null,
      whole.length ? `(?<![a-z0-9])(?:${whole.join('|')})(?![a-z0-9])` : null,
      inside.length ? `(?:${inside.join('|')})` : null,
    ].filter(Boolean);
    return { industry: industry as Industry, pattern: new RegExp(groups.join('|'), 'g') };
  });
  return compiled;
}

export interface IndustryEvidence {
  /** Text with a weight: title/description/headings count more than body copy. */
  texts: Array<{ text: string; weight: number }>;
  schemaTypes: string[];
  category?: string | null;
}

/**
 * The built-in industry rule: keyword hits per industry, weighted by where they stand (title, meta description
 * and headings 3, the business's category 6, body text 1, each keyword counted at most 5 times per text), plus 20
 * for a schema.org type that names the industry. The best score wins if it reaches 6 and leads the runner-up by
 * 25 %; otherwise null (the model, when configured, may still decide).
 */
export function classifyIndustry(evidence: IndustryEvidence): {
  industry: Industry | null;
  scores: Array<[Industry, number]>;
} {
  const scores = new Map<Industry, number>();
  const add = (industry: Industry, points: number) =>
    scores.set(industry, (scores.get(industry) ?? 0) + points);
  for (const type of evidence.schemaTypes) {
    const industry = SCHEMA_TYPE_INDUSTRY[type];
    if (industry) add(industry, 20);
  }
  const texts = [...evidence.texts];
  if (evidence.category) texts.push({ text: evidence.category.replace(/_/g, ' '), weight: 6 });
  for (const { text, weight } of texts) {
    const folded = foldText(text);
    for (const rule of rules()) {
      const hits = new Map<string, number>();
      for (const match of folded.matchAll(rule.pattern))
        hits.set(match[0], Math.min(5, (hits.get(match[0]) ?? 0) + 1));
      let count = 0;
      for (const n of hits.values()) count += n;
      if (count) add(rule.industry, count * weight);
    }
  }
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  const isClear = first && first[1] >= 6 && (!second || first[1] >= second[1] * 1.25);
  return { industry: isClear ? first[0] : null, scores: ranked };
}
