/**
 * People in cards on about and team pages: a team grid whose titles are department names, an element the markup
 * names as the title, an avatar's initials, and job adverts' cards that are no people.
 */
import { describe, expect, it } from 'vitest';
import { type PageInput, pageFromHtml } from '../../crawl/page';
import { analyzePeople } from './analyze';

const page = (body: string, role: PageInput['role'] = 'about', url = 'https://example.it/chi-siamo') =>
  pageFromHtml({ url, html: `<html lang="it"><head></head><body><main>${body}</main></body></html>`, role });

async function people(body: string, role?: PageInput['role']) {
  return (await analyzePeople([page(body, role)])).people.map((p) => [p.name, p.role]);
}

const card = (initials: string, name: string, title: string) =>
  `<div class="org-card"><div class="org-avatar">${initials}</div><div class="org-name">${name}</div><div class="org-title">${title}</div></div>`;

describe('cards of one team grid', () => {
  it('keeps every card shaped like two cards with a job title, its line as the title, never the initials', async () => {
    const grid = [
      card('NG', 'Nunzia Giacchi', 'Amministratore'),
      card('RG', 'Riccardo Gagliano', 'Direttore Commerciale'),
      card('DP', 'Danilo Pizzardi', 'Logistica'),
      card('BS', 'Bianca Scozzarini', 'Contabilità e paghe'),
    ].join('');
    expect(await people(`<h2>Il nostro team</h2><div class="org-cards">${grid}</div>`)).toEqual([
      ['Nunzia Giacchi', 'Amministratore'],
      ['Riccardo Gagliano', 'Direttore Commerciale'],
      ['Danilo Pizzardi', 'Logistica'],
      ['Bianca Scozzarini', 'Contabilità e paghe'],
    ]);
  });

  it('does not take a lone card of that shape, with no job title beside any name, as a person', async () => {
    const grid = [
      card('DP', 'Danilo Pizzardi', 'Logistica'),
      card('BS', 'Bianca Scozzarini', 'Contabilità e paghe'),
    ];
    expect(await people(`<div class="org-cards">${grid.join('')}</div>`)).toEqual([]);
  });

  it('reads the title from a block the markup names for it, whatever its words', async () => {
    const body =
      '<div class="card"><h3>Aurora Cascino</h3><div class="card-role">Ufficio Operativo</div></div>';
    expect(await people(body)).toEqual([['Aurora Cascino', 'Ufficio Operativo']]);
  });

  it('reads names whose first word is also a particle, or whose family name is a trade', async () => {
    const member = (name: string, title: string) =>
      `<div class="team-card"><img src="/t.jpg" alt="${name}"><h3>${name}</h3><p><strong>${title}</strong></p></div>`;
    expect(await people(member('Dr. Ben Roberts', 'Director – Chief Enterprise Officer'), 'team')).toEqual([
      ['Ben Roberts', 'Director – Chief Enterprise Officer'],
    ]);
    expect(await people(member('Jack Cook', 'Lead Product Developer'), 'team')).toEqual([
      ['Jack Cook', 'Lead Product Developer'],
    ]);
  });

  it('takes no job advert card for a person, on a careers page or by its job-title element', async () => {
    const advert = (job: string, kind: string) =>
      `<article class="job-card"><h3 class="job-title">${job}</h3><span class="job-meta">${kind}</span><a href="/apply">Apply</a></article>`;
    const body = `<div class="job-grid">${advert('Cleaning Supervisor', 'Full-time')}${advert('Window Cleaning Technician', 'Casual')}${advert('Office Manager', 'Part-time')}</div>`;
    expect(await people(body, 'careers')).toEqual([]);
    expect(await people(body, 'about')).toEqual([]);
  });
});

describe('what a card names', () => {
  it('takes a lone first name in a team card with a photo and a job title, and not outside a team', async () => {
    const member = (name: string, title: string) =>
      `<div class="team-member"><img src="/img/${name.toLowerCase()}.jpg" alt=""><h4>${name}</h4><p>${title}</p></div>`;
    expect(
      await people(
        `<h2>Il nostro team</h2><div class="team">${member('Giulia', 'Responsabile amministrativa')}${member('Marco', 'Tecnico')}</div>`,
      ),
    ).toEqual([
      ['Giulia', 'Responsabile amministrativa'],
      ['Marco', 'Tecnico'],
    ]);
    expect(await people(`<div class="box"><h4>Giulia</h4><p>Responsabile amministrativa</p></div>`)).toEqual(
      [],
    );
  });

  it('does not take a service heading for a person when the page writes its words in lower case', async () => {
    const services = `<div class="team-grid">
      <div class="team-member"><img src="/a.jpg" alt=""><h3>Antique Moving</h3><p>Specialist</p></div>
      <div class="team-member"><img src="/b.jpg" alt=""><h3>Jack Wolfe</h3><p>Specialist</p></div></div>
      <p>We handle antique furniture with care: moving a piano or a clock is what we do every week.</p>`;
    expect(await people(services, 'team')).toEqual([['Jack Wolfe', 'Specialist']]);
  });

  it('keeps a name that an email address spells in lower case', async () => {
    const grid = `<div class="team"><div class="team-member"><img src="/b.jpg" alt=""><h4>Bas Jansen</h4><h6>Projectleider</h6>
      <p><a href="mailto:b.jansen@installatie.example">b.jansen@installatie.example</a></p></div></div>`;
    expect(await people(grid, 'team')).toEqual([['Bas Jansen', 'Projectleider']]);
  });
});

describe('signatures and long cards', () => {
  it('reads a signature whose name and title are inline elements named for them, without the own company', async () => {
    const body = `<p>From a single antique to an entire household, our commitment remains the same.</p>
      <div class="sig"><span class="sig-name">&mdash; Jack Wolfe</span><span class="sig-role">Founder &amp; Director, Wolves Removals</span></div>`;
    const about = page(body, 'about', 'https://wolves-removals.co.uk/about-us');
    const found = (await analyzePeople([about])).people.map((p) => [p.name, p.role]);
    expect(found).toEqual([['Jack Wolfe', 'Founder & Director']]);
  });

  it('knows the business by og:site_name too, where the host does not spell it', async () => {
    const html = `<html lang="en"><head><meta property="og:site_name" content="Wolves Removals"></head><body><main>
      <div class="sig"><span class="sig-name">Jack Wolfe</span><span class="sig-role">Founder &amp; Director, Wolves Removals</span></div>
      </main></body></html>`;
    const about = pageFromHtml({ url: 'http://127.0.0.1:8402/about-us', html, role: 'about' });
    expect((await analyzePeople([about])).people.map((p) => [p.name, p.role])).toEqual([
      ['Jack Wolfe', 'Founder & Director'],
    ]);
  });

  it('keeps a team card whose biography is long, and a title of dashes and ampersands', async () => {
    const bio = 'He leads peatland research programmes and advises governments on emissions. '.repeat(10);
    const member = (name: string, title: string) =>
      `<div class="team-card"><img src="p.jpg" alt=""><h3>${name}</h3><p><strong>${title}</strong></p><p>${bio}</p></div>`;
    const body = `<h2>Team</h2><div class="grid">${member('Prof. Chris Evans', 'Director – Head of Science')}${member('Jack Cook', 'Lead Product Developer – Environmental Data &amp; Systems Scientist')}</div>`;
    expect(await people(body, 'team')).toEqual([
      ['Chris Evans', 'Director – Head of Science'],
      ['Jack Cook', 'Lead Product Developer – Environmental Data & Systems Scientist'],
    ]);
  });

  it('takes no greeting or elided article for a name ("Hi, I\'m Kiera", "L\'équipe X")', async () => {
    const body = `<div class="team-card"><img src="k.jpg" alt=""><h3>Hi, I'm Kiera</h3><p>LPC | Co-Founder</p></div>
      <div class="team-card"><img src="e.jpg" alt=""><h3>L'équipe Liliwatt</h3><p>Directeur Commercial</p></div>`;
    expect(await people(body, 'team')).toEqual([]);
  });
});

describe('a service card is no person', () => {
  const home = (body: string) =>
    pageFromHtml({
      url: 'https://removals.example.co.uk/',
      html: `<html lang="en"><head></head><body><main>${body}</main></body></html>`,
      role: 'home',
    });
  const serviceCard = `<div class="card"><h3>Specialist Antique Moving</h3>
    <p>We move fine art and valuables with bespoke packing and white-glove handling.</p></div>`;

  it('drops a heading whose words the site writes in lower case on another page', async () => {
    const about = pageFromHtml({
      url: 'https://removals.example.co.uk/about/',
      html: '<html lang="en"><body><main><p>From a single antique chair to moving a whole house, we plan it all.</p></main></body></html>',
      role: 'about',
    });
    const found = await analyzePeople([home(serviceCard), about]);
    expect(found.people.map((p) => p.name)).toEqual([]);
  });

  it('keeps a person whose name the site never writes in lower case', async () => {
    const about = pageFromHtml({
      url: 'https://removals.example.co.uk/about/',
      html: '<html lang="en"><body><main><p>We plan every move with care.</p></main></body></html>',
      role: 'about',
    });
    const person = `<div class="card"><img src="jack.jpg" alt=""><h3>Jack Wolfe</h3><p>Founder &amp; Director</p></div>`;
    const found = await analyzePeople([home(person), about]);
    expect(found.people.map((p) => [p.name, p.role])).toEqual([['Jack Wolfe', 'Founder & Director']]);
  });
});

describe('Italian and Spanish titles, and initials, in a card', () => {
  it('drops "Dott.ssa" and keeps a middle initial', async () => {
    const body = `<div class="org-cards">${card('GB', 'Dott.ssa Greta A. Boccasavia', 'Amministratore')}${card(
      'LC',
      'Dott. Luca Catanese',
      'Direttore Commerciale',
    )}</div>`;
    expect(await people(`<h2>Il nostro team</h2>${body}`)).toEqual([
      ['Greta A. Boccasavia', 'Amministratore'],
      ['Luca Catanese', 'Direttore Commerciale'],
    ]);
  });

  it('drops the Spanish "Dra." before a name', async () => {
    const body = `<div class="org-cards">${card('IS', 'Dra. Isabel Sierra', 'Directora')}${card(
      'CR',
      'Dra. Carme Roure',
      'Gerente',
    )}</div>`;
    expect(await people(`<h2>Equipo</h2>${body}`)).toEqual([
      ['Isabel Sierra', 'Directora'],
      ['Carme Roure', 'Gerente'],
    ]);
  });
});
