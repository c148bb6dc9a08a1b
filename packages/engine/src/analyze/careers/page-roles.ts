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
import { cleanJobTitle, hasGenderTag, hasTitleShape, jobTitleStrength } from './job-title';
import {
  content,
  contentText,
  isChrome,
  isHeading,
  isInside,
  isJobCardTitle,
  level,
  type OpeningsSection,
  openingsSections,
  ownText,
  textOf,
} from './page-layout';
import {
  isOpeningsHeading,
  isPostingSection,
  saysNotHiring,
  saysSeeking,
  saysStandingInvitation,
} from './page-text';
import { canApplyWithin, singlePosting } from './posting';
import { roleDetails } from './role-details';
import { CANDIDATE_TAG, hrefOf, isTitleTier, rolesFrom } from './role-list';
import type { JobRole } from './types';

export interface PageRoles {
  roles: JobRole[];
  /** The page says there are no openings. */
  notHiring: boolean;
  /** The page says it is looking for people now, without listing roles. */
  seeking: boolean;
  /**
   * The page invites applications at any time, without a role ("always looking", "send us your CV and we keep
   * it on file", an unsolicited-application form): it says there is no particular opening now.
   */
  standing: boolean;
}

/** Job-title links that lead deeper into the careers section of this site, or to an ATS posting. */
function linkedRoles(page: ParsedPage, isAtsUrl: (url: string) => boolean): JobRole[] {
  const { $ } = page;
  const base = new URL(page.url);
  // The careers section is the page's folder ("/jobs/" of "/jobs/index.html") or its own name as a folder
  // ("/careers/" of "/careers.html"); never the site's root, where every page of the site would be "deeper".
  const folder = base.pathname.endsWith('/')
    ? base.pathname
    : base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
  const named = `${base.pathname.replace(/\/$/, '').replace(/\.[a-z0-9]+$/i, '')}/`;
  const prefixes = [...new Set([folder, named])].filter((prefix) => prefix !== '/');
  const links = content($)
    .find('a[href]')
    .toArray()
    .filter((a) => {
      const href = hrefOf($, a, page.url);
      if (!href) return false;
      const url = new URL(href);
      const deeper =
        url.host === base.host &&
        prefixes.some((prefix) => url.pathname.startsWith(prefix)) &&
        url.pathname !== base.pathname;
      return deeper || isAtsUrl(href);
    }) as Element[];
  // Inside a card link any element may hold the title (an unclassed <div> in a hand-made card).
  const inside = links.flatMap((a) => [a, ...($(a).find('*').toArray() as Element[])]);
  return rolesFrom(page, inside, { anyTag: true });
}

/**
 * Job cards with their own apply button ("Venue Crowd Controller … Apply Now"), outside any openings section:
 * the card's title element, or the card's own text when the theme puts the title there ("ADMINISTRADOR
 * SUCURSAL [aplicar]").
 */
function appliedCards(page: ParsedPage): JobRole[] {
  const { $ } = page;
  const all = content($).find('*').toArray() as Element[];
  const titles = all.filter(
    (el) => isTitleTier(el) && (jobTitleStrength(textOf($, el)) === 2 || isJobCardTitle($, el)),
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
  const roles = rolesFrom(page, applied, { minStrength: 2 });
  if (roles.length) return roles;
  // The card's own text is the title when no element in it holds one.
  const ownTitled = all.filter(
    (el) =>
      /^(?:div|li|article|section)$/.test(el.tagName) &&
      jobTitleStrength(ownText($, el)) === 2 &&
      canApplyWithin($, el) &&
      !isChrome($, el),
  );
  const out: JobRole[] = [];
  for (const card of ownTitled) {
    const title = cleanJobTitle(ownText($, card));
    const { location, department } = roleDetails($, card, [card]);
    if (!out.some((r) => r.title === title && r.location === location)) {
      out.push({ title, department, location, url: hrefOf($, $(card).find('a[href]').get(0), page.url) });
    }
  }
  return out;
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

/** Labels that name the opening a posting is for ("Posizione aperta:", "Position:", "Poste :", "Stelle:"). */
const POSITION_LABEL =
  /^(?:\P{L}*)(?:open position|position|job title|role|vacancy|posizione(?: aperta)?|ruolo|poste(?: [aà] pourvoir)?|stelle|puesto|vacante|vacature|functie|vaga|cargo)\s*:\s*$/iu;

/**
 * A posting that names its role in a labelled line ("📌 Posizione aperta: Tecnico riparatore …, con o senza
 * esperienza"): the text after the label, up to its first comma (what follows is a condition, not the title).
 */
function labelledPosition(page: ParsedPage): JobRole[] {
  const { $ } = page;
  const labels = (content($).find('strong, b, dt, label, span').toArray() as Element[]).filter(
    (el) => POSITION_LABEL.test(textOf($, el)) && !isChrome($, el),
  );
  const roles: JobRole[] = [];
  for (const label of labels) {
    const line = label.parent ? textOf($, label.parent) : '';
    const after = line.slice(line.indexOf(textOf($, label)) + textOf($, label).length);
    const title = cleanJobTitle(after.split(/,\s/)[0] ?? '');
    if (jobTitleStrength(title) === 2 && !roles.some((r) => r.title === title)) {
      roles.push({ title, department: null, location: null, url: page.url });
    }
  }
  return roles;
}

/**
 * Headings that are roles by the page's structure, whatever their words: under the openings heading, a heading
 * followed by posting sections of its own ("werkvoorbereider/calculator", then "profiel" … "Aanbod"), and, where
 * the section's headings of one level are all title-shaped and one of them names a job ("Chef d'équipe
 * expérimenté"), each of its siblings ("Débutant(e) motivé(e)").
 */
function structuralTitles(page: ParsedPage, sections: OpeningsSection[]): Set<Element> {
  const { $ } = page;
  const titles = new Set<Element>();
  const plain = (el: Element) => {
    const text = textOf($, el);
    return hasTitleShape(text) && !isPostingSection(text) && !isOpeningsHeading(text);
  };
  for (const section of sections) {
    const headings = section.elements.filter((el) => isHeading(el) && !isChrome($, el));
    headings.forEach((heading, at) => {
      if (!plain(heading)) return;
      let postingSections = 0;
      for (const next of headings.slice(at + 1)) {
        const isSection = isPostingSection(textOf($, next));
        if (!isSection && level(next) <= level(heading)) break;
        if (isSection) postingSections++;
      }
      if (postingSections >= 2) titles.add(heading);
    });
    const top = Math.min(...headings.map(level));
    const siblings = headings.filter((el) => level(el) === top);
    const described = (el: Element) => {
      const next = section.elements.slice(section.elements.indexOf(el) + 1).find((n) => !isInside(n, el));
      return next !== undefined && !isHeading(next) && textOf($, next).length > 40;
    };
    if (
      siblings.length >= 2 &&
      siblings.every((el) => plain(el) && described(el)) &&
      siblings.some((el) => jobTitleStrength(textOf($, el)) === 2)
    )
      for (const el of siblings) titles.add(el);
  }
  return titles;
}

/** What a careers page's own markup says about open roles. */
export function readPageRoles(page: ParsedPage, isAtsUrl: (url: string) => boolean): PageRoles {
  const { $ } = page;
  const text = contentText($);
  const notHiring = saysNotHiring(text);
  const none = { roles: [], notHiring: false, seeking: false, standing: false };
  const sections = openingsSections($);
  const inSections = sections.flatMap((s) => s.elements);
  const labels = inSections.filter((el) => isHeading(el) && !isOpeningsHeading(textOf($, el)));
  const listed = rolesFrom(page, inSections, { labels, titles: structuralTitles(page, sections) });
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
  const readers = [
    () => linkedRoles(page, isAtsUrl),
    () => appliedCards(page),
    () => genderTagged(page, text),
    () => labelledPosition(page),
  ];
  for (const read of readers) {
    const roles = read();
    if (roles.length) return { ...none, roles };
  }
  const seeking = saysSeeking(text);
  // A list or links under an openings heading ("Nos offres d'emploi": PDFs of two postings) are roles we could
  // not read: no standing invitation then.
  const unreadList = sections.some((section) =>
    section.elements.some(
      (el) => el.name === 'li' || (el.name === 'a' && !/^(?:mailto|tel):/i.test(el.attribs.href ?? '')),
    ),
  );
  const standing = !seeking && !unreadList && saysStandingInvitation(text);
  return { ...none, seeking, standing };
}
