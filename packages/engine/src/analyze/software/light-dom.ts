/**
 * The software detector's own HTML reader: the same element tree htmlparser2 (cheerio's parser) builds — tag and
 * attribute names in lower case, attribute values and text with entities decoded, void elements, the elements an
 * opening tag closes (`<p>` closes an open `<p>`, `<li>` an `<li>` …), raw text in script, style, title,
 * textarea and xmp, self-closing syntax only inside svg and math — as plain objects, several times faster
 * (docs/performance.md).
 *
 * Why: htmlparser2 reads a page one character at a time through a state machine and builds nodes with
 * positions and sibling links the detector never reads; this reader jumps from `<` to `<` with indexOf and reads
 * each tag with a few comparisons. A page's `$` (cheerio) is then only built when another analyzer asks for it
 * (crawl/page.ts), so detecting software alone never pays for it. light-dom.test.ts checks the tree against
 * htmlparser2's on real pages.
 *
 * The bounds of crawl/html-tree.ts hold here too, counted the same way: elements nest at most MAX_TREE_DEPTH
 * deep (deeper ones join the deepest allowed ancestor), and past MAX_PAGE_NODES elements, comments and attributes
 * the page is not read (PageTooComplexError). A closing tag looks its element up among the open ones from the
 * innermost, popping what it closes; one whose name is not open deep down is known at once (DEEP_OPEN), so a
 * page of stray closing tags under deep nesting costs no more than its length.
 *
 * htmlparser2's rules for tag names are light-dom-tags.ts; the cache of tag and attribute names light-dom-names.ts.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { OPEN_IMPLIES_CLOSE } from '../../crawl/html-tag-rules';
import { MAX_PAGE_NODES, MAX_TREE_DEPTH, PageTooComplexError } from '../../crawl/html-tree';
import { hashStep, NAMES, nameAt } from './light-dom-names';
import { CLOSES_OTHERS, IS_FOREIGN, IS_INTEGRATION, IS_VOID, RAW_END, TAG_KIND } from './light-dom-tags';

/** The parts of an htmlparser2 DOM we read: this module builds just these. */
export interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  parent?: DomNode | null;
  data?: string;
}
export interface DomElement extends DomNode {
  name: string;
  attribs: Record<string, string>;
  children: DomNode[];
}

// htmlparser2's whitespace: space, \t, \n, \f, \r.
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
/** Ends a tag or attribute name: whitespace, `/`, `>` (and `=` for attribute names). */
const endsName = (c: number) => isSpace(c) || c === 47 || c === 62;

/**
 * What an element without children or attributes holds: one shared, frozen empty list and record. Most elements
 * have no attributes or no children (void elements, text-only leaves hold one text node), and each empty array or
 * dictionary was a young object the collector copied while the page was matched.
 */
const NO_CHILDREN: DomNode[] = Object.freeze([]) as unknown as DomNode[];
const NO_ATTRIBUTES: Record<string, string> = Object.freeze(Object.create(null));

/**
 * Open elements up to this many are looked through one by one; the names of those deeper are counted, so a closing
 * tag whose element is not open down there skips them (real pages never open this many).
 */
const SHALLOW_OPEN = 64;

/** What the reader lists while it reads, so nobody walks the tree again to find them. */
export interface LightDomIndex {
  /** Elements and comments, in document order (the order of a depth-first walk of the tree). */
  nodes: DomNode[];
  /** The elements carrying each attribute name, in document order, with their values. */
  byAttribute: Map<string, AttributeList>;
}

/** The elements carrying one attribute, and its value on each (`values[i]` is `elements[i].attribs[name]`). */
export interface AttributeList {
  elements: DomElement[];
  values: string[];
}

/**
 * Parses a whole document; the root node has no name, its children are the top-level nodes. With `index`, also
 * lists the nodes and each attribute's elements (cheaper here than walking the tree and each element's attributes
 * afterwards).
 */
export function parseLightDom(html: string, index?: LightDomIndex): DomNode {
  const root: DomNode = { type: 'root', children: NO_CHILDREN, parent: null };
  const stack: DomElement[] = [];
  /** How many elements of each name are open at SHALLOW_OPEN or deeper in `stack`. */
  const deepOpen = new Map<string, number>();
  const pushOpen = (element: DomElement) => {
    if (stack.length >= SHALLOW_OPEN) deepOpen.set(element.name, (deepOpen.get(element.name) ?? 0) + 1);
    stack.push(element);
  };
  const popOpen = () => {
    const element = stack.pop() as DomElement;
    if (stack.length >= SHALLOW_OPEN) deepOpen.set(element.name, (deepOpen.get(element.name) as number) - 1);
  };
  let budget = MAX_PAGE_NODES;
  const spend = () => {
    if (--budget < 0) throw new PageTooComplexError();
  };
  /** Whether self-closing syntax counts here (inside svg or math, not in their HTML integration points). */
  const foreign: boolean[] = [false];
  const n = html.length;
  // (Index -1 of an empty array is a property lookup on its prototype chain, far slower than a length test.)
  const current = (): DomNode => (stack.length ? (stack[stack.length - 1] as DomElement) : root);
  /**
   * Where a node goes: the current element; past MAX_TREE_DEPTH, an element goes to the deepest allowed ancestor,
   * and a leaf into the current element only while that is the last thing there (crawl/html-tree.ts).
   */
  const parentFor = (isElement: boolean): DomNode => {
    const parent = current();
    if (stack.length < MAX_TREE_DEPTH) return parent;
    const deepest = stack[MAX_TREE_DEPTH - 2] as DomElement;
    return isElement || deepest.children[deepest.children.length - 1] !== parent ? deepest : parent;
  };
  const append = (node: DomNode, parent = current()) => {
    node.parent = parent;
    if (parent.children === NO_CHILDREN) parent.children = [node];
    else (parent.children as DomNode[]).push(node);
  };
  // Where the next `&` is, at or after the last place asked about: the reader moves forward, so one indexOf per `&`
  // tells which texts and values have entities to decode, instead of a search of every one of them.
  let nextAmpersand = html.indexOf('&');
  const hasEntity = (from: number, to: number): boolean => {
    if (nextAmpersand !== -1 && nextAmpersand < from) nextAmpersand = html.indexOf('&', from);
    return nextAmpersand !== -1 && nextAmpersand < to;
  };
  const text = (from: number, to: number, decode = true) => {
    if (to <= from) return;
    const raw = html.slice(from, to);
    const parent = parentFor(false);
    const siblings = parent.children as DomNode[];
    const last = siblings.length ? siblings[siblings.length - 1] : undefined;
    const data = decode && hasEntity(from, to) ? decodeHTML(raw) : raw;
    // Adjacent text is one node, as domhandler keeps it.
    if (last?.type === 'text') last.data += data;
    else append({ type: 'text', data }, parent);
  };
  const open = (name: string, attribs: Record<string, string>): DomElement => {
    spend();
    const kind = TAG_KIND.get(name) ?? 0;
    if (kind & CLOSES_OTHERS) {
      const closes = OPEN_IMPLIES_CLOSE.get(name) as ReadonlySet<string>;
      while (stack.length && closes.has((stack[stack.length - 1] as DomElement).name)) popOpen();
    }
    const type = name === 'script' ? 'script' : name === 'style' ? 'style' : 'tag';
    const element: DomElement = { type, name, attribs, children: NO_CHILDREN, parent: null };
    append(element, parentFor(true));
    index?.nodes.push(element);
    if (!(kind & IS_VOID)) {
      pushOpen(element);
      if (kind & IS_FOREIGN) foreign.push(true);
      else if (kind & IS_INTEGRATION) foreign.push(false);
    }
    return element;
  };
  const close = (name: string) => {
    const kind = TAG_KIND.get(name) ?? 0;
    if (kind & (IS_FOREIGN | IS_INTEGRATION)) {
      if (foreign.length > 1) foreign.pop();
    }
    if (!(kind & IS_VOID)) {
      // Not open deep down: only the shallow ones need looking at.
      const from = stack.length > SHALLOW_OPEN && !deepOpen.get(name) ? SHALLOW_OPEN - 1 : stack.length - 1;
      for (let k = from; k >= 0; k--) {
        if ((stack[k] as DomElement).name === name) {
          while (stack.length > k) popOpen(); // (cheaper than setting `length`, a call into the runtime)
          return;
        }
      }
      if (name === 'p') {
        open('p', NO_ATTRIBUTES); // `</p>` without `<p>`: an empty paragraph
        popOpen();
      }
    } else if (name === 'br') open('br', NO_ATTRIBUTES);
  };

  const comment = (data: string) => {
    spend();
    const node: DomNode = { type: 'comment', data };
    append(node, parentFor(false));
    index?.nodes.push(node);
  };
  const byAttribute = index?.byAttribute;
  /**
   * The attribute names of the tag being read (the first `tagAttributeCount`), listed under its element once it is
   * made. (A count rather than `length = 0`: setting an array's length is a call into the runtime.)
   */
  const tagAttributes: string[] = [];
  const tagValues: string[] = [];
  let tagAttributeCount = 0;
  const names = NAMES;
  let textStart = 0;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const c = html.charCodeAt(lt + 1);
    if (isLetter(c)) {
      text(textStart, lt);
      // Opening tag: the name, then attributes until `>` (or `/>`).
      let j = lt + 1;
      let hash = 0;
      for (let ch = c; j < n && !endsName(ch); ch = html.charCodeAt(++j)) hash = hashStep(hash, ch);
      const name = nameAt(html, lt + 1, j, hash, names);
      // A dictionary, made at the first attribute: attribute sets vary too much for hidden classes to pay off.
      let attribs = NO_ATTRIBUTES;
      tagAttributeCount = 0;
      let selfClosing = false;
      let ended = false;
      while (j < n) {
        const ch = html.charCodeAt(j);
        if (isSpace(ch)) {
          j++;
          continue;
        }
        if (ch === 62) {
          j++;
          ended = true;
          break;
        }
        if (ch === 47) {
          j++;
          if (html.charCodeAt(j) === 62) {
            selfClosing = true;
            ended = true;
            j++;
            break;
          }
          continue;
        }
        const start = j;
        hash = hashStep(0, ch);
        j++; // a name may start with `=`
        while (j < n) {
          const a = html.charCodeAt(j);
          if (a === 61 || endsName(a)) break;
          hash = hashStep(hash, a);
          j++;
        }
        const attribute = nameAt(html, start, j, hash, names);
        let k = j;
        while (k < n && isSpace(html.charCodeAt(k))) k++;
        let value = '';
        if (html.charCodeAt(k) === 61) {
          k++;
          while (k < n && isSpace(html.charCodeAt(k))) k++;
          const quote = html.charCodeAt(k);
          if (quote === 34 || quote === 39) {
            let end = html.indexOf(quote === 34 ? '"' : "'", k + 1);
            if (end === -1) end = n;
            value = html.slice(k + 1, end);
            if (hasEntity(k + 1, end)) value = decodeHTMLAttribute(value);
            j = end + 1;
          } else {
            const from = k;
            while (k < n && !isSpace(html.charCodeAt(k)) && html.charCodeAt(k) !== 62) k++;
            value = html.slice(from, k);
            if (hasEntity(from, k)) value = decodeHTMLAttribute(value);
            j = k;
          }
        }
        spend();
        if (attribs === NO_ATTRIBUTES) attribs = Object.create(null) as Record<string, string>;
        if (attribs[attribute] === undefined) {
          attribs[attribute] = value;
          tagAttributes[tagAttributeCount] = attribute;
          tagValues[tagAttributeCount++] = value;
        }
      }
      if (!ended) {
        // An unfinished tag at the end of the document is dropped, as htmlparser2 drops it.
        textStart = i = n;
        break;
      }
      const element = open(name, attribs);
      if (byAttribute) {
        for (let a = 0; a < tagAttributeCount; a++) {
          const attribute = tagAttributes[a] as string;
          const list = byAttribute.get(attribute);
          if (list) {
            list.elements.push(element);
            list.values.push(tagValues[a] as string);
          } else byAttribute.set(attribute, { elements: [element], values: [tagValues[a] as string] });
        }
      }
      // (htmlparser2 keeps the foreign context a self-closed <svg/> opened; so does this.)
      if (selfClosing && foreign[foreign.length - 1] && stack[stack.length - 1] === element) popOpen();
      const rawEnd = selfClosing ? undefined : RAW_END.get(name);
      if (rawEnd && stack[stack.length - 1] === element) {
        rawEnd.lastIndex = j;
        const end = rawEnd.exec(html);
        const stop = end ? end.index : n;
        text(j, stop, name === 'title');
        if (!end) {
          textStart = i = n;
          break;
        }
        close(name);
        const gt = html.indexOf('>', stop + 2 + name.length);
        j = gt === -1 ? n : gt + 1;
      }
      textStart = i = j;
    } else if (c === 47) {
      // Closing tag `</name …>` (spaces after `</` skipped); `</>` stays text; `</` + anything else is a
      // comment up to `>`.
      let from = lt + 2;
      while (from < n && isSpace(html.charCodeAt(from))) from++;
      const d = html.charCodeAt(from);
      let gt = html.indexOf('>', from);
      if (gt === -1) gt = n;
      if (d === 62) {
        i = gt + 1;
        continue;
      }
      text(textStart, lt);
      if (isLetter(d)) {
        let j = from;
        let hash = 0;
        for (let ch = d; j < gt && !isSpace(ch); ch = html.charCodeAt(++j)) hash = hashStep(hash, ch);
        close(nameAt(html, from, j, hash, names));
      } else comment(html.slice(from, gt));
      textStart = i = gt + 1;
    } else if (c === 33) {
      text(textStart, lt);
      if (html.startsWith('<!--', lt)) {
        // `<!-->` and `<!--->` are (empty) comments too.
        const end = html.indexOf('-->', lt + 2);
        const stop = end === -1 ? n : end;
        comment(html.slice(Math.min(lt + 4, stop), stop));
        textStart = i = end === -1 ? n : end + 3;
      } else if (html.startsWith('<![CDATA[', lt)) {
        // In HTML, CDATA is a comment holding `[CDATA[…]]`.
        const end = html.indexOf(']]>', lt + 9);
        comment(html.slice(lt + 2, end === -1 ? n : end + 2));
        textStart = i = end === -1 ? n : end + 3;
      } else {
        spend(); // (a node of htmlparser2's tree, counted as it counts it)
        const gt = html.indexOf('>', lt + 2); // <!doctype …>: no node the detector reads
        textStart = i = gt === -1 ? n : gt + 1;
      }
    } else if (c === 63) {
      spend();
      text(textStart, lt);
      const gt = html.indexOf('>', lt + 2);
      textStart = i = gt === -1 ? n : gt + 1;
    } else {
      i = lt + 1; // a `<` that starts nothing is text
    }
  }
  text(textStart, n);
  return root;
}
