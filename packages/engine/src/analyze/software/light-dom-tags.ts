/**
 * htmlparser2's rules for tag names, as the software detector's HTML reader (light-dom.ts) applies them: the
 * elements an opening tag closes while they are the current element, void elements, the foreign elements (svg,
 * math) in which self-closing syntax counts and their HTML integration points (crawl/html-tag-rules.ts, shared
 * with the page reader), and the raw text elements.
 */
import {
  FOREIGN_CONTEXT_ELEMENTS,
  HTML_INTEGRATION_ELEMENTS,
  OPEN_IMPLIES_CLOSE,
  VOID_ELEMENTS,
} from '../../crawl/html-tag-rules';

/** What the reader needs to know of a tag name, as bits of one number: one lookup per tag instead of four. */
export const IS_VOID = 1;
export const IS_FOREIGN = 2;
export const IS_INTEGRATION = 4;
export const CLOSES_OTHERS = 8;
export const TAG_KIND = new Map<string, number>();
for (const [names, bit] of [
  [VOID_ELEMENTS, IS_VOID],
  [FOREIGN_CONTEXT_ELEMENTS, IS_FOREIGN],
  [HTML_INTEGRATION_ELEMENTS, IS_INTEGRATION],
  [OPEN_IMPLIES_CLOSE.keys(), CLOSES_OTHERS],
] as const) {
  for (const name of names) TAG_KIND.set(name, (TAG_KIND.get(name) ?? 0) | bit);
}
/** Raw text elements: their content is text up to `</name` followed by `>` or a space. */
export const RAW_END = new Map(
  ['script', 'style', 'title', 'textarea', 'xmp'].map((name) => [name, new RegExp(`</${name}[\\s>]`, 'gi')]),
);
