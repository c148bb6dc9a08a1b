/**
 * Company facts as imprints and footers of small businesses state them, and what is never the business's: a
 * footer's © of the web agency, an image credit's licence, a brand's tagline year.
 */
import { describe, expect, it } from 'vitest';
import { type PageInput, pageFromHtml } from '../../crawl/page';
import { analyzePeople } from './analyze';

const page = (body: string, url: string, role: PageInput['role'] = 'imprint', lang = 'de', head = '') =>
  pageFromHtml({ url, html: `<html lang="${lang}"><head>${head}</head><body>${body}</body></html>`, role });

async function company(...pages: ReturnType<typeof page>[]) {
  const facts = (await analyzePeople(pages)).company;
  return {
    legal_name: facts.legal_name?.value ?? null,
    legal_form: facts.legal_form?.value ?? null,
    register: facts.register?.value ?? null,
    vat_id: facts.vat_id?.value.id ?? null,
    founded: facts.founded?.value ?? null,
  };
}

describe('legal name', () => {
  it('takes the name after the clause that introduces it, never the clause (IT, EN)', async () => {
    const privacy = page(
      '<h1>Note legali</h1><p>Il Titolare del trattamento è Bermuca Impianti SRL, con sede in Milano.</p>',
      'https://bermuca.example/note-legali',
      'imprint',
      'it',
    );
    const statement = page(
      '<h1>Legal notice</h1><p>This statement applies to Cwiri Ltd and its subsidiaries.</p>',
      'https://cwiri.example/legal-notice',
      'imprint',
      'en',
    );
    expect(await company(privacy)).toMatchObject({ legal_name: 'Bermuca Impianti SRL' });
    expect(await company(statement)).toMatchObject({ legal_name: 'Cwiri Ltd' });
  });

  it('reads no name from a host’s line whose label is long ("Hébergeur (pour …) : Netlify, Inc.")', async () => {
    const notice = page(
      '<h1>Mentions légales</h1><p>Hébergeur (pour blog.sogilis.fr et blog.sogilis.com) : Netlify, Inc., 2325 3rd Street, San Francisco</p>',
      'https://sogilis.example/mentions-legales',
      'imprint',
      'fr',
    );
    expect(await company(notice)).toMatchObject({ legal_name: null });
  });

  it('a footer © (or “Copyright ©”) names the business only when it is the site’s own name (IT, DE)', async () => {
    const own = page(
      '<p>Impianti idraulici a Milano.</p><footer><p>© 2026 Bermuca Impianti SRL - Tutti i diritti riservati</p></footer>',
      'https://bermucaimpiantisrl.com/',
      'home',
      'it',
    );
    const agency = page(
      '<p>Inhaber: Max Muster</p><footer><p>Copyright 2023 Webagentur Pixel GmbH</p></footer>',
      'https://muster-fliesen.de/impressum',
    );
    const twice = page(
      '<footer><p>Copyright © 2022-2026 TOPFLY srl. Tutti i diritti riservati.</p></footer>',
      'https://topflysolutions.com/',
      'home',
      'it',
    );
    expect(await company(own)).toMatchObject({ legal_name: 'Bermuca Impianti SRL', legal_form: 'S.r.l.' });
    expect(await company(twice)).toMatchObject({ legal_name: 'TOPFLY srl', legal_form: 'S.r.l.' });
    expect(await company(agency)).toMatchObject({ legal_name: null, legal_form: null });
  });

  it('leaves a share capital out of schema.org’s legalName ("…, EURL au capital de 2 000 €")', async () => {
    const head = `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Basso Services Viticoles',
      legalName: 'Basso Services Viticoles, EURL au capital de 2 000 €',
    })}</script>`;
    const home = page(
      '<h1>Basso Services Viticoles</h1>',
      'https://bassoviticulture.com/',
      'home',
      'fr',
      head,
    );
    expect(await company(home)).toMatchObject({
      legal_name: 'Basso Services Viticoles, EURL',
      legal_form: 'EURL',
    });
  });

  it('an image credit’s licence is no legal form ("CC-BY-SA" is not "SA")', async () => {
    const about = page(
      '<h1>Impressum</h1><p>Inhaberin: Eva Lang</p><figure><img src="a.jpg"><figcaption>By Jane Doe (Own work) [GFDL or CC-BY-SA-3.0], via Wikimedia Commons</figcaption></figure>',
      'https://eva-lang-keramik.de/impressum',
    );
    expect(await company(about)).toMatchObject({ legal_name: null, legal_form: null });
  });

  it('reads the name from a heading "Impressum – Name GmbH" and a lower-case brand alone on its line', async () => {
    const heading = page(
      '<h1>Impressum – Hofmann Elektrotechnik GmbH</h1><p>Lindenweg 3, 90402 Nürnberg</p>',
      'https://hofmann-elektro.de/impressum',
    );
    const lower = page(
      '<h1>Impressum</h1><p>elbdudler GmbH</p><p>Große Elbstraße 145, 22767 Hamburg</p>',
      'https://elbdudler.de/impressum',
    );
    expect((await company(heading)).legal_name).toBe('Hofmann Elektrotechnik GmbH');
    expect((await company(lower)).legal_name).toBe('elbdudler GmbH');
  });

  it('a heading "Impressum & Datenschutz" is still the business’s own notice', async () => {
    const imprint = page(
      '<h1>Impressum &amp; Datenschutz</h1><p>Bäckerei Korn GmbH</p><p>Amtsgericht Ulm, HRB 7261</p>',
      'https://baeckerei-korn.de/impressum',
    );
    expect(await company(imprint)).toMatchObject({
      legal_name: 'Bäckerei Korn GmbH',
      register: { court: 'Amtsgericht Ulm', number: 'HRB 7261' },
    });
  });

  it('a Spanish site’s holder who is a person is the sole trader’s legal name (ES)', async () => {
    const aviso = page(
      '<h1>Aviso legal</h1><p>El titular de este sitio web es Marcos Ruiz Kunze, con N.I.F. 15247234-M, con domicilio en San Pedro, 24, Irún.</p>',
      'https://clinicaruiz.es/aviso-legal',
      'imprint',
      'es',
    );
    expect((await company(aviso)).legal_name).toBe('Marcos Ruiz Kunze');
  });
});

describe('legal form of a sole trader', () => {
  it('"Exercice individuel" and "Entrepreneur individuel" (FR), "Einzelunternehmen" (AT)', async () => {
    const fr = page(
      '<h1>Mentions légales</h1><p>Nom : Paul Roy</p><p>Forme juridique : Exercice individuel</p>',
      'https://paulroy-plomberie.fr/mentions-legales',
      'imprint',
      'fr',
    );
    const at = page(
      '<h1>Impressum</h1><p>Maria Huber</p><p>Rechtsform: Einzelunternehmen</p>',
      'https://huber-friseur.at/impressum',
    );
    expect(await company(fr)).toMatchObject({ legal_form: 'EI', legal_name: 'Paul Roy' });
    expect((await company(at)).legal_form).toBe('Einzelunternehmen');
  });

  it('a "Nom :" field names the person who runs a sole trader’s site (FR)', async () => {
    const fr = page(
      '<h1>Mentions légales</h1><p>Nom : Paul Roy<br>Statut : Entreprise individuelle<br>SIRET : 123 456 789 00012</p>',
      'https://paulroy-plomberie.fr/mentions-legales',
      'imprint',
      'fr',
    );
    const people = (await analyzePeople([fr])).people.map((p) => [p.name, p.role, p.seniority]);
    expect(people).toEqual([['Paul Roy', 'Propriétaire', 'owner_founder']]);
  });
});

describe('VAT ids', () => {
  it('a Swiss number with MWST/TVA/IVA after it is the VAT id, not the register entry (CH)', async () => {
    for (const line of [
      'UID/MWST: CHE-116.281.710',
      'CHE-116.281.710 MWST/TVA/IVA',
      'Numéro IDE : CHE-116.281.710 TVA',
    ]) {
      const imprint = page(
        `<h1>Impressum</h1><p>Brunner Elektro AG</p><p>${line}</p>`,
        'https://brunner-elektro.ch/impressum',
      );
      const facts = await company(imprint);
      expect(facts.vat_id, line).toMatch(/^CHE116281710/);
      expect(facts.register, line).toBeNull();
    }
  });

  it('a VAT id written after "Steuernummer" counts with its country prefix, a bare tax number never (DE)', async () => {
    const prefixed = page(
      '<p>Muster GmbH</p><p>Steuernummer: DE 136 695 976</p>',
      'https://muster.de/impressum',
    );
    const bare = page('<p>Muster GmbH</p><p>Steuernummer: 136695976</p>', 'https://muster.de/impressum');
    expect((await company(prefixed)).vat_id).toBe('DE136695976');
    expect((await company(bare)).vat_id).toBeNull();
  });
});

describe('founding year', () => {
  it('the imprint’s "gegründet 2023" beats schema.org’s and the brand’s 1999 (DE)', async () => {
    const ld = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Korn',
      foundingDate: '1999',
    });
    const home = page(
      '<p>Korn – Backkunst seit 1999</p>',
      'https://korn-backkunst.de/',
      'home',
      'de',
      `<script type="application/ld+json">${ld}</script>`,
    );
    const imprint = page('<p>Korn Backkunst GmbH, gegründet 2023</p>', 'https://korn-backkunst.de/impressum');
    expect((await company(home, imprint)).founded).toBe(2023);
  });

  it('"Gründung: 01.03.2023" and "… SRL nasce nel 2020" (DE, IT); a person’s birth year is none', async () => {
    const de = page('<p>Gründung: 01.03.2023</p>', 'https://example.de/ueber-uns', 'about');
    const it = page(
      '<p><strong>Bermuca Impianti SRL</strong> nasce nel <strong>2020</strong> dalla volontà di …</p>',
      'https://bermuca.it/',
      'home',
      'it',
    );
    const person = page(
      '<p>Maria, la nostra titolare, è nata nel 1970 a Roma.</p>',
      'https://bermuca.it/chi-siamo',
      'about',
      'it',
    );
    expect((await company(de)).founded).toBe(2023);
    expect((await company(it)).founded).toBe(2020);
    expect((await company(person)).founded).toBeNull();
  });
});
