/**
 * Roles in the shapes small sites give them: plural lists after a lead-in, a list a "current vacancies:" line
 * introduces, job cards named so by their theme, a card's own text, a labelled position, "… gezocht!".
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

describe('roles in the shapes small sites give them', () => {
  it('reads the openings of a sidebar headed "Offene Stellen"; another sidebar stays chrome', async () => {
    const position = (title: string) =>
      `<div class="position"><span class="pos-name">${title}</span> <span class="pos-type">100 %</span></div>`;
    expect(
      await titles(
        `<main><h1>Karriere</h1><form><label>Name<input name="n"></label></form>
          <aside class="sidebar"><h3>Offene <span>Stellen</span></h3>
            ${position('Sanitärinstallateur/in')}${position('Heizungsmonteur/in')}</aside>
          <aside><h3>Neuigkeiten</h3><ul><li>Projektleiter gesucht? Lesen Sie unseren Blog</li></ul></aside></main>`,
      ),
    ).toEqual(['Sanitärinstallateur/in', 'Heizungsmonteur/in']);
  });

  it('reads a plural list after "Cerchiamo principalmente:", without the list\'s arrows', async () => {
    expect(
      await titles(
        `<main><h1>Lavora con noi</h1><p>Cerchiamo principalmente:</p><ul>
          <li><span>→</span> Ingegneri meccanici e impiantistici</li><li><span>→</span> Saldatori certificati</li>
          <li><span>→</span> Disegnatori CAD / BIM</li></ul></main>`,
        'https://www.impianti.example/lavora-con-noi.html',
      ),
    ).toEqual(['Ingegneri meccanici e impiantistici', 'Saldatori certificati', 'Disegnatori CAD / BIM']);
  });

  it('reads the list a line ending in "current vacancies:" introduces', async () => {
    const analysis = await read(
      `<main><h1>Careers</h1><p>We are always looking for talented people; send your CV to jobs@solicitors.example.</p>
        <p>Take a look at our current vacancies:</p>
        <ul><li><strong><a href="https://ats.example/x1">Legal Secretary - Private Client</a></strong></li></ul></main>`,
      'https://www.solicitors.example/careers.html',
    );
    expect(analysis).toMatchObject({ hiring: true, roles: [{ title: 'Legal Secretary - Private Client' }] });
  });

  it("does not take the links of a careers page at the site's root for postings deeper in its section", async () => {
    const analysis = await read(
      `<main><h1>Careers</h1><p>Interested in joining us? Send your CV to jobs@solicitors.example.</p>
        <div class="services"><a href="/commercial-property.html">Commercial Property</a>
          <a href="/commercial-litigation.html">Commercial Litigation</a></div></main>`,
      'https://www.solicitors.example/careers.html',
    );
    expect(analysis.roles).toEqual([]);
  });

  it('takes every heading of a card the theme calls a job card, whatever its words', async () => {
    expect(
      await titles(`<main><h2>Nos offres d'emploi</h2>
        <div class="job-card reveal"><div class="job-title"><h2>Conseiller Commercial B2B</h2></div>
          <div class="job-section"><h3>Missions</h3><ul><li>Prospection</li></ul></div>
          <button>Postuler à cette offre</button></div>
        <div class="job-card reveal"><div class="job-title"><h2>Téléprospecteur(trice) Énergie</h2></div>
          <div class="job-section"><h3>Profil recherché</h3><ul><li>Aisance au téléphone</li></ul></div>
          <button>Postuler à cette offre</button></div></main>`),
    ).toEqual(['Conseiller Commercial B2B', 'Téléprospecteur(trice) Énergie']);
  });

  it('reads a card whose title is its own text beside an apply button', async () => {
    expect(
      await titles(`<main><h1>Bolsa de trabajo</h1><section><div>OFERTAS</div><div>
        <div class="card">ADMINISTRADOR SUCURSAL <a href="contacto.html"><button>aplicar</button></a></div>
        <div class="card">EJECUTIVO DE VENTAS<span>Zona Occidente</span> <a href="contacto.html"><button>aplicar</button></a></div>
        </div></section></main>`),
    ).toEqual(['ADMINISTRADOR SUCURSAL', 'EJECUTIVO DE VENTAS']);
  });

  it('reads the role a posting names after "Posizione aperta:", up to its first comma', async () => {
    expect(
      await titles(
        `<main><h1>Lavora con noi</h1><p>Stiamo cercando nuovi talenti per il nostro team.</p>
          <p><strong>📌 Posizione aperta:</strong> Tecnico riparatore di carrelli elevatori, con o senza esperienza</p>
          <p><strong>📍 Luogo:</strong> Bologna</p></main>`,
        'https://www.carrelli.example/job.html',
      ),
    ).toEqual(['Tecnico riparatore di carrelli elevatori']);
  });

  it('reads "Glaszetter gezocht!" as the role Glaszetter', async () => {
    expect(
      await titles(
        `<main><h1>Glaszetter gezocht!</h1><p>Kom werken bij ons glasbedrijf.</p>
          <p>Stuur je sollicitatie naar <a href="mailto:info@glas.example">info@glas.example</a>.</p></main>`,
        'https://www.glas.example/vacatures.html',
      ),
    ).toEqual(['Glaszetter']);
  });

  it.each([
    ['Développeur Cloud Native (métropoles de Lyon et Grenoble)', 'Développeur Cloud Native'],
    ['Profil recherché', null],
  ])('%s → %s', (raw, clean) => {
    if (clean === null) expect(jobTitleStrength(raw)).toBe(0);
    else expect(cleanJobTitle(raw)).toBe(clean);
  });
});
