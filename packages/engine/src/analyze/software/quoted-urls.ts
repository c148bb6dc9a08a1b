/**
 * Script URLs quoted in inline scripts: what loader snippets (analytics, tag managers) inject at run time. A quoted
 * string ending in `.js` ('//www.google-analytics.com/analytics.js') or in a `/js` endpoint
 * ('//maps.googleapis.com/maps/api/js?key=', '/gtag/js?id='), query or fragment allowed. The closing quote may
 * differ from the opening one: document.write snippets nest them ("…google-analytics.com/ga.js' type='text/javascript'%3E").
 *
 * The rule is this regular expression, all its matches in order:
 *
 *   /["']([^"'\s<>()]{0,300}[./]js(?:[?#][^"'\s<>]{0,200})?)["']/g
 *
 * read here without it: the expression tries every quote, backtracking through each quoted string, and took a large
 * share of what the detector spends reading a page apart from parsing it (docs/performance.md). Neither part of a match
 * holds a quote, so a match runs from a quote to the very next one: each pair of neighbouring quotes is checked once,
 * and only when `js` occurs between them. quoted-urls.test.ts checks the two agree.
 */

const MAX_BEFORE = 300;
const MAX_AFTER = 200;

/** JavaScript's `\s`: ASCII whitespace and the Unicode spaces and line ends. */
function isRegexSpace(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Does text[from, to) (no quotes in it) match `[^"'\s<>()]{0,300}[./]js(?:[?#][^"'\s<>]{0,200})?` whole? */
function isScriptUrl(text: string, from: number, to: number): boolean {
  if (to - from < 3 || to - from > MAX_BEFORE + 3 + 1 + MAX_AFTER) return false;
  // The part before `[./]js` ends at the first parenthesis; nothing may be a space, `<` or `>`.
  let firstParen = to;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 60 || c === 62 || isRegexSpace(c)) return false;
    if ((c === 40 || c === 41) && firstParen === to) firstParen = i;
  }
  for (let js = text.indexOf('js', from + 1); js !== -1 && js + 2 <= to; js = text.indexOf('js', js + 1)) {
    const dot = js - 1;
    if (dot - from > MAX_BEFORE || dot > firstParen) return false;
    const mark = text.charCodeAt(dot);
    if (mark !== 46 && mark !== 47) continue;
    const rest = to - (js + 2);
    if (rest === 0) return true;
    const next = text.charCodeAt(js + 2);
    if ((next === 63 || next === 35) && rest - 1 <= MAX_AFTER) return true;
  }
  return false;
}

/** The quoted script URLs of `text`, in order (see the top of this file). */
export function quotedScriptUrls(text: string): string[] {
  const found: string[] = [];
  // The next double and single quote at or after a position, each searched again only once passed.
  let double = text.indexOf('"');
  let single = text.indexOf("'");
  let js = text.indexOf('js');
  const quoteFrom = (at: number): number => {
    if (double !== -1 && double < at) double = text.indexOf('"', at);
    if (single !== -1 && single < at) single = text.indexOf("'", at);
    return double === -1 ? single : single === -1 ? double : Math.min(double, single);
  };
  let open = quoteFrom(0);
  while (open !== -1) {
    const close = quoteFrom(open + 1);
    if (close === -1) break;
    if (js !== -1 && js < open + 2) js = text.indexOf('js', open + 2);
    if (js !== -1 && js + 2 <= close && isScriptUrl(text, open + 1, close)) {
      found.push(text.slice(open + 1, close));
      open = quoteFrom(close + 1);
    } else open = close;
  }
  return found;
}
