/**
 * Is the page itself one posting? Its title is a job title — the page's <h1>, or the heading in the <header> of
 * its only <article> — and it gives a way to apply (an apply link, button or form, an ATS link, a CV upload, or
 * an email address, also encoded or encrypted, with words of applying) or reads like a posting (tasks, profile,
 * offer).
 */
import type { Element } from 'domhandler';
import type { ParsedPage } from '../../crawl/page';
import { cleanJobTitle, isSpeculativeTitle, jobTitleStrength } from './job-title';
import { content, HEADINGS, isChrome, textOf } from './page-layout';
import { APPLY_BY_MAIL, APPLY_WORDS, isPostingSection } from './page-text';
import { roleDetails } from './role-details';
import type { JobRole } from './types';

/** A way to apply: an apply link, button or form, an ATS link, a CV upload, or an email with words of applying. */
/** An apply link or button inside this element (a job card's "Apply now"). */
export function canApplyWithin($: ParsedPage['$'], el: Element): boolean {
  return $(el)
    .find('a, button, input[type=submit], input[type=button]')
    .toArray()
    .some((c) => APPLY_WORDS.test(`${$(c).text()} ${$(c).attr('value') ?? ''} ${$(c).attr('href') ?? ''}`));
}

function canApply(page: ParsedPage, isAtsUrl: (url: string) => boolean): boolean {
  const { $ } = page;
  const main = content($);
  const control = main
    .find('a[href], button, input[type=submit], input[type=button], form')
    .toArray()
    .some((el) => {
      const href = $(el).attr('href') ?? $(el).attr('action') ?? '';
      const label = `${$(el).text()} ${$(el).attr('value') ?? ''} ${$(el).attr('aria-label') ?? ''}`;
      return isAtsUrl(href) || APPLY_WORDS.test(`${label} ${href}`);
    });
  if (control || main.find('input[type=file]').length) return true;
  const html = $.html(main);
  const email =
    /mailto:|data-mailto-token|linkTo_UnCryptMailto|data-cfemail|email-protection|(?<![\w.+-])[\w.+-]+(?:@|\s?[([]at[)\]]\s?)[\w-]+(?:\.[\w-]+)+/i.test(
      html,
    );
  return email && APPLY_BY_MAIL.test(` ${main.text().toLowerCase()} `);
}

/**
 * Is the page itself one posting? Its title is a job title — the page's <h1>, or the heading in the <header>
 * of its only <article> — and it gives a way to apply or reads like a posting (tasks, profile, offer).
 */
export function singlePosting(page: ParsedPage, isAtsUrl: (url: string) => boolean): JobRole | null {
  const { $ } = page;
  const articles = $('article').filter((_, a) => !isChrome($, a));
  const titles = [
    ...($('h1').toArray() as Element[]),
    ...(articles.length === 1 ? (articles.find('header').find('h1, h2, h3').toArray() as Element[]) : []),
  ].filter(
    (el) => !isChrome($, el) && jobTitleStrength(textOf($, el)) === 2 && !isSpeculativeTitle(textOf($, el)),
  );
  const title = titles[0];
  if (!title) return null;
  const sections = content($)
    .find(HEADINGS)
    .toArray()
    .filter((h) => isPostingSection(textOf($, h))).length;
  if (!canApply(page, isAtsUrl) && sections < 2) return null;
  const scope = articles.length === 1 ? articles.get(0) : content($).get(0);
  const details = roleDetails($, title, scope ? [scope] : []);
  return { title: cleanJobTitle(textOf($, title)), ...details, url: page.url };
}
