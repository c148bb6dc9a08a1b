import type { CheerioAPI } from 'cheerio';
import type { DomElement, DomNode } from './light-dom';
import { type DomIndex, hasClassToken, type PageFacts, textOf } from './page-facts';
import { type CompiledPattern, foundAll, runPattern } from './pattern';
import { type AttributeTest, attributeMatches, type Compound, type SelectorAlternative } from './selector';
import type { Evidence } from './types';

export interface DomRule {
  tech: number;
  selector: string;
  /** Null when the selector uses syntax our reader skips: it then always runs through cheerio. */
  alternatives: SelectorAlternative[] | null;
  exists?: CompiledPattern;
  text?: CompiledPattern;
  attributes: Array<{ name: string; pattern: CompiledPattern }>;
}

export type Add = (
  pattern: CompiledPattern,
  match: ArrayLike<string | undefined>,
  shown: string,
  type?: Evidence['type'],
) => void;

const MAX_ELEMENTS_CHECKED = 50;

// Selectors cheerio refused once are not tried again.
const brokenSelectors = new WeakSet<DomRule>();

function needsMet(alt: SelectorAlternative, dom: DomIndex, inHtml: Uint8Array): boolean {
  const { needs } = alt;
  return (
    needs.tags.every((t) => dom.byTag.has(t)) &&
    needs.ids.every((id) => dom.byId.has(id)) &&
    needs.classes.every((c) => dom.withClass(c).length > 0) &&
    needs.attributes.every((a) => dom.byAttribute.has(a)) &&
    (alt.textIds ?? []).every((id) => inHtml[id] === 1)
  );
}

// Plain loops, not some/every: this runs for every candidate element and ancestor, and each callback capturing
// `el` was an allocation (an eighth of the detector's garbage, and garbage is what makes its collections run).
function matchesCompound(el: DomElement, compound: Compound): boolean {
  if (compound.tag && el.name !== compound.tag) return false;
  const { attribs } = el;
  for (const id of compound.ids) if (attribs.id !== id) return false;
  for (const c of compound.classes) if (!hasClassToken(attribs.class, c)) return false;
  for (const test of compound.attributes) if (!attributeMatches(test, attribs[test.name])) return false;
  return true;
}

function selectSimple(compound: Compound, dom: DomIndex): DomElement[] {
  const { tag, ids, classes, attributes } = compound;
  if (!tag && ids.length === 0 && classes.length === 0 && attributes.length === 1) {
    // One attribute test alone (`[class*='fa']`): read the values listed with the attribute, not each element's
    // attributes (a dictionary lookup per element with a class, hundreds a page).
    const test = attributes[0] as AttributeTest;
    const list = dom.byAttribute.get(test.name);
    const found: DomElement[] = [];
    if (list) {
      const { elements, values } = list;
      for (let i = 0; i < values.length; i++) {
        if (attributeMatches(test, values[i])) found.push(elements[i] as DomElement);
      }
    }
    return found;
  }
  const pools: Array<DomElement[] | undefined> = [];
  if (compound.ids[0]) pools.push(dom.byId.get(compound.ids[0]));
  if (compound.classes[0]) pools.push(dom.withClass(compound.classes[0]));
  if (compound.tag) pools.push(dom.byTag.get(compound.tag));
  if (compound.attributes[0]) pools.push(dom.byAttribute.get(compound.attributes[0].name)?.elements);
  if (pools.some((pool) => !pool)) return [];
  const pool = (pools as DomElement[][]).reduce<DomElement[]>(
    (best, p) => (p.length < best.length ? p : best),
    pools.length ? (pools[0] as DomElement[]) : dom.all,
  );
  return pool.filter((el) => matchesCompound(el, compound));
}

type Chain = NonNullable<SelectorAlternative['chain']>;

const isElementNode = (node: DomNode | null | undefined): node is DomElement =>
  !!node && typeof node.name === 'string' && !!node.attribs;

/** Does `el` (already matching chain[k]) have the ancestors chain[0..k-1] asks for? */
function ancestorsMatch(el: DomElement, chain: Chain, k: number): boolean {
  if (k === 0) return true;
  const { combinator } = chain[k] as Chain[number];
  const wanted = (chain[k - 1] as Chain[number]).compound;
  for (let parent = el.parent; isElementNode(parent); parent = parent.parent) {
    if (matchesCompound(parent, wanted) && ancestorsMatch(parent, chain, k - 1)) return true;
    if (combinator === '>') return false;
  }
  return false;
}

function selectChain(chain: Chain, dom: DomIndex): DomElement[] {
  const last = chain.length - 1;
  return selectSimple((chain[last] as Chain[number]).compound, dom).filter((el) =>
    ancestorsMatch(el, chain, last),
  );
}

function selectElements(
  rule: DomRule,
  facts: PageFacts,
  inHtml: Uint8Array,
  $: () => CheerioAPI,
): DomElement[] {
  let selector = rule.selector;
  if (rule.alternatives) {
    const passing = rule.alternatives.filter((alt) => needsMet(alt, facts.dom, inHtml));
    if (passing.length === 0) return [];
    if (passing.every((alt) => alt.chain)) {
      const found = new Set<DomElement>();
      for (const alt of passing) for (const el of selectChain(alt.chain as Chain, facts.dom)) found.add(el);
      return [...found];
    }
    selector = passing.map((alt) => alt.text).join(', ');
  }
  // The few selectors our reader skips go through cheerio, which parses the page only now.
  if (brokenSelectors.has(rule)) return [];
  try {
    return $()(selector).toArray() as unknown as DomElement[];
  } catch {
    brokenSelectors.add(rule);
    return [];
  }
}

/**
 * `<link rel="dns-prefetch|preconnect">` only warms up a connection: themes and optimisers list hosts the page
 * may never use (px.ads.linkedin.com, fonts.gstatic.com), so such a link is no evidence of the product.
 */
const isResourceHint = (el: DomElement) =>
  el.name === 'link' && /(?:^|\s)(?:dns-prefetch|preconnect)(?:\s|$)/i.test(el.attribs.rel ?? '');

/** Attributes that say most about an element, in order: shown as the evidence of an existence test. */
const TELLING_ATTRIBUTES = [
  'src',
  'href',
  'action',
  'data-src',
  'property',
  'name',
  'rel',
  'type',
  'id',
  'class',
];

/** ` [href="…"]`: the element's most telling attribute (the URL a salesperson or reviewer can check). */
function describeElement(el: DomElement): string {
  const name = TELLING_ATTRIBUTES.find((a) => el.attribs[a]);
  return name ? ` [${name}="${el.attribs[name]}"]` : ` <${el.name}>`;
}

export function matchDomRule(
  rule: DomRule,
  facts: PageFacts,
  inHtml: Uint8Array,
  $: () => CheerioAPI,
  add: Add,
): void {
  // Patterns whose literals are not in the page source cannot match any element's text or attribute, and
  // attribute patterns need the attribute somewhere in the page: often nothing is left to select for.
  const possible = (p: CompiledPattern) => !p.clauseIds || foundAll(p.clauseIds, inHtml);
  const text = rule.text && possible(rule.text) ? rule.text : undefined;
  const attributes = rule.attributes.filter((a) => facts.dom.byAttribute.has(a.name) && possible(a.pattern));
  if (!rule.exists && !text && attributes.length === 0) return;
  const elements = selectElements(rule, facts, inHtml, $).filter((el) => !isResourceHint(el));
  if (elements.length === 0) return;
  if (rule.exists) add(rule.exists, [''], `${rule.selector}${describeElement(elements[0] as DomElement)}`);
  const checked = elements.slice(0, MAX_ELEMENTS_CHECKED);
  if (text) {
    const pattern = text;
    for (const el of checked) {
      const text = textOf(el);
      const m = runPattern(pattern, text);
      if (m) {
        add(pattern, m, `${rule.selector}: ${m[0] || text}`);
        break;
      }
    }
  }
  for (const { name, pattern } of attributes) {
    for (const el of checked) {
      const value = el.attribs[name];
      if (value === undefined) continue;
      const m = runPattern(pattern, value);
      if (m) {
        add(pattern, m, `${rule.selector} [${name}="${value}"]`);
        break;
      }
    }
  }
}
