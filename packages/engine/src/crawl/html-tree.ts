/**
 * The HTML reader under every analyzer: the document tree htmlparser2's Parser and domhandler's DomHandler build
 * (cheerio's htmlparser2 mode: the same nodes, names, attributes and implied closes), read with htmlparser2's own
 * Tokenizer, with two bounds a crawled page cannot talk its way past.
 *
 * - Time linear in the page. htmlparser2's Parser keeps its open elements innermost-first and adds and removes
 *   them with `unshift`/`shift`, each of which moves the whole list, and looks a closing tag up in all of it:
 *   nesting n elements cost n² steps. Here the open elements are a list that grows and shrinks at its end, and a
 *   closing tag whose name is not open is known at once (a count per open name).
 * - A tree at most MAX_TREE_DEPTH elements deep. An element deeper than that is attached to the deepest allowed
 *   ancestor, after what is already there (as browsers do: Chromium and WebKit stop nesting at 512), with its own
 *   text, so text and links are kept in document order, and every walk up to the ancestors (`closest`, descendant
 *   selectors) and every recursive walk down (domutils' text, the serializer) is bounded by the depth.
 * - A budget of MAX_PAGE_NODES elements, comments and attributes per page: past it the page is not read at all
 *   (PageTooComplexError, "page too complex to read"), and callers report that on the page instead of
 *   analysing it. Every analyzer does work per element; the budget bounds the work one page can ask for.
 *
 * Real pages nest a few dozen elements deep and hold a few thousand elements and attributes (the 500 fixture pages:
 * at most 28 deep and 8,239 nodes; a 2 MB page as dense as a news site's would hold some 37,000), so both bounds
 * are far from anything a site shows its visitors; html-tree.test.ts checks that the fixture pages read exactly as
 * htmlparser2 reads them. The budget is what the analyzers, at some tens of microseconds an element, read in about
 * a second.
 */
import {
  CDATA,
  type ChildNode,
  Comment,
  Document,
  Element,
  type ParentNode,
  ProcessingInstruction,
  Text,
} from 'domhandler';
import { ElementType, type QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import {
  FOREIGN_CONTEXT_ELEMENTS,
  HTML_INTEGRATION_ELEMENTS,
  OPEN_IMPLIES_CLOSE,
  VOID_ELEMENTS,
} from './html-tag-rules';

/** How many elements deep the tree goes; deeper elements join the deepest allowed ancestor. */
export const MAX_TREE_DEPTH = 256;

/** Elements, comments and attributes a page may have and be read. */
export const MAX_PAGE_NODES = 50_000;

/** Why a page is not read: it has more markup than MAX_PAGE_NODES. The message is for the user. */
export class PageTooComplexError extends Error {
  constructor(readonly limit: number = MAX_PAGE_NODES) {
    super(`page too complex to read (more than ${limit.toLocaleString('en-US')} elements and attributes)`);
    this.name = 'PageTooComplexError';
  }
}

export const isPageTooComplex = (error: unknown): error is PageTooComplexError =>
  error instanceof PageTooComplexError;

export interface HtmlTreeOptions {
  /** XML rules (no implied closes or void elements, self-closing syntax everywhere, names as written). */
  xmlMode?: boolean;
  /** Defaults: MAX_TREE_DEPTH and MAX_PAGE_NODES (tests set lower ones). */
  maxDepth?: number;
  maxNodes?: number;
}

const reNameEnd = /\s|\//;

/**
 * Tokenizer events → tree, as htmlparser2's Parser (the open elements, implied opens and closes) and domhandler's
 * DomHandler (the nodes) turn them into one, event for event.
 */
class TreeBuilder implements TokenizerCallbacks {
  readonly root = new Document([]);
  private readonly tokenizer: Tokenizer;
  private readonly htmlMode: boolean;
  /** Open element names, innermost last (the Parser's stack), and how many of each name are open. */
  private readonly names: string[] = [];
  private readonly openCount = new Map<string, number>();
  /** The handler's open nodes, the root first (DomHandler's tagStack). */
  private readonly nodes: ParentNode[] = [this.root];
  /** Whether self-closing syntax counts here, innermost last. */
  private readonly foreignContext: boolean[];
  private lastNode: Text | Comment | null = null;
  private tagname = '';
  private attribname = '';
  private attribvalue = '';
  private attribs: Record<string, string> | null = null;
  private budget: number;

  constructor(
    private readonly html: string,
    private readonly maxDepth: number,
    private readonly maxNodes: number,
    xmlMode: boolean,
  ) {
    this.htmlMode = !xmlMode;
    this.foreignContext = [xmlMode];
    this.budget = maxNodes;
    this.tokenizer = new Tokenizer({ xmlMode, decodeEntities: true }, this);
  }

  build(): Document {
    this.tokenizer.write(this.html);
    this.tokenizer.end();
    return this.root;
  }

  private spend(): void {
    if (--this.budget < 0) throw new PageTooComplexError(this.maxNodes);
  }

  // The handler's side (DomHandler): where nodes go.

  /**
   * Appends to the current element. Past maxDepth, the elements open there all hang from the deepest allowed
   * ancestor: a new element goes there too, and text, comments and other leaves go into the current element while
   * it is the last thing there, else there as well (so everything stays in document order).
   */
  private addNode(node: ChildNode, isElement = false): void {
    const { nodes, maxDepth } = this;
    let parent = nodes[nodes.length - 1] as ParentNode;
    if (nodes.length > maxDepth) {
      const deepest = nodes[maxDepth - 1] as ParentNode;
      if (isElement || deepest.children[deepest.children.length - 1] !== parent) parent = deepest;
    }
    const previousSibling = parent.children[parent.children.length - 1];
    parent.children.push(node);
    if (previousSibling) {
      node.prev = previousSibling;
      previousSibling.next = node;
    }
    node.parent = parent;
    this.lastNode = null;
  }

  private openElement(name: string, attribs: Record<string, string>): void {
    this.spend();
    const element = new Element(name, attribs, undefined, this.htmlMode ? undefined : ElementType.Tag);
    this.addNode(element, true);
    this.nodes.push(element);
  }

  private closeElement(): void {
    this.lastNode = null;
    this.nodes.pop();
  }

  private addText(data: string): void {
    const { lastNode } = this;
    if (lastNode && lastNode.type === 'text') lastNode.data += data;
    else {
      const node = new Text(data);
      this.addNode(node);
      this.lastNode = node;
    }
  }

  private addComment(data: string): void {
    this.spend();
    const node = new Comment(data);
    this.addNode(node);
    this.lastNode = null;
  }

  // The parser's side (Parser): which elements are open.

  private pushName(name: string): void {
    this.names.push(name);
    this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
  }

  private popName(): string {
    const name = this.names.pop() as string;
    this.openCount.set(name, (this.openCount.get(name) ?? 1) - 1);
    return name;
  }

  private isVoidElement(name: string): boolean {
    return this.htmlMode && VOID_ELEMENTS.has(name);
  }

  private emitOpenTag(name: string): void {
    this.tagname = name;
    const impliesClose = this.htmlMode && OPEN_IMPLIES_CLOSE.get(name);
    if (impliesClose) {
      while (this.names.length > 0 && impliesClose.has(this.names[this.names.length - 1] as string)) {
        this.popName();
        this.closeElement();
      }
    }
    if (!this.isVoidElement(name)) {
      this.pushName(name);
      if (this.htmlMode) {
        if (FOREIGN_CONTEXT_ELEMENTS.has(name)) this.foreignContext.push(true);
        else if (HTML_INTEGRATION_ELEMENTS.has(name)) this.foreignContext.push(false);
      }
    }
    this.attribs = {};
  }

  private endOpenTag(): void {
    if (this.attribs) {
      this.openElement(this.tagname, this.attribs);
      this.attribs = null;
    }
    if (this.isVoidElement(this.tagname)) this.closeElement();
    this.tagname = '';
  }

  private closeCurrentTag(): void {
    const name = this.tagname;
    this.endOpenTag();
    // Self-closing tags are the innermost open element.
    if (this.names[this.names.length - 1] === name) {
      this.closeElement();
      this.popName();
    }
  }

  private lowerName(start: number, endIndex: number): string {
    const name = this.html.slice(start, endIndex);
    return this.htmlMode ? name.toLowerCase() : name;
  }

  ontext(start: number, endIndex: number): void {
    this.addText(this.html.slice(start, endIndex));
  }

  ontextentity(codepoint: number): void {
    this.addText(String.fromCodePoint(codepoint));
  }

  onopentagname(start: number, endIndex: number): void {
    this.emitOpenTag(this.lowerName(start, endIndex));
  }

  onopentagend(): void {
    this.endOpenTag();
  }

  onclosetag(start: number, endIndex: number): void {
    const name = this.lowerName(start, endIndex);
    if (this.htmlMode && (FOREIGN_CONTEXT_ELEMENTS.has(name) || HTML_INTEGRATION_ELEMENTS.has(name))) {
      this.foreignContext.pop();
    }
    if (!this.isVoidElement(name)) {
      if (this.openCount.get(name)) {
        let closed: string;
        do {
          closed = this.popName();
          this.closeElement();
        } while (closed !== name);
      } else if (this.htmlMode && name === 'p') {
        // `</p>` without `<p>`: an empty paragraph.
        this.emitOpenTag('p');
        this.closeCurrentTag();
      }
    } else if (this.htmlMode && name === 'br') {
      this.openElement('br', {});
      this.closeElement();
    }
  }

  onselfclosingtag(): void {
    if (!this.htmlMode || this.foreignContext[this.foreignContext.length - 1]) this.closeCurrentTag();
    else this.endOpenTag();
  }

  onattribname(start: number, endIndex: number): void {
    this.attribname = this.lowerName(start, endIndex);
  }

  onattribdata(start: number, endIndex: number): void {
    this.attribvalue += this.html.slice(start, endIndex);
  }

  onattribentity(codepoint: number): void {
    this.attribvalue += String.fromCodePoint(codepoint);
  }

  onattribend(_quote: QuoteType): void {
    this.spend();
    if (this.attribs && !Object.hasOwn(this.attribs, this.attribname)) {
      this.attribs[this.attribname] = this.attribvalue;
    }
    this.attribvalue = '';
  }

  private instructionName(value: string): string {
    const index = value.search(reNameEnd);
    const name = index < 0 ? value : value.slice(0, index);
    return this.htmlMode ? name.toLowerCase() : name;
  }

  ondeclaration(start: number, endIndex: number): void {
    const value = this.html.slice(start, endIndex);
    this.spend();
    this.addNode(new ProcessingInstruction(`!${this.instructionName(value)}`, `!${value}`));
  }

  onprocessinginstruction(start: number, endIndex: number): void {
    const value = this.html.slice(start, endIndex);
    this.spend();
    this.addNode(new ProcessingInstruction(`?${this.instructionName(value)}`, `?${value}`));
  }

  oncomment(start: number, endIndex: number, offset: number): void {
    this.addComment(this.html.slice(start, endIndex - offset));
  }

  oncdata(start: number, endIndex: number, offset: number): void {
    const value = this.html.slice(start, endIndex - offset);
    if (this.htmlMode) this.addComment(`[CDATA[${value}]]`);
    else {
      this.spend();
      const text = new Text(value);
      const node = new CDATA([text]);
      this.addNode(node);
      text.parent = node;
    }
  }

  onend(): void {}
}

/**
 * Parses a whole document into domhandler nodes (cheerio's `load` takes the Document as it is). Throws
 * PageTooComplexError when it holds more than `maxNodes` elements, comments and attributes.
 */
export function parseHtmlTree(html: string, options: HtmlTreeOptions = {}): Document {
  const { xmlMode = false, maxDepth = MAX_TREE_DEPTH, maxNodes = MAX_PAGE_NODES } = options;
  return new TreeBuilder(html, maxDepth, maxNodes, xmlMode).build();
}
