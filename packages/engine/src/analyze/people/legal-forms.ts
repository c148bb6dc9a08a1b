/**
 * Legal forms of companies in our markets, as written after a company's name, with one canonical spelling each
 * ("Gesellschaft mit beschränkter Haftung", "GesmbH", "Ges.m.b.H." → "GmbH"; "Limited" → "Ltd"). Longer forms
 * first: "GmbH & Co. KG" must not be read as "GmbH". Short capital forms (AG, KG, AS, AB, SA …) only match as
 * written (case-sensitive), so "as" and "ab" in prose never do.
 */

const FORMS: Array<[canonical: string, written: string, caseSensitive?: boolean]> = [
  ['GmbH & Co. KGaA', String.raw`GmbH\s*&\s*Co\.?\s*KGaA`],
  ['GmbH & Co. KG', String.raw`GmbH\s*(?:&|und)\s*Co\.?\s*KG`],
  ['UG (haftungsbeschränkt) & Co. KG', String.raw`UG\s*\(haftungsbeschr(?:ä|ae)nkt\)\s*&\s*Co\.?\s*KG`],
  ['AG & Co. KG', String.raw`AG\s*&\s*Co\.?\s*KG`, true],
  [
    'UG (haftungsbeschränkt)',
    String.raw`UG\s*\(haftungsbeschr(?:ä|ae)nkt\)|Unternehmergesellschaft\s*\(haftungsbeschr(?:ä|ae)nkt\)`,
  ],
  ['UG (haftungsbeschränkt)', 'UG', true],
  ['gGmbH', 'gGmbH', true],
  [
    'GmbH',
    String.raw`GmbH|Gesellschaft\s+mit\s+beschr(?:ä|ae)nkter\s+Haftung|Ges\.?\s?m\.?\s?b\.?\s?H\.?|GesmbH|mbH`,
  ],
  ['PartG mbB', String.raw`PartG\s*mbB|PartGmbB|Partnerschaftsgesellschaft\s+mbB`],
  ['PartG', 'PartG|Partnerschaftsgesellschaft'],
  ['KGaA', 'KGaA', true],
  ['AG', 'AG|Aktiengesellschaft', true],
  ['KG', 'KG|Kommanditgesellschaft', true],
  ['OHG', String.raw`OHG|oHG|offene\s+Handelsgesellschaft`, true],
  ['e.K.', String.raw`e\.\s?K\.|e\.\s?Kfm\.|e\.\s?Kfr\.|eingetragene[rn]?\s+Kauf(?:mann|frau)`],
  ['GbR', String.raw`GbR|Gesellschaft\s+b(?:ü|ue)rgerlichen\s+Rechts`],
  ['e.V.', String.raw`e\.\s?V\.`],
  ['eG', 'eG', true],
  ['e.U.', String.raw`e\.\s?U\.`],
  ['OG', 'OG', true],
  ['SE', 'SE', true],
  ['Sàrl', 'S(?:à|a)rl', true],
  ['SARL', String.raw`SARL|S\.A\.R\.L\.`, true],
  ['SASU', 'SASU', true],
  ['SAS', String.raw`SAS|S\.A\.S\.`, true],
  ['EURL', 'EURL', true],
  ['SELARL', 'SELARL', true],
  ['SNC', 'SNC', true],
  ['SCI', 'SCI', true],
  ['S.r.l.s.', String.raw`S\.r\.l\.s\.|Srls`],
  ['S.r.l.', String.raw`S\.\s?r\.\s?l\.|Srl|SRL`],
  ['S.p.A.', String.raw`S\.p\.A\.|SpA`],
  ['S.L.', String.raw`S\.L\.U?\.|SLU?`, true],
  // Mexico's forms; page lines are collapsed, so one space at most stands between the parts.
  ['S. de R.L. de C.V.', String.raw`S\. ?de R\. ?L\. de C\. ?V\.|S de RL de CV`],
  ['S.A.P.I. de C.V.', String.raw`S\.A\.P\.I\. de C\. ?V\.|SAPI de CV`],
  ['S.A. de C.V.', String.raw`S\. ?A\. de C\. ?V\.|SA de CV`],
  ['S.A.C.', String.raw`S\.A\.C\.|SAC`, true],
  ['Ltda.', String.raw`Ltda\.?`],
  ['E.I.R.L.', String.raw`E\.I\.R\.L\.|EIRL`, true],
  ['SA', String.raw`SA|S\.A\.`, true],
  ['LLP', 'LLP', true],
  ['PLC', 'PLC|plc', true],
  ['Ltd', String.raw`Ltd\.?|Limited`],
  ['LLC', String.raw`LLC|L\.L\.C\.`],
  ['Inc', String.raw`Inc\.?|Incorporated`],
  ['Corp', String.raw`Corp\.?|Corporation`],
  ['BV', String.raw`B\.\s?V\.|BV`],
  ['NV', String.raw`N\.\s?V\.|NV`, true],
  ['VOF', String.raw`V\.O\.F\.|VOF`, true],
  ['BVBA', 'BVBA', true],
  // Belgium's limited partnership: "Integraal Groen Comm.V.", "CommV".
  ['CommV', String.raw`Comm\.\s?V\.|CommV`, true],
  ['ASA', 'ASA', true],
  ['AS', 'AS|A/S', true],
  ['ApS', 'ApS', true],
  ['AB', 'AB', true],
  ['Oyj', 'Oyj', true],
  ['Oy', 'Oy', true],
];

const BEFORE = String.raw`(?<![\p{L}\p{N}&.])`;
const AFTER = String.raw`(?![\p{L}\p{N}&]|\.[\p{L}])`;

const COMPILED = FORMS.map(([canonical, written, caseSensitive]) => ({
  canonical,
  pattern: new RegExp(`${BEFORE}(?:${written})${AFTER}`, caseSensitive ? 'u' : 'iu'),
}));

/** A Creative Commons licence ("CC-BY-SA-3.0", "BY-NC-SA"): its "SA" is no company's form. */
const LICENCE = /(?<![\p{L}\p{N}])(?:CC[-\s])?BY(?:-NC)?(?:-ND)?-SA(?:-\d(?:\.\d)?)?(?![\p{L}\p{N}])/gu;

/** The first legal form in a text, where it stands, and its canonical spelling. */
export function findLegalForm(text: string): { canonical: string; index: number; written: string } | null {
  let best: { canonical: string; index: number; written: string } | null = null;
  // Blanked, not removed: the indices stay those of the text.
  const read = text.includes('SA') ? text.replace(LICENCE, (m) => ' '.repeat(m.length)) : text;
  for (const { canonical, pattern } of COMPILED) {
    const match = pattern.exec(read);
    if (!match) continue;
    // The earliest form wins; at the same place the longer one (the list is ordered longest first).
    if (!best || match.index < best.index) best = { canonical, index: match.index, written: match[0] };
  }
  return best;
}

/**
 * A sole trader's status, as imprints state it ("Forme juridique : Exercice individuel", "Paul Roy, entrepreneur
 * individuel", "Rechtsform: Einzelunternehmen"): no company, the person trades in their own name.
 */
const SOLE_TRADER: Array<[canonical: string, pattern: RegExp]> = [
  [
    'EI',
    /\b(?:entreprise\s+individuelle|exercice\s+individuel|entrepreneur\s+individuel|micro-?entrepr(?:ise|eneur)|auto-?entrepreneur)\b/i,
  ],
  ['Einzelunternehmen', /\b(?:einzelunternehmen|einzelunternehmer(?:in)?)\b/i],
  ['Eenmanszaak', /\beenmanszaak\b/i],
  ['Ditta individuale', /\b(?:ditta|impresa)\s+individuale\b/i],
  ['Empresario individual', /\bempresari[oa]\s+individual\b/i],
  ['Sole trader', /\bsole\s+(?:trader|proprietor(?:ship)?)\b/i],
];

export function findSoleTrader(text: string): string | null {
  return SOLE_TRADER.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}
