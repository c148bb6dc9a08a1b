/**
 * The diff rules on a real site (eval/sites/energy-way.it, copied byte for byte from its public repository):
 * the same pages read again with noise (cache-busters, a date on every page, reordered lists and styles) give
 * no event; the same pages with a real change give exactly that change.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrichSite } from '../analyze/enrich';
import { pageFromHtml } from '../crawl/page';
import type { PageRole } from '../crawl/types';
import { eventsOf, type Fact, factsOf, type Observed, type SignalEvent } from '.';

const SITE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../eval/sites/energy-way.it');

interface SitePage {
  file: string;
  url: string;
  role: string;
}
const site = JSON.parse(readFileSync(join(SITE_DIR, 'site.json'), 'utf8')) as {
  business: string;
  country: string;
  pages: SitePage[];
};
const original = new Map(site.pages.map((p) => [p.file, readFileSync(join(SITE_DIR, p.file), 'utf8')]));
const ROLES = new Set(['home', 'about', 'contact', 'imprint', 'careers', 'team', 'other']);

type Edit = (html: string, file: string) => string;

async function factsFor(edit: Edit = (html) => html): Promise<Fact[]> {
  const pages = site.pages.map((p) =>
    pageFromHtml({
      url: p.url,
      html: edit(original.get(p.file) as string, p.file),
      role: (ROLES.has(p.role) ? p.role : 'other') as PageRole,
    }),
  );
  const home = site.pages[0]?.url ?? null;
  const crawl = { startUrl: home ?? '', homeUrl: home, pages, errors: [], robotsBlocked: [], plan: [] };
  const results = await enrichSite(crawl, ['software_detection', 'career_analysis', 'people', 'ai_summary'], {
    business: { name: site.business, country: site.country },
  });
  return factsOf(results, { reachable: true, homeUrl: home });
}

const observed = (fact: Fact): Observed => ({ ...fact, runs: 1 });

function eventsBetween(before: Fact[], after: Fact[]): SignalEvent[] {
  return after.flatMap((next) => {
    const last = before.find((f) => f.kind === next.kind);
    return eventsOf({ last: last ? observed(last) : null, beforeLast: null, next });
  });
}

/** Noise a re-crawl meets on an unchanged site. */
const noise: Edit = (html) =>
  html
    // cache-busters on every script, stylesheet and image
    .replace(
      /(src|href)="([^"#]+\.(?:js|css|jpg|png|svg))"/g,
      (_m, attr, url) => `${attr}="${url}?v=20261204"`,
    )
    // a date and a visitor counter on every page
    .replace(
      '</body>',
      '<p class="updated">Aggiornato il 4 dicembre 2026 alle 09:14 · visite 48213</p></body>',
    )
    // the list of roles and the stylesheets in another order
    .replace(/(<li style="padding:5px 0[^\n]*<\/li>\s*)+/g, (list) =>
      list
        .split(/(?<=<\/li>)\s*/)
        .filter(Boolean)
        .reverse()
        .join('\n'),
    );

describe('signals on a real site', () => {
  let baseline: Fact[];
  beforeAll(async () => {
    baseline = await factsFor();
  });

  it('reads the facts a salesperson cares about from the pages', () => {
    const kinds = baseline.map((f) => f.kind);
    expect(kinds).toEqual(['site', 'software', 'hiring', 'people', 'contacts']);
    const hiring = baseline.find((f) => f.kind === 'hiring')?.value;
    expect(hiring).toMatchObject({ hiring: true });
    expect((hiring as { roles: string[] }).roles).toContain('responsabili hse');
  });

  it('records no event when the same site is read again with noise', async () => {
    const again = await factsFor(noise);
    expect(again.map((f) => f.hash)).toEqual(baseline.map((f) => f.hash));
    expect(eventsBetween(baseline, again)).toEqual([]);
  });

  it('records a role closed, with the page it was on, when a posting goes', async () => {
    const after = await factsFor((html) => noise(html.replace(/<li[^\n]*Responsabili HSE<\/li>/, ''), ''));
    const events = eventsBetween(baseline, after);
    expect(events.map((e) => [e.type, e.key])).toEqual([['role_closed', 'responsabili hse']]);
    expect(events[0]?.page).toBe('https://energy-way.it/lavora-con-noi.html');
  });

  it('records a new business tool and never a library or a font', async () => {
    const after = await factsFor((html) =>
      html.replace(
        '</head>',
        '<script src="https://assets.calendly.com/assets/external/widget.js" async></script>' +
          '<script src="https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.min.js"></script>' +
          '<link href="https://fonts.googleapis.com/css2?family=Inter" rel="stylesheet"></head>',
      ),
    );
    const events = eventsBetween(baseline, after);
    expect(events.map((e) => [e.type, e.key])).toEqual([['software_added', 'Calendly']]);
    expect(events[0]?.evidence?.text).toContain('calendly');
  });

  it('records a decision-maker who left and one who appeared', async () => {
    const after = await factsFor((html) => html.replaceAll('Nunzia Giacchi', 'Maria Lombardi'));
    const events = eventsBetween(baseline, after);
    expect(events.map((e) => [e.type, e.key]).sort()).toEqual([
      ['decision_maker_appeared', 'maria lombardi'],
      ['decision_maker_left', 'nunzia giacchi'],
    ]);
  });

  it('records a changed address, not an added one', async () => {
    const replaced = await factsFor((html) =>
      html.replaceAll('info@energy-way.it', 'contatti@energy-way.it'),
    );
    expect(eventsBetween(baseline, replaced).map((e) => e.type)).toEqual(['email_changed']);
    const added = await factsFor((html, file) =>
      file === 'contattaci.html'
        ? html.replace('</body>', '<p><a href="mailto:gare@energy-way.it">gare@energy-way.it</a></p></body>')
        : html,
    );
    expect(eventsBetween(baseline, added)).toEqual([]);
  });
});

/** More real sites of eval/sites (a WordPress site with plugins, a site with eight openings, a French one). */
const MORE_SITES = ['dinacolsa.com', 'geotech-sxm.com', '11h42.com', 'heimcore.com.co'];

describe.each(MORE_SITES)('no event from noise on %s', (id) => {
  it('reads the same facts with cache-busters, a date and reordered lists', async () => {
    const dir = join(SITE_DIR, '..', id);
    const other = JSON.parse(readFileSync(join(dir, 'site.json'), 'utf8')) as typeof site;
    const read = async (edit: Edit) => {
      const pages = other.pages.map((p) =>
        pageFromHtml({
          url: p.url,
          html: edit(readFileSync(join(dir, p.file), 'utf8'), p.file),
          role: (ROLES.has(p.role) ? p.role : 'other') as PageRole,
        }),
      );
      const home = other.pages[0]?.url ?? null;
      const crawl = { startUrl: home ?? '', homeUrl: home, pages, errors: [], robotsBlocked: [], plan: [] };
      const results = await enrichSite(
        crawl,
        ['software_detection', 'career_analysis', 'people', 'ai_summary'],
        {
          business: { name: other.business, country: other.country },
        },
      );
      return factsOf(results, { reachable: true, homeUrl: home });
    };
    const before = await read((html) => html);
    const after = await read(noise);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(eventsBetween(before, after)).toEqual([]);
  });
});
