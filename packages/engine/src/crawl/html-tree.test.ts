import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import type { AnyNode } from 'domhandler';
import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { MAX_TREE_DEPTH, PageTooComplexError, parseHtmlTree } from './html-tree';
import { parseHtml } from './page';
import { FIXTURES_DIR, hasFixtures } from './test-fixtures';

/**
 * Every node as a line: depth, type, name, attributes in order, data. Also checks each node's parent and sibling
 * links, which the analyzers walk. Iterative: the trees under test may be deep.
 */
function outline(root: AnyNode): string[] {
  const out: string[] = [];
  const stack: Array<[AnyNode, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [AnyNode, number];
    const element = node as AnyNode & { name?: string; attribs?: Record<string, string>; data?: string };
    out.push(
      `${depth} ${node.type} ${element.name ?? ''} ${JSON.stringify(element.attribs ? Object.entries(element.attribs) : (element.data ?? null))}`,
    );
    const children = 'children' in node ? node.children : [];
    children.forEach((child, i) => {
      if (
        child.parent !== node ||
        child.prev !== (children[i - 1] ?? null) ||
        child.next !== (children[i + 1] ?? null)
      )
        out.push(`broken links at ${depth + 1} ${i}`);
    });
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i] as AnyNode, depth + 1]);
  }
  return out;
}

const ours = (html: string, xmlMode = false) => outline(parseHtmlTree(html, { xmlMode }));
const theirs = (html: string, xmlMode = false) => outline(parseDocument(html, { xmlMode }));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

const depthOf = (root: AnyNode): number => {
  let max = 0;
  const stack: Array<[AnyNode, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [AnyNode, number];
    max = Math.max(max, depth);
    if ('children' in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
  return max;
};

describe('parseHtmlTree reads what htmlparser2 reads', () => {
  it.each([
    ['implied closes', '<ul><li>a<li>b</ul><p>one<p>two<div>x</div><table><tr><td>1<td>2<tr><td>3</table>'],
    [
      'void elements and stray closing tags',
      '<p>a<br>b</br><img src=x></img></p></p><input value=1></span>c',
    ],
    ['attributes', `<a HREF="/x?a=1&amp;b=2" data-x='it''s' checked title=un&quot;q class=a class=b>x</a>`],
    [
      'entities',
      '<p>a &amp; b &lt;c&gt; &copy;&nbsp;d &#128512; &notanentity;</p><script>a &amp;&lt; b</script>',
    ],
    [
      'raw text elements',
      '<script>var s = "<div>";</scriptx></script ><style>a>b{}</style><title>A &amp; <b>B</title>',
    ],
    ['textarea and xmp', '<textarea><p>not a tag</textarea><xmp><b>x</b></xmp>'],
    [
      'comments, CDATA and declarations',
      '<!DOCTYPE html><!--a--><!----><!--[if IE]><script src=ie.js></script><![endif]--><![CDATA[x]]><?xml x?><p>t</p>',
    ],
    [
      'svg and math',
      '<div><svg><path d="M0"/><g/><title>t</title><desc><b/>x</desc></svg><span/>after<math><mi/></math></div>',
    ],
    ['odd closing tags', '<div></ div></>x</1a><b>y</b x></div></svg></title>z'],
    ['upper case and odd characters', '<DIV Class="A"><SPAN ID=b>x</SPAN>1 < 2 <3</DIV><a =x b= c>'],
    ['unfinished tag at the end', '<p>text</p><a href="x'],
    ['unclosed script', '<p>x</p><script>var a = 1;'],
    ['a proto attribute', '<a __proto__="x" constructor=y hasOwnProperty=z>q</a>'],
  ])('%s', (_, html) => {
    expect(ours(html)).toEqual(theirs(html));
  });

  it('XML (an ATS feed)', () => {
    const xml =
      '<?xml version="1.0"?><workzag-jobs><position><id>1</id><Name>A &amp; B</Name><office/><x><![CDATA[<b>]]></x></position></workzag-jobs>';
    expect(ours(xml, true)).toEqual(theirs(xml, true));
  });

  it('any tag soup of a few hundred tokens', () => {
    const token = fc.oneof(
      fc
        .constantFrom(
          ...'div p li ul table tr td th tbody b i a span svg math title br img input select option dd dt form textarea script style'.split(
            ' ',
          ),
        )
        .chain((name) =>
          fc.constantFrom(
            `<${name}>`,
            `</${name}>`,
            `<${name}/>`,
            `<${name} class="c" id=x>`,
            `</${name.toUpperCase()}>`,
          ),
        ),
      fc.constantFrom('text', ' ', '&amp;', '<!--c-->', '<!doctype html>', '<![CDATA[d]]>', '<', '</', '>'),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 300 }), (tokens) => {
        const html = tokens.join('');
        expect(ours(html)).toEqual(theirs(html));
      }),
      { numRuns: 300 },
    );
  });

  it.runIf(hasFixtures)('every fixture page, node for node', { timeout: 120_000 }, () => {
    const files = htmlFiles(FIXTURES_DIR);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      expect(ours(html), file).toEqual(theirs(html));
    }
  });

  it('cheerio reads the tree as its own (selectors, text, serialising)', () => {
    const html =
      '<html><head><title>T</title></head><body><div class="a"><p>x <b>y</b></p></div></body></html>';
    const $ = parseHtml(html);
    const plain = load(html, { xml: { xmlMode: false, decodeEntities: true } });
    expect($('div.a p').text()).toBe('x y');
    expect($.html()).toBe(plain.html());
    expect($('<p>made</p>').text()).toBe('made');
  });
});

describe('parseHtmlTree bounds what a page can ask for', () => {
  it(`nests at most ${MAX_TREE_DEPTH} elements deep, keeping deeper content in order`, () => {
    const html = `${'<div>'.repeat(1000)}<a href="/deep">deep link</a>tail${'</div>'.repeat(1000)}<p>after</p>`;
    const document = parseHtmlTree(html);
    expect(depthOf(document)).toBe(MAX_TREE_DEPTH + 1); // the text in the deepest elements
    const $ = load(document);
    expect($('a[href="/deep"]').text()).toBe('deep link');
    expect($.root().text()).toBe('deep linktailafter');
    expect($('div div a').length).toBe(1);
    expect($('p')[0]?.parent?.type).toBe('root');
  });

  it('keeps a page under the depth exactly as htmlparser2 builds it', () => {
    const html = `${'<div>'.repeat(MAX_TREE_DEPTH - 3)}x${'</div>'.repeat(MAX_TREE_DEPTH - 3)}`;
    expect(ours(html)).toEqual(theirs(html));
  });

  it('reads 200,000 nested elements, and 300,000 stray closing tags under 100,000, in linear time', () => {
    const budget = { maxNodes: 1_000_000 };
    const nested = parseHtmlTree(`${'<div>'.repeat(200_000)}x`, budget);
    expect(depthOf(nested)).toBe(MAX_TREE_DEPTH + 1);
    const stray = parseHtmlTree(`${'<div>'.repeat(100_000)}${'</span>'.repeat(300_000)}x`, budget);
    expect(load(stray).root().text()).toBe('x');
  });

  it('refuses a page of more elements, comments and attributes than its budget', () => {
    expect(() => parseHtmlTree('<p>'.repeat(11), { maxNodes: 10 })).toThrow(PageTooComplexError);
    expect(() => parseHtmlTree(`<p ${'a'.repeat(1)}${' b=1'.repeat(10)}>`, { maxNodes: 10 })).toThrow(
      'page too complex to read (more than 10 elements and attributes)',
    );
    expect(() => parseHtmlTree('<!--x-->'.repeat(11), { maxNodes: 10 })).toThrow(PageTooComplexError);
    expect(parseHtmlTree('<p>'.repeat(10), { maxNodes: 10 }).children).toHaveLength(10);
  });
});
