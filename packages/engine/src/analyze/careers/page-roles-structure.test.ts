/**
 * career_analysis where the page's structure, not the title's words, says what a role is: postings written one
 * after another under the openings heading, sibling headings of one posting list, an article introduced by the
 * openings heading, and a home page that says the business is hiring when the careers page lists nothing.
 */
import { describe, expect, it } from 'vitest';
import { pageFromHtml } from '../../crawl/page';
import { analyzeCareers } from './analyze';

const page = (url: string, body: string, role: 'careers' | 'home' = 'careers') =>
  pageFromHtml({
    url,
    role,
    html: `<html><head><title>Site</title></head><body>
      <nav><ul><li><a href="/">Home</a></li><li><a href="/jobs/">Jobs</a></li></ul></nav>
      ${body}
      <footer><p>Acme · Dorpstraat 1 · 9000 Gent</p></footer></body></html>`,
  });

describe('roles by structure', () => {
  it('takes a heading followed by posting sections of its own as the role, whatever its words', async () => {
    const careers = page(
      'https://www.acme.example/jobs/',
      `<main><h2>Vacatures</h2>
        <h3>Ploegbaas</h3>
        <p>Je stuurt een ploeg van vijf mensen aan op onze werven in de regio.</p>
        <h3>profiel</h3><ul><li>Je hebt ervaring in de wegenbouw.</li></ul>
        <h4>Aanbod</h4><ul><li>Een vaste job in een familiaal bedrijf.</li></ul></main>`,
    );
    const result = await analyzeCareers([careers]);
    expect(result.hiring).toBe(true);
    expect(result.roles.map((r) => r.title)).toEqual(['Ploegbaas']);
  });

  it('does not take a lone heading without posting sections as a role', async () => {
    const careers = page(
      'https://www.acme.example/jobs/',
      `<main><h2>Vacatures</h2><h3>Ploegbaas</h3>
        <p>Lees meer over onze manier van werken en onze projecten in de regio.</p></main>`,
    );
    expect((await analyzeCareers([careers])).roles).toEqual([]);
  });

  it("reads the openings heading written right before the page's only article", async () => {
    const careers = page(
      'https://www.acme.example/jobs/',
      `<div class="col"><h2>Vacatures</h2>
        <article class="box post"><section>
          <h3>werkvoorbereider/calculator</h3>
          <p>Als werkvoorbereider/calculator ben je verantwoordelijk voor de calculatie van onze projecten.</p>
        </section></article></div>`,
    );
    const result = await analyzeCareers([careers]);
    expect(result.roles.map((r) => r.title)).toEqual(['werkvoorbereider/calculator']);
  });

  it('takes every sibling heading of a posting list once one of them names a job', async () => {
    const careers = page(
      'https://www.acme.example/recrutement/',
      `<main><h1>Rejoignez l'équipe</h1><h2>Deux profils recherchés</h2>
        <h3>Chef d'équipe expérimenté</h3>
        <p>Vous savez encadrer une équipe de 10 à 20 personnes sur le terrain ? Nous recherchons des chefs d'équipe.</p>
        <h3>Débutant(e) motivé(e)</h3>
        <p>Aucune expérience ? Ce n'est pas un problème. Nous recrutons aussi des débutants motivés et les formons.</p>
        <h2>Ce que nous offrons</h2><ul><li>Formation interne</li></ul></main>`,
    );
    const result = await analyzeCareers([careers]);
    expect(result.roles.map((r) => r.title)).toEqual(["Chef d'équipe expérimenté", 'Débutant(e) motivé(e)']);
  });
});

describe('hiring said outside the careers page', () => {
  const form = page(
    'https://www.acme.example/lavora-con-noi.html',
    `<main><h2>Il tuo profilo</h2><form><label>Nome</label><input name="nome"><button>Invia</button></form></main>`,
  );

  it('is hiring when the home page says it is looking for people and the careers page is only a form', async () => {
    const home = page(
      'https://www.acme.example/',
      `<main><section><h2>Unisciti al nostro team!</h2><p>Stiamo cercando persone motivate e affidabili.</p></section></main>`,
      'home',
    );
    const result = await analyzeCareers([home, form]);
    expect(result.hiring).toBe(true);
    expect(result.source_url).toBe('https://www.acme.example/');
  });

  it('is hiring when a site without a careers page says "On recrute"', async () => {
    const home = page(
      'https://www.acme.example/',
      `<main><section><p>On recrute</p><h2>Rejoins la crew !</h2><p>Envoie ton CV.</p></section></main>`,
      'home',
    );
    expect((await analyzeCareers([home])).hiring).toBe(true);
  });

  it('cannot tell when the home page looks for something other than people', async () => {
    const home = page(
      'https://www.acme.example/',
      `<main><p>Stiamo cercando la soluzione migliore per la tua casa.</p></main>`,
      'home',
    );
    expect((await analyzeCareers([home, form])).hiring).toBeNull();
  });
});
