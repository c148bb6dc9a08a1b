/**
 * Roles read from a careers page's own markup, when neither an ATS API nor JobPosting data answers: the titles
 * under an "open positions" heading, else job-title links into the careers section, else the page itself when it
 * is one posting. A page that says it is not hiring says so.
 */

import type { Cheerio } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces, foldText } from '../../normalize/text';
import type { JobRole } from './types';

/** Folded words and marks that make a short line read as a job title (EN, DE, FR, ES, NL, IT). */
// biome-ignore format: keep the list compact
const JOB_WORDS = [
  'engineer', 'engineering manager', 'developer', 'programmer', 'manager', 'designer', 'lead', 'head of', 'director',
  'specialist', 'analyst', 'consultant', 'scientist', 'architect', 'administrator', 'admin', 'assistant', 'associate',
  'coordinator', 'officer', 'intern', 'internship', 'trainee', 'apprentice', 'apprenticeship', 'representative',
  'executive', 'accountant', 'bookkeeper', 'controller', 'technician', 'operator', 'writer', 'editor', 'researcher',
  'advisor', 'adviser', 'agent', 'nurse', 'teacher', 'tutor', 'cook', 'chef', 'driver', 'cleaner', 'clerk',
  'recruiter', 'product owner', 'scrum master', 'devops', 'sre', 'receptionist', 'cashier', 'waiter', 'waitress',
  'barista', 'bartender', 'mechanic', 'electrician', 'plumber', 'carpenter', 'welder', 'installer', 'hygienist',
  'therapist', 'physician', 'pharmacist', 'paralegal', 'attorney', 'lawyer', 'salesperson', 'sales',
  'account executive', 'customer success', 'support', 'marketing', 'owner', 'partner', 'fellow', 'volunteer',
  'working student', 'werkstudent', 'werkstudentin', 'praktikant', 'praktikantin', 'praktikum', 'ausbildung',
  'azubi', 'auszubildende', 'auszubildender', 'mitarbeiter', 'mitarbeiterin', 'sachbearbeiter', 'sachbearbeiterin',
  'leiter', 'leiterin', 'leitung', 'berater', 'beraterin', 'entwickler', 'entwicklerin', 'ingenieur', 'ingenieurin',
  'techniker', 'technikerin', 'monteur', 'monteurin', 'elektriker', 'elektronikerin', 'elektroniker', 'mechaniker',
  'mechatroniker', 'meister', 'meisterin', 'geselle', 'gesellin', 'kaufmann', 'kauffrau', 'fachkraft', 'helfer',
  'helferin', 'verkaufer', 'verkauferin', 'koch', 'kochin', 'fahrer', 'fahrerin', 'pfleger', 'pflegerin',
  'pflegefachkraft', 'erzieher', 'erzieherin', 'assistenz', 'referent', 'referentin', 'buchhalter', 'buchhalterin',
  'steuerfachangestellte', 'zahnmedizinische', 'medizinische fachangestellte', 'fachangestellte', 'facharzt',
  'arzt', 'arztin', 'developpeur', 'developpeuse', 'ingenieur', 'chef de projet', 'responsable', 'commercial',
  'commerciale', 'stagiaire', 'stage', 'alternant', 'alternance', 'technicien', 'technicienne', 'charge', 'chargee',
  'conseiller', 'conseillere', 'vendeur', 'vendeuse', 'comptable', 'desarrollador', 'desarrolladora', 'ingeniero',
  'ingeniera', 'gerente', 'tecnico', 'tecnica', 'becario', 'becaria', 'practicas', 'vendedor', 'vendedora',
  'programador', 'programadora', 'jefe', 'jefa', 'contable', 'medewerker', 'stagiair', 'ontwikkelaar',
  'sviluppatore', 'tirocinio', 'stagista', 'impiegato', 'impiegata',
];
const JOB_WORD = new RegExp(`(?:^|\\s)(?:${JOB_WORDS.join('|')})(?:s|en|innen|es)?(?:\\s|$)`);
/** (m/w/d), (w/m/d), (m/f/d), (f/m/x), (h/f), (f/h), (m/w), (all genders) */
const GENDER_MARK = /\((?:[mwfdxhi*](?:\s*[/|,]\s*[mwfdxhi*]){1,3}|all genders?|gn\*?)\)/i;

/** Headings that introduce the list of openings (folded). Plain "jobs"/"careers" titles are too broad. */
// biome-ignore format: keep the list compact
const OPENINGS_HEADINGS = [
  'open positions', 'open position', 'open roles', 'open role', 'current openings', 'current open positions',
  'job openings', 'openings', 'open jobs', 'current jobs', 'current vacancies', 'vacancies', 'available positions',
  'current opportunities', 'open opportunities', 'job opportunities', 'we re hiring', 'we are hiring', 'now hiring',
  'join our team', 'positions', 'offene stellen', 'offene stellenangebote', 'aktuelle stellen',
  'aktuelle stellenangebote', 'stellenangebote', 'unsere stellenangebote', 'aktuelle jobs', 'offene jobs',
  'offene positionen', 'freie stellen', 'stellenausschreibungen', 'wir suchen', 'jobangebote', 'offres d emploi',
  'nos offres', 'postes ouverts', 'postes a pourvoir', 'nos offres d emploi', 'ofertas de empleo', 'vacantes',
  'posiciones abiertas', 'ofertas de trabajo', 'vacatures', 'openstaande vacatures', 'posizioni aperte',
];

/** Sentences saying there are no openings (folded; matched inside the page text). */
// biome-ignore format: keep the list compact
const NOT_HIRING = [
  'not currently hiring', 'not hiring at the moment', 'not hiring right now', 'currently not hiring',
  'no open positions', 'no current openings', 'no openings at', 'no open roles', 'no vacancies',
  'no current vacancies', 'no positions available', 'there are currently no open', 'there are no open',
  'we have no open', 'don t have any open', 'do not have any open', 'currently have no open', 'no job openings',
  'keine offenen stellen', 'keine freien stellen', 'derzeit keine', 'aktuell keine', 'momentan keine',
  'zurzeit keine', 'zur zeit keine', 'leider keine offenen', 'aucune offre', 'aucun poste', 'pas de poste',
  'no hay ofertas', 'no hay vacantes', 'no tenemos vacantes', 'geen vacatures', 'nessuna posizione',
];
/** "derzeit keine …" alone is too loose: it must be about openings. */
const OPENINGS_NOUN =
  /stellen|jobs?|positionen|vakanzen|ausschreibung|angebote|bewerb|positions?|openings?|roles?|vacanc|poste|offre|vacante|oferta/;

const CTA =
  /^(?:apply|apply now|learn more|read more|more|details|view|view job|see job|mehr|mehr erfahren|jetzt bewerben|bewerben|zur stelle|postuler|voir|ver|leer mas|aplicar)\b/;

const squeeze = (s: string) => collapseSpaces(s);
const fold = (s: string) =>
  foldText(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Does a short text read as a job title? */
export function looksLikeJobTitle(raw: string): boolean {
  const title = squeeze(raw);
  if (title.length < 3 || title.length > 100) return false;
  if (GENDER_MARK.test(title)) return true;
  const words = title.split(' ');
  if (words.length > 10 || /[.!?:]$/.test(title) || /^\d/.test(title)) return false;
  const folded = fold(title);
  return JOB_WORD.test(` ${folded} `) && !CTA.test(folded);
}

export interface PageRoles {
  roles: JobRole[];
  /** The page says there are no openings. */
  notHiring: boolean;
  /** The page has an openings heading (so an empty list is meaningful). */
  hasOpeningsSection: boolean;
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const level = (el: Element) => Number(el.tagName.slice(1));

/** Content of the page without chrome (navigation, header, footer, asides, scripts). */
function content($: ParsedPage['$']): Cheerio<AnyNode> {
  const main = $('main, [role=main], article').first();
  return main.length ? main : $('body');
}
const isChrome = ($: ParsedPage['$'], el: AnyNode) =>
  $(el).closest('nav, header, footer, aside, script, style, noscript, template, [role=navigation]').length >
  0;

/** The elements after an openings heading, up to the next heading of the same or a higher level. */
function sectionAfter($: ParsedPage['$'], heading: Element): Element[] {
  const stop = level(heading);
  const all = $('body *').toArray() as Element[];
  const start = all.indexOf(heading);
  const out: Element[] = [];
  const inside = (el: Element) => {
    for (let p = el.parent; p; p = p.parent) if (p === heading) return true;
    return false;
  };
  for (let i = start + 1; i < all.length; i++) {
    const el = all[i] as Element;
    if (inside(el)) continue;
    if (/^h[1-6]$/.test(el.tagName) && level(el) <= stop) break;
    out.push(el);
  }
  return out;
}

/** Location and department from the element holding one role (labels, class names, "remote" lines). */
function detailsOf($: ParsedPage['$'], box: Cheerio<AnyNode>, title: string) {
  let location: string | null = null;
  let department: string | null = null;
  box.find('[class*=location i], [class*=standort i], [class*=city i]').each((_, el) => {
    location ??= squeeze($(el).text()) || null;
  });
  box.find('[class*=department i], [class*=abteilung i], [class*=team i]').each((_, el) => {
    department ??= squeeze($(el).text()) || null;
  });
  // Lines of text: <br>, block elements and list items break lines.
  const lines = box
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
    .map(squeeze)
    .filter((l) => l && l !== title);
  for (const line of lines) {
    const labelled = line.match(
      /^(location|standort|arbeitsort|einsatzort|ort|lieu|ubicaci[oó]n|localizaci[oó]n|sede)\s*:\s*(.+)$/i,
    );
    if (labelled && !location) location = labelled[2] ?? null;
    const dept = line.match(/^(department|team|abteilung|bereich|d[ée]partement|departamento)\s*:\s*(.+)$/i);
    if (dept && !department) department = dept[2] ?? null;
    if (
      !location &&
      line.length <= 40 &&
      /\b(?:remote|hybrid|home ?office|t[ée]l[ée]travail|remoto)\b/i.test(line)
    )
      location = line;
  }
  const cut = (s: string | null) => (s && s.length <= 80 ? s : null);
  return { location: cut(location), department: cut(department) };
}

function hrefOf(el: Cheerio<AnyNode>, base: string): string | null {
  const href = el.attr('href');
  if (!href || href.startsWith('#') || /^(?:javascript|mailto|tel):/i.test(href)) return null;
  try {
    const url = new URL(href, base);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** The smallest ancestor that holds this title and no other candidate: its card / list item / row. */
function boxOf($: ParsedPage['$'], el: Element, candidates: Set<Element>): Cheerio<AnyNode> {
  let box: Element = el;
  for (
    let p = el.parent as Element | null;
    p && p.type === 'tag' && p.tagName !== 'body';
    p = p.parent as Element
  ) {
    const others = $(p)
      .find('*')
      .toArray()
      .some(
        (c) => c !== el && candidates.has(c as Element) && !$(el).find(c).length && !$(c).find(el).length,
      );
    if (others || $(p).text().length > 1200) break;
    box = p;
  }
  return $(box);
}

function rolesFrom(page: ParsedPage, elements: Element[]): JobRole[] {
  const { $ } = page;
  const candidates = new Set<Element>();
  for (const el of elements) {
    if (isChrome($, el)) continue;
    const tag = el.tagName;
    if (!/^(?:h[1-6]|a|li|dt|td|strong|b)$/.test(tag)) continue;
    const text = squeeze($(el).text());
    if (!looksLikeJobTitle(text)) continue;
    // A list item or cell holding a heading/link: the inner element is the title.
    if ((tag === 'li' || tag === 'td' || tag === 'dt') && $(el).find(`${HEADINGS}, a, strong, b`).length)
      continue;
    // The same title twice (heading inside a link): keep the outer one.
    if ([...candidates].some((c) => $(c).find(el).length)) continue;
    candidates.add(el);
  }
  const roles: JobRole[] = [];
  for (const el of candidates) {
    const title = squeeze($(el).text());
    const box = boxOf($, el, candidates);
    const link = $(el).is('a')
      ? $(el)
      : $(el).closest('a').length
        ? $(el).closest('a')
        : box.find('a[href]').first();
    const url = hrefOf(link, page.url);
    const { location, department } = detailsOf($, box, title);
    if (!roles.some((r) => r.title === title && r.location === location)) {
      roles.push({ title, department, location, url });
    }
  }
  return roles;
}

/** Job-title links that lead deeper into the careers section of this site, or to an ATS posting. */
function linkedRoles(page: ParsedPage, isAtsUrl: (url: string) => boolean): JobRole[] {
  const { $ } = page;
  const base = new URL(page.url);
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname.replace(/[^/]*$/, '')}`;
  const links = content($)
    .find('a[href]')
    .toArray()
    .filter((a) => {
      const href = hrefOf($(a), page.url);
      if (!href) return false;
      const url = new URL(href);
      const deeper =
        url.host === base.host && url.pathname.startsWith(prefix) && url.pathname !== base.pathname;
      return deeper || isAtsUrl(href);
    }) as Element[];
  return rolesFrom(page, links);
}

/** Is the page itself one posting: a job-title h1 and a way to apply? */
function singlePosting(page: ParsedPage, isAtsUrl: (url: string) => boolean): JobRole | null {
  const { $ } = page;
  const h1 = $('h1')
    .toArray()
    .map((el) => squeeze($(el).text()))
    .find(looksLikeJobTitle);
  if (!h1) return null;
  const canApply = $('a[href], button, form')
    .toArray()
    .some((el) => {
      const href = $(el).attr('href') ?? $(el).attr('action') ?? '';
      const label = fold(`${$(el).text()} ${$(el).attr('value') ?? ''} ${$(el).attr('aria-label') ?? ''}`);
      return (
        isAtsUrl(href) ||
        /appl(?:y|ying|ication)|bewerb|postul|candidat|aplica|solliciteer|candidatura/i.test(
          `${label} ${href}`,
        )
      );
    });
  if (!canApply) return null;
  const { location, department } = detailsOf($, content($), h1);
  return { title: h1, department, location, url: page.url };
}

/** What a careers page's own markup says about open roles. */
export function readPageRoles(page: ParsedPage, isAtsUrl: (url: string) => boolean): PageRoles {
  const { $ } = page;
  const text = ` ${fold(content($).text())} `;
  const notHiring = NOT_HIRING.some((phrase) => {
    const at = text.indexOf(` ${phrase} `);
    if (at === -1) return false;
    // "derzeit keine …" / "aktuell keine …" must go on about openings within a few words.
    return (
      !/keine$/.test(phrase) ||
      OPENINGS_NOUN.test(text.slice(at + phrase.length + 1, at + phrase.length + 60))
    );
  });
  const headings = content($)
    .find(HEADINGS)
    .toArray()
    .filter((h) => !isChrome($, h) && OPENINGS_HEADINGS.includes(fold($(h).text()))) as Element[];
  if (headings.length) {
    const roles = rolesFrom(
      page,
      headings.flatMap((h) => sectionAfter($, h)),
    );
    if (roles.length || notHiring)
      return { roles, notHiring: notHiring && roles.length === 0, hasOpeningsSection: true };
  }
  if (notHiring) return { roles: [], notHiring: true, hasOpeningsSection: headings.length > 0 };
  const linked = linkedRoles(page, isAtsUrl);
  if (linked.length) return { roles: linked, notHiring: false, hasOpeningsSection: headings.length > 0 };
  const single = singlePosting(page, isAtsUrl);
  return { roles: single ? [single] : [], notHiring: false, hasOpeningsSection: headings.length > 0 };
}
