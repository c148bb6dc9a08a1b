/**
 * Header synonyms per business field, in normalised form (see normalizeHeader: lower case, ASCII, words
 * separated by one space). `weight` ranks a synonym; `exact` ones only count when the whole header is the
 * synonym ("type" is a category, "application type" is not).
 */
import type { ImportField } from '@argo/contract';

export interface SynonymGroup {
  weight: number;
  exact?: boolean;
  phrases: readonly string[];
}

const group = (weight: number, phrases: string, exact = false): SynonymGroup => ({
  weight,
  exact,
  phrases: phrases.split('|').map((p) => p.trim()),
});

export const SYNONYMS: Record<ImportField, readonly SynonymGroup[]> = {
  name: [
    group(
      1,
      'name|company|company name|business name|business|doing business as name|doing business as|dba|dba name|' +
        'trade name|trading name|organization|organisation|organization name|organisation name|org name|' +
        'account name|store name|shop name|firm|firm name|brand|brand name|merchant|merchant name|' +
        'practice name|venue|venue name|place name|establishment|establishment name|entity name|' +
        'firma|firmenname|unternehmen|unternehmensname|nom|nom entreprise|raison sociale|entreprise|' +
        'empresa|nombre|nombre empresa|razon social|bedrijf|bedrijfsnaam|azienda|ragione sociale',
    ),
    group(0.8, 'legal name|legal business name|registered name|company legal name|official name'),
    group(0.6, 'title|customer|client|account|entity|label', true),
  ],
  website: [
    group(
      1,
      'website|web site|website url|url|homepage|home page|web|domain|domain name|web address|' +
        'website address|company website|company url|webseite|internetseite|site web|sitio web|pagina web|www',
    ),
    group(0.7, 'site', true),
    group(0.6, 'link|links|internet', true),
  ],
  email: [
    group(
      1,
      'email|e mail|email address|e mail address|emails|mail|mail address|contact email|courriel|correo|' +
        'correo electronico|e post',
    ),
  ],
  phone: [
    group(
      1,
      'phone|phone number|phones|telephone|telephone number|tel|tel no|telefon|telefonnummer|telefono|' +
        'numero de telephone|phone no|contact number|contact phone|business phone|main phone|office phone|' +
        'landline|fon',
    ),
    group(0.7, 'mobile|mobile phone|mobile number|cell|cell phone|handy'),
  ],
  address: [
    group(
      1,
      'address|street address|street|address 1|address line 1|address1|addr|adresse|anschrift|strasse|' +
        'direccion|indirizzo|full address|postal address|mailing address|physical address|business address|' +
        'address line|street 1|location address',
    ),
    group(0.5, 'location|locations|all locations|place', true),
  ],
  city: [
    group(1, 'city|town|locality|municipality|ort|stadt|ville|ciudad|citta|gemeinde'),
    group(0.7, 'suburb|city town'),
  ],
  region: [
    group(1, 'state|region|province|state province|state or province|state code|bundesland|provincia'),
    group(0.7, 'county|prefecture|departement'),
  ],
  postal_code: [
    group(
      1,
      'zip|zip code|zipcode|postal code|postcode|post code|plz|postleitzahl|code postal|codigo postal|zip 5',
    ),
    group(0.8, 'postal'),
    group(0.6, 'cp|cap', true),
  ],
  country: [group(1, 'country|country code|country name|nation|land|pays|pais')],
  lat: [group(1, 'lat|latitude|geo lat|gps lat|breitengrad'), group(0.5, 'y', true)],
  lng: [
    group(1, 'lng|lon|long|longitude|geo lng|geo lon|gps lng|gps lon|laengengrad'),
    group(0.5, 'x', true),
  ],
  category: [
    group(
      1,
      'category|categories|industry|business category|business type|type of business|sector|branche|' +
        'kategorie|categorie|categoria|main category|primary category|business activity|line of business|' +
        'naics description|sic description|vertical|niche',
    ),
    group(0.8, 'industries|activity'),
    group(0.7, 'type|kind', true),
    group(0.5, 'subindustry|sub industry|tags', true),
  ],
  rating: [
    group(1, 'rating|review rating|average rating|avg rating|stars|star rating|google rating|bewertung'),
    group(0.5, 'score', true),
  ],
  review_count: [
    group(
      1,
      'review count|reviews count|number of reviews|num reviews|total reviews|reviews total|rating count|' +
        'ratings count|user ratings total|anzahl bewertungen',
    ),
    group(0.8, 'reviews', true),
  ],
  status: [
    group(
      1,
      'business status|operating status|operational status|open status|is open|is closed|open or closed|' +
        'open closed|permanently closed|closed permanently|is permanently closed|closed|currently open|' +
        'betriebsstatus|geschlossen|geoffnet|ferme|cerrado|statut|estado negocio',
    ),
    group(0.8, 'status|state of business|active|is active|open', true),
  ],
};

/**
 * Words that, next to a synonym, make the header about something else ("SITE NUMBER", "small logo thumb url",
 * "owner name", "former names"): a header containing one (beyond the synonym) does not match by containment.
 */
export const VETO_WORDS = new Set(
  (
    'id|ids|number|no|nr|num|code|count|date|time|at|status|type|url|link|logo|thumb|thumbnail|image|img|' +
    'photo|icon|description|desc|size|video|flag|is|has|per|former|previous|old|parent|owner|contact|person|' +
    'first|last|user|file|slug|hours|price|total|top|highlight|public'
  ).split('|'),
);
