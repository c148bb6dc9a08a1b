/**
 * career_analysis on a careers page's own markup: how roles are listed (sections, cards, tables, accordions,
 * links, single postings), what says there are none, clean titles with department and location, ATS widgets
 * that cannot be read, and when the answer is "could not tell".
 */
import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { analyzeCareers } from './analyze';
import { cleanJobTitle, jobTitleStrength } from './job-title';

const URL = 'https://www.acme.example/karriere/';
/** A careers page with the chrome of a real site around the body. */
const careersPage = (body: string, url = URL, role: 'careers' | 'other' = 'careers') =>
  pageFromHtml({
    url,
    role,
    html: `<html><head><title>Karriere</title></head><body>
      <header id="masthead"><h1 class="site-title"><a href="/">Acme GmbH</a></h1>
        <nav><ul><li><a href="/leistungen/">Leistungen</a></li><li><a href="/karriere/">Karriere</a></li></ul></nav></header>
      <div id="cookie-notice"><p>Wir verwenden Cookies.</p><button>Akzeptieren</button></div>
      ${body}
      <footer><p>Acme GmbH · Hauptstraße 1 · 12345 Musterstadt</p><a href="/impressum/">Impressum</a></footer>
    </body></html>`,
  });
const read = async (body: string, url = URL) => analyzeCareers([careersPage(body, url)]);
const titles = async (body: string, url = URL) => (await read(body, url)).roles.map((r) => r.title);

describe('job titles come back clean', () => {
  it.each([
    ['Elektroniker (m/w/d)', 'Elektroniker'],
    ['Steuerfachangestellte (m/w/d) in Voll- oder Teilzeit', 'Steuerfachangestellte'],
    ['Auszubildender Elektroniker (w/m/d) ab 01.08.2025', 'Auszubildender Elektroniker'],
    ['Kfz-Mechatroniker (m/w/d) PKW', 'Kfz-Mechatroniker PKW'],
    ['Développeur Full-Stack H/F', 'Développeur Full-Stack'],
    ['Stellenangebot: PHP-Entwickler (m/w/d)', 'PHP-Entwickler'],
    ["We're hiring: Junior Web Developer", 'Junior Web Developer'],
    ['Youth Worker (part-time)', 'Youth Worker'],
    ['Senior Developer (m/w/d) 80–100 %', 'Senior Developer'],
    ['Product Designer Apply now →', 'Product Designer'],
  ])('%s → %s', (raw, clean) => {
    expect(cleanJobTitle(raw)).toBe(clean);
  });

  it.each([
    'Senior Frontend Engineer (React)',
    'Mitarbeiter*in Kundenservice',
    'Camarero/a de sala',
    "Chargé(e) d'affaires IT",
  ])('keeps what belongs to the title: %s', (title) => {
    expect(cleanJobTitle(title)).toBe(title);
  });

  it('reads compounds and several languages as job titles, and not benefits, addresses or applications', () => {
    for (const title of [
      'Bäckereifachverkäufer',
      'Allround servicemonteur',
      'Prosjektleder solcelleanlegg',
      'Higienista dental',
      'CEO',
    ])
      expect(jobTitleStrength(title), title).toBe(2);
    for (const text of [
      'Was wir bieten',
      '30 Tage Urlaub',
      'karriere(at)acme.example',
      'Initiativbewerbung (m/w/d)',
      'Ledige stillinger',
    ])
      expect(jobTitleStrength(text), text).toBe(0);
  });
});

describe('an index that lists roles', () => {
  it('reads "Open Positions" followed only by linked titles (also a title without a job noun list entry: CEO)', async () => {
    const analysis = await read(`<main>
      <h2 class="elementor-heading-title">Open Positions</h2>
      <div class="elementor-widget-button"><a class="elementor-button" href="https://www.acme.example/creative-web-developer/"><span class="elementor-button-text">Creative Web Developer</span></a></div>
      <div class="elementor-widget-button"><a class="elementor-button" href="https://www.acme.example/ceo/"><span class="elementor-button-text">CEO</span></a></div>
      <h2>Why work with us?</h2><ul><li>Four-day week</li></ul></main>`);
    expect(analysis.hiring).toBe(true);
    expect(analysis.roles).toEqual([
      {
        title: 'Creative Web Developer',
        department: null,
        location: null,
        url: 'https://www.acme.example/creative-web-developer/',
      },
      { title: 'CEO', department: null, location: null, url: 'https://www.acme.example/ceo/' },
    ]);
  });

  it('continues past titles that have the level of the openings heading, and stops at the next other heading', async () => {
    expect(
      await titles(`<main><h2>Aktuelle Stellenangebote</h2>
        <h2>Elektroniker (m/w/d)</h2><p>Einsatzort: Bielefeld</p>
        <ul><li>Abgeschlossene Ausbildung als Elektroniker oder Elektroinstallateur</li></ul>
        <h2>Ausbildung 2025</h2><p>Alle Plätze für 2025 sind vergeben.</p></main>`),
    ).toEqual(['Elektroniker']);
  });

  it('reads a bold line as the openings heading, and links separated by <br>', async () => {
    expect(
      await titles(`<div class="page"><p>Wir sind neun Leute in Dundee.</p><p><strong>Open Positions</strong></p>
        <p><a href="/jobs/gameplay-programmer/">Gameplay Programmer (Unity)</a><br><a href="/jobs/2d-artist/">2D Environment Artist</a></p>
        <p>Say hello at <a href="mailto:jobs@acme.example">jobs@acme.example</a>.</p></div>`),
    ).toEqual(['Gameplay Programmer (Unity)', '2D Environment Artist']);
  });

  it('takes the card heading as the title, with department and location from the card, not "Apply now"', async () => {
    const analysis = await read(`<main><h2>Open roles</h2>
      <a href="/karriere/backend" class="job-card"><div class="job-badge">New</div><h3 class="job-title">Senior Backend Engineer</h3>
        <div class="job-department">Engineering</div><div class="job-location">Dublin or Remote (EU)</div><div>Apply now →</div></a></main>`);
    expect(analysis.roles).toEqual([
      {
        title: 'Senior Backend Engineer',
        department: 'Engineering',
        location: 'Dublin or Remote (EU)',
        url: 'https://www.acme.example/karriere/backend',
      },
    ]);
  });

  it('reads a table by its column headers', async () => {
    const analysis =
      await read(`<main><h1>Stellenangebote</h1><table><thead><tr><th>Stelle</th><th>Abteilung</th><th>Standort</th></tr></thead>
      <tbody><tr><td><a href="/karriere/bilanzbuchhalter/">Bilanzbuchhalter (m/w/d)</a></td><td>Rechnungswesen</td><td>Greven</td></tr></tbody></table></main>`);
    expect(analysis.roles).toEqual([
      {
        title: 'Bilanzbuchhalter',
        department: 'Rechnungswesen',
        location: 'Greven',
        url: 'https://www.acme.example/karriere/bilanzbuchhalter/',
      },
    ]);
  });

  it('reads accordion titles and takes the heading over several of them as their department', async () => {
    const analysis = await read(`<main><h2>Offene Stellen</h2>
      <h3>Montage &amp; Service (Vollzeit)</h3>
      <details><summary>Servicetechniker Klima (m/w/d)</summary><p>Störungsbehebung im Raum Regensburg.</p></details>
      <details><summary>Helfer in der Montage (m/w/d)</summary><p>Quereinsteiger willkommen.</p></details></main>`);
    expect(analysis.roles.map((r) => [r.title, r.department])).toEqual([
      ['Servicetechniker Klima', 'Montage & Service'],
      ['Helfer in der Montage', 'Montage & Service'],
    ]);
  });

  it('reads job cards that each have an apply button, with the labelled location', async () => {
    const analysis = await read(`<main><h1>Cleaning jobs in Sydney</h1>
      <div class="job-card"><h3 class="job-title">Cleaning Supervisor</h3><ul><li><strong>Location:</strong> Newcastle, NSW</li></ul><a href="/apply/?role=2">Apply now</a></div>
      <div class="job-card"><h3 class="job-title">Commercial Cleaner</h3><ul><li><strong>Location:</strong> North Sydney, NSW</li></ul><a href="/apply/?role=1">Apply now</a></div></main>`);
    expect(analysis.roles.map((r) => [r.title, r.location])).toEqual([
      ['Cleaning Supervisor', 'Newcastle, NSW'],
      ['Commercial Cleaner', 'North Sydney, NSW'],
    ]);
  });

  it('reads role headings after a "Trabaja con nosotros" heading of the same level', async () => {
    expect(
      await titles(`<main><h2>Trabaja con nosotros</h2><p>Forma parte de nuestro equipo.</p>
        <h2>Soldador armador</h2><p>Certificado MIG/MAG.</p><h2>Ingeniero civil residente</h2><p>3 años de experiencia.</p></main>`),
    ).toEqual(['Soldador armador', 'Ingeniero civil residente']);
  });

  it('drops a speculative application from the list of roles', async () => {
    expect(
      await titles(`<main><a href="/karriere/gaertner/"><span class="job__title">Landschaftsgärtner (m/w/d)</span><span>Mehr erfahren</span></a>
        <a href="/karriere/initiativ/"><span class="job__title">Initiativbewerbung (m/w/d)</span><span>Mehr erfahren</span></a></main>`),
    ).toEqual(['Landschaftsgärtner']);
  });
});

describe('a single posting', () => {
  it('is hiring that role when its title sits in the <header> of the article and the only way to apply is a plain email address', async () => {
    const analysis = await read(
      `<main><article><header class="entry-header"><h1 class="entry-title">DevOps Engineer</h1></header>
        <div class="entry-content"><p>We run 60 Debian servers.</p><p>To apply, send your CV to careers@acme.example.</p></div></article></main>
        <aside><h2>Recent posts</h2><ul><li><a href="/2023/11/support-engineer/">Support Engineer</a></li></ul></aside>`,
      'https://www.acme.example/2024/03/devops-engineer/',
    );
    expect(analysis).toMatchObject({
      hiring: true,
      roles: [{ title: 'DevOps Engineer', url: 'https://www.acme.example/2024/03/devops-engineer/' }],
    });
  });

  it('accepts an encrypted mailto (TYPO3) as the way to apply, and the heading of the only article as the title', async () => {
    expect(
      await titles(`<div id="content"><h1>Jobs</h1><article class="oferta"><header><h2>PHP-Entwickler (m/w/d)</h2></header>
        <p>Bitte schick deine Bewerbung an <a href="javascript:linkTo_UnCryptMailto('nbjmup+kpctAbdnf/fybnqmf');">jobs(at)acme.example</a>.</p></article></div>`),
    ).toEqual(['PHP-Entwickler']);
  });

  it('is not a posting when nothing on the page lets you apply and it does not read like one', async () => {
    const analysis = await read(
      '<main><h1>Our Lead Engineer</h1><p>Anna has built our platform since 2015. Before Acme she spent ten years on payment systems in Frankfurt and London.</p></main>',
    );
    // Nor does it say anything about hiring: a careers page silent on openings may list them where we cannot read.
    expect(analysis).toMatchObject({ hiring: null, roles: [] });
  });
});

describe('pages that say there are no openings', () => {
  it.each([
    ['de', 'Derzeit haben wir leider keine offenen Stellen.'],
    ['de', 'Aktuell liegen derzeit keine Stellenangebote vor.'],
    ['de', 'Aktuell sind alle freien Stellen besetzt.'],
    ['en', 'There are no open positions at the moment.'],
    ['fr', "Nous n'avons aucun poste à pourvoir pour le moment."],
    ['es', 'En este momento no hay vacantes disponibles.'],
    ['nl', 'Op dit moment hebben wij geen vacatures.'],
    ['no', 'Vi har for øyeblikket ingen ledige stillinger.'],
  ])('%s: "%s" → not hiring', async (_lang, sentence) => {
    expect(
      await read(`<main><h1>Karriere</h1><h2>Offene Stellen</h2><p>${sentence}</p></main>`),
    ).toMatchObject({
      hiring: false,
      roles: [],
      method: 'page',
    });
  });

  it('is hiring when roles are listed under their own heading, though apprenticeships are full', async () => {
    const analysis = await read(`<main><h1>Jobs</h1><h2>Unsere offenen Stellen</h2>
      <div class="card"><h3 class="card-title">Serviceberater (m/w/d)</h3><p>Standort: Neckarsulm</p></div>
      <h2>Ausbildung 2025</h2><p>Für 2025 haben wir derzeit keine freien Ausbildungsplätze mehr.</p></main>`);
    expect(analysis).toMatchObject({
      hiring: true,
      roles: [{ title: 'Serviceberater', location: 'Neckarsulm' }],
    });
  });

  it('is not hiring when the only role-like heading sits under the page title next to a no-openings sentence', async () => {
    expect(
      await read(`<main><h1>Stellenangebote</h1><p>Aktuell liegen derzeit keine Stellenangebote vor.</p>
        <h2>Ausbildung zum Tischler</h2><p>Die Plätze für das kommende Jahr sind vergeben.</p></main>`),
    ).toMatchObject({ hiring: false, roles: [] });
  });

  it('does not read "no offer matches your profile" as no openings', async () => {
    expect(
      await titles(`<main><h2>Nos offres d'emploi</h2><h3>Technicien support informatique H/F</h3><p>Lieu : Grenoble</p>
        <h2>Candidature spontanée</h2><p>Aucune offre ne correspond à votre profil ? Écrivez-nous.</p></main>`),
    ).toEqual(['Technicien support informatique']);
  });

  it('does not read a question ("Keine offenen Stellen für dich dabei?") as a statement', async () => {
    expect(
      await read(`<main><h1>Karriere</h1><ul><li><a href="/karriere/koch/">Koch (m/w/d)</a></li></ul>
        <p>Keine offenen Stellen für dich dabei? Schick uns deine Initiativbewerbung.</p></main>`),
    ).toMatchObject({ hiring: true, roles: [{ title: 'Koch' }] });
  });

  it('is not hiring when the page only invites speculative applications', async () => {
    expect(
      await read(`<main><h1>Karriere bei Ebner</h1><p>Gute Handwerker sind bei uns immer willkommen – wir suchen ständig Verstärkung.</p>
        <h2>Initiativbewerbung</h2><form><input type="file" name="cv"><button>Initiativbewerbung senden</button></form></main>`),
    ).toMatchObject({ hiring: false, roles: [] });
  });
});

describe('hiring without listed roles, and "could not tell"', () => {
  it('cannot tell when an openings heading lists entries it cannot read as roles, whatever else the page says', async () => {
    expect(
      await read(`<main><h1>Emplois</h1><p>Chez Acme, nous sommes toujours à la recherche de personnes engagées.</p>
        <h3>Nos offres d'emploi</h3><ul><li><a href="/static/offre-lyon.pdf">Lyon et Grenoble (PDF)</a></li>
        <li><a href="/static/offre-paris.pdf">Paris (PDF)</a></li></ul>
        <h3>Candidature spontanée</h3><form><input type="file" name="cv"><button>Envoyer</button></form></main>`),
    ).toMatchObject({ hiring: null, roles: [] });
  });

  it('is hiring when the page says it is looking for people now, and not when it is "always" looking', async () => {
    expect(
      await read(
        "<main><h1>Join Our Team</h1><p>We're currently looking for experienced plumbers and heating engineers to join our growing team.</p></main>",
      ),
    ).toMatchObject({ hiring: true, roles: [] });
    expect(
      await read(
        '<main><h1>Careers</h1><p>We are always interested in hearing from skilled joiners. Send us your CV and we will keep it on file for the future, whenever something opens up.</p></main>',
      ),
    ).toMatchObject({ hiring: false });
  });

  it.each([
    ['nl', 'Wij groeien en zijn op zoek naar betrouwbare schoonmakers voor kantoren in Groningen.', true],
    ['nl', "Wij zijn regelmatig op zoek naar nieuwe collega's om het keukenteam te versterken.", false],
    ['de', 'Wir sind ab sofort auf der Suche nach zwei Kolleginnen oder Kollegen für die Backstube.', true],
    ['fr', "Nous recrutons des chefs d'équipe expérimentés pour les vendanges.", true],
    ['no', 'Vi er alltid på jakt etter gode kandidater som kan styrke teamet vårt.', false],
  ])('%s: "%s" → hiring %s', async (_lang, sentence, hiring) => {
    const body = `<main><h1>Jobs</h1><p>${sentence}</p><p>Unser Betrieb besteht seit 1970 und beschäftigt heute 25 Menschen in der Region.</p></main>`;
    expect(await read(body)).toMatchObject({ hiring, roles: [] });
  });

  it.each([
    [
      'Recruitee',
      `<div id="recruitee-careers"></div><script>var s=document.createElement('script');s.onload=function(){new RTWidget({"companies":[58213]})};s.src='https://d10zminp1cyta8.cloudfront.net/widget.js';</script>`,
    ],
    [
      'JOIN',
      '<div id="join-widget"></div><script src="https://join.com/api/widget/bundle/eyJzZXR0aW5ncyI6e319" defer></script>',
    ],
    [
      'Workable',
      `<script src="https://www.workable.com/assets/embed.js"></script><script>whr(document).ready(function(){ whr_embed(481516, {detail: 'titles'}); });</script><div id="whr_embed_hook"></div>`,
    ],
    [
      'Teamtailor',
      '<div class="teamtailor-jobs-widget" data-teamtailor-limit="20"></div><script src="https://scripts.teamtailor-cdn.com/widgets/eu-pink/jobs.js" async></script>',
    ],
  ])('an unreadable %s widget and no listed roles → null (could not tell)', async (ats, widget) => {
    expect(
      await read(`<main><h1>Karriere</h1><p>Wir sind 40 Leute.</p><h2>Offene Stellen</h2>${widget}</main>`),
    ).toMatchObject({ hiring: null, ats, roles: [] });
  });

  it('an ATS board whose postings the page lists is hiring those roles', async () => {
    const analysis = await read(`<main><h2>Ledige stillinger</h2><ul>
      <li><a href="https://acme.teamtailor.com/jobs/4187203-elektriker"><span class="jobs__name">Elektriker med fagbrev</span> <span class="jobs__location">Drammen</span></a></li></ul>
      <a href="https://acme.teamtailor.com/jobs">Se alle stillinger</a></main>`);
    expect(analysis).toMatchObject({
      hiring: true,
      ats: 'Teamtailor',
      roles: [{ title: 'Elektriker med fagbrev', location: 'Drammen' }],
    });
  });

  it('a stub that only points elsewhere says null, not false', async () => {
    expect(
      await read('<p>Weiter zur <a href="https://karriere.acme.example/">Karriereseite</a>.</p>'),
    ).toMatchObject({ hiring: null, roles: [] });
  });

  it('a page named for jobs only by its path says null when it lists nothing, not false', async () => {
    const page = careersPage(
      '<main><h1>Ausbildung</h1><p>Wir bilden seit 1970 Fahrschüler für alle Klassen aus: Auto, Motorrad, LKW.</p></main>',
      'https://www.fahrschule.example/leistungen/ausbildung/',
      'other',
    );
    expect(await analyzeCareers([page])).toMatchObject({ hiring: null, method: 'none' });
  });
});
