/**
 * Roles read from a careers page's own markup, when neither an ATS API nor JobPosting data answers: the titles
 * in an openings section ("Open positions", "Offene Stellen", "Vacatures" … as headings, list items, cards,
 * table rows, accordion toggles or links), else the page itself when it is one posting, else job-title links
 * deeper into the careers section or to an ATS, else job cards with an apply button, else titles carrying a
 * gender tag ("(m/w/d)", "H/F"). A page that says there are no openings is not hiring unless it clearly lists
 * roles; one that says it is looking for people now is.
 */
import type { Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { hasGenderTag, jobTitleStrength } from './job-title';
import { content, contentText, isHeading, isInside, openingsSections, textOf } from './page-layout';
import { isOpeningsHeading, saysNotHiring, saysSeeking } from './page-text';
import { canApplyWithin, singlePosting } from './posting';
import { CANDIDATE_TAG, hrefOf, isTitleTier, rolesFrom } from './role-list';
import type { JobRole } from './types';

export { looksLikeJobTitle } from './job-title';

/** Less text than this (without chrome) is a stub that points elsewhere, not a page that says anything. */
const BLANK_TEXT = 80;

export interface PageRoles {
  roles: JobRole[];
  /** The page says there are no openings. */
  notHiring: boolean;
  /** The page says it is looking for people now, without listing roles. */
  seeking: boolean;
  /** The page has next to nothing to read (a redirect stub, "continue to our careers site"). */
  blank: boolean;
}

/** Job-title links that lead deeper into the careers section of this site, or to an ATS posting. */
function linkedRoles(page: ParsedPage, isAtsUrl: (url: string) => boolean): JobRole[] {
  const { $ } = page;
  const base = new URL(page.url);
  const prefix = base.pathname.endsWith('/')
    ? base.pathname
    : base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
  const links = content($)
    .find('a[href]')
    .toArray()
    .filter((a) => {
      const href = hrefOf($, a, page.url);
      if (!href) return false;
      const url = new URL(href);
      const deeper =
        url.host === base.host && url.pathname.startsWith(prefix) && url.pathname !== base.pathname;
      return deeper || isAtsUrl(href);
    }) as Element[];
  // Inside a card link any element may hold the title (an unclassed <div> in a hand-made card).
  const inside = links.flatMap((a) => [a, ...($(a).find('*').toArray() as Element[])]);
  return rolesFrom(page, inside, { anyTag: true });
}

/** Job cards with their own apply button ("Venue Crowd Controller … Apply Now"), outside any openings section. */
function appliedCards(page: ParsedPage): JobRole[] {
  const { $ } = page;
  const titles = (content($).find('*').toArray() as Element[]).filter(
    (el) => isTitleTier(el) && jobTitleStrength(textOf($, el)) === 2,
  );
  const applied = titles.filter((el) => {
    for (
      let p = el.parent as Element | null, i = 0;
      p && p.type === 'tag' && i < 4;
      p = p.parent as Element, i++
    ) {
      if (p.tagName === 'body' || $(p).text().length > 1500) return false;
      if (titles.some((t) => t !== el && isInside(t, p))) return false;
      if (canApplyWithin($, p)) return true;
    }
    return false;
  });
  return rolesFrom(page, applied, { minStrength: 2 });
}

/** Titles carrying a gender tag anywhere in the content: "(m/w/d)" marks a German posting's title. */
function genderTagged(page: ParsedPage, text: string): JobRole[] {
  if (!hasGenderTag(text)) return [];
  const elements = (content(page.$).find('*').toArray() as Element[]).filter(
    (el) => CANDIDATE_TAG.test(el.tagName) || isTitleTier(el),
  );
  return rolesFrom(
    page,
    elements.filter((el) => hasGenderTag(textOf(page.$, el))),
    { minStrength: 2 },
  );
}

/** What a careers page's own markup says about open roles. */
export function readPageRoles(page: ParsedPage, isAtsUrl: (url: string) => boolean): PageRoles {
  const { $ } = page;
  const text = contentText($);
  const notHiring = saysNotHiring(text);
  const none = { roles: [], notHiring: false, seeking: false, blank: false };
  const sections = openingsSections($);
  const inSections = sections.flatMap((s) => s.elements);
  const labels = inSections.filter((el) => isHeading(el) && !isOpeningsHeading(textOf($, el)));
  const listed = rolesFrom(page, inSections, { labels });
  // A "no openings" sentence gives way only to roles listed under a section heading of their own (not the
  // page title: "Stellenangebote" over "Ausbildung zum Tischler … bereits vergeben") or tagged as postings.
  const clearlyListed =
    listed.length > 0 &&
    (!notHiring ||
      rolesFrom(
        page,
        sections.filter((s) => s.heading.tagName !== 'h1').flatMap((s) => s.elements),
      ).length > 0 ||
      rolesFrom(
        page,
        inSections.filter((el) => hasGenderTag(textOf($, el))),
        { minStrength: 2 },
      ).length > 0);
  if (clearlyListed) return { ...none, roles: listed };
  if (notHiring) return { ...none, notHiring: true };
  const single = singlePosting(page, isAtsUrl);
  if (single) return { ...none, roles: [single] };
  for (const read of [linkedRoles(page, isAtsUrl), appliedCards(page), genderTagged(page, text)]) {
    if (read.length) return { ...none, roles: read };
  }
  const redirects = $('meta[http-equiv="refresh" i]').length > 0;
  return { ...none, seeking: saysSeeking(text), blank: redirects || text.length < BLANK_TEXT };
}
