import type { Clauses } from './types';

/**
 * Markup every page has, and a few tokens nearly every page contains. A literal found in it (" class=",
 * "https://", "<div", "cdn") filters nothing: such clauses are dropped, so they neither cost scan hits nor wake
 * patterns.
 */
const BOILERPLATE =
  `<!doctype html><html lang="en" class="no-js"><head><meta charset="utf-8"><meta http-equiv="x-ua-compatible"
content="ie=edge"><meta name="viewport" content="width=device-width, initial-scale=1"><title>home page</title>
<meta name="description" content=""><meta property="og:title" content=""><link rel="stylesheet" id="main-css"
href="https://www.example.com/assets/css/style.min.css?ver=1.0" type="text/css" media="all"><link rel="icon"
href="/images/favicon.ico"><script type="text/javascript" src="https://www.example.com/js/main.min.js?v=1" async
defer></script><style type="text/css">body{margin:0;padding:0;font-family:sans-serif}</style></head>
<body class="home page-template-default"><div id="page" class="site-content container"><header class="header"><nav
class="navigation menu"><ul class="menu-main"><li class="menu-item"><a href="https://www.example.com/" title="home"
target="_blank" rel="noopener">home</a></li></ul></nav></header><main id="main" class="content"><h1>title</h1><p>
<img src="/images/logo.png" alt="logo" width="100" height="100" loading="lazy"><br><span class="text">text</span></p>
<form method="post" action="/search"><input type="hidden" name="id" value=""><button type="submit">search</button>
</form></main><footer id="footer"><div class="row"><div class="col"></div></div></footer><script>
window.datalayer = window.datalayer || []; function init() { var element = document.getelementbyid("main");
document.createelement("script"); } </script></div></body></html>
the web app pro ver col row img cdn css org dev api btn tag url end www net com info data page post list item`.replace(
    /\n/g,
    ' ',
  );

export function withoutBoilerplate(clauses: Clauses | null): Clauses | null {
  if (!clauses) return null;
  // A clause holds when any literal occurs: one literal every page has makes the whole clause useless.
  const kept = clauses.filter((clause) => !clause.some((literal) => BOILERPLATE.includes(literal)));
  return kept.length ? kept : null;
}

/**
 * Markup every page has about once (`<html`, `<body`): once in the boilerplate above, and long enough not to be a
 * fragment of other markup. Such a literal filters out no page, but where it occurs bounds where a match can be.
 */
function isOncePerPage(literal: string): boolean {
  const at = BOILERPLATE.indexOf(literal);
  return literal.length >= 5 && at !== -1 && BOILERPLATE.indexOf(literal, at + 1) === -1;
}

/**
 * The clauses of an `html` pattern worth keeping: without boilerplate; or, when every clause is boilerplate,
 * those whose literals each occur about once a page. The pattern then still wakes on every page, as one
 * without clauses does, but its search runs only near that literal (runPattern) instead of over the whole
 * source (`<html[^>]*\s(?:amp|⚡)`, the AMP pattern, read 100 kB a page to find one `<html`).
 */
export function htmlClauses(clauses: Clauses | null): Clauses | null {
  const kept = withoutBoilerplate(clauses);
  if (kept || !clauses) return kept;
  const bounding = clauses.filter((clause) => clause.every(isOncePerPage));
  return bounding.length ? bounding : null;
}

export function isBoilerplate(literal: string): boolean {
  return BOILERPLATE.includes(literal);
}
