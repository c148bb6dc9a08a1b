import type { ParsedPage } from '../../crawl/page';
import { foldText } from '../../normalize/text';
import type { Industry } from './industries';
import { mainBlocks, pageHead } from './page-text';
import type { CustomerType } from './types';

// biome-ignore format: word lists read better compact
const B2B_CUES = ['b2b', 'for businesses', 'for companies', 'for business', 'enterprise', 'enterprises', 'our clients include', 'corporate clients', 'business customers', 'smes', 'small and medium', 'start-ups', 'startups', 'request a demo', 'book a demo', 'saas', 'api', 'developers', 'integration', 'wholesale', 'distributors', 'manufacturers', 'municipalities', 'fur unternehmen', 'firmenkunden', 'geschaftskunden', 'gewerbekunden', 'mittelstand', 'mittelstandische', 'unternehmen', 'betriebe', 'industrie', 'kommunen', 'gerichte', 'behorden', 'bautrager', 'auftraggeber', 'fuhrungskrafte', 'mitarbeitende', 'b2b-', 'pour les entreprises', 'entreprises', 'professionnels', 'para empresas', 'empresas', 'per le aziende', 'aziende', 'voor bedrijven', 'bedrijven', 'hospitals', 'kliniken', 'krankenhauser', 'clinics', 'healthcare providers', 'care providers', 'arztpraxen', 'institutions', 'research institutes', 'universities', 'hochschulen', 'trusted by', 'case studies', 'reseller', 'partner werden', 'lizenz', 'licence', 'license', 'procurement', 'einkauf', 'etablissements', 'hopitaux', 'ziekenhuizen'];
/**
 * The people a business's customers serve: a hospital's patients, a hotel's guests. They are the business's own
 * customers only in an industry that serves them itself; for software that hospitals buy they say nothing.
 */
// biome-ignore format: word lists read better compact
const RECIPIENT_CUES = ['guests', 'patients', 'gaste', 'patienten', 'pacientes', 'pazienti', 'clients prives'];
/** "for hospitals", "für Kliniken", "pour les agences": an offer addressed to organisations. */
const FOR_ORGANISATIONS =
  /(?<![a-z])(?:for|fur|pour|para|per|voor)\s+(?:les\s+|las\s+|los\s+|le\s+|de\s+)?(?:hospitals|clinics|kliniken|krankenhauser|praxen|hotels|restaurants|retailers|handler|schools|schulen|agencies|agenturen|brands|marken|teams|companies|firmen|unternehmen|businesses|enterprises|organisations|organizations|municipalities|kommunen|hopitaux|cliniques|entreprises|agences|hospitales|empresas|ospedali|aziende|ziekenhuizen|bedrijven)(?![a-z])/;

// biome-ignore format: word lists read better compact
const B2C_CUES = ['b2c', 'for families', 'for you and your family', 'your home', 'homeowners', 'private customers', 'consumers', 'book a table', 'reserve a table', 'add to cart', 'shop now', 'free shipping', 'per person', 'tickets', 'our menu', 'your dog', 'pets', 'holiday', 'vacation', 'privatkunden', 'privatpersonen', 'fur privat', 'familie', 'familien', 'eigenheim', 'ihr zuhause', 'hausbesitzer', 'endkunden', 'verbraucher', 'warenkorb', 'versandkostenfrei', '/person', 'pro person', 'eintritt', 'tisch reservieren', 'speisekarte', 'urlaub', 'ferienwohnung', 'ihr hund', 'hundehalter', 'mandantin', 'verkehrsrecht', 'familienrecht', 'particuliers', 'pour vous', 'panier', 'particulares', 'carrito', 'privati', 'carrello', 'particulieren', 'winkelwagen'];
// biome-ignore format: word lists read better compact
const B2C_INDUSTRIES = new Set<Industry>(['Restaurants, cafés & bars', 'Hotels & accommodation', 'Beauty, wellness & personal care', 'Fitness & sports', 'Retail', 'Pets & animal care', 'Dental', 'Travel & tourism', 'E-commerce', 'Healthcare & medical practices']);
// biome-ignore format: word lists read better compact
const B2B_INDUSTRIES = new Set<Industry>(['Software & IT services', 'Consulting & coaching', 'Manufacturing & industry', 'Architecture & engineering', 'Marketing, advertising & design', 'Recruiting & HR', 'Transport & logistics', 'Cleaning & facility services', 'Accounting & tax']);

/**
 * B2B, B2C or both by cue counts (who the text addresses: "für Unternehmen", "Firmenkunden", "book a table",
 * "Privatkunden", …), each distinct cue counted once, plus 2 for an offer "for hospitals / für Unternehmen", plus
 * 2 for an industry that mostly sells to one side. Patients and guests count for B2C only in an industry that
 * serves them (software for hospitals is B2B). A side needs 3 points; both sides within a factor of 2 of each
 * other make "both".
 */
export function classifyCustomerType(pages: ParsedPage[], industry: Industry | null): CustomerType | null {
  const text = ` ${foldText(
    pages
      .map(
        (p) =>
          `${pageHead(p).description ?? ''} ${mainBlocks(p)
            .map((b) => b.text)
            .join(' ')}`,
      )
      .join(' '),
  )} `;
  const count = (cues: RegExp[]) => cues.filter((cue) => cue.test(text)).length;
  let b2b = count(cuePatterns(B2B_CUES)) + (FOR_ORGANISATIONS.test(text) ? 2 : 0);
  let b2c = count(cuePatterns(B2C_CUES));
  if (!industry || B2C_INDUSTRIES.has(industry)) b2c += count(cuePatterns(RECIPIENT_CUES));
  if (industry && B2B_INDUSTRIES.has(industry)) b2b += 2;
  if (industry && B2C_INDUSTRIES.has(industry)) b2c += 2;
  if (b2b < 3 && b2c < 3) return null;
  if (b2b >= 3 && b2c >= 3 && Math.max(b2b, b2c) <= 2 * Math.min(b2b, b2c)) return 'both';
  return b2b > b2c ? 'B2B' : 'B2C';
}

const compiledCues = new Map<string[], RegExp[]>();

/** A cue matches at a word start ("mittelstandische" in "mittelständischen"); short ones only as whole words. */
function cuePatterns(cues: string[]): RegExp[] {
  let patterns = compiledCues.get(cues);
  if (!patterns) {
    patterns = cues.map((cue) => {
      const body = cue.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      return new RegExp(`(?<![a-z])${body}${cue.length <= 4 ? '(?![a-z])' : ''}`);
    });
    compiledCues.set(cues, patterns);
  }
  return patterns;
}
