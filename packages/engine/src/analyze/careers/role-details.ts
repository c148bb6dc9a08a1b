/**
 * Department and location of one role, from the markup around its title: a table column named for them,
 * elements whose class names them (job-location, job__office, department …), labelled text ("Standort:",
 * "Lieu :", "Ubicación:"), a map-pin icon, or a "Remote"/"Hybrid" line.
 */
import type { AnyNode, Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces } from '../../normalize/text';
import { trimChars, WHITESPACE } from '../../normalize/trim';
import { isInside } from './page-layout';
import { foldWords } from './page-text';

type $ = ParsedPage['$'];

export interface RoleDetails {
  location: string | null;
  department: string | null;
}

const LOCATION_CLASS =
  '[class*=location i], [class*=standort i], [class*=city i], [class*=office i], [itemprop=jobLocation]';
const DEPARTMENT_CLASS = '[class*=department i], [class*=abteilung i], [class*=sort-by-team i]';
const PIN_ICON = '[class*=map-marker i], [class*=fa-location i], [class*=location-dot i], [class*=map-pin i]';

const LOCATION_LABEL =
  'location|standort|arbeitsort|einsatzort|dienstort|ort|lieu(?: de travail)?|localisation|ubicaci[oó]n|localizaci[oó]n|lugar(?: de trabajo)?|locatie|standplaats|werklocatie|arbeidssted|sted|sede';
const DEPARTMENT_LABEL =
  'department|team|abteilung|bereich|d[ée]partement|service|departamento|[áa]rea|afdeling|avdeling';
const labelled = (labels: string) =>
  new RegExp(`(?:^|[\\s.;,·|•(])(?:${labels})\\s*:\\s*([^.;|·•\\n]{2,60})`, 'i');
const LOCATION_TEXT = labelled(LOCATION_LABEL);
const DEPARTMENT_TEXT = labelled(DEPARTMENT_LABEL);
const LOCATION_HEADER = new RegExp(`^(?:${LOCATION_LABEL}|city|stadt|ville|ciudad|plaats)$`, 'i');
const DEPARTMENT_HEADER = new RegExp(`^(?:${DEPARTMENT_LABEL})$`, 'i');
const REMOTE = /\b(?:remote|hybrid|home ?office|t[ée]l[ée]travail|remoto|thuiswerk)\b/i;

const clean = (s: string | null | undefined): string | null => {
  const v = trimChars(collapseSpaces(s ?? ''), `${WHITESPACE}:·•|,-`, `${WHITESPACE}:·•|,.-`);
  return v && v.length <= 80 ? v : null;
};

/** The role's cells, when its title sits in a table row under named column headers. */
function fromTable($: $, title: Element): RoleDetails {
  const row = $(title).closest('tr');
  const table = row.closest('table');
  if (!row.length || !table.length) return { location: null, department: null };
  const headers = table.find('thead th, thead td').length
    ? table.find('thead th, thead td')
    : table.find('tr').first().find('th');
  const names = headers.toArray().map((h) => foldWords($(h).text()));
  const cells = row.children('td, th').toArray();
  const cell = (pattern: RegExp) => {
    const i = names.findIndex((n) => pattern.test(n));
    return i >= 0 && cells[i] ? clean($(cells[i]).text()) : null;
  };
  return { location: cell(LOCATION_HEADER), department: cell(DEPARTMENT_HEADER) };
}

/** Lines of text of some elements: <br>, blocks and list items break lines. */
function linesOf($: $, roots: AnyNode[]): string[] {
  return roots.flatMap((root) =>
    $(root)
      .clone()
      .find('br')
      .replaceWith('\n')
      .end()
      .find('p, div, li, span, dd, dt, td, h1, h2, h3, h4, h5, h6')
      .prepend('\n')
      .append('\n')
      .end()
      .text()
      .split('\n')
      .map((l) => collapseSpaces(l))
      .filter(Boolean),
  );
}

/**
 * Department and location of the role titled by `title`, read from `roots` (its card, row or list item, and
 * for a heading the text up to the next title).
 */
export function roleDetails($: $, title: Element, roots: AnyNode[]): RoleDetails {
  const table = fromTable($, title);
  let location = table.location;
  let department = table.department;
  const titleText = collapseSpaces($(title).text());
  const outsideTitle = (el: AnyNode) => el !== title && !isInside(title, el) && !isInside(el, title);
  for (const root of roots) {
    $(root)
      .find(LOCATION_CLASS)
      .addBack(LOCATION_CLASS)
      .filter((_, el) => outsideTitle(el))
      .each((_, el) => {
        location ??= clean($(el).text());
      });
    $(root)
      .find(DEPARTMENT_CLASS)
      .addBack(DEPARTMENT_CLASS)
      .filter((_, el) => outsideTitle(el))
      .each((_, el) => {
        department ??= clean($(el).text());
      });
    $(root)
      .find(PIN_ICON)
      .each((_, icon) => {
        const holder = $(icon).closest('li, p, span:not([class*=icon i]), div');
        location ??= clean(holder.text());
      });
  }
  for (const line of linesOf($, roots)) {
    if (line === titleText) continue;
    location ??= clean(line.match(LOCATION_TEXT)?.[1]);
    department ??= clean(line.match(DEPARTMENT_TEXT)?.[1]);
    if (!location && line.length <= 40 && REMOTE.test(line)) location = clean(line);
  }
  return { location, department };
}
