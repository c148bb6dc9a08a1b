/**
 * htmlparser2's rules for tag names, as the software detector's HTML reader (light-dom.ts) applies them: the
 * elements an opening tag closes while they are the current element, void elements, the foreign elements (svg,
 * math) in which self-closing syntax counts and their HTML integration points, and the raw text elements.
 */

const P = new Set(['p']);
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const DDT = new Set(['dd', 'dt']);
const RTP = new Set(['rt', 'rp']);
/** htmlparser2's openImpliesClose: an opening tag closes these while they are the current element. */
export const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['select', FORM],
  ['input', FORM],
  ['output', FORM],
  ['button', FORM],
  ['datalist', FORM],
  ['textarea', FORM],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DDT],
  ['dt', DDT],
  ['rt', RTP],
  ['rp', RTP],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
  ...'p h1 h2 h3 h4 h5 h6 address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul'
    .split(' ')
    .map((tag): [string, Set<string>] => [tag, P]),
]);
const VOID = new Set(
  'area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(
    ' ',
  ),
);
const FOREIGN = new Set(['math', 'svg']);
const INTEGRATION = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);

/** What the reader needs to know of a tag name, as bits of one number: one lookup per tag instead of four. */
export const IS_VOID = 1;
export const IS_FOREIGN = 2;
export const IS_INTEGRATION = 4;
export const CLOSES_OTHERS = 8;
export const TAG_KIND = new Map<string, number>();
for (const [names, bit] of [
  [VOID, IS_VOID],
  [FOREIGN, IS_FOREIGN],
  [INTEGRATION, IS_INTEGRATION],
  [IMPLIES_CLOSE.keys(), CLOSES_OTHERS],
] as const) {
  for (const name of names) TAG_KIND.set(name, (TAG_KIND.get(name) ?? 0) | bit);
}
/** Raw text elements: their content is text up to `</name` followed by `>` or a space. */
export const RAW_END = new Map(
  ['script', 'style', 'title', 'textarea', 'xmp'].map((name) => [name, new RegExp(`</${name}[\\s>]`, 'gi')]),
);
