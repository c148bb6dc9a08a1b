import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { FIXTURES_DIR, hasFixtures, loadHtmlFixtures } from '../../crawl/test-fixtures';
import { detectSoftware } from './detect';
import { type DomNode, type LightDomIndex, parseLightDom } from './light-dom';

/**
 * The tree as lines: elements with their attributes and depth, comments, and text without whitespace-only runs
 * (domhandler splits text around a `<!doctype>` node, which the light reader does not keep).
 */
function outline(node: DomNode, out: string[] = [], depth = 0): string[] {
  for (const child of node.children ?? []) {
    if (child.type === 'text') {
      const text = (child.data ?? '').replace(/\s+/g, ' ');
      if (text.trim()) out.push(`${depth} text ${JSON.stringify(text)}`);
    } else if (child.type === 'comment') out.push(`${depth} comment ${JSON.stringify(child.data)}`);
    else if (child.name && child.attribs) {
      out.push(`${depth} <${child.name}> ${JSON.stringify(Object.entries(child.attribs))}`);
      outline(child, out, depth + 1);
    } else if (child.type !== 'directive') outline(child, out, depth);
  }
  return out;
}

const htmlparser2 = (html: string) => outline(parseDocument(html) as unknown as DomNode);
const light = (html: string) => outline(parseLightDom(html));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

describe('parseLightDom', () => {
  it.each([
    ['implied closes', '<ul><li>a<li>b</ul><p>one<p>two<div>x</div><table><tr><td>1<td>2<tr><td>3</table>'],
    [
      'void elements and stray closing tags',
      '<p>a<br>b</br><img src=x></img></p></p><input value=1></span>c',
    ],
    ['attributes', `<a HREF="/x?a=1&amp;b=2" data-x='it''s' checked title=un&quot;q class=a class=b>x</a>`],
    [
      'entities in text, not in scripts',
      '<p>a &amp; b &lt;c&gt; &copy;&nbsp;d</p><script>if (a &amp;&lt; b) {}</script>',
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
    ['svg self-closing', '<div><svg><path d="M0"/><g/><title>t</title></svg><span/>after</div>'],
    ['odd closing tags', '<div></ div></>x</1a><b>y</b x></div>'],
    ['upper case and odd characters', '<DIV Class="A"><SPAN ID=b>x</SPAN>1 < 2 <3</DIV><a =x b= c>'],
    ['unfinished tag at the end', '<p>text</p><a href="x'],
    ['unclosed script', '<p>x</p><script>var a = 1;'],
  ])('builds the tree htmlparser2 builds: %s', (_, html) => {
    expect(light(html)).toEqual(htmlparser2(html));
  });

  it.runIf(hasFixtures)('builds the tree htmlparser2 builds on every fixture page', () => {
    const files = htmlFiles(FIXTURES_DIR);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      expect(light(html), file).toEqual(htmlparser2(html));
    }
  });

  it('links every node to its parent', () => {
    const root = parseLightDom('<div><p>a<b>b</b></p></div>');
    const div = root.children?.[0] as DomNode;
    const p = div.children?.[0] as DomNode;
    expect(p.parent).toBe(div);
    expect(div.parent).toBe(root);
    expect(p.children?.[1]?.name).toBe('b');
  });

  it.runIf(hasFixtures)('lists the elements, comments and attributes a walk of its tree finds', () => {
    for (const file of htmlFiles(FIXTURES_DIR)) {
      const index: LightDomIndex = { nodes: [], byAttribute: new Map() };
      const root = parseLightDom(readFileSync(file, 'utf8'), index);
      const walked: DomNode[] = [];
      const byAttribute = new Map<string, DomNode[]>();
      const visit = (node: DomNode) => {
        if (node.type === 'comment' || node.attribs) walked.push(node);
        for (const name of Object.keys(node.attribs ?? {})) {
          byAttribute.set(name, [...(byAttribute.get(name) ?? []), node]);
        }
        for (const child of node.children ?? []) visit(child);
      };
      visit(root);
      expect(index.nodes.length, file).toBe(walked.length);
      expect(
        index.nodes.every((node, i) => node === walked[i]),
        file,
      ).toBe(true);
      expect([...index.byAttribute.keys()].sort(), file).toEqual([...byAttribute.keys()].sort());
      for (const [name, elements] of byAttribute) {
        expect(
          index.byAttribute.get(name)?.values.every((value, i) => value === elements[i]?.attribs?.[name]),
          `${file} ${name}`,
        ).toBe(true);
        expect(
          index.byAttribute.get(name)?.elements.every((el, i) => el === elements[i]),
          `${file} ${name}`,
        ).toBe(true);
      }
    }
  });

  it.runIf(hasFixtures)(
    'detects the same software whether the page was read with cheerio first or not',
    () => {
      for (const fixture of loadHtmlFixtures()) {
        const input = {
          url: fixture.originalUrl,
          html: readFileSync(fixture.file, 'utf8'),
          headers: fixture.headers,
        };
        const alone = pageFromHtml(input);
        const shared = pageFromHtml(input);
        expect(shared.$('html').length).toBeGreaterThanOrEqual(0); // builds its cheerio DOM
        expect(detectSoftware([shared]), fixture.key).toEqual(detectSoftware([alone]));
      }
    },
  );
});
