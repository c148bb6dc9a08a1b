/**
 * VAT identification numbers: found after their label in the languages of our markets (USt-IdNr., UID, VAT
 * No., TVA intracommunautaire, BTW, MWST, P.IVA, CIF, MVA, Moms …) and format-checked per country by jsvat
 * (EU countries, Switzerland, Norway, the UK), which also verifies the check digits.
 */
import { checkVAT, countries } from 'jsvat';
import type { VatId } from './types';

/** A VAT label; the number follows within a few characters (same line or the next). */
export const VAT_LABEL =
  /(?:mehrwertsteuer(?:-?(?:nummer|nr\.?))?|ust\.?\s*-?\s*id(?:ent)?\.?\s*-?\s*(?:nr|nummer)?|umsatzsteuer[-\s]?(?:identifikations)?(?:nummer|-?id(?:-?nr)?)|umsatzsteuer\s*id|uid(?:-?(?:nr|nummer))?|vat\s*(?:reg(?:istration)?\.?\s*)?(?:no|nr|number|id)?|tva(?:\s+intra(?:communautaire)?)?|n°\s*tva|btw(?:-?(?:nummer|nr|id))?|mwst(?:-?(?:nr|nummer))?|mva|p\.?\s*iva|partita\s+iva|codice\s+fiscale|nif|cif|n\.?i\.?f\.?|moms(?:reg(?:istrerings)?(?:nummer|nr)?)?|alv(?:-?numero)?|tax\s+id|steuer(?:nummer|-?nr\.?)|st\.?-?nr\.?)/i;

/** Labels of a national tax number: a VAT id after them counts only with its country prefix ("Steuernummer: DE…"). */
const TAX_NUMBER_LABEL = /^(?:steuer(?:nummer|-?nr\.?)|st\.?-?nr\.?)$/i;

/** Tokens that may be a VAT number: an optional country prefix, then digits and letters with separators. */
const CANDIDATE =
  /(?<![\p{L}\p{N}])(?:(ATU|CHE|[A-Z]{2})[\s.-]?)?(\d[\dA-Z]?(?:[\s.-]?[\dA-Z]){6,14})(?:\s*(MWST|TVA|IVA|MVA))?(?![\p{L}\p{N}])/gu;

/** Prefixes to try for a number written without one, by the label that stands before it. */
function prefixesFor(label: string, siteCountry: string | null): string[] {
  const l = label.toLowerCase();
  if (TAX_NUMBER_LABEL.test(label.trim())) return [];
  if (/iva|codice/.test(l) && !/mwst|tva/.test(l)) return ['IT'];
  if (/nif|cif/.test(l)) return ['ES'];
  if (/mva/.test(l)) return ['NO'];
  if (/btw/.test(l)) return ['NL', 'BE'];
  if (/moms/.test(l)) return ['DK', 'SE'];
  if (/alv/.test(l)) return ['FI'];
  if (/mwst|uid/.test(l)) return ['CHE'];
  return siteCountry ? [siteCountry === 'CH' ? 'CHE' : siteCountry] : [];
}

/**
 * The VAT ids a text states after a VAT label (the label itself is looked for by the caller), format-checked.
 * A number without its country prefix is read with the label's or the site's country.
 */
export function vatIdsIn(text: string, label: string, siteCountry: string | null): VatId[] {
  const out: VatId[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const [, prefix, body] = match;
    if (!body) continue;
    let compact = body.replace(/[\s.-]/g, '').toUpperCase();
    let suffix = match[3];
    // "923000038MVA": the letters ran into the number.
    const glued = /(MWST|TVA|IVA|MVA)$/.exec(compact);
    if (glued?.[1] && !suffix) {
      suffix = glued[1];
      compact = compact.slice(0, -glued[1].length);
    }
    const tries = prefix ? [prefix] : prefixesFor(label, siteCountry);
    for (const country of tries) {
      const id = `${country}${compact}${suffix ?? (country === 'NO' && /mva/i.test(label) ? 'MVA' : '')}`;
      const result = checkVAT(id, countries);
      if (!result.isValidFormat || !result.country) continue;
      // A Swiss UID is the company's register number; only with MWST/TVA/IVA (or under a VAT label) is it VAT.
      // The label is read up to the number: "UID/MWST: CHE-…" labels a VAT number.
      const labelled = `${label} ${text.slice(0, match.index)}`;
      if (result.country.isoCode.short === 'CH' && !suffix && !/mwst|mehrwert|tva|iva|vat/i.test(labelled))
        continue;
      out.push({ id, country: result.country.isoCode.short, checksum_valid: result.isValid });
      break;
    }
  }
  return out;
}
