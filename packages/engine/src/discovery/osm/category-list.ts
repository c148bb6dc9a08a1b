/**
 * Everyday business categories → OpenStreetMap tags. Each filter is "key=value", "key~regex" (POSIX ERE,
 * anchored where needed) or "key" (present); an array is an AND of filters, the list an OR. Synonyms include
 * common German, French and Spanish words. Tag values follow the OSM wiki (Map features).
 */
export type OsmFilter = string | readonly string[];

export interface CategoryDefinition {
  /** Stable id, also the label shown as the business's category. */
  id: string;
  synonyms: readonly string[];
  osm: readonly OsmFilter[];
}

const FOOD = 'amenity~^(restaurant|fast_food|cafe|food_court)$';
const c = (id: string, synonyms: string[], osm: OsmFilter[]): CategoryDefinition => ({ id, synonyms, osm });

// biome-ignore format: one category per line reads best
export const CATEGORIES: readonly CategoryDefinition[] = [
  // health
  c('dentist', ['dental clinic', 'dental practice', 'orthodontist', 'zahnarzt', 'zahnarztpraxis', 'dentiste', 'dentista'], ['amenity=dentist', 'healthcare=dentist']),
  c('doctor', ['physician', 'general practitioner', 'medical practice', 'arzt', 'arztpraxis', 'hausarzt', 'médecin', 'médico'], ['amenity=doctors', 'healthcare=doctor']),
  c('pharmacy', ['chemist', 'apotheke', 'pharmacie', 'farmacia'], ['amenity=pharmacy', 'healthcare=pharmacy']),
  c('veterinarian', ['vet', 'veterinary clinic', 'animal hospital', 'tierarzt', 'tierarztpraxis', 'vétérinaire', 'veterinario'], ['amenity=veterinary']),
  c('physiotherapist', ['physiotherapy', 'physical therapy', 'physical therapist', 'physio', 'physiotherapie', 'krankengymnastik', 'kinésithérapeute', 'fisioterapeuta'], ['healthcare=physiotherapist']),
  c('psychotherapist', ['therapist', 'psychologist', 'counselling', 'psychotherapeut', 'psychothérapeute', 'psicólogo'], ['healthcare~^(psychotherapist|psychologist|counselling)$']),
  c('chiropractor', ['chiropractic', 'chiropraktiker', 'chiropracteur', 'quiropráctico'], ['healthcare:speciality~chiropractic', 'healthcare=chiropractor']),
  c('optician', ['optometrist', 'eyewear', 'glasses', 'optiker', 'opticien', 'óptica'], ['shop=optician', 'healthcare=optometrist']),
  c('hearing aids', ['hearing aid', 'audiologist', 'hörgeräte', 'hörakustiker', 'audioprothésiste'], ['shop=hearing_aids', 'healthcare=audiologist']),
  c('nursing home', ['care home', 'retirement home', 'pflegeheim', 'altenheim', 'seniorenheim', 'maison de retraite', 'residencia de ancianos'], ['amenity=nursing_home', 'social_facility=nursing_home']),
  // trades
  c('plumber', ['plumbing', 'klempner', 'installateur', 'sanitär', 'plombier', 'fontanero'], ['craft=plumber']),
  c('electrician', ['electrical contractor', 'elektriker', 'elektroinstallateur', 'électricien', 'electricista'], ['craft=electrician']),
  c('carpenter', ['joiner', 'woodworker', 'tischler', 'schreiner', 'zimmerer', 'menuisier', 'carpintero'], ['craft~^(carpenter|joiner)$']),
  c('roofer', ['roofing', 'roofing contractor', 'dachdecker', 'couvreur', 'techador'], ['craft=roofer']),
  c('painter', ['painter and decorator', 'house painter', 'maler', 'malerbetrieb', 'peintre en bâtiment', 'pintor'], ['craft=painter']),
  c('hvac', ['heating', 'air conditioning', 'heating engineer', 'heizungsbauer', 'chauffagiste', 'climatización'], ['craft~^(hvac|heating_engineer)$']),
  c('locksmith', ['key cutting', 'schlüsseldienst', 'schlosser', 'serrurier', 'cerrajero'], ['craft=locksmith', 'shop=locksmith']),
  c('gardener', ['landscaper', 'landscaping', 'gärtner', 'garten- und landschaftsbau', 'paysagiste', 'jardinero'], ['craft~^(gardener|landscaper)$']),
  c('cleaning service', ['cleaners', 'cleaning company', 'janitorial', 'gebäudereinigung', 'entreprise de nettoyage', 'limpieza'], ['craft=cleaning', 'office=cleaning']),
  c('tailor', ['alterations', 'schneiderei', 'änderungsschneiderei', 'couturière', 'sastre'], ['craft=tailor', 'shop=tailor']),
  c('photographer', ['photo studio', 'photography', 'fotograf', 'fotostudio', 'photographe', 'fotógrafo'], ['craft=photographer', 'shop=photo']),
  c('printing', ['print shop', 'printer', 'copy shop', 'druckerei', 'copyshop', 'imprimerie', 'imprenta'], ['shop=copyshop', 'craft=printer', 'shop=printing']),
  c('winery', ['wine estate', 'vineyard', 'wine grower', 'weingut', 'winzer', 'weinbau', 'winzerhof', 'domaine viticole', 'bodega', 'cantina'], ['craft=winery', 'shop=winery']),
  c('brewery', ['microbrewery', 'craft brewery', 'brauerei', 'brasserie artisanale', 'cervecería'], ['craft=brewery']),
  c('caterer', ['catering', 'party service', 'traiteur', 'cáterin'], ['craft=caterer']),
  // personal care
  c('hair salon', ['hairdresser', 'hair stylist', 'salon', 'friseur', 'friseursalon', 'coiffeur', 'peluquería'], ['shop=hairdresser']),
  c('barber', ['barbershop', 'barber shop', 'barbier', 'barbería'], [['shop=hairdresser', 'hairdresser~barber'], 'shop=barber']),
  c('beauty salon', ['beautician', 'cosmetic studio', 'kosmetikstudio', 'kosmetik', 'institut de beauté', 'salón de belleza'], ['shop=beauty']),
  c('nail salon', ['nails', 'manicure', 'nagelstudio', 'onglerie'], [['shop=beauty', 'beauty~nails'], 'shop=nails']),
  c('massage', ['massage therapist', 'massage parlour', 'massagepraxis', 'masajes'], ['shop=massage', 'healthcare=massage']),
  c('spa', ['day spa', 'wellness', 'sauna', 'wellnesszentrum', 'balneario'], ['leisure~^(spa|sauna)$', 'amenity=spa', ['shop=beauty', 'beauty~spa']]),
  c('tattoo', ['tattoo studio', 'tattoo parlor', 'tattoo shop', 'tattoostudio', 'tätowierer', 'tatouage', 'tatuajes'], ['shop=tattoo']),
  // sport and leisure
  c('gym', ['fitness center', 'fitness centre', 'fitness studio', 'health club', 'fitnessstudio', 'salle de sport', 'gimnasio'], ['leisure=fitness_centre', 'amenity=gym']),
  c('yoga studio', ['yoga', 'yoga school', 'yogastudio', 'cours de yoga', 'estudio de yoga'], [['sport~yoga', 'leisure~^(fitness_centre|sports_centre|studio)$'], ['amenity=studio', 'studio~yoga']]),
  c('dance school', ['dance studio', 'tanzschule', 'école de danse', 'escuela de baile'], ['leisure=dance', 'amenity=dancing_school']),
  c('martial arts', ['karate', 'judo', 'taekwondo', 'kampfsport', 'dojo', 'arts martiaux', 'artes marciales'], [['sport~^(karate|judo|taekwondo|martial_arts|boxing|kickboxing)', 'leisure~^(fitness_centre|sports_centre|dojo)$'], 'amenity=dojo']),
  // education and children
  c('kindergarten', ['preschool', 'daycare', 'day care', 'nursery school', 'childcare', 'kita', 'kindertagesstätte', 'crèche', 'guardería'], ['amenity~^(kindergarten|childcare)$']),
  c('driving school', ['fahrschule', 'auto-école', 'autoescuela'], ['amenity=driving_school', 'shop=driving_school']),
  c('language school', ['sprachschule', 'école de langues', 'academia de idiomas'], ['amenity=language_school']),
  c('music school', ['music lessons', 'musikschule', 'école de musique', 'escuela de música'], ['amenity=music_school']),
  // food and drink
  c('restaurant', ['eatery', 'diner', 'dining', 'gaststätte', 'gasthaus', 'restaurante'], ['amenity=restaurant']),
  c('fast food', ['takeaway', 'take away', 'fast food restaurant', 'imbiss', 'schnellimbiss', 'restauration rapide', 'comida rápida'], ['amenity=fast_food']),
  c('cafe', ['café', 'coffee shop', 'coffee', 'coffeehouse', 'kaffee', 'kaffeehaus', 'cafetería'], ['amenity=cafe']),
  c('bar', ['cocktail bar', 'wine bar', 'lounge', 'bar à vin'], ['amenity=bar']),
  c('pub', ['tavern', 'beer garden', 'kneipe', 'biergarten', 'taverne', 'taberna'], ['amenity~^(pub|biergarten)$']),
  c('nightclub', ['club', 'disco', 'discotheque', 'diskothek', 'boîte de nuit', 'discoteca'], ['amenity=nightclub']),
  c('pizza', ['pizzeria', 'pizza place', 'pizzería'], [[FOOD, 'cuisine~pizza']]),
  c('sushi', ['sushi bar', 'sushi restaurant', 'japanese restaurant'], [[FOOD, 'cuisine~(sushi|japanese)']]),
  c('vegan restaurant', ['vegan', 'vegan food', 'vegan friendly', 'veganes restaurant', 'restaurant végétalien', 'restaurante vegano'], [[FOOD, 'diet:vegan~^(yes|only|limited)$']]),
  c('vegetarian restaurant', ['vegetarian', 'vegetarisches restaurant', 'restaurant végétarien', 'restaurante vegetariano'], [[FOOD, 'diet:vegetarian~^(yes|only)$']]),
  c('ice cream', ['gelato', 'ice cream parlor', 'ice cream shop', 'eisdiele', 'eiscafé', 'glacier', 'heladería'], ['amenity=ice_cream', 'shop=ice_cream', [FOOD, 'cuisine~ice_cream']]),
  c('bakery', ['baker', 'bäckerei', 'bäcker', 'boulangerie', 'panadería'], ['shop=bakery', 'craft=bakery']),
  c('pastry shop', ['patisserie', 'cake shop', 'confectionery', 'konditorei', 'pâtisserie', 'pastelería'], ['shop~^(pastry|confectionery)$']),
  c('butcher', ['butcher shop', 'metzgerei', 'fleischerei', 'metzger', 'boucherie', 'carnicería'], ['shop=butcher']),
  c('deli', ['delicatessen', 'feinkost', 'épicerie fine', 'charcutería'], ['shop=deli']),
  c('wine shop', ['wine store', 'weinhandlung', 'weinladen', 'cave à vin', 'vinoteca'], ['shop=wine']),
  c('liquor store', ['off licence', 'bottle shop', 'spirituosen', 'caviste', 'licorería'], ['shop=alcohol']),
  // shops
  c('supermarket', ['grocery store', 'grocery', 'supermarkt', 'lebensmittel', 'supermarché', 'supermercado'], ['shop~^(supermarket|greengrocer|grocery)$']),
  c('convenience store', ['corner shop', 'kiosk', 'späti', 'spätkauf', 'dépanneur', 'tienda de conveniencia'], ['shop~^(convenience|kiosk)$']),
  c('florist', ['flower shop', 'flowers', 'blumenladen', 'blumen', 'fleuriste', 'floristería'], ['shop=florist']),
  c('bookstore', ['bookshop', 'book store', 'books', 'buchhandlung', 'librairie', 'librería'], ['shop=books']),
  c('bike shop', ['bicycle shop', 'bicycle store', 'bike repair', 'fahrradladen', 'fahrradgeschäft', 'magasin de vélos', 'tienda de bicicletas'], ['shop=bicycle']),
  c('clothing store', ['clothes shop', 'fashion store', 'boutique', 'bekleidung', 'modegeschäft', 'magasin de vêtements', 'tienda de ropa'], ['shop~^(clothes|boutique|fashion)$']),
  c('shoe store', ['shoe shop', 'shoes', 'schuhgeschäft', 'magasin de chaussures', 'zapatería'], ['shop=shoes']),
  c('jewelry store', ['jeweler', 'jeweller', 'jewellery', 'juwelier', 'bijouterie', 'joyería'], ['shop=jewelry']),
  c('hardware store', ['diy store', 'home improvement', 'baumarkt', 'eisenwaren', 'quincaillerie', 'ferretería'], ['shop~^(hardware|doityourself)$']),
  c('furniture store', ['furniture', 'möbelhaus', 'möbel', 'magasin de meubles', 'mueblería'], ['shop=furniture']),
  c('electronics store', ['electronics', 'computer store', 'phone shop', 'elektronik', 'handyladen', 'magasin d\'électronique'], ['shop~^(electronics|computer|mobile_phone)$']),
  c('pet store', ['pet shop', 'pet supplies', 'zoohandlung', 'tierbedarf', 'animalerie', 'tienda de mascotas'], ['shop=pet']),
  c('pet grooming', ['dog grooming', 'dog groomer', 'hundesalon', 'toilettage', 'peluquería canina'], ['shop=pet_grooming']),
  c('garden center', ['garden centre', 'plant nursery', 'gartencenter', 'gärtnerei', 'jardinerie', 'vivero'], ['shop=garden_centre']),
  c('gift shop', ['souvenir shop', 'geschenkeladen', 'boutique de cadeaux', 'tienda de regalos'], ['shop~^(gift|souvenir)$']),
  c('toy store', ['toy shop', 'toys', 'spielwaren', 'spielzeugladen', 'magasin de jouets', 'juguetería'], ['shop=toys']),
  c('sporting goods', ['sports shop', 'sports store', 'sportgeschäft', 'magasin de sport', 'tienda de deportes'], ['shop=sports']),
  c('cosmetics store', ['cosmetics', 'perfumery', 'parfümerie', 'drogerie', 'parfumerie', 'perfumería'], ['shop~^(cosmetics|perfumery|chemist)$']),
  c('laundry', ['laundromat', 'dry cleaner', 'dry cleaning', 'wäscherei', 'waschsalon', 'laverie', 'pressing', 'lavandería'], ['shop~^(laundry|dry_cleaning)$']),
  c('funeral home', ['funeral director', 'undertaker', 'bestatter', 'bestattungsinstitut', 'pompes funèbres', 'funeraria'], ['shop=funeral_directors', 'office=funeral_directors']),
  c('storage', ['self storage', 'storage units', 'lagerraum', 'garde-meubles', 'trastero'], ['shop=storage_rental']),
  // cars
  c('car repair', ['auto repair', 'mechanic', 'garage', 'car mechanic', 'kfz werkstatt', 'autowerkstatt', 'werkstatt', 'garage automobile', 'taller mecánico'], ['shop=car_repair']),
  c('car dealer', ['car dealership', 'used cars', 'autohaus', 'autohändler', 'concessionnaire', 'concesionario'], ['shop=car']),
  c('car wash', ['autowäsche', 'waschanlage', 'lavage auto', 'lavado de autos'], ['amenity=car_wash']),
  c('gas station', ['petrol station', 'fuel station', 'filling station', 'tankstelle', 'station-service', 'gasolinera'], ['amenity=fuel']),
  c('tire shop', ['tyre shop', 'tires', 'tyres', 'reifenhandel', 'reifendienst', 'pneus', 'neumáticos'], ['shop=tyres']),
  // lodging and travel
  c('hotel', ['motel', 'inn', 'hôtel', 'hotel garni'], ['tourism~^(hotel|motel)$', ['building=hotel', 'name']]),
  c('guest house', ['bed and breakfast', 'b&b', 'pension', 'gästehaus', 'ferienwohnung', 'chambre d\'hôtes', 'casa de huéspedes'], ['tourism~^(guest_house|apartment|chalet)$']),
  c('camp site', ['campsite', 'campground', 'camping', 'caravan park', 'campingplatz', 'terrain de camping', 'camping municipal'], ['tourism~^(camp_site|caravan_site)$']),
  c('hostel', ['backpackers', 'jugendherberge', 'auberge de jeunesse', 'albergue'], ['tourism=hostel']),
  c('travel agency', ['travel agent', 'reisebüro', 'agence de voyages', 'agencia de viajes'], ['shop=travel_agency', 'office=travel_agent']),
  // offices and professional services
  c('law firm', ['lawyer', 'attorney', 'solicitor', 'legal services', 'anwalt', 'rechtsanwalt', 'kanzlei', 'avocat', 'abogado'], ['office=lawyer']),
  c('notary', ['notary public', 'notar', 'notaire', 'notario'], ['office=notary']),
  c('accountant', ['accounting', 'bookkeeper', 'bookkeeping', 'cpa', 'tax advisor', 'tax consultant', 'steuerberater', 'buchhaltung', 'expert-comptable', 'contador'], ['office~^(accountant|tax_advisor)$']),
  c('insurance agent', ['insurance', 'insurance broker', 'insurance agency', 'versicherung', 'versicherungsmakler', 'assurance', 'seguros'], ['office=insurance']),
  c('real estate agent', ['realtor', 'estate agent', 'real estate', 'real estate agency', 'immobilienmakler', 'makler', 'immobilien', 'agence immobilière', 'inmobiliaria'], ['office=estate_agent', 'shop=estate_agent']),
  c('architect', ['architecture firm', 'architects', 'architekt', 'architekturbüro', 'architecte', 'arquitecto'], ['office=architect']),
  c('engineering firm', ['engineer', 'engineering consultant', 'ingenieurbüro', 'bureau d\'études', 'ingeniería'], ['office=engineer']),
  c('it services', ['it company', 'software company', 'web agency', 'it-dienstleister', 'softwareentwicklung', 'services informatiques'], ['office~^(it|software)$']),
  c('marketing agency', ['advertising agency', 'ad agency', 'design agency', 'werbeagentur', 'agence de publicité', 'agencia de publicidad'], ['office~^(advertising_agency|marketing)$']),
  c('consultant', ['consulting', 'consultancy', 'business consultant', 'unternehmensberatung', 'beratung', 'cabinet de conseil', 'consultoría'], ['office=consulting']),
  c('employment agency', ['staffing agency', 'recruitment agency', 'recruiter', 'personalvermittlung', 'zeitarbeit', 'agence d\'intérim', 'agencia de empleo'], ['office=employment_agency']),
  c('coworking space', ['coworking', 'shared office', 'cowork', 'espace de coworking'], ['amenity=coworking_space', 'office=coworking']),
  c('moving company', ['movers', 'removals', 'umzugsunternehmen', 'umzugsfirma', 'déménageur', 'mudanzas'], ['office=moving_company', 'shop=moving_company']),
  c('bank', ['credit union', 'sparkasse', 'banque', 'banco'], ['amenity=bank']),
];
