/**
 * The ReDoS test's exceptions (src/redos.test.ts), each with its reason.
 */

/** A pattern recheck does not find safe, allowed because its input is bounded (see `maxInput`). */
export interface AllowedPattern {
  /** The file it is in, relative to packages/engine. */
  file: string;
  /** The start of its source, enough to tell it from the file's other patterns. */
  startsWith: string;
  /** The longest input it ever runs on; the test runs recheck's attack string of this length through it. */
  maxInput: number;
  /**
   * The input is collapsed first (collapseSpaces, or split and trimmed like it): no run of spaces, so the attack is
   * tried collapsed too. Most flagged patterns backtrack on a long run of spaces only.
   */
  collapsed?: boolean;
  /** What bounds the input, or (for a pattern recheck could not decide) why it is linear. */
  reason: string;
}

/** A page as the crawler reads it: CRAWL_MAX_BYTES, 2 MiB by default (its text is no longer). */
const PAGE = 2 * 1024 * 1024;
/** One block, line, title or description of a page: MAX_TEXT_CHARS of src/analyze/summary/page-text.ts. */
export const TEXT = 10_000;

const COLLAPSED_PAGE = 'page text, collapsed first (pageText, pageLines, pageHead, textOf, contentText)';
const UNDECIDED =
  'recheck could not decide it in 20 s (a long word list); its only repetitions are bounded or';

export const ALLOWED: AllowedPattern[] = [
  {
    file: 'src/analyze/summary/phones.ts',
    startsWith: String.raw`\b(?:tel|telefon|phone|tél)\.?\s*(?:\/`,
    maxInput: 45,
    reason: 'it reads the 45 characters before a number (isFaxLabel)',
  },
  {
    file: 'src/analyze/software/match-page.ts',
    startsWith: String.raw`(?:^|[;,|+&]|\b(?:powered`,
    maxInput: 200,
    reason: 'recheck could not decide it; it reads the 200 characters before a product name (namesProduct)',
  },
  {
    file: 'src/analyze/summary/emails.ts',
    startsWith: '^(?:e-?mail|mail|kontakt',
    maxInput: 320,
    reason:
      'recheck could not decide it; it reads one found address, at most 320 characters (MAX_EMAIL_CHARS)',
  },
  ...[String.raw`(?<![\p{L}\d])((?:Calle`, String.raw`(?<![\p{L}\d])((?:(?:Tour`].map((startsWith) => ({
    file: 'src/analyze/summary/addresses.ts',
    startsWith,
    maxInput: PAGE,
    collapsed: true,
    reason: `${UNDECIDED} of street words; ${COLLAPSED_PAGE}`,
  })),
  // Careers: titles and texts of a careers page.
  ...[
    String.raw`\s*(?:[([]\s*(?:[mwfdxhvi*]`,
    String.raw`\s*[-–—|·•»›→>]?\s*(?:apply now`,
    String.raw`\s*[(,–-]?\s*(?:in\s+)?`,
    String.raw`\s*\((?:\d+\s*(?:%`,
    String.raw`\s*[(–-]?\s*\d{1,3}`,
    String.raw`\s*[(,–-]?\s*(?:ab sofort`,
  ].map((startsWith) => ({
    file: 'src/analyze/careers/job-title.ts',
    startsWith,
    maxInput: PAGE,
    collapsed: true,
    reason: `a job title or a careers page's text, ${COLLAPSED_PAGE}`,
  })),
  {
    file: 'src/analyze/careers/job-title.ts',
    startsWith: '[a-z]{3,}(?:engineer',
    maxInput: 122,
    reason: 'jobTitleStrength reads titles of at most 120 characters (and a space on each side)',
  },
  {
    file: 'src/analyze/careers/page-text.ts',
    startsWith: '(?:derzeit|aktuell|momentan',
    maxInput: PAGE,
    reason: 'at most three words between the two parts: linear, and fast on a whole page',
  },
  ...[String.raw`\b(?:wij|we) (?:\S+ ){0,3}op zoek`, String.raw`\b(?:we re|we are|were) `].map(
    (startsWith) => ({
      file: 'src/analyze/careers/page-text.ts',
      startsWith,
      maxInput: PAGE,
      collapsed: true,
      reason: `${UNDECIDED} between words: "(?:\\S+ ){0,3}"`,
    }),
  ),
  {
    file: 'src/analyze/icp/match.ts',
    startsWith: String.raw`\s*(?:[,&/+;]|\band\b`,
    maxInput: 200,
    reason: "an ICP industry term: at most 200 characters (the contract's LIMITS.shortText)",
  },
  // People and company facts: lines of a page (pageLines), collapsed and at most TEXT long.
  {
    file: 'src/analyze/people/cards.ts',
    startsWith: String.raw`\b(?:\d{1,2}\.\s?\d{1,2}`,
    maxInput: PAGE,
    reason: 'fast on a whole page',
  },
  ...[
    ['src/analyze/people/cards.ts', String.raw`(?:^|\b)(?:tel(?:efon)?`],
    ['src/analyze/people/company.ts', '(?:FN|Firmenbuch'],
    ['src/analyze/people/company.ts', '(?:company|registration'],
    ['src/analyze/people/company.ts', 'SI(?:REN|RET)'],
    ['src/analyze/people/company.ts', String.raw`(?:KvK|K\.v\.K\.`],
    ['src/analyze/people/company.ts', String.raw`(?:Org\.?\s?-?nr\.?|Organisasjonsnummer`],
    ['src/analyze/people/company.ts', String.raw`\s*&\s*`],
    ['src/analyze/people/company.ts', String.raw`Org(?:anisasjons)?\.?\s?-?(?:nr|nummer)`],
    ['src/analyze/people/legal.ts', String.raw`\s+(?:nach|gem(?:ä|ae)`],
    ['src/analyze/people/names.ts', String.raw`,?\s+(?:mba|`],
    ['src/analyze/people/names.ts', String.raw`\s*\((?:fh|th|uni`],
  ].map(([file, startsWith]) => ({
    file: file as string,
    startsWith: startsWith as string,
    maxInput: PAGE,
    collapsed: true,
    reason: `a card's, a line's or a name's text, ${COLLAPSED_PAGE}`,
  })),
  ...[
    ['src/analyze/people/company.ts', String.raw`RCS\s+(?:de\s+|d['’])?`],
    ['src/analyze/people/company.ts', '(?:KBO|BCE|Ondernemingsnummer'],
    ['src/analyze/people/roles.ts', String.raw`(?<![\p{L}\p{N}])(?:(?:externe[rn]?\s+)?datenschutz`],
    ['src/analyze/people/roles.ts', String.raw`^(?:(?:externe[rn]?\s+)?datenschutz`],
    ['src/analyze/people/facts.ts', String.raw`\b(?:gegrundet|grundung(?:sjahr|sdatum)?`],
    ['src/analyze/people/company.ts', String.raw`\((?:own\s+work|eigenes`],
    ['src/analyze/people/company.ts', String.raw`^(?:impressum|imprint|legal\s+notice|site`],
    ['src/analyze/people/company.ts', String.raw`CHE[-\s]?\d{3}`],
    ['src/analyze/people/cards.ts', String.raw`\((?:[mwfdhx](?:\s*[/|]`],
    ['src/analyze/people/legal.ts', String.raw`^(?:(?:de|del|of|du|di|van)\s+`],
    ['src/analyze/people/legal-forms.ts', String.raw`\b(?:entreprise\s+individuelle`],
    ['src/analyze/people/legal-forms.ts', String.raw`\b(?:ditta|impresa)`],
    ['src/analyze/people/legal-forms.ts', String.raw`\bempresari[oa]`],
    ['src/analyze/people/legal-forms.ts', String.raw`\bsole\s+`],
    ['src/analyze/people/roles.ts', String.raw`\b(?:geschaftsfuhr\w*`],
  ].map(([file, startsWith]) => ({
    file: file as string,
    startsWith: startsWith as string,
    maxInput: TEXT,
    collapsed: true,
    reason: `${UNDECIDED} of words with spaces between; it runs on one line of a page (at most TEXT characters)`,
  })),
  ...[
    ['src/analyze/people/legal.ts', '(?:haftpflicht|versicher'],
    ['src/analyze/people/roles.ts', String.raw`\b(?:\w*leit(?:er`],
    ['src/analyze/people/vat.ts', '(?:mehrwertsteuer'],
    ['src/analyze/people/vat.ts', String.raw`(?<![\p{L}\p{N}])(?:(ATU|CHE`],
    ['src/analyze/summary/addresses.ts', '(?:webdesign|web design'],
    ['src/analyze/summary/country.ts', String.raw`(?<!\d)\d{4,5}\s+[\p{Lu}]`],
    ['src/analyze/summary/summary-text.ts', String.raw`(?:^|[.!?:]\s+)(?!(?:Das|Dies`],
    ['src/discovery/competitors/sections.ts', String.raw`\b(?:integrations?|koppelingen`],
  ].map(([file, startsWith]) => ({
    file: file as string,
    startsWith: startsWith as string,
    maxInput: PAGE,
    reason: 'polynomial in theory, fast on a whole page: its pumps are long words or bounded repeats',
  })),
  {
    file: 'src/analyze/people/facts.ts',
    startsWith: String.raw`\b(?:azienda|aziende|impresa`,
    maxInput: 200,
    reason: 'findFounded reads it on the words around a "seit 1998": 60 characters before, 40 after',
  },
  {
    file: 'src/analyze/people/facts.ts',
    startsWith: String.raw`\b(?:(?:mehr als|uber|rund`,
    maxInput: TEXT,
    reason: 'one line of a page (pageLines): at most TEXT characters',
  },
  {
    file: 'src/analyze/people/legal.ts',
    startsWith: String.raw`^(.{4,60}?)\s*(?:,|\(|–`,
    maxInput: 600,
    reason: 'one line; findRolePeople skips lines longer than 600 characters',
  },
  {
    file: 'src/discovery/competitors/names.ts',
    startsWith: String.raw`^(.{2,60}?)\s*(?::|\s[–—-]\s)`,
    maxInput: 500,
    reason: 'a title: companyFromTitle reads its first 500 characters (MAX_TITLE_CHARS)',
  },
  {
    file: 'src/analyze/people/legal.ts',
    startsWith: String.raw`([\p{L}][\p{L}'’.-]*)\s*$`,
    maxInput: 600,
    reason: 'the text before a role on one line; findRolePeople skips lines longer than 600 characters',
  },
  {
    file: 'src/analyze/people/names.ts',
    startsWith: '.{2,}(?:buro|',
    maxInput: 50,
    reason: "a name's first word; isPersonName refuses names longer than 50 characters before",
  },
  // Software: Wappalyzer's fingerprint data, never page input.
  {
    file: 'src/analyze/software/pattern.ts',
    startsWith: String.raw`\\(\d)\?([^:]*):(.*)$`,
    maxInput: 200,
    reason: "a version template of Wappalyzer's fingerprint data (a few characters)",
  },
  {
    file: 'src/analyze/software/selector.ts',
    startsWith: String.raw`^\[\s*((?:[\w-]|\\.)+)`,
    maxInput: 500,
    reason: "recheck could not decide it; it reads one attribute selector of Wappalyzer's fingerprint data",
  },
  // Summary: blocks, titles and descriptions of a page (pageText, pageHead), collapsed and at most TEXT long.
  ...[
    ['src/analyze/summary/addresses.ts', String.raw`(?<![\p{L}])((?:(?:Am|An|Auf`],
    ['src/analyze/summary/addresses.ts', String.raw`(?<![\p{L}])((?:[\p{Lu}][\p{L}'.-]{1,40} ){1,3}`],
    ['src/analyze/summary/addresses.ts', String.raw`(?<![\p{L}])((?:[\p{Lu}][\p{L}'.-]{1,40} ){0,2}`],
    ['src/analyze/summary/emails.ts', String.raw`^[^\s[\](){}<>]*@`],
    ['src/analyze/summary/emails.ts', String.raw`^\s*([a-z0-9][a-z0-9._%+-]*)`],
    ['src/analyze/summary/emails.ts', String.raw`(?:\s*[[({<]\s*(?:dot`],
    ['src/analyze/summary/industries.ts', '(?<![a-z0-9])(?:'],
    ['src/analyze/summary/industry-evidence.ts', String.raw`\s+[|–—·»:~-]{1,2}\s+`],
    ['src/analyze/summary/summary-text.ts', String.raw`^[^.!?]{0,40}?\s*(?:ist|sind`],
    ['src/discovery/competitors/case-study.ts', String.raw`^([\p{L} ]{2,20}):\s*(.+)$`],
    ['src/discovery/competitors/names.ts', String.raw`\s*(?:[-–|:]\s*)?\b(?:logo`],
    ['src/discovery/competitors/names.ts', String.raw`\s+[|·—]\s+`],
    ['src/discovery/competitors/names.ts', '^(?:[Hh]ow|[Ww]ie'],
    ['src/discovery/competitors/names.ts', String.raw`^(.{2,60}?)\s+(?:at|@|of`],
    ['src/discovery/competitors/names.ts', String.raw`\s+(?:at|@|bei|chez`],
    ['src/discovery/competitors/names.ts', String.raw`\s*[,|·]\s*|\s+[—–-]\s+`],
  ].map(([file, startsWith]) => ({
    file: file as string,
    startsWith: startsWith as string,
    maxInput: PAGE,
    collapsed: true,
    reason: `${COLLAPSED_PAGE}; a competitor page's texts through space(), which collapses alike`,
  })),
  ...[
    ['src/analyze/summary/summary-text.ts', String.raw`\b(?:is|are|est|sont`],
    ['src/analyze/summary/summary-text.ts', String.raw`\b(?:sie|ihr|ihre`],
  ].map(([file, startsWith]) => ({
    file: file as string,
    startsWith: startsWith as string,
    maxInput: TEXT,
    reason: 'one block, title or description of a page (pageText, pageHead): at most TEXT characters',
  })),
  {
    file: 'src/analyze/summary/country.ts',
    startsWith: String.raw`(?:\+|\b00)[1-9]`,
    maxInput: PAGE,
    reason:
      "recheck could not decide it; it starts only at a '+' or '00' and a digit, and its runs stop at the next one",
  },
  {
    file: 'src/analyze/summary/emails.ts',
    startsWith: '^((?:[0-9a-f]{2}){8,}?)',
    maxInput: 1024,
    reason: 'a hex-encoded address: longer ones are not read (MAX_HEX_EMAIL_CHARS)',
  },
  ...[
    String.raw`(?:\b(?:tel|tele?fon`,
    String.raw`(?:\b(?:fax|telefax`,
    String.raw`(?:\p{L}*(?:nummer|number)`,
  ].map((startsWith) => ({
    file: 'src/analyze/summary/phones.ts',
    startsWith,
    maxInput: 45,
    reason: 'the 45 characters before a number (phones.ts reads no more)',
  })),
  {
    file: 'src/analyze/summary/phones.ts',
    startsWith: String.raw`^0\d{1,5}\s*[\s/-]`,
    maxInput: 30,
    reason: 'a number as NUMBER matched it: at most 27 characters',
  },
  {
    file: 'src/crawl/charset.ts',
    startsWith: String.raw`<meta\b[^<>]*?\bcharset`,
    maxInput: 4096,
    reason: "the first 4,096 bytes of a page (PRESCAN_BYTES, the HTML standard's prescan)",
  },
  // Addresses: parts of an address line (parseAddressLine collapses it first), or of an import cell.
  ...[
    String.raw`^(?:(.*?)\s+)?([A-Z]{2})`,
    String.raw`^(?:(.*?)\s+)?([A-Z]{1,2}\d`,
    String.raw`^(\d{4}\s?[A-Z]{2})\s+(.+)$`,
    String.raw`^(?:([A-Z]{1,2})[-–]\s?)?`,
    String.raw`^(.+?)\s+(\d{4,5})$`,
  ].map((startsWith) => ({
    file: 'src/normalize/address.ts',
    startsWith,
    maxInput: PAGE,
    collapsed: true,
    reason: 'a part of an address line, collapsed first (parseAddressLine)',
  })),
  ...[String.raw`^(.*?\d+\s?[a-z]?)\s+(\d{4,5})`, String.raw`^(.*?)\s+([A-Z]{2})\s+(\d{5}`].map(
    (startsWith) => ({
      file: 'src/normalize/address.ts',
      startsWith,
      maxInput: 160,
      reason:
        'one part without commas: splitSinglePart reads none longer than 160 characters (MAX_SINGLE_PART_CHARS)',
    }),
  ),
  {
    file: 'src/import/values.ts',
    startsWith: String.raw`^\(?\s*([-+]?\d{1,3}\.\d+)`,
    maxInput: 2000,
    reason: 'one CSV cell: at most MAX_CELL_CHARS (2,000) characters are read',
  },
];

/**
 * `new RegExp(…)` calls whose patterns are built per call from data, so the test cannot read them at load: each with
 * what it is built from. The patterns built here are not checked by recheck. `call` is a piece of the call's text.
 */
export const BUILT_PER_CALL: Array<{ file: string; call: string; reason: string }> = [
  {
    file: 'src/analyze/software/fingerprints.ts',
    call: 'new RegExp(`^(?:',
    reason:
      'Wappalyzer cookie names (third-party fingerprint data, thousands of patterns), run on cookie names only',
  },
  {
    file: 'src/analyze/software/pattern.ts',
    call: 'new RegExp(candidate',
    reason:
      "Wappalyzer fingerprint patterns (third-party data, thousands): compiled with bounded quantifiers (boundQuantifiers), run on the page's bounded parts",
  },
  {
    file: 'src/analyze/software/pattern.ts',
    call: "new RegExp(regex.source, 'gi')",
    reason:
      'the same Wappalyzer fingerprint pattern (compiled just above with bounded quantifiers) with the g flag, to search from an offset',
  },
  {
    file: 'src/analyze/software/pattern.ts',
    call: "new RegExp(regex.source, 'iy')",
    reason:
      'the same Wappalyzer fingerprint pattern (a plain word, isWordLiteral) sticky, to try it at one position at a time',
  },
  {
    file: 'src/analyze/software/regex-tools.ts',
    call: "new RegExp(needed.map(escapeRegex).join('|'), 'i')",
    reason:
      "a pattern's required literals, escaped, as one alternation of plain strings (no quantifier, no group): linear",
  },
  {
    file: 'src/analyze/software/js-rules.ts',
    call: "new RegExp(source.replace(/^\\(\\?i\\)/, ''), 'i')",
    reason: 'Wappalyzer js-property value patterns (third-party data)',
  },
  {
    file: 'src/analyze/software/js-rules.ts',
    call: '(rule.rest[0] as string)',
    reason:
      'a Wappalyzer js-property name, matched literally (only `$` escaped: property names hold no other metacharacter)',
  },
  {
    file: 'src/discovery/competitors/case-study.ts',
    call: 'clean}:',
    reason:
      'a scraped label of 2–20 letters and spaces (its own pattern allows nothing else), so the pattern is a literal',
  },
  {
    file: 'src/discovery/osm/element-category.ts',
    call: 'new RegExp(condition.key',
    reason:
      'the key condition of a category filter: the fixed category table, or the business-key list of fallbackFilters',
  },
  {
    file: 'src/discovery/osm/element-category.ts',
    call: "new RegExp(condition.value ?? ''",
    reason:
      'the value condition of a category filter: the fixed category table, or the searched text escaped (escapeRegex)',
  },
];
