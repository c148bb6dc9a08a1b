/**
 * Property paths as inline code writes them (`FB.getLoginStatus`, `window.hbspt.forms.create`), each with whether
 * an assignment follows (`window._fbq =`): what js-rules.ts reads a page's globals from.
 *
 * The rule is this regular expression, all its matches in order:
 *
 *   /(?<![\w$])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(\s*=(?!=))?/g
 *
 * read here without it: the expression is tried at every character of the code (its look-behind first), 7 ns a
 * character, most of what matching the js rules cost; this reads each run of name characters once, and only a run
 * followed by `.` and a name goes further. property-chains.test.ts checks the two agree.
 */
import { isRegexSpace } from './regex-tools';

export interface PropertyChain {
  /** Where the path starts. */
  index: number;
  /** The path (`window.hbspt.forms.create`), without the assignment. */
  text: string;
  /** Followed by `=` (spaces allowed before it), not by `==`. */
  assigned: boolean;
}

/** `[A-Za-z_$]`: may start a name. */
const isNameStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
/** `[\w$]`: may continue a name. */
const isNamePart = (c: number) => isNameStart(c) || (c >= 48 && c <= 57);

/** The property paths of `code`, in order (see the top of this file). */
export function propertyChains(code: string): PropertyChain[] {
  const chains: PropertyChain[] = [];
  const n = code.length;
  let i = 0;
  while (i < n) {
    const c = code.charCodeAt(i);
    if (!isNamePart(c)) {
      i++;
      continue;
    }
    // A whole run of name characters: only its first may start a match (the look-behind), and only if a letter.
    const start = i;
    let end = i + 1;
    while (end < n && isNamePart(code.charCodeAt(end))) end++;
    const first = end;
    if (isNameStart(c)) {
      while (end + 1 < n && code.charCodeAt(end) === 46 && isNameStart(code.charCodeAt(end + 1))) {
        end += 2;
        while (end < n && isNamePart(code.charCodeAt(end))) end++;
      }
    }
    if (end === first) {
      i = first;
      continue;
    }
    let k = end;
    while (k < n && isRegexSpace(code.charCodeAt(k))) k++;
    const assigned = k < n && code.charCodeAt(k) === 61 && code.charCodeAt(k + 1) !== 61;
    chains.push({ index: start, text: code.slice(start, end), assigned });
    i = assigned ? k + 1 : end;
  }
  return chains;
}
