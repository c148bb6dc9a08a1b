/**
 * Roles among some elements of a page: the innermost element holding a job title in each item (a card's
 * heading, not the whole card link), headings before the lists and bold text that describe each job, group
 * headings taken as the department of the titles below them, and each role's link, department and location.
 */
import { type AnyNode, type Element, hasChildren, isTag, isText } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { cleanJobTitle, hasTitleShape, isSpeculativeTitle, jobTitleStrength } from './job-title';
import { HEADINGS, isChrome, isHeading, isInside, isJobCardTitle, level, textOf } from './page-layout';
import { isOpeningsHeading } from './page-text';
import { roleDetails } from './role-details';
import type { JobRole } from './types';

type $ = ParsedPage['$'];

/**
 * Title candidates read per call, in document order. A careers page lists some dozens of roles (at most 500 are
 * kept); each candidate is compared with the others (which holds which, which box is whose), so a page of tens of
 * thousands of list items would cost their square: past this many, the rest are not read.
 */
const MAX_CANDIDATES = 1_000;

/** Is the text under `node` (cheerio's `.text()`) longer than `limit`? Counted without building it. */
function textLongerThan(node: AnyNode, limit: number): boolean {
  let length = 0;
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const current = stack.pop() as AnyNode;
    if (isText(current)) {
      length += current.data.length;
      if (length > limit) return true;
    } else if (hasChildren(current)) {
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as AnyNode);
    }
  }
  return false;
}

/**
 * Elements that hold a title: headings and elements whose class calls them the title/name of an item (in the
 * languages themes are written in: "nome-candidatura", "titre-poste", "titel").
 */
const TITLE_CLASS =
  /(?:^|[\s_-])(?:title|name|position|role|jobtitle|titel|titre|titolo|titulo|nome|naam|nombre)(?:$|[\s_-])/i;
export const isTitleTier = (el: Element) =>
  isHeading(el) ||
  el.tagName === 'summary' ||
  (/^(?:span|div|p)$/.test(el.tagName) && TITLE_CLASS.test(el.attribs.class ?? ''));
/** Titles also sit in accordion toggles (<summary>, <button>) that open the job's description. */
export const CANDIDATE_TAG = /^(?:h[1-6]|a|li|dt|td|strong|b|summary|button)$/;

export function hrefOf($: $, el: AnyNode | undefined, base: string): string | null {
  const href = el ? $(el).attr('href') : undefined;
  if (!href || href.startsWith('#') || /^(?:javascript|mailto|tel):/i.test(href)) return null;
  try {
    const url = new URL(href, base);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** The largest ancestor that holds this title and no other (up to a card's size): its card, list item or row. */
function boxOf(el: Element, candidates: Element[]): Element {
  let box: Element = el;
  for (
    let p = el.parent as Element | null;
    p && p.type === 'tag' && p.tagName !== 'body';
    p = p.parent as Element
  ) {
    if (candidates.some((c) => c !== el && isInside(c, p) && !isInside(c, el) && !isInside(el, c))) break;
    if (textLongerThan(p, 1200)) break;
    box = p;
  }
  return box;
}

/** For a heading title: the elements after it up to the next title or heading of its level. */
function followingText($: $, el: Element, candidates: Set<Element>): Element[] {
  if (!isHeading(el)) return [];
  const out: Element[] = [];
  // Builders wrap each heading in its own widget: climb out of the wrappers that hold nothing else.
  const own = textOf($, el);
  let node: Element = el;
  while (
    node.parent?.type === 'tag' &&
    (node.parent as Element).tagName !== 'body' &&
    textOf($, node.parent) === own
  )
    node = node.parent as Element;
  for (let i = 0; i < 8; i++) {
    // The next element sibling (not all of them: a list of thousands asked for each of its items).
    let next = node.next;
    while (next && !isTag(next)) next = next.next;
    if (next?.type !== 'tag') break;
    const heading = $(next).is(HEADINGS) ? next : $(next).find(HEADINGS).get(0);
    if (heading && (candidates.has(heading as Element) || level(heading as Element) <= level(el))) break;
    out.push(next as Element);
    node = next as Element;
  }
  return out;
}

/**
 * Headings that group titles ("Fachkräfte & Monteure" over three accordion titles): another title follows
 * before the next heading of their level. Each maps to the titles it groups.
 */
function groupHeadings($: $, candidates: Element[], labels: Element[]): Map<Element, Element> {
  const groupOf = new Map<Element, Element>();
  const headings = [...candidates.filter(isHeading), ...labels.slice(0, MAX_CANDIDATES)];
  if (!headings.length) return groupOf;
  const all = $('*').toArray() as Element[];
  const order = new Map(all.map((el, i) => [el, i]));
  const pos = (el: Element) => order.get(el) ?? -1;
  for (const h of headings) {
    const end = all.findIndex((el, i) => i > pos(h) && isHeading(el) && level(el) <= level(h));
    const inside = candidates.filter((c) => pos(c) > pos(h) && (end === -1 || pos(c) < end));
    for (const c of inside) if (!groupOf.has(c)) groupOf.set(c, h);
  }
  return groupOf;
}

/** Roles among the given elements: the innermost title of each item, headings before lists and links. */
export function rolesFrom(
  page: ParsedPage,
  elements: Element[],
  {
    minStrength = 1,
    anyTag = false,
    labels = [],
    titles = new Set(),
  }: {
    minStrength?: 1 | 2;
    /** Any element may hold a title (inside a card link), when it reads strongly as one. */
    anyTag?: boolean;
    /** Sub-headings of an openings section ("Büro", "Montage & Service"): the department of the titles below. */
    labels?: Element[];
    /** Elements known to be titles by the page's structure, whatever their words. */
    titles?: Set<Element>;
  } = {},
): JobRole[] {
  const { $ } = page;
  let candidates = elements.filter(
    (el) =>
      titles.has(el) ||
      ((CANDIDATE_TAG.test(el.tagName) || isTitleTier(el) || anyTag) &&
        (jobTitleStrength(textOf($, el)) >= (anyTag && !CANDIDATE_TAG.test(el.tagName) ? 2 : minStrength) ||
          (isJobCardTitle($, el) && hasTitleShape(textOf($, el)))) &&
        !isChrome($, el)),
  );
  candidates = candidates.slice(0, MAX_CANDIDATES);
  // The innermost element holding a title is the title (a card's heading, not the whole card link).
  candidates = candidates.filter((el) => !candidates.some((c) => c !== el && isInside(c, el)));
  // Once titles come as headings, lists and bold text below them describe the job.
  if (candidates.some(isTitleTier)) candidates = candidates.filter(isTitleTier);
  // A heading over several titles names their group (a department), not a role.
  const groupOf = groupHeadings($, candidates, labels);
  const groups = new Set(groupOf.values());
  candidates = candidates.filter((el) => !groups.has(el));
  const set = new Set(candidates);
  const roles: JobRole[] = [];
  for (const el of candidates) {
    const raw = textOf($, el);
    // "Initiativbewerbung" is no role, nor a button that repeats the section's name ("Ledige stillinger").
    if (isSpeculativeTitle(raw) || isOpeningsHeading(raw)) continue;
    const box = boxOf(el, candidates);
    const link = $(el).closest('a[href]').get(0) ?? $(box).find('a[href]').get(0);
    const details = roleDetails($, el, [box, ...followingText($, el, set)]);
    const { location } = details;
    const group = groupOf.get(el);
    const department = details.department ?? (group ? cleanJobTitle(textOf($, group)) : null);
    // A card button often reads "Title Location": the location is not part of the title.
    let title = cleanJobTitle(raw);
    if (location && title.endsWith(location) && title.length > location.length + 2)
      title = cleanJobTitle(title.slice(0, -location.length));
    if (!roles.some((r) => r.title === title && r.location === location)) {
      roles.push({ title, department, location, url: hrefOf($, link, page.url) });
    }
  }
  return roles;
}
